import { IDBFactory, forceCloseDatabase } from 'fake-indexeddb';
import { unwrap } from 'idb';
import { DB_VERSION, deleteCacheDb, openCacheDb, recordSize, type CacheRecordV1 } from './db';

const NAME = 'weft-cache';

/** Opens a raw connection at `version`, running `upgrade` if the database is created or upgraded. */
function openRaw(
  factory: IDBFactory,
  version: number,
  upgrade: (db: IDBDatabase) => void = () => undefined,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(NAME, version);
    request.onupgradeneeded = () => upgrade(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Builds the database exactly as the shipped version 1 code did, with data in it. */
async function createV1(factory: IDBFactory, records: CacheRecordV1[]): Promise<void> {
  const db = await openRaw(factory, 1, (raw) => {
    raw.createObjectStore('entries', { keyPath: 'key' }).createIndex('by-expires', 'expiresAt');
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('entries', 'readwrite');
    for (const record of records) tx.objectStore('entries').put(record);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

describe('openCacheDb', () => {
  let factory: IDBFactory;
  beforeEach(() => {
    factory = new IDBFactory();
  });

  it('creates the current schema', async () => {
    const db = await openCacheDb({ factory });
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames]).toEqual(['entries']);
    const store = db.transaction('entries').store;
    expect(store.keyPath).toBe('key');
    expect([...store.indexNames].sort()).toEqual(['by-access', 'by-expires']);
    db.close();
  });

  it('upgrades a real v1 database, keeping and backfilling its records', async () => {
    const v1: CacheRecordV1[] = [
      { key: 'paper:2301.01234', value: { title: 'Ünïcode ∑' }, fetchedAt: 100, expiresAt: 5_000 },
      { key: 'author:A1', value: null, fetchedAt: 300, expiresAt: 1_000 },
    ];
    await createV1(factory, v1);

    const db = await openCacheDb({ factory });
    expect(db.version).toBe(2);
    const records = await db.getAll('entries');
    expect(records).toEqual(
      v1
        .map((old) => ({ ...old, lastAccess: old.fetchedAt, size: recordSize(old.key, old.value) }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    // Both indexes cover the migrated records.
    expect(await db.getAllKeysFromIndex('entries', 'by-access')).toEqual(['paper:2301.01234', 'author:A1']);
    expect(await db.getAllKeysFromIndex('entries', 'by-expires')).toEqual(['author:A1', 'paper:2301.01234']);
    db.close();
  });

  it('rejects a blocked upgrade at once and closes the connection if it opens later', async () => {
    await createV1(factory, []);
    const old = await openRaw(factory, 1); // an old connection that ignores versionchange

    await expect(openCacheDb({ factory })).rejects.toMatchObject({ name: 'BlockedError' });

    old.close();
    // The late connection upgraded the database and was then closed, so nothing blocks this one.
    const db = await openCacheDb({ factory });
    expect(db.version).toBe(2);
    db.close();
  });

  it('closes itself and reports when it blocks a newer version', async () => {
    const onClose = vi.fn();
    await openCacheDb({ factory, onClose });

    const newer = await openRaw(factory, DB_VERSION + 1);
    expect(onClose).toHaveBeenCalledOnce();
    newer.close();
  });

  it('reports a connection the browser terminated', async () => {
    const onClose = vi.fn();
    const db = await openCacheDb({ factory, onClose });
    // fake-indexeddb's typings ask for the class; it takes a connection.
    forceCloseDatabase(unwrap(db) as unknown as typeof IDBDatabase);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('rejects when the factory cannot open', async () => {
    vi.spyOn(factory, 'open').mockImplementation(() => {
      throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
    });
    await expect(openCacheDb({ factory })).rejects.toMatchObject({ name: 'InvalidStateError' });
  });

  it('deleteCacheDb removes the database', async () => {
    const db = await openCacheDb({ factory });
    await db.put('entries', { key: 'k', value: 1, fetchedAt: 0, expiresAt: 1, lastAccess: 0, size: 2 });
    db.close();
    await deleteCacheDb({ factory });
    const reopened = await openCacheDb({ factory });
    expect(await reopened.count('entries')).toBe(0);
    reopened.close();
  });
});

describe('recordSize', () => {
  it('is the JSON length of key and value', () => {
    expect(recordSize('k', { a: 1 })).toBe(1 + '{"a":1}'.length);
    expect(recordSize('k', undefined)).toBe(1);
  });
});
