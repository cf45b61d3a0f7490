/**
 * What follows the reader to their other computers: the browser copies `storage.sync` between the
 * computers where the reader signed in with sync on (and keeps it on this one otherwise, offline
 * included). Each kind of synced thing is a part with items of its own there (the settings'
 * fields, `settings.<field>`, lib/background/settings/sync.ts; the followed topics,
 * `topic.<id>`, lib/background/same-day/topic-sync.ts), each item `{ v, t }` (stamped.ts) and
 * merged on its own: the newer change wins.
 *
 * Weft reads only its own copy (`storage.local`, the user-data database): it always answers, at
 * once. A merge runs when the worker starts, when another computer's change arrives, and after
 * the reader changes something synced here; each part stores what it takes from there (pages
 * hear of it as of any change) and says what is newer here, which one write puts there.
 *
 * Within the browsers' quotas (docs/reliability.md, User data and Settings sync): Chrome allows
 * 8,192 bytes an item, 102,400 in all and 512 items, 120 writes a minute and 1,800 an hour. An
 * item too large, or one that would take the items past the total, stays on this computer;
 * writes (a removal is one too) are at least `MIN_WRITE_INTERVAL_MS` apart however fast the
 * reader clicks, several changes going out in one; a failed write (a quota, sync switched off) is
 * tried again later and never holds up a change here.
 */
import { browser } from 'wxt/browser';
import { asStamped, type Stamped } from './stamped';

/** Chrome's `storage.sync` quotas (Firefox's are the same sizes, with no write rate). */
export const SYNC_QUOTA = { bytesPerItem: 8192, bytes: 102_400, items: 512, writesPerMinute: 120, writesPerHour: 1800 } as const;
/** 1,440 writes an hour at most: within both of Chrome's write rates. */
export const MIN_WRITE_INTERVAL_MS = 2500;
/** A write that failed is tried again after this long (or at the next merge). */
const RETRY_MS = 60_000;

/** The bytes an item counts against the quotas, as Chrome measures it: its key and its value as JSON. */
export const itemBytes = (key: string, value: unknown): number => new TextEncoder().encode(key + JSON.stringify(value)).length;

/** What the merge needs of `storage.sync` (`browser.storage.sync`; a fake one in tests). `get(null)`: every item. */
export interface SyncArea {
  get(keys: string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
  onChanged: { addListener(listener: (changes: Record<string, unknown>) => void): void };
}

/** What a part wants done in `storage.sync`, by item name (its key without the part's prefix). */
export interface SyncWrites {
  /** Newer here: written there, in this order of importance (what the quota cannot hold stays here). */
  write: Record<string, Stamped>;
  /** Items to take away (a removal remembered long enough). */
  remove: string[];
}

/** One kind of synced thing. */
export interface SyncPart {
  /** Its items' keys start with this (`settings.`, `topic.`). */
  prefix: string;
  /** What it calls itself in the console. */
  what: string;
  /**
   * Merges this computer's copy with its items there (by name; an item that is not `{ v, t }` is
   * left out), stores what it takes, and says what to write and remove there.
   */
  merge(remote: Record<string, Stamped>): Promise<SyncWrites>;
  /** Calls `listener` after each change the reader made here to what the part syncs. */
  onReaderChange(listener: () => void): void;
}

interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
}

/**
 * The items of `write` that the quotas leave room for, beside what `all` holds after `remove`;
 * the others stay on this computer (and are offered again at the next merge).
 */
function withinQuota(all: Record<string, unknown>, write: Record<string, Stamped>, remove: readonly string[]): Record<string, Stamped> {
  const kept = new Map(Object.entries(all).filter(([k]) => !remove.includes(k)));
  let bytes = [...kept].reduce((n, [k, v]) => n + itemBytes(k, v), 0);
  let items = kept.size;
  const out: Record<string, Stamped> = {};
  for (const [key, value] of Object.entries(write)) {
    const size = itemBytes(key, value);
    const before = kept.has(key) ? itemBytes(key, kept.get(key)) : 0;
    const count = kept.has(key) ? 0 : 1;
    if (size > SYNC_QUOTA.bytesPerItem || bytes - before + size > SYNC_QUOTA.bytes || items + count > SYNC_QUOTA.items) {
      console.warn(`Weft: ${key} does not fit in browser sync; it stays on this computer`);
      continue;
    }
    bytes += size - before;
    items += count;
    kept.set(key, value);
    out[key] = value;
  }
  return out;
}

export function createBrowserSync({ parts, sync, timers = { now: Date.now, setTimeout: (run, ms) => setTimeout(run, ms) } }: { parts: readonly SyncPart[]; sync: SyncArea; timers?: Timers }) {
  let lastWrite = -Infinity;
  let pending: unknown = null;
  let running: Promise<void> = Promise.resolve();

  function later(ms: number): void {
    if (pending !== null) return;
    pending = timers.setTimeout(() => {
      pending = null;
      void merge();
    }, ms);
  }

  /** Each part's merge; what they want written and removed there, by key. */
  async function mergeParts(all: Record<string, unknown>): Promise<{ write: Record<string, Stamped>; remove: string[] }> {
    const write: Record<string, Stamped> = {};
    const remove: string[] = [];
    for (const part of parts) {
      const remote: Record<string, Stamped> = {};
      for (const [key, value] of Object.entries(all)) {
        const item = key.startsWith(part.prefix) ? asStamped(value) : null;
        if (item) remote[key.slice(part.prefix.length)] = item;
      }
      try {
        const wants = await part.merge(remote);
        for (const [name, value] of Object.entries(wants.write)) write[part.prefix + name] = value;
        remove.push(...wants.remove.map((name) => part.prefix + name));
      } catch (e) {
        // One part failing (its database, say) holds up none of the others.
        console.warn(`Weft: could not merge the ${part.what} with browser sync`, e);
      }
    }
    return { write, remove };
  }

  async function mergeOnce(): Promise<void> {
    const all = await sync.get(null);
    const { write, remove } = await mergeParts(all);
    const items = withinQuota(all, write, remove);
    const writing = Object.keys(items).length > 0;
    if (!writing && !remove.length) return;
    const wait = lastWrite + MIN_WRITE_INTERVAL_MS - timers.now();
    if (wait > 0) return later(wait);
    lastWrite = timers.now();
    try {
      // One write each time: removals wait for the next (the next merge finds them again).
      if (writing) await sync.set(items);
      else await sync.remove(remove);
      if (writing && remove.length) later(MIN_WRITE_INTERVAL_MS);
    } catch (e) {
      console.warn('Weft: could not write to browser sync; trying again later', e);
      later(RETRY_MS);
    }
  }

  /** Merges this computer's copy with `storage.sync`, one merge at a time. Never rejects. */
  function merge(): Promise<void> {
    running = running.then(mergeOnce).catch((e: unknown) => console.warn('Weft: could not merge with browser sync', e));
    return running;
  }

  /** Merges when another computer's change arrives, and after the reader changed something synced here. */
  function watch(): void {
    sync.onChanged.addListener((changes) => {
      if (Object.keys(changes).some((key) => parts.some((p) => key.startsWith(p.prefix)))) void merge();
    });
    for (const part of parts) part.onReaderChange(() => void merge());
  }

  return { merge, watch };
}

/**
 * The background's browser sync: watching from the worker's start (registered synchronously),
 * first merging once the stored data have their current shape (`ready`).
 */
export function registerBrowserSync(ready: Promise<unknown>, parts: readonly SyncPart[]): void {
  const sync = createBrowserSync({
    parts,
    sync: {
      get: (keys) => browser.storage.sync.get(keys),
      set: (items) => browser.storage.sync.set(items),
      remove: (keys) => browser.storage.sync.remove(keys),
      onChanged: { addListener: (listener) => browser.storage.onChanged.addListener((changes, area) => area === 'sync' && listener(changes)) },
    },
  });
  sync.watch();
  void ready.finally(() => sync.merge());
}
