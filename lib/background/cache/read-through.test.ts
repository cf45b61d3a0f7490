import { cacheTestHooks, DAY, deferred, MINUTE, setup, T0 } from './test-helpers';

cacheTestHooks();

describe('freshness', () => {
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

describe('memory layer', () => {
  it('still tells fresh from stale by the clock', async () => {
    const { cache, clock } = setup();
    await cache.put('k', 1, MINUTE);
    clock.now += MINUTE + 1;
    expect((await cache.get('k'))?.stale).toBe(true);
  });
});
