/**
 * The reader's corrections of who an author is: user data (the user-data database, where
 * content scripts cannot read them; never cleared with the cache), written only here, never
 * sent anywhere. A correction names the profile the
 * reader chose for one author of one paper (or "no profile"), and may extend to the same name on
 * other papers that share a co-author with this one.
 */
import * as v from 'valibot';
import { nameKey } from '../../arxiv/names';
import { createSerial } from '../serial';
import { USER_DATA } from '../user-data/schema';
import { readUserData, writeUserData } from '../user-data/user-data';
import type { FileCorrection } from '../../shared/follows/file';
import { MAX_CORRECTIONS, MAX_NAME_CHARS, MAX_TIME_MS } from '../../shared/limits';
import { OpenAlexAuthorId } from '../catalog/schemas/ids';


/**
 * One correction: author `index` of paper `arxivId`, printed `name`, is the OpenAlex profile
 * `openalexId` (null: no profile fits); `coauthors` (the paper's other authors' name keys, when
 * the reader asked for it) extends it to that name on papers listing one of them. The same shape
 * travels in the export file (lib/shared/follows/file.ts).
 */
export type Correction = FileCorrection;

/** What an import did with a file's corrections: added, and left out because the reader's own came first. */
export interface ImportedCorrections {
  added: number;
  /** The reader had corrected the same author differently here: theirs was kept. */
  keptYours: number;
  /** No room left under MAX_CORRECTIONS once the reader's own were kept. */
  overLimit: number;
}

const ArxivIdText = v.pipe(v.string(), v.maxLength(64));
export const CorrectionSchema = v.object({
  arxivId: ArxivIdText,
  index: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)),
  name: v.pipe(v.string(), v.maxLength(MAX_NAME_CHARS)),
  openalexId: v.nullable(OpenAlexAuthorId),
  coauthors: v.nullable(v.pipe(v.array(v.pipe(v.string(), v.maxLength(MAX_NAME_CHARS))), v.maxLength(200))),
  at: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_TIME_MS)),
});

const keyOf = (c: Pick<Correction, 'arxivId' | 'index'>) => `${c.arxivId}#${c.index}`;

/**
 * What an author's correction was before the reader's last change to it (null: none), kept a
 * day so that Undo puts it back, as unfollowing keeps a researcher for a day (follows/service.ts).
 */
interface Undo {
  key: string;
  previous: Correction | null;
  at: number;
}
const UNDO_MS = 24 * 3_600_000;
const MAX_UNDO = 200;

function readableUndo(raw: unknown, now: number): Undo[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((u: Partial<Undo>) => {
    const previous = u?.previous === null ? null : v.safeParse(CorrectionSchema, u?.previous);
    if (typeof u?.key !== 'string' || typeof u.at !== 'number' || now - u.at > UNDO_MS || (previous && !previous.success)) return [];
    return [{ key: u.key, previous: previous ? previous.output : null, at: u.at }];
  });
}

/** Entries that read as corrections; a damaged one is dropped (and logged), not the rest. */
function readable(raw: unknown): Correction[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const r = v.safeParse(CorrectionSchema, item);
    if (!r.success) console.warn('Weft: dropping a damaged correction', r.issues[0]?.message);
    return r.success ? [r.output] : [];
  });
}

async function readCorrections(): Promise<Correction[]> {
  return readable((await readUserData([USER_DATA.corrections])).values[USER_DATA.corrections]);
}

async function readWithUndo(now: number): Promise<{ all: Correction[]; undo: Undo[] }> {
  const { values } = await readUserData([USER_DATA.corrections, USER_DATA.correctionsUndo]);
  return { all: readable(values[USER_DATA.corrections]), undo: readableUndo(values[USER_DATA.correctionsUndo], now) };
}

/** The correction that applies to author `index` of `arxivId`, named `name`, among `names` (the paper's authors). */
export function correctionFor(all: readonly Correction[], arxivId: string, index: number, name: string, names: readonly string[]): Correction | null {
  const own = all.find((c) => c.arxivId === arxivId && c.index === index);
  if (own) return own;
  const folded = nameKey(name);
  if (!folded) return null;
  const others = new Set(names.map(nameKey));
  others.delete(folded);
  // The newest wins when several papers' corrections speak for this name.
  let found: Correction | null = null;
  for (const c of all) {
    if (!c.coauthors || nameKey(c.name) !== folded || !c.coauthors.some((n) => others.has(n))) continue;
    if (!found || c.at > found.at) found = c;
  }
  return found;
}

export function createCorrections(now = Date.now) {
  const serial = createSerial();
  // Read on every paper's answer: kept in memory, read again after each write (only this writes).
  let known: Promise<Correction[]> | null = null;
  const list = () => (known ??= readCorrections().catch((e: unknown) => {
    known = null;
    throw e;
  }));
  const write = async (next: Correction[], undo?: Undo[]) => {
    known = null;
    await writeUserData({ [USER_DATA.corrections]: next.slice(-MAX_CORRECTIONS), ...(undo ? { [USER_DATA.correctionsUndo]: undo.slice(-MAX_UNDO) } : {}) });
    known = null;
  };
  /** `all` with author `key`'s correction made `next` (none: null), and the undo log remembering what it was. */
  const change = (all: Correction[], undo: Undo[], key: string, next: Correction | null) => {
    const previous = all.find((x) => keyOf(x) === key) ?? null;
    const rest = all.filter((x) => x !== previous);
    return write(next ? [...rest, next] : rest, [...undo.filter((u) => u.key !== key), { key, previous, at: now() }]);
  };

  return {
    list,
    /** Records (or replaces) the correction for that author of that paper; what it replaces is kept a day for Undo. */
    save(c: Correction): Promise<void> {
      return serial(async () => {
        const { all, undo } = await readWithUndo(now());
        await change(all, undo, keyOf(c), c);
      });
    },
    /** Removes the correction of that author of that paper; returns it, or null. */
    remove(arxivId: string, index: number): Promise<Correction | null> {
      return serial(async () => {
        const { all, undo } = await readWithUndo(now());
        const gone = all.find((x) => keyOf(x) === keyOf({ arxivId, index })) ?? null;
        if (gone) await change(all, undo, keyOf(gone), null);
        return gone;
      });
    },
    /**
     * Undoes the reader's last change to that author's correction within the day: what was there
     * before comes back (another profile, or none). Returns whether there was one to undo.
     */
    undo(arxivId: string, index: number): Promise<boolean> {
      return serial(async () => {
        const key = keyOf({ arxivId, index });
        const { all, undo } = await readWithUndo(now());
        const last = undo.find((u) => u.key === key);
        if (!last) return false;
        const rest = all.filter((x) => keyOf(x) !== key);
        await write(last.previous ? [...rest, last.previous] : rest, undo.filter((u) => u !== last));
        return true;
      });
    },
    /** A profile OpenAlex merged into another: corrections naming the old id follow the merge. */
    followMerge(oldId: string, newId: string): Promise<void> {
      return serial(async () => {
        const all = await readCorrections();
        if (all.some((c) => c.openalexId === oldId)) await write(all.map((c) => (c.openalexId === oldId ? { ...c, openalexId: newId } : c)));
      });
    },
    /**
     * Adds imported corrections, never at the cost of the reader's own: where the reader has
     * corrected the same author here, theirs is kept, and the file's fill only the room left
     * under MAX_CORRECTIONS. Says how many were added and how many left out, and why.
     */
    importMany(entries: Correction[]): Promise<ImportedCorrections> {
      return serial(async () => {
        const own = await readCorrections();
        const ownKeys = new Map(own.map((c) => [keyOf(c), c]));
        // The file's last word on an author, in the file's order.
        const fromFile = [...new Map(entries.map((c) => [keyOf(c), c])).values()];
        const same = (a: Correction, b: Correction) => a.openalexId === b.openalexId && JSON.stringify(a.coauthors) === JSON.stringify(b.coauthors);
        const clashing = fromFile.filter((c) => ownKeys.has(keyOf(c)));
        const fresh = fromFile.filter((c) => !ownKeys.has(keyOf(c)));
        const added = fresh.slice(0, Math.max(0, MAX_CORRECTIONS - own.length));
        if (added.length) await write([...own, ...added]);
        return {
          added: added.length,
          keptYours: clashing.filter((c) => !same(c, ownKeys.get(keyOf(c))!)).length,
          overLimit: fresh.length - added.length,
        };
      });
    },
  };
}

export type Corrections = ReturnType<typeof createCorrections>;
