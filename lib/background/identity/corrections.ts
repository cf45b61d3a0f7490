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
import { MAX_NAME_CHARS, MAX_TIME_MS } from '../../shared/limits';

/** Far above what a reader corrects by hand; an import beyond it is refused. */
export const MAX_CORRECTIONS = 5000;

/**
 * One correction: author `index` of paper `arxivId`, printed `name`, is the OpenAlex profile
 * `openalexId` (null: no profile fits); `coauthors` (the paper's other authors' name keys, when
 * the reader asked for it) extends it to that name on papers listing one of them. The same shape
 * travels in the export file (lib/shared/follows/file.ts).
 */
export type Correction = FileCorrection;

const ArxivIdText = v.pipe(v.string(), v.maxLength(64));
export const CorrectionSchema = v.object({
  arxivId: ArxivIdText,
  index: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)),
  name: v.pipe(v.string(), v.maxLength(MAX_NAME_CHARS)),
  openalexId: v.nullable(v.pipe(v.string(), v.regex(/^A\d{1,12}$/))),
  coauthors: v.nullable(v.pipe(v.array(v.pipe(v.string(), v.maxLength(MAX_NAME_CHARS))), v.maxLength(200))),
  at: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_TIME_MS)),
});

const keyOf = (c: Pick<Correction, 'arxivId' | 'index'>) => `${c.arxivId}#${c.index}`;

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

export function createCorrections() {
  const serial = createSerial();
  // Read on every paper's answer: kept in memory, read again after each write (only this writes).
  let known: Promise<Correction[]> | null = null;
  const list = () => (known ??= readCorrections().catch((e: unknown) => {
    known = null;
    throw e;
  }));
  const write = async (next: Correction[]) => {
    known = null;
    await writeUserData({ [USER_DATA.corrections]: next.slice(-MAX_CORRECTIONS) });
    known = null;
  };

  return {
    list,
    /** Records (or replaces) the correction for that author of that paper. */
    save(c: Correction): Promise<void> {
      return serial(async () => write([...(await readCorrections()).filter((x) => keyOf(x) !== keyOf(c)), c]));
    },
    /** Removes the correction of that author of that paper; returns it (for undo), or null. */
    remove(arxivId: string, index: number): Promise<Correction | null> {
      return serial(async () => {
        const all = await readCorrections();
        const gone = all.find((x) => keyOf(x) === keyOf({ arxivId, index })) ?? null;
        if (gone) await write(all.filter((x) => x !== gone));
        return gone;
      });
    },
    /** A profile OpenAlex merged into another: corrections naming the old id follow the merge. */
    followMerge(oldId: string, newId: string): Promise<void> {
      return serial(async () => {
        const all = await readCorrections();
        if (all.some((c) => c.openalexId === oldId)) await write(all.map((c) => (c.openalexId === oldId ? { ...c, openalexId: newId } : c)));
      });
    },
    /** Adds imported corrections (an imported one replaces the same author's); returns how many. */
    importMany(entries: Correction[]): Promise<number> {
      return serial(async () => {
        const keys = new Set(entries.map(keyOf));
        await write([...(await readCorrections()).filter((x) => !keys.has(keyOf(x))), ...entries]);
        return entries.length;
      });
    },
  };
}

export type Corrections = ReturnType<typeof createCorrections>;
