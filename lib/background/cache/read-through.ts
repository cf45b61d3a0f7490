/**
 * Reading through the cache: TTL with stale-while-revalidate and in-flight de-duplication. A
 * fresh hit answers; a stale one answers and is refreshed in the background; a miss is loaded
 * once however many callers ask, and stored off the caller's path.
 */
import type { CacheEntry, createLru } from './lru';

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

type Batch<T> = Map<string, Promise<Loaded<T> | undefined>>;

export interface ReadThroughOptions {
  records: Pick<ReturnType<typeof createLru>, 'read' | 'write'>;
  now: () => number;
  /** Factor on every entry's lifetime, read at each lookup (CacheOptions.ttlScale). */
  ttlScale: () => number;
  /** Keeps background work (stores, refreshes) for the cache's `settle`. */
  track: (work: Promise<unknown>) => void;
}

function asBatchLoader<T>(key: string, loader: () => Promise<T>): () => Promise<Map<string, T>> {
  return async () => new Map([[key, await loader()]]);
}

const answerOf = <T>(hit: CacheHit<T>): Loaded<T> => ({ value: hit.value, fetchedAt: hit.fetchedAt, stale: hit.stale });

export function createReadThrough({ records, now, ttlScale, track }: ReadThroughOptions) {
  /** Loads under way, per key; `undefined` when the batch loader had no answer for the key. */
  const inflight = new Map<string, Promise<Loaded<unknown> | undefined>>();

  async function lookup<T>(keys: string[]): Promise<Map<string, CacheHit<T>>> {
    const found = await records.read(keys);
    const hits = new Map<string, CacheHit<T>>();
    const t = now();
    const scale = ttlScale();
    for (const [key, record] of found) {
      // Stored with the normal lifetime; the reader's setting stretches or shortens it.
      const expiresAt = record.fetchedAt + (record.expiresAt - record.fetchedAt) * scale;
      hits.set(key, { value: record.value as T, fetchedAt: record.fetchedAt, expiresAt, stale: t >= expiresAt });
    }
    return hits;
  }

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
    const stored = batch.then(({ entries, fetchedAt }) => records.write(entries, fetchedAt));
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
        if (hit) return answerOf(hit);
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
        const answer = hit ? answerOf(hit) : loaded.get(key);
        if (answer) result.set(key, answer);
      }
      return result;
    },
  };
}
