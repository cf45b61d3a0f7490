/** Test helpers for the user-data database (never imported by the extension). */
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { openDB } from 'idb';
import { upgradeUserDb, USER_DB_NAME, USER_DB_VERSION, type UserDb, type UserRecord, type UserSchema } from './schema';

/** A fresh, empty IndexedDB from here on: the user-data database opens anew in it. */
export function freshIndexedDb(): IDBFactory {
  const idb = new IDBFactory();
  vi.stubGlobal('indexedDB', idb);
  return idb;
}

async function withDb<T>(use: (db: UserDb) => Promise<T>): Promise<T> {
  const db = await openDB<UserSchema>(USER_DB_NAME, USER_DB_VERSION, { upgrade: (d, oldVersion) => upgradeUserDb(d, oldVersion) });
  try {
    return await use(db);
  } finally {
    db.close();
  }
}

/** Stores records exactly as given (any value, any shape version), as a past or future Weft might have. */
export function putRecords(...records: UserRecord[]): Promise<void> {
  return withDb(async (db) => {
    const tx = db.transaction('records', 'readwrite');
    await Promise.all(records.map((r) => tx.store.put(r)));
    await tx.done;
  });
}

/** Every record of the user-data database, by key. */
export function dumpRecords(): Promise<Record<string, UserRecord>> {
  return withDb(async (db) => Object.fromEntries((await db.getAll('records')).map((r) => [r.key, r])));
}

/**
 * From now on, storing a record `when` accepts fails (a full disk, a worker stopped mid-write)
 * until the returned spy is restored. The transaction's other writes are undone with it.
 */
export function failUserWrites(when: (record: UserRecord) => boolean = () => true) {
  const put = IDBObjectStore.prototype.put;
  return vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if (when(value as UserRecord)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.call(this, value, key);
  });
}

/** From now on IndexedDB refuses every open, as Firefox does for extensions with "Never remember history". */
export function refusingIndexedDb(): IDBFactory {
  const refusing = {
    open() {
      throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
    },
  } as unknown as IDBFactory;
  vi.stubGlobal('indexedDB', refusing);
  return refusing;
}
