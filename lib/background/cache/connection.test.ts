import { IDBFactory, IDBObjectStore as FakeIDBObjectStore, IDBOpenDBRequest as FakeIDBOpenDBRequest, forceCloseDatabase } from 'fake-indexeddb';
import { DB_VERSION, openCacheDb } from './db';
import { cacheTestHooks, corruptOpen, MINUTE, quotaExceeded, setup, T0, warn } from './test-helpers';

cacheTestHooks();

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

describe('the database', () => {
  it('clear() empties the cache and keeps working', async () => {
    const { cache } = setup();
    await cache.put('a', 1, MINUTE);
    await cache.clear();
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.stats()).toEqual({ entries: 0, bytes: 0 });
    await cache.put('b', 2, MINUTE);
    expect((await cache.get('b'))?.value).toBe(2);
  });

  it('uses the database named in the options', async () => {
    const factory = new IDBFactory();
    const { cache } = setup({ factory, name: 'other' });
    await cache.put('k', 1, MINUTE);
    const db = await openCacheDb({ factory, name: 'other' });
    expect((await db.get('entries', 'k'))?.value).toBe(1);
    db.close();
  });
});
