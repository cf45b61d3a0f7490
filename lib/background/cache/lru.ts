/**
 * The cache's records and their bounds: reads (memory first) that note when a record was last
 * used, writes that keep running totals of entries and bytes, purge what is long expired and
 * evict the least recently used once over a bound. The totals and the access times not yet
 * written are kept in memory only to save work, and are counted again when lost.
 */
import { recordSize, type CacheRecord } from './db';
import type { Mode, Store, WithStore, WriteStore } from './connection';
import { createMemo, type Remembered } from './memo';

export interface CacheEntry<T> {
  key: string;
  value: T;
  ttlMs: number;
}

interface Totals {
  entries: number;
  bytes: number;
}

const DAY_MS = 86_400_000;
/** An answer this far past its TTL is too old to show even as stale; writes purge it. */
const MAX_STALE_MS = 30 * DAY_MS;
/** LRU needs only coarse access times; this keeps warm reads from writing on every hit. */
const ACCESS_RESOLUTION_MS = 60_000;
/** Access times are written in one batch shortly after reads, well before the worker idles out. */
const TOUCH_FLUSH_DELAY_MS = 1_000;
/** Evict down to this share of a bound, so that every write near the bound does not evict. */
const EVICT_TO = 0.9;

export interface LruOptions {
  withStore: WithStore;
  now: () => number;
  /** Evict above this many approximate bytes. */
  maxBytes: number;
  /** Evict above this many entries. */
  maxEntries: number;
  /** Keeps background work (access-time writes) for the cache's `settle`. */
  track: (work: Promise<unknown>) => void;
}

export function createLru({ withStore, now, maxBytes, maxEntries, track }: LruOptions) {
  /** Running totals; unknown until a write counts them inside its transaction. */
  let totals: Totals | undefined;
  /** Access times read but not yet written. */
  const touches = new Map<string, number>();
  let touchTimer: ReturnType<typeof setTimeout> | undefined;
  const memo = createMemo();

  // --- Reads and access times ------------------------------------------------------------

  /** The records of `keys` not yet too old to show (misses are absent), noting that they were used. */
  async function read(keys: string[]): Promise<Map<string, Remembered>> {
    const usable = new Map<string, Remembered>();
    if (keys.length === 0) return usable;
    // Held here, not looked up in the memo again: a read of more keys than the memo holds (a
    // listing's hundreds), or reads running alongside, would push them out of it meanwhile.
    const found = new Map<string, Remembered>();
    for (const key of keys) {
      const record = memo.get(key);
      if (record) found.set(key, record);
    }
    const missing = keys.filter((key) => !found.has(key));
    const records = missing.length
      ? await withStore('readonly', [], (store) => Promise.all(missing.map((key) => store.get(key))))
      : [];
    for (const record of records) {
      if (!record) continue;
      memo.remember(record.key, record);
      found.set(record.key, record);
    }
    const t = now();
    for (const key of keys) {
      const record = found.get(key);
      if (!record || t - record.expiresAt > MAX_STALE_MS) continue;
      usable.set(key, record);
      if (t - record.lastAccess >= ACCESS_RESOLUTION_MS) {
        record.lastAccess = t;
        touch(key, t);
      }
    }
    return usable;
  }

  function touch(key: string, at: number): void {
    touches.set(key, at);
    touchTimer ??= setTimeout(() => {
      touchTimer = undefined;
      track(flushTouches());
    }, TOUCH_FLUSH_DELAY_MS);
  }

  function takeTouches(): Map<string, number> {
    const taken = new Map(touches);
    touches.clear();
    return taken;
  }

  async function flushTouches(): Promise<void> {
    const pending = takeTouches();
    if (pending.size > 0) await withStore('readwrite', undefined, (store) => applyTouches(store, pending, new Set()));
  }

  async function applyTouches(store: WriteStore, pending: Map<string, number>, skip: Set<string>): Promise<void> {
    await Promise.all(
      [...pending].map(async ([key, at]) => {
        if (skip.has(key)) return;
        const record = await store.get(key);
        if (record && record.lastAccess < at) await store.put({ ...record, lastAccess: at });
      }),
    );
  }

  /** Starts writing the access times now rather than after the delay; false when none are waiting. */
  function flushNow(): boolean {
    if (touches.size === 0) return false;
    clearTimeout(touchTimer);
    touchTimer = undefined;
    track(flushTouches());
    return true;
  }

  // --- Writes, purge and eviction --------------------------------------------------------

  /** One write transaction that also keeps the running totals and the bounds; true once committed. */
  function mutate(fn: (store: WriteStore, counts: Totals) => Promise<void>): Promise<boolean> {
    return withStore('readwrite', false, async (store) => {
      // Counted inside the transaction so the totals match exactly what it sees.
      const counts = totals ?? (await countAll(store));
      totals = counts;
      await fn(store, counts);
      return true;
    });
  }

  async function countAll<M extends Mode>(store: Store<M>): Promise<Totals> {
    const counts = { entries: 0, bytes: 0 };
    let cursor = await store.openCursor();
    while (cursor) {
      counts.entries += 1;
      counts.bytes += cursor.value.size;
      cursor = await cursor.continue();
    }
    return counts;
  }

  /** Stores all entries in one transaction, then enforces the bounds. */
  async function write(entries: CacheEntry<unknown>[], fetchedAt: number): Promise<void> {
    if (entries.length === 0) return;
    const pendingTouches = takeTouches();
    const records = new Map<string, CacheRecord>();
    for (const { key, value, ttlMs } of entries) {
      records.set(key, {
        key,
        value,
        fetchedAt,
        expiresAt: fetchedAt + ttlMs,
        lastAccess: fetchedAt,
        size: recordSize(key, value),
      });
    }
    const committed = await mutate(async (store, counts) => {
      const written = new Set(records.keys());
      const olds = await Promise.all([...written].map((key) => store.get(key)));
      let i = 0;
      for (const record of records.values()) {
        const old = olds[i++];
        counts.bytes += record.size - (old?.size ?? 0);
        if (!old) counts.entries += 1;
      }
      await Promise.all([
        ...[...records.values()].map((record) => store.put(record)),
        applyTouches(store, pendingTouches, written),
      ]);
      await purgeExpired(store, counts, now());
      await evict(store, counts, written);
    });
    if (committed) for (const record of records.values()) memo.remember(record.key, record);
  }

  async function purgeExpired(store: WriteStore, counts: Totals, t: number): Promise<void> {
    const range = IDBKeyRange.upperBound(t - MAX_STALE_MS, true);
    let cursor = await store.index('by-expires').openCursor(range);
    while (cursor) {
      counts.entries -= 1;
      counts.bytes -= cursor.value.size;
      memo.forget(cursor.primaryKey);
      await cursor.delete();
      cursor = await cursor.continue();
    }
  }

  /** Deletes least-recently-accessed entries (never the ones just written) once over a bound. */
  async function evict(store: WriteStore, counts: Totals, keep: Set<string>): Promise<void> {
    if (counts.entries <= maxEntries && counts.bytes <= maxBytes) return;
    const over = () => counts.entries > maxEntries * EVICT_TO || counts.bytes > maxBytes * EVICT_TO;
    let cursor = await store.index('by-access').openCursor();
    while (cursor && over()) {
      if (!keep.has(cursor.primaryKey)) {
        counts.entries -= 1;
        counts.bytes -= cursor.value.size;
        memo.forget(cursor.primaryKey);
        await cursor.delete();
      }
      cursor = await cursor.continue();
    }
  }

  /** Removes one entry. */
  async function remove(key: string): Promise<void> {
    memo.forget(key);
    await mutate(async (store, counts) => {
      const old = await store.get(key);
      if (!old) return;
      counts.entries -= 1;
      counts.bytes -= old.size;
      await store.delete(key);
    });
  }

  /** Entry count and approximate bytes, counted from the database. */
  function stats(): Promise<Totals> {
    return withStore('readonly', { entries: 0, bytes: 0 }, countAll);
  }

  return {
    read, write, remove, stats, flushNow,
    /** The database went away or was reset: what was known of its contents is dropped. */
    lost(): void {
      totals = undefined;
      memo.clear();
    },
    /** Forgets the access times not yet written (the database is about to be deleted). */
    dropTouches(): void {
      touches.clear();
    },
  };
}
