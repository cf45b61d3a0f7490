/**
 * Read-through cache for catalog answers: TTL with stale-while-revalidate, in-flight
 * de-duplication, LRU eviction by size and count. Its parts: the connection and its recovery
 * (connection.ts), the records with their bounds (lru.ts, memory first: memo.ts), reading
 * through (read-through.ts).
 *
 * IndexedDB is the only state that survives the service worker (Chrome stops it after 30 s
 * idle); everything kept in memory (connection, running totals, pending access times, in-flight
 * loads) only saves work and is rebuilt when lost. When IndexedDB fails the cache runs
 * network-only: reads miss, writes are dropped, loaders still answer.
 */
import { createConnection } from './connection';
import { createLru, type CacheEntry } from './lru';
import { createReadThrough } from './read-through';
import { IDB_OPEN_TIMEOUT_MS } from '../../shared/limits';

export type { CacheEntry } from './lru';

export interface CacheOptions {
  /** Database name, default 'weft-cache'. */
  name?: string;
  /** Defaults to the global `indexedDB`. */
  factory?: IDBFactory;
  /** Clock in epoch ms; tests inject a fake one. */
  now?: () => number;
  /** Evict above this many approximate bytes (default 25 MB). */
  maxBytes?: number;
  /** Evict above this many entries (default 20 000). */
  maxEntries?: number;
  /**
   * Factor on every entry's lifetime, read at each lookup (the reader's cache-lifetime
   * setting): a new choice applies at once to what is already stored. Default 1.
   */
  ttlScale?: () => number;
  /** How long opening (or deleting) the database may take before the cache gives up on it (default IDB_OPEN_TIMEOUT_MS; then network-only and a rebuild). */
  openTimeoutMs?: number;
}

export type Cache = ReturnType<typeof createCache>;

export function createCache(opts: CacheOptions = {}) {
  const { name, factory, now = () => Date.now(), maxBytes = 25 * 1024 * 1024, maxEntries = 20_000, ttlScale = () => 1 } = opts;
  const timeoutMs = opts.openTimeoutMs ?? IDB_OPEN_TIMEOUT_MS;

  /** Background work (stores, refreshes, access-time writes, a rebuild), for `settle`. */
  const background = new Set<Promise<void>>();
  function track(work: Promise<unknown>): void {
    const done: Promise<void> = work.then(
      () => undefined,
      () => undefined, // Callers got the error; nothing more to do here.
    );
    background.add(done);
    void done.then(() => background.delete(done));
  }

  const connection = createConnection({ name, factory, now, timeoutMs, track, onLost: () => records.lost() });
  const records = createLru({ withStore: connection.withStore, now, maxBytes, maxEntries, track });

  return {
    ...createReadThrough({ records, now, ttlScale, track }),

    /** Stores `value` for `ttlMs`, then enforces the bounds. */
    put<T>(key: string, value: T, ttlMs: number): Promise<void> {
      return records.write([{ key, value, ttlMs }], now());
    },

    /** Stores all entries in one transaction, then enforces the bounds. */
    putMany<T>(entries: CacheEntry<T>[]): Promise<void> {
      return records.write(entries, now());
    },

    /** Removes one entry. */
    delete: records.remove,

    /** Empties the cache: the database deleted and made anew (`reset`, connection.ts). */
    async clear(): Promise<void> {
      records.dropTouches();
      await connection.reset();
    },

    /**
     * Opens the database ahead of the first read: a worker woken by a page's first request
     * then reads at once instead of waiting for the connection. Never rejects.
     */
    async open(): Promise<void> {
      await connection.connect();
    },

    /** Entry count and approximate bytes, counted from the database. */
    stats: records.stats,

    /** Resolves once background work (stores, refreshes, access-time writes) has finished. */
    async settle(): Promise<void> {
      while (records.flushNow() || background.size > 0) await Promise.all(background);
    },
  };
}
