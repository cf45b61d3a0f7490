/**
 * Read-through cache for catalog answers: TTL with stale-while-revalidate, in-flight
 * de-duplication, LRU eviction by size and count.
 *
 * IndexedDB is the only state that survives the service worker (Chrome stops it after 30 s
 * idle); everything kept in memory here (connection, running totals, pending access times,
 * in-flight loads) only saves work and is rebuilt when lost. When IndexedDB fails the cache
 * runs network-only: reads miss, writes are dropped, loaders still answer; an open that never
 * settles is given up after a timeout, and a database that cannot be opened is rebuilt.
 */
import type { IDBPObjectStore, IDBPTransaction } from 'idb';
import { abort, deleteCacheDb, openCacheDb, recordSize, type CacheDb, type CacheRecord, type CacheSchema } from './db';
import { IDB_OPEN_TIMEOUT_MS } from '../../shared/limits';

/** A cached value as stored. */
export interface CacheHit<T> {
  value: T;
  fetchedAt: number;
  expiresAt: number;
  /** Past `expiresAt`: usable, but should be refreshed. */
  stale: boolean;
}

/** What `read`/`readMany` answer, from the cache or a loader. */
export interface Loaded<T> {
  value: T;
  fetchedAt: number;
  stale: boolean;
}

/** Time to live in ms, or a function of the value (e.g. shorter for "not found" answers). */
export type Ttl<T> = number | ((value: T) => number);

export interface CacheEntry<T> {
  key: string;
  value: T;
  ttlMs: number;
}

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

const DAY_MS = 86_400_000;
/** An answer this far past its TTL is too old to show even as stale; writes purge it. */
const MAX_STALE_MS = 30 * DAY_MS;
/** After a failure, stay network-only this long before trying to open the database again. */
const RETRY_OPEN_MS = 60_000;
/**
 * Open failures that reopening cannot cure: a database of a newer version than this code's, an
 * open that never settles. The cache then deletes the database and makes it anew (it holds
 * nothing that cannot be fetched again). Any other failure gets one more try first; never for a
 * blocked upgrade (it clears once the other connection goes) or an IndexedDB that is not
 * available at all (Firefox without history): deleting cannot help there
 * (docs/reliability.md, IndexedDB).
 */
const REBUILD_AT_ONCE = new Set(['VersionError', 'TimeoutError']);
const NEVER_REBUILD = new Set(['BlockedError', 'InvalidStateError']);
/** LRU needs only coarse access times; this keeps warm reads from writing on every hit. */
const ACCESS_RESOLUTION_MS = 60_000;
/** Access times are written in one batch shortly after reads, well before the worker idles out. */
const TOUCH_FLUSH_DELAY_MS = 1_000;
/** Evict down to this share of a bound, so that every write near the bound does not evict. */
const EVICT_TO = 0.9;
/**
 * Records kept in memory as well, most recently used last. A page view reads the same few
 * records several times (author list, panels, a reload): memory answers those without an
 * IndexedDB round trip. The database stays the source of truth across worker restarts.
 */
const MEMO_ENTRIES = 400;

type Mode = 'readonly' | 'readwrite';
type Store<M extends Mode> = IDBPObjectStore<CacheSchema, ['entries'], 'entries', M>;
type WriteStore = Store<'readwrite'>;
interface Totals {
  entries: number;
  bytes: number;
}
type Batch<T> = Map<string, Promise<Loaded<T> | undefined>>;

function asBatchLoader<T>(key: string, loader: () => Promise<T>): () => Promise<Map<string, T>> {
  return async () => new Map([[key, await loader()]]);
}

export function createCache(opts: CacheOptions = {}) {
  const { name, factory, now = () => Date.now(), maxBytes = 25 * 1024 * 1024, maxEntries = 20_000, ttlScale = () => 1 } = opts;
  const timeoutMs = opts.openTimeoutMs ?? IDB_OPEN_TIMEOUT_MS;

  let connection: Promise<CacheDb> | undefined;
  /** Opens that failed in a row (a success resets it). */
  let openFailures = 0;
  /** At most one automatic rebuild per worker: a database that fails again stays network-only. */
  let rebuilt = false;
  /** Set while network-only: when the database last failed. */
  let failedAt: number | undefined;
  /** Whether the current outage has been reported (one warning per outage, not per call). */
  let warned = false;
  /** Running totals; unknown until a write counts them inside its transaction. */
  let totals: Totals | undefined;
  /** Access times read but not yet written. */
  const touches = new Map<string, number>();
  let touchTimer: ReturnType<typeof setTimeout> | undefined;
  /** Loads under way, per key; `undefined` when the batch loader had no answer for the key. */
  const inflight = new Map<string, Promise<Loaded<unknown> | undefined>>();
  /** Background work (stores, refreshes, access-time writes), for `settle`. */
  const background = new Set<Promise<void>>();
  /** See MEMO_ENTRIES. Callers must treat values as read-only (they are shared). */
  const memo = new Map<string, Omit<CacheRecord, 'key' | 'size'>>();

  function remember(key: string, record: Omit<CacheRecord, 'key' | 'size'>): void {
    memo.delete(key);
    memo.set(key, record);
    if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  }

  // --- Connection and failure handling ---------------------------------------------------

  async function connect(): Promise<CacheDb | undefined> {
    if (failedAt !== undefined && now() - failedAt < RETRY_OPEN_MS) return undefined;
    if (!connection) {
      const opening = openCacheDb({
        name,
        factory,
        timeoutMs,
        onClose: () => {
          if (connection !== opening) return;
          connection = undefined;
          totals = undefined;
          // Whoever closed it (a newer schema, the browser) may change what is stored.
          memo.clear();
        },
      });
      connection = opening;
    }
    try {
      const db = await connection;
      failedAt = undefined;
      warned = false;
      openFailures = 0;
      return db;
    } catch (error) {
      fail(error);
      openFailures += 1;
      rebuildAfter(error);
      return undefined;
    }
  }

  /** Deletes and recreates a database that cannot be opened (see REBUILD_AT_ONCE), off the caller's path. */
  function rebuildAfter(error: unknown): void {
    const reason = (error as { name?: unknown } | null)?.name;
    const kind = typeof reason === 'string' ? reason : '';
    if (rebuilt || NEVER_REBUILD.has(kind) || (!REBUILD_AT_ONCE.has(kind) && openFailures < 2)) return;
    rebuilt = true;
    track(deleteCacheDb({ name, factory, timeoutMs }).then(
      () => {
        // Opened anew by the next read, without waiting for RETRY_OPEN_MS.
        failedAt = undefined;
        console.info(`[weft] cache database rebuilt after ${kind || 'repeated failures'}`);
      },
      (e: unknown) => console.debug('[weft] cache: the rebuild failed; staying network-only', e),
    ));
  }

  function fail(error: unknown): void {
    failedAt = now();
    memo.clear(); // network-only means no saved answers at all, not a partial memory of them
    const broken = connection;
    connection = undefined;
    totals = undefined;
    // Firefox keeps a database read-only after a quota error until it is reopened.
    void broken?.then((db) => db.close(), () => undefined);
    if (!warned) {
      warned = true;
      console.warn('[weft] cache unavailable; using the network only until it reopens', error);
    }
  }

  /**
   * Runs `fn` in one transaction. Any failure (quota, corruption, closed connection) degrades
   * to `fallback`. `fn` must await only IndexedDB requests, or the transaction commits early.
   */
  async function withStore<M extends Mode, R>(mode: M, fallback: R, fn: (store: Store<M>) => Promise<R>): Promise<R> {
    const db = await connect();
    if (!db) return fallback;
    let tx: IDBPTransaction<CacheSchema, ['entries'], M> | undefined;
    try {
      tx = db.transaction('entries', mode);
      const [result] = await Promise.all([fn(tx.store), tx.done]);
      return result;
    } catch (error) {
      abort(tx);
      fail(error);
      return fallback;
    }
  }

  function track(work: Promise<unknown>): void {
    const done: Promise<void> = work.then(
      () => undefined,
      () => undefined, // Callers got the error; nothing more to do here.
    );
    background.add(done);
    void done.then(() => background.delete(done));
  }

  // --- Reads and access times ------------------------------------------------------------

  async function lookup<T>(keys: string[]): Promise<Map<string, CacheHit<T>>> {
    const hits = new Map<string, CacheHit<T>>();
    if (keys.length === 0) return hits;
    // Held here, not looked up in the memo again: a read of more keys than the memo holds (a
    // listing's hundreds), or reads running alongside, would push them out of it meanwhile.
    const found = new Map<string, Omit<CacheRecord, 'key' | 'size'>>();
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
      remember(record.key, record);
      found.set(record.key, record);
    }
    const t = now();
    const scale = ttlScale();
    for (const key of keys) {
      const record = found.get(key);
      if (!record || t - record.expiresAt > MAX_STALE_MS) continue;
      // Stored with the normal lifetime; the reader's setting stretches or shortens it.
      const expiresAt = record.fetchedAt + (record.expiresAt - record.fetchedAt) * scale;
      hits.set(key, {
        value: record.value as T,
        fetchedAt: record.fetchedAt,
        expiresAt,
        stale: t >= expiresAt,
      });
      if (t - record.lastAccess >= ACCESS_RESOLUTION_MS) {
        record.lastAccess = t;
        touch(key, t);
      }
    }
    return hits;
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
    if (committed) for (const record of records.values()) remember(record.key, record);
  }

  async function purgeExpired(store: WriteStore, counts: Totals, t: number): Promise<void> {
    const range = IDBKeyRange.upperBound(t - MAX_STALE_MS, true);
    let cursor = await store.index('by-expires').openCursor(range);
    while (cursor) {
      counts.entries -= 1;
      counts.bytes -= cursor.value.size;
      memo.delete(cursor.primaryKey);
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
        memo.delete(cursor.primaryKey);
        await cursor.delete();
      }
      cursor = await cursor.continue();
    }
  }

  // --- Loads: de-duplicated, stored in the background -----------------------------------

  /**
   * Starts one loader call for `keys` and registers each key as in flight until its answer is
   * stored, so a caller arriving meanwhile joins instead of loading again. Answers resolve as
   * soon as the loader does; storing happens afterwards, off the caller's path.
   */
  function startLoad<T>(keys: string[], ttl: Ttl<T>, loaderMany: (keys: string[]) => Promise<Map<string, T>>): Batch<T> {
    const batch = (async () => {
      const values = await loaderMany(keys);
      const fetchedAt = now();
      const loaded = new Map<string, Loaded<T>>();
      const entries: CacheEntry<T>[] = [];
      for (const key of keys) {
        if (!values.has(key)) continue;
        const value = values.get(key) as T;
        loaded.set(key, { value, fetchedAt, stale: false });
        entries.push({ key, value, ttlMs: typeof ttl === 'function' ? ttl(value) : ttl });
      }
      return { loaded, entries, fetchedAt };
    })();
    // A failed load stores nothing: errors must reach the next caller's loader, not the cache.
    const stored = batch.then(({ entries, fetchedAt }) => write(entries, fetchedAt));
    track(stored);

    const perKey: Batch<T> = new Map();
    for (const key of keys) {
      const answer = batch.then(({ loaded }) => loaded.get(key));
      inflight.set(key, answer);
      const release = () => {
        if (inflight.get(key) === answer) inflight.delete(key);
      };
      void stored.then(release, release);
      perKey.set(key, answer);
    }
    return perKey;
  }

  function joinLoad<T>(key: string): Promise<Loaded<T> | undefined> | undefined {
    return inflight.get(key) as Promise<Loaded<T> | undefined> | undefined;
  }

  /** Refreshes stale keys with one loader call; a failure keeps the stale entries. */
  function refreshInBackground<T>(keys: string[], ttl: Ttl<T>, loaderMany: (keys: string[]) => Promise<Map<string, T>>): void {
    const idle = keys.filter((key) => !inflight.has(key));
    if (idle.length === 0) return;
    void Promise.all(startLoad(idle, ttl, loaderMany).values()).catch((error: unknown) => {
      console.debug('[weft] cache: background refresh failed; keeping the stale entries', idle, error);
    });
  }

  async function loadOne<T>(key: string, ttl: Ttl<T>, loader: () => Promise<T>): Promise<Loaded<T>> {
    const joined = joinLoad<T>(key);
    const shared = joined && (await joined);
    if (shared) return shared;
    // No load under way, or a batch loader that had no answer for this key: use our own.
    const own = startLoad([key], ttl, asBatchLoader(key, loader));
    return (await own.get(key)) as Loaded<T>;
  }

  return {
    /** The cached value for `key`, fresh or stale, or `undefined` on a miss. */
    async get<T>(key: string): Promise<CacheHit<T> | undefined> {
      return (await lookup<T>([key])).get(key);
    },

    /** Cached values for `keys`, read in one transaction; misses are absent. */
    getMany<T>(keys: string[]): Promise<Map<string, CacheHit<T>>> {
      return lookup<T>([...new Set(keys)]);
    },

    /** Stores `value` for `ttlMs`, then enforces the bounds. */
    put<T>(key: string, value: T, ttlMs: number): Promise<void> {
      return write([{ key, value, ttlMs }], now());
    },

    /** Stores all entries in one transaction, then enforces the bounds. */
    putMany<T>(entries: CacheEntry<T>[]): Promise<void> {
      return write(entries, now());
    },

    /** Removes one entry. */
    async delete(key: string): Promise<void> {
      memo.delete(key);
      await mutate(async (store, counts) => {
        const old = await store.get(key);
        if (!old) return;
        counts.entries -= 1;
        counts.bytes -= old.size;
        await store.delete(key);
      });
    },

    /**
     * Deletes the whole database and reopens it. Also the recovery for a corrupt or stuck
     * database, so it does not need a working connection. Rejects if the browser refuses.
     */
    async clear(): Promise<void> {
      touches.clear();
      memo.clear();
      const closing = connection;
      connection = undefined;
      totals = undefined;
      (await closing?.catch(() => undefined))?.close();
      await deleteCacheDb({ name, factory, timeoutMs });
      failedAt = undefined;
      openFailures = 0;
      await connect();
    },

    /**
     * Opens the database ahead of the first read: a worker woken by a page's first request
     * then reads at once instead of waiting for the connection. Never rejects.
     */
    async open(): Promise<void> {
      await connect();
    },

    /** Entry count and approximate bytes, counted from the database. */
    stats(): Promise<Totals> {
      return withStore('readonly', { entries: 0, bytes: 0 }, countAll);
    },

    /**
     * Read-through: a fresh hit answers at once; a stale hit answers at once (`stale: true`)
     * and starts one background refresh; a miss awaits `loader`, shared with concurrent callers
     * for the same key. `revalidate` skips the cache and awaits a fresh load (joining one under
     * way). Loader errors reject and are never stored.
     */
    async read<T>(
      key: string,
      ttl: Ttl<T>,
      loader: () => Promise<T>,
      { revalidate = false }: { revalidate?: boolean } = {},
    ): Promise<Loaded<T>> {
      if (!revalidate) {
        const hit = (await lookup<T>([key])).get(key);
        if (hit?.stale) {
          refreshInBackground([key], ttl, asBatchLoader(key, loader));
        }
        if (hit) return { value: hit.value, fetchedAt: hit.fetchedAt, stale: hit.stale };
      }
      return loadOne(key, ttl, loader);
    },

    /**
     * Batch read-through: one cache read; keys already loading join that load; the remaining
     * misses go to one `loaderMany` call; stale hits are answered and refreshed with one more
     * `loaderMany` call in the background. Keys the loader does not return are absent.
     * `revalidate` treats every key as a miss, as `read` does.
     */
    async readMany<T>(
      keys: string[],
      ttl: Ttl<T>,
      loaderMany: (missing: string[]) => Promise<Map<string, T>>,
      { revalidate = false }: { revalidate?: boolean } = {},
    ): Promise<Map<string, Loaded<T>>> {
      const unique = [...new Set(keys)];
      const hits = revalidate ? new Map<string, CacheHit<T>>() : await lookup<T>(unique);
      const pending: Batch<T> = new Map();
      const missing: string[] = [];
      for (const key of unique) {
        if (hits.has(key)) continue;
        const joined = joinLoad<T>(key);
        if (joined) pending.set(key, joined);
        else missing.push(key);
      }
      const stale = unique.filter((key) => hits.get(key)?.stale);
      if (stale.length > 0) refreshInBackground(stale, ttl, loaderMany);
      if (missing.length > 0) {
        for (const [key, answer] of startLoad(missing, ttl, loaderMany)) pending.set(key, answer);
      }

      const answers = await Promise.all(pending.values());
      const loaded = new Map([...pending.keys()].map((key, i) => [key, answers[i]]));
      const result = new Map<string, Loaded<T>>();
      for (const key of unique) {
        const hit = hits.get(key);
        const answer = hit ? { value: hit.value, fetchedAt: hit.fetchedAt, stale: hit.stale } : loaded.get(key);
        if (answer) result.set(key, answer);
      }
      return result;
    },

    /** Resolves once background work (stores, refreshes, access-time writes) has finished. */
    async settle(): Promise<void> {
      while (background.size > 0 || touches.size > 0) {
        if (touches.size > 0) {
          clearTimeout(touchTimer);
          touchTimer = undefined;
          track(flushTouches());
        }
        await Promise.all(background);
      }
    },
  };
}
