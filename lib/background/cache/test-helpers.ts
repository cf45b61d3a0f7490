/** Shared by the cache's tests (never imported by product code). */
import { IDBFactory, IDBOpenDBRequest as FakeIDBOpenDBRequest, IDBVersionChangeEvent as FakeIDBVersionChangeEvent } from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';
import { createCache, type CacheOptions } from './cache';

export const T0 = Date.UTC(2026, 0, 1);
export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** Every cache a test made: its background work (the access-time writes a second after reads) ends with the test, never inside the next one. */
const made: ReturnType<typeof createCache>[] = [];

/** `console.warn` as the current test spies on it (the cache warns once per outage). */
export let warn: ReturnType<typeof vi.spyOn>;

/** The hooks of every cache test file: console quiet and watched, each cache's background work ended with its test. */
export function cacheTestHooks(): void {
  afterEach(() => Promise.all(made.splice(0).map((cache) => cache.settle())));
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
}

export function setup(opts: CacheOptions = {}) {
  const clock = { now: T0 };
  const factory = opts.factory ?? new IDBFactory();
  const cache = createCache({ factory, now: () => clock.now, ...opts });
  made.push(cache);
  return { cache, factory, clock };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An open request that fails the way Chrome does on a corrupt backing store. */
export function corruptOpen(): IDBOpenDBRequest {
  const request = new FakeIDBOpenDBRequest();
  setTimeout(() => {
    Object.assign(request, {
      readyState: 'done',
      error: new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError'),
    });
    request.dispatchEvent(new FakeIDBVersionChangeEvent('error'));
  });
  return request;
}

export function quotaExceeded(): never {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}
