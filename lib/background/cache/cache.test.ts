import {
  IDBDatabase as FakeIDBDatabase,
  IDBFactory,
  IDBObjectStore as FakeIDBObjectStore,
  IDBOpenDBRequest as FakeIDBOpenDBRequest,
  IDBVersionChangeEvent as FakeIDBVersionChangeEvent,
  forceCloseDatabase,
} from 'fake-indexeddb';
import { createCache, type CacheOptions } from './cache';
import { DB_VERSION, openCacheDb } from './db';

const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Every cache a test made: its background work (the access-time writes a second after reads) ends with the test, never inside the next one. */
const made: ReturnType<typeof createCache>[] = [];
afterEach(() => Promise.all(made.splice(0).map((cache) => cache.settle())));

function setup(opts: CacheOptions = {}) {
  const clock = { now: T0 };
  const factory = opts.factory ?? new IDBFactory();
  const cache = createCache({ factory, now: () => clock.now, ...opts });
  made.push(cache);
  return { cache, factory, clock };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An open request that fails the way Chrome does on a corrupt backing store. */
function corruptOpen(): IDBOpenDBRequest {
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

function quotaExceeded(): never {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

describe('get / put: TTL', () => {
  it('is fresh until expiresAt, then stale, then gone 30 days later', async () => {
    const { cache, clock } = setup();
    await cache.put('k', { n: 1 }, 1_000);

    expect(await cache.get('k')).toEqual({ value: { n: 1 }, fetchedAt: T0, expiresAt: T0 + 1_000, stale: false });
    clock.now = T0 + 999;
    expect((await cache.get('k'))?.stale).toBe(false);
    clock.now = T0 + 1_000;
    expect((await cache.get('k'))?.stale).toBe(true);
    clock.now = T0 + 1_000 + 30 * DAY + 1;
    expect(await cache.get('k')).toBeUndefined();
  });

  it('stretches or shortens every lifetime by the reader’s setting, for entries already stored too', async () => {
    let scale = 1;
    const { cache, clock } = setup({ ttlScale: () => scale });
    await cache.put('k', 'v', 4 * DAY);
    clock.now = T0 + 2 * DAY;
    expect((await cache.get('k'))?.stale).toBe(false);
    scale = 0.25; // short: 1 day
    expect(await cache.get('k')).toMatchObject({ expiresAt: T0 + DAY, stale: true });
    scale = 4; // long: 16 days
    clock.now = T0 + 15 * DAY;
    expect(await cache.get('k')).toMatchObject({ expiresAt: T0 + 16 * DAY, stale: false });
  });

  it('purges entries expired more than 30 days ago on the next write', async () => {
    const { cache, clock } = setup();
    await cache.put('old', 'x', 1_000);
    await cache.put('recent', 'y', 10 * DAY);
    clock.now = T0 + 31 * DAY;
    await cache.put('new', 'z', 1_000);
    expect(await cache.stats()).toEqual({ entries: 2, bytes: 'recent'.length + 3 + 'new'.length + 3 });
  });

  it('getMany reads in one transaction and leaves misses out', async () => {
    const { cache } = setup();
    await cache.putMany([
      { key: 'a', value: 1, ttlMs: MINUTE },
      { key: 'b', value: 2, ttlMs: MINUTE },
    ]);
    const transaction = vi.spyOn(FakeIDBDatabase.prototype, 'transaction');
    const hits = await cache.getMany<number>(['a', 'b', 'c']);
    expect([...hits].map(([key, hit]) => [key, hit.value])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(transaction).toHaveBeenCalledOnce();
  });

  it('getMany finds every stored key of a read larger than its memory, with other reads running alongside', async () => {
    const factory = new IDBFactory();
    const keys = Array.from({ length: 700 }, (_, k) => `k${k}`);
    await setup({ factory }).cache.putMany(keys.map((key, k) => ({ key, value: k, ttlMs: DAY })));
    // A new worker: nothing in memory, everything in the database.
    const { cache } = setup({ factory });
    const [all, again] = await Promise.all([cache.getMany<number>(keys), cache.getMany<number>([...keys].reverse())]);
    expect(all.size).toBe(700);
    expect(again.size).toBe(700);
    expect(all.get('k0')?.value).toBe(0);
  });

  it('putMany writes in one transaction; delete and stats', async () => {
    const { cache } = setup();
    const transaction = vi.spyOn(FakeIDBDatabase.prototype, 'transaction');
    await cache.putMany([
      { key: 'a', value: 'aa', ttlMs: MINUTE },
      { key: 'b', value: 'bb', ttlMs: MINUTE },
    ]);
    expect(transaction.mock.calls.filter(([, mode]) => mode === 'readwrite')).toHaveLength(1);
    expect(await cache.stats()).toEqual({ entries: 2, bytes: 2 * (1 + 4) });
    await cache.delete('a');
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.stats()).toEqual({ entries: 1, bytes: 5 });
  });

  it('clear() empties the cache and keeps working', async () => {
    const { cache } = setup();
    await cache.put('a', 1, MINUTE);
    await cache.clear();
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.stats()).toEqual({ entries: 0, bytes: 0 });
    await cache.put('b', 2, MINUTE);
    expect((await cache.get('b'))?.value).toBe(2);
  });
});

describe('read', () => {
  it('answers a fresh hit without calling the loader', async () => {
    const { cache } = setup();
    await cache.put('k', 'cached', MINUTE);
    const loader = vi.fn(async () => 'net');
    expect(await cache.read('k', MINUTE, loader)).toEqual({ value: 'cached', fetchedAt: T0, stale: false });
    expect(loader).not.toHaveBeenCalled();
  });

  it('loads a miss, stores it, and answers the next read from the cache', async () => {
    const { cache, clock } = setup();
    const loader = vi.fn(async () => 'net');
    expect(await cache.read('k', MINUTE, loader)).toEqual({ value: 'net', fetchedAt: T0, stale: false });
    await cache.settle();
    clock.now += 1_000;
    expect(await cache.read('k', MINUTE, loader)).toEqual({ value: 'net', fetchedAt: T0, stale: false });
    expect(loader).toHaveBeenCalledOnce();
  });

  it('answers a stale hit at once and revalidates it in the background', async () => {
    const { cache, clock } = setup();
    await cache.put('k', 'old', MINUTE);
    clock.now = T0 + 2 * MINUTE;
    const network = deferred<string>();
    const loader = vi.fn(() => network.promise);

    // The network has not answered, yet both reads resolve with the stale value.
    expect(await cache.read('k', MINUTE, loader)).toEqual({ value: 'old', fetchedAt: T0, stale: true });
    expect(await cache.read('k', MINUTE, loader)).toMatchObject({ value: 'old', stale: true });
    expect(loader).toHaveBeenCalledOnce();

    network.resolve('new');
    await cache.settle();
    expect(await cache.get('k')).toEqual({ value: 'new', fetchedAt: T0 + 2 * MINUTE, expiresAt: T0 + 3 * MINUTE, stale: false });
    expect(await cache.read('k', MINUTE, loader)).toEqual({ value: 'new', fetchedAt: T0 + 2 * MINUTE, stale: false });
    expect(loader).toHaveBeenCalledOnce();
  });

  it('keeps the stale entry when the background revalidation fails', async () => {
    const { cache, clock } = setup();
    await cache.put('k', 'old', MINUTE);
    clock.now = T0 + 2 * MINUTE;
    const failing = vi.fn(async () => {
      throw new Error('503');
    });
    expect(await cache.read('k', MINUTE, failing)).toMatchObject({ value: 'old', stale: true });
    await cache.settle();
    expect(await cache.get('k')).toMatchObject({ value: 'old', fetchedAt: T0, stale: true });

    // The failure was not remembered: the next stale read tries again.
    await cache.read('k', MINUTE, failing);
    await cache.settle();
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('shares one loader call between concurrent reads of a miss', async () => {
    const { cache } = setup();
    const network = deferred<string>();
    const loader = vi.fn(() => network.promise);
    const reads = [cache.read('k', MINUTE, loader), cache.read('k', MINUTE, loader)];
    await vi.waitFor(() => expect(loader).toHaveBeenCalled());
    network.resolve('net');
    expect(await Promise.all(reads)).toEqual([
      { value: 'net', fetchedAt: T0, stale: false },
      { value: 'net', fetchedAt: T0, stale: false },
    ]);
    expect(loader).toHaveBeenCalledOnce();
  });

  it('never stores a loader error: the next read reaches the loader', async () => {
    const { cache } = setup();
    const failing = vi.fn(async (): Promise<string> => {
      throw new Error('network');
    });
    await expect(cache.read('k', MINUTE, failing)).rejects.toThrow('network');
    await cache.settle();
    expect(await cache.get('k')).toBeUndefined();

    const working = vi.fn(async () => 'net');
    expect(await cache.read('k', MINUTE, working)).toMatchObject({ value: 'net' });
    expect(working).toHaveBeenCalledOnce();
  });

  it('gives answers the TTL their value calls for (shorter for "not found")', async () => {
    const { cache } = setup();
    const ttl = (value: { id: string } | null) => (value === null ? MINUTE : DAY);
    await cache.read('missing', ttl, async () => null);
    await cache.read('found', ttl, async () => ({ id: 'A1' }));
    await cache.settle();
    expect((await cache.get('missing'))?.expiresAt).toBe(T0 + MINUTE);
    expect((await cache.get('found'))?.expiresAt).toBe(T0 + DAY);
  });

  it('revalidate: awaits a fresh load even over a fresh hit, and stores it', async () => {
    const { cache, clock } = setup();
    await cache.put('k', 'old', DAY);
    clock.now += 1_000;
    const loader = vi.fn(async () => 'new');
    expect(await cache.read('k', DAY, loader, { revalidate: true })).toEqual({ value: 'new', fetchedAt: T0 + 1_000, stale: false });
    await cache.settle();
    expect((await cache.get('k'))?.value).toBe('new');
  });

  it('revalidate: joins a load under way instead of starting another', async () => {
    const { cache } = setup();
    const network = deferred<string>();
    const loader = vi.fn(() => network.promise);
    const first = cache.read('k', MINUTE, loader);
    await vi.waitFor(() => expect(loader).toHaveBeenCalled());
    const forced = cache.read('k', MINUTE, loader, { revalidate: true });
    network.resolve('net');
    expect(await forced).toMatchObject({ value: 'net', stale: false });
    expect(await first).toMatchObject({ value: 'net' });
    expect(loader).toHaveBeenCalledOnce();
  });

  it('revalidate: rejects when the load fails and keeps the cached entry', async () => {
    const { cache } = setup();
    await cache.put('k', 'old', DAY);
    await expect(
      cache.read('k', DAY, async () => Promise.reject(new Error('offline')), { revalidate: true }),
    ).rejects.toThrow('offline');
    await cache.settle();
    expect((await cache.get('k'))?.value).toBe('old');
  });
});

describe('readMany', () => {
  it('answers hits, loads the misses in one call, and leaves out keys the loader lacks', async () => {
    const { cache } = setup();
    await cache.put('a', 'A', MINUTE);
    const loaderMany = vi.fn(async (keys: string[]) => new Map(keys.filter((k) => k !== 'x').map((k) => [k, k.toUpperCase()])));

    const result = await cache.readMany(['a', 'b', 'x', 'c', 'b'], MINUTE, loaderMany);
    expect([...result]).toEqual([
      ['a', { value: 'A', fetchedAt: T0, stale: false }],
      ['b', { value: 'B', fetchedAt: T0, stale: false }],
      ['c', { value: 'C', fetchedAt: T0, stale: false }],
    ]);
    expect(loaderMany.mock.calls).toEqual([[['b', 'x', 'c']]]);
    await cache.settle();
    expect(await cache.get('x')).toBeUndefined();
    expect((await cache.get('c'))?.value).toBe('C');
  });

  it('loads each key once when two callers ask for overlapping sets', async () => {
    const { cache } = setup();
    const requested: string[] = [];
    const network = deferred<void>();
    const loaderMany = async (keys: string[]) => {
      requested.push(...keys);
      await network.promise;
      return new Map(keys.map((k) => [k, `v-${k}`]));
    };
    const first = cache.readMany(['a', 'b', 'c'], MINUTE, loaderMany);
    const second = cache.readMany(['b', 'c', 'd'], MINUTE, loaderMany);
    await vi.waitFor(() => expect(requested).toHaveLength(4));
    network.resolve();

    const [r1, r2] = await Promise.all([first, second]);
    expect([...r1.keys()]).toEqual(['a', 'b', 'c']);
    expect([...r2.keys()]).toEqual(['b', 'c', 'd']);
    expect(r2.get('b')?.value).toBe('v-b');
    expect(requested.sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('joins a single read under way for the same key', async () => {
    const { cache } = setup();
    const network = deferred<string>();
    const loader = vi.fn(() => network.promise);
    const loaderMany = vi.fn(async (keys: string[]) => new Map(keys.map((k) => [k, `many-${k}`])));
    const single = cache.read('a', MINUTE, loader);
    await vi.waitFor(() => expect(loader).toHaveBeenCalled());
    const many = cache.readMany(['a', 'b'], MINUTE, loaderMany);
    network.resolve('single-a');
    expect((await single).value).toBe('single-a');
    expect([...(await many)].map(([k, v]) => [k, v.value])).toEqual([
      ['a', 'single-a'],
      ['b', 'many-b'],
    ]);
    expect(loaderMany.mock.calls).toEqual([[['b']]]);
  });

  it('answers stale entries and refreshes them all with one background call', async () => {
    const { cache, clock } = setup();
    await cache.putMany([
      { key: 'a', value: 'old-a', ttlMs: MINUTE },
      { key: 'b', value: 'old-b', ttlMs: MINUTE },
      { key: 'c', value: 'c', ttlMs: DAY },
    ]);
    clock.now = T0 + 2 * MINUTE;
    const loaderMany = vi.fn(async (keys: string[]) => new Map(keys.map((k) => [k, `new-${k}`])));

    const result = await cache.readMany(['a', 'b', 'c'], MINUTE, loaderMany);
    expect([...result].map(([k, v]) => [k, v.value, v.stale])).toEqual([
      ['a', 'old-a', true],
      ['b', 'old-b', true],
      ['c', 'c', false],
    ]);
    await cache.settle();
    expect(loaderMany.mock.calls).toEqual([[['a', 'b']]]);
    expect((await cache.get('a'))?.value).toBe('new-a');
    expect((await cache.get('b'))?.stale).toBe(false);
  });

  it('revalidate: loads every key fresh in one call and stores the answers', async () => {
    const { cache, clock } = setup();
    await cache.putMany([
      { key: 'a', value: 'old-a', ttlMs: DAY },
      { key: 'b', value: 'old-b', ttlMs: DAY },
    ]);
    clock.now += 1_000;
    const loaderMany = vi.fn(async (keys: string[]) => new Map(keys.map((k) => [k, `new-${k}`])));
    const result = await cache.readMany(['a', 'b'], DAY, loaderMany, { revalidate: true });
    expect([...result].map(([k, v]) => [k, v.value, v.stale])).toEqual([
      ['a', 'new-a', false],
      ['b', 'new-b', false],
    ]);
    expect(loaderMany.mock.calls).toEqual([[['a', 'b']]]);
    await cache.settle();
    expect((await cache.get('b'))?.value).toBe('new-b');
  });

  it('rejects when the loader fails, and stores nothing', async () => {
    const { cache } = setup();
    await expect(cache.readMany(['a', 'b'], MINUTE, async () => Promise.reject(new Error('429')))).rejects.toThrow('429');
    await cache.settle();
    expect((await cache.getMany(['a', 'b'])).size).toBe(0);
  });
});

describe('eviction', () => {
  it('by count: drops the least recently accessed entries down to 90% of the bound', async () => {
    const { cache, clock } = setup({ maxEntries: 10 });
    for (let i = 0; i < 10; i++) {
      await cache.put(`k${i}`, i, DAY);
      clock.now += MINUTE;
    }
    await cache.get('k0'); // k0 is now the most recently accessed
    await cache.put('k10', 10, DAY);

    expect((await cache.stats()).entries).toBe(9);
    const left = await cache.getMany(Array.from({ length: 11 }, (_, i) => `k${i}`));
    expect([...left.keys()].sort()).toEqual(['k0', 'k10', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9']);
  });

  it('by size: drops the least recently accessed entries down to 90% of the bound', async () => {
    const { cache, clock } = setup({ maxBytes: 1_000 });
    const value = 'x'.repeat(196); // with quotes and a two-character key: 200 bytes
    for (let i = 0; i < 5; i++) {
      await cache.put(`k${i}`, value, DAY);
      clock.now += MINUTE;
    }
    expect(await cache.stats()).toEqual({ entries: 5, bytes: 1_000 });
    await cache.get('k0');
    await cache.put('k5', value, DAY);

    expect(await cache.stats()).toEqual({ entries: 4, bytes: 800 });
    const left = await cache.getMany(['k0', 'k1', 'k2', 'k3', 'k4', 'k5']);
    expect([...left.keys()]).toEqual(['k0', 'k3', 'k4', 'k5']);
  });

  it('never evicts the entries it has just written', async () => {
    const { cache } = setup({ maxEntries: 3 });
    // Equal access times: the index orders them by key, so 'a' would otherwise go first.
    await cache.putMany(['b', 'c', 'd'].map((key) => ({ key, value: key, ttlMs: DAY })));
    await cache.put('a', 'a', DAY);
    const left = await cache.getMany(['a', 'b', 'c', 'd']);
    expect([...left.keys()]).toEqual(['a', 'd']);
  });

  it('remembers access times across a service-worker restart', async () => {
    const factory = new IDBFactory();
    const first = setup({ factory, maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) {
      await first.cache.put(key, key, DAY);
      first.clock.now += MINUTE;
    }
    await first.cache.get('a');
    await first.cache.settle(); // the batched access-time write

    // A new worker: fresh in-memory state, same database.
    const second = setup({ factory, maxEntries: 3 });
    second.clock.now = first.clock.now + MINUTE;
    await second.cache.put('d', 'd', DAY);
    const left = await second.cache.getMany(['a', 'b', 'c', 'd']);
    expect([...left.keys()]).toEqual(['a', 'd']);
  });
});

describe('degrading to network-only', () => {
  it('when open throws: reads miss, writes drop, the loader answers, one warning, retry after 60 s', async () => {
    const { cache, factory, clock } = setup();
    const open = vi.spyOn(factory, 'open').mockImplementation(() => {
      throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
    });
    const loader = vi.fn(async () => 'net');

    expect(await cache.read('k', MINUTE, loader)).toMatchObject({ value: 'net' });
    await cache.settle();
    expect(await cache.read('k', MINUTE, loader)).toMatchObject({ value: 'net' });
    await cache.put('p', 1, MINUTE);
    expect(await cache.get('p')).toBeUndefined();
    expect(await cache.stats()).toEqual({ entries: 0, bytes: 0 });
    expect(loader).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledOnce();
    expect(open).toHaveBeenCalledOnce(); // no reopen attempt per call

    // The retry 60 s later fails too: still the same outage, so no second warning.
    clock.now += 60_000;
    expect(await cache.get('p')).toBeUndefined();
    expect(open).toHaveBeenCalledTimes(2);

    open.mockRestore();
    clock.now += 59_000;
    expect(await cache.get('p')).toBeUndefined();
    clock.now += 1_000;
    await cache.put('p', 1, MINUTE);
    expect((await cache.get('p'))?.value).toBe(1);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('opening ahead of time never rejects, and the database opens once for the reads after it', async () => {
    const broken = setup();
    vi.spyOn(broken.factory, 'open').mockImplementation(corruptOpen);
    await expect(broken.cache.open()).resolves.toBeUndefined();

    const { cache, factory } = setup();
    const open = vi.spyOn(factory, 'open');
    await cache.open();
    await cache.put('p', 1, MINUTE);
    expect((await cache.get('p'))?.value).toBe(1);
    expect(open).toHaveBeenCalledOnce();
  });

  it('when open fails with a corrupt backing store', async () => {
    const { cache, factory } = setup();
    vi.spyOn(factory, 'open').mockImplementation(corruptOpen);
    expect(await cache.read('k', MINUTE, async () => 'net')).toMatchObject({ value: 'net' });
    expect(await cache.get('k')).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ name: 'UnknownError' });
  });

  it('when the upgrade is blocked by an old connection', async () => {
    const factory = new IDBFactory();
    const old = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open('weft-cache', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('entries', { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
    });
    const { cache } = setup({ factory });
    expect(await cache.read('k', MINUTE, async () => 'net')).toMatchObject({ value: 'net' });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ name: 'BlockedError' });
    old.close();
  });

  it('when a write fails with QuotaExceededError: the value is still returned, one warning', async () => {
    const { cache } = setup();
    vi.spyOn(FakeIDBObjectStore.prototype, 'put').mockImplementation(quotaExceeded);
    const loader = vi.fn(async () => 'net');

    expect(await cache.read('k', MINUTE, loader)).toEqual({ value: 'net', fetchedAt: T0, stale: false });
    await cache.settle();
    expect(await cache.read('k', MINUTE, loader)).toMatchObject({ value: 'net' });
    await cache.settle();
    await cache.put('p', 1, MINUTE);
    expect(loader).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ name: 'QuotaExceededError' });
  });

  it('clear() recovers at once, without waiting for the retry', async () => {
    const { cache, factory } = setup();
    vi.spyOn(factory, 'open').mockImplementationOnce(corruptOpen);
    await cache.put('k', 1, MINUTE);
    expect(warn).toHaveBeenCalledOnce();

    await cache.clear();
    await cache.put('k', 2, MINUTE);
    expect((await cache.get('k'))?.value).toBe(2);
  });

  it('reopens transparently after the browser terminates the connection', async () => {
    const { cache, factory } = setup();
    const open = vi.spyOn(factory, 'open');
    await cache.put('k', 1, MINUTE);
    const request = open.mock.results[0]?.value as IDBOpenDBRequest;
    // fake-indexeddb's typings ask for the class; it takes a connection.
    forceCloseDatabase(request.result as unknown as typeof IDBDatabase);

    expect((await cache.get('k'))?.value).toBe(1);
    expect(open).toHaveBeenCalledTimes(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives up an open that never settles: network-only within the timeout, then rebuilt and cached again', async () => {
    const { cache, factory } = setup({ openTimeoutMs: 30 });
    const realOpen = factory.open.bind(factory);
    let stuck = true;
    vi.spyOn(factory, 'open').mockImplementation((dbName, version) => (stuck ? new FakeIDBOpenDBRequest() : realOpen(dbName, version)));
    const realDelete = factory.deleteDatabase.bind(factory);
    const remove = vi.spyOn(factory, 'deleteDatabase').mockImplementation((dbName) => {
      stuck = false; // deleting the stuck files is what repairs it
      return realDelete(dbName);
    });
    const t0 = performance.now();
    expect(await cache.read('k', MINUTE, async () => 'net')).toMatchObject({ value: 'net' });
    expect(performance.now() - t0).toBeLessThan(1_000);
    await cache.settle();
    expect(remove).toHaveBeenCalledOnce();
    // No 60 s wait: the rebuilt database is used at once.
    await cache.put('k', 'kept', MINUTE);
    expect((await cache.get('k'))?.value).toBe('kept');
  });

  it('rebuilds a database left by a newer version, without anyone clearing it', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve) => {
      const request = factory.open('weft-cache', 99);
      request.onsuccess = () => { request.result.close(); resolve(); };
    });
    const { cache } = setup({ factory });
    const loader = vi.fn(async () => 'net');
    expect(await cache.read('k', MINUTE, loader)).toMatchObject({ value: 'net' });
    await cache.settle();
    expect(await cache.read('k', MINUTE, loader)).toMatchObject({ value: 'net' });
    await cache.settle();
    expect(await cache.read('k', MINUTE, loader)).toMatchObject({ value: 'net' });
    expect(loader).toHaveBeenCalledTimes(2); // the third read came from the rebuilt database
    const db = await openCacheDb({ factory });
    expect(db.version).toBe(DB_VERSION);
    db.close();
  });

  it('steps aside for a newer version, then runs network-only', async () => {
    const { cache, factory } = setup();
    await cache.put('k', 1, MINUTE);
    const newer = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open('weft-cache', 3);
      request.onsuccess = () => resolve(request.result);
    });
    expect(await cache.read('k', MINUTE, async () => 2)).toMatchObject({ value: 2 });
    expect(warn).toHaveBeenCalledOnce(); // VersionError: this code cannot use the newer schema
    newer.close();
  });
});

it('uses the database named in the options', async () => {
  const factory = new IDBFactory();
  const { cache } = setup({ factory, name: 'other' });
  await cache.put('k', 1, MINUTE);
  const db = await openCacheDb({ factory, name: 'other' });
  expect((await db.get('entries', 'k'))?.value).toBe(1);
  db.close();
});

describe('memory layer', () => {
  it('answers repeated reads from memory, and a restarted worker from the database', async () => {
    const { cache, factory, clock } = setup();
    await cache.put('k', 1, MINUTE);
    // Change the stored record behind the cache's back: only a read that skips IndexedDB still sees 1.
    const db = await openCacheDb({ factory });
    await db.put('entries', { key: 'k', value: 2, fetchedAt: T0, expiresAt: T0 + MINUTE, lastAccess: T0, size: 10 });
    db.close();
    expect((await cache.get('k'))?.value).toBe(1);
    const restarted = createCache({ factory, now: () => clock.now });
    expect((await restarted.get('k'))?.value).toBe(2);
  });

  it('still tells fresh from stale by the clock', async () => {
    const { cache, clock } = setup();
    await cache.put('k', 1, MINUTE);
    clock.now += MINUTE + 1;
    expect((await cache.get('k'))?.stale).toBe(true);
  });
});
