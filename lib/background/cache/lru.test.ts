import { IDBDatabase as FakeIDBDatabase, IDBFactory } from 'fake-indexeddb';
import { cacheTestHooks, DAY, MINUTE, setup, T0 } from './test-helpers';

cacheTestHooks();

describe('records and their bounds', () => {
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
