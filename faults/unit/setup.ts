/**
 * The fault suite's vitest setup: the background's fetch layer keeps all its behaviour, but its
 * waits (backoff, Retry-After, the per-second pace) are recorded rather than waited and its timeout is short (so is the cache's open timeout), so a test can try a 15 s
 * timeout or a 1 s Retry-After in milliseconds and check what was asked.
 */
import type { HttpOptions } from '@/lib/background/catalog/http';
import type { CacheOptions } from '@/lib/background/cache/cache';

/** `waited`: the fetch layer's skipped waits so far, all of them (backoff, Retry-After, the pace): a request's place in that time. */
export const httpTuning: { current: HttpOptions; slept: number[]; waited: () => number } = { current: {}, slept: [], waited: () => 0 };

vi.mock('@/lib/background/catalog/http', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/background/catalog/http')>();
  return {
    ...real,
    createHttp: (opts: HttpOptions = {}) => {
      // The fetch layer's own clock runs ahead by every wait it skipped, so Retry-After pauses and
      // the per-second pace pass at once and stay in force just as long on that clock.
      let skipped = 0;
      const skip = async (ms: number) => void (skipped += ms);
      httpTuning.waited = () => skipped;
      return real.createHttp({
        ...opts,
        now: () => Date.now() + skipped,
        sleep: async (ms) => {
          httpTuning.slept.push(ms);
          await skip(ms);
        },
        wait: skip,
        timeoutMs: 200,
        ...httpTuning.current,
      });
    },
  };
});

// The cache's open timeout, likewise short: a database that never answers is tried in milliseconds.
vi.mock('@/lib/background/cache/cache', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/background/cache/cache')>();
  return { ...real, createCache: (opts: CacheOptions = {}) => real.createCache({ openTimeoutMs: 500, ...opts }) };
});
