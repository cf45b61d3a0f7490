/**
 * The reader's own data — followed researchers, their new papers and check status, API keys,
 * identity corrections — in a database of its own (`weft-user`), apart from the catalog cache:
 * clearing, rebuilding or upgrading the cache never touches it (docs/reliability.md, User data).
 *
 * Why IndexedDB and not `storage.local`: content scripts can read (and watch) `storage.local`
 * in Chrome and Firefox, and an arXiv page's process must never hold the reader's keys or
 * follow list. The extension's IndexedDB belongs to the extension's origin; a content script
 * opening IndexedDB gets arxiv.org's. Only the background opens this database, and it is the
 * only writer.
 *
 * Each record carries the version of its shape. A record stored by a newer Weft (after a
 * downgrade) is read as well as this version can, and never overwritten: writing it is refused,
 * so updating Weft again finds it whole.
 */
import { openDB } from 'idb';
import { RefusedError } from '../errors';
import { moveFromStorageLocal } from './legacy';
import { SHAPE_VERSION, USER_DB_NAME, USER_DB_VERSION, type UserDataKey, type UserDb, type UserSchema, upgradeUserDb } from './schema';

/** What a read finds: the stored values (undefined when none), and which came from a newer Weft. */
export interface UserDataRead {
  values: Partial<Record<UserDataKey, unknown>>;
  newer: Set<UserDataKey>;
}

type Listener = (keys: UserDataKey[]) => void;
const listeners = new Set<Listener>();

/**
 * One connection per IndexedDB factory: the worker has one for its whole life (tests bring a
 * fresh one each). Dropped when the browser closes it or a newer version wants to upgrade.
 */
let connection: { factory: IDBFactory; db: Promise<UserDb> } | null = null;

function open(): Promise<UserDb> {
  const factory = indexedDB;
  if (connection?.factory === factory) return connection.db;
  const forget = () => {
    if (connection?.factory === factory) connection = null;
  };
  const db = openDB<UserSchema>(USER_DB_NAME, USER_DB_VERSION, {
    upgrade: (d, oldVersion) => upgradeUserDb(d, oldVersion),
    blocking: () => {
      void db.then((d) => d.close());
      forget();
    },
    terminated: forget,
  }).then(async (d) => {
    try {
      // Before anything reads: a write before the move would hide the older copy for good.
      await moveFromStorageLocal(d);
    } catch (e) {
      d.close();
      throw e;
    }
    return d;
  });
  db.catch(forget);
  connection = { factory, db };
  return db;
}

/** Reads `keys` in one transaction. */
export async function readUserData(keys: readonly UserDataKey[]): Promise<UserDataRead> {
  const db = await open();
  const tx = db.transaction('records');
  const found = await Promise.all(keys.map((k) => tx.store.get(k)));
  await tx.done;
  const read: UserDataRead = { values: {}, newer: new Set() };
  for (const record of found) {
    if (!record) continue;
    read.values[record.key] = record.value;
    if (record.version > SHAPE_VERSION[record.key]) read.newer.add(record.key);
  }
  return read;
}

/** Thrown (and nothing written) when a write would replace a record of a newer shape. */
export class NewerDataError extends RefusedError {
  constructor(key: UserDataKey) {
    super(`Stored by a newer version of Weft (${key}): update Weft to change it`);
  }
}

/**
 * Writes `values` in one transaction: all of them or, when anything fails, none. A record a
 * newer Weft wrote is never replaced (`NewerDataError`).
 */
export async function writeUserData(values: Partial<Record<UserDataKey, unknown>>): Promise<void> {
  const keys = Object.keys(values) as UserDataKey[];
  if (!keys.length) return;
  const db = await open();
  const tx = db.transaction('records', 'readwrite');
  const requests: Promise<unknown>[] = [];
  try {
    const stored = await Promise.all(keys.map((k) => tx.store.get(k)));
    const newer = stored.find((r) => r && r.version > SHAPE_VERSION[r.key]);
    if (newer) throw new NewerDataError(newer.key);
    for (const key of keys) requests.push(tx.store.put({ key, version: SHAPE_VERSION[key], value: values[key] }));
    await Promise.all(requests);
    await tx.done;
  } catch (e) {
    // Without the abort, the puts that did succeed would commit: half a change.
    for (const r of requests) r.catch(() => undefined);
    try {
      tx.abort();
    } catch {
      // already finished or aborted
    }
    await tx.done.catch(() => undefined);
    throw e;
  }
  for (const listener of listeners) listener(keys);
}

/** Calls `listener` with the keys of each committed write; returns the unsubscribe. */
export function onUserDataChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
