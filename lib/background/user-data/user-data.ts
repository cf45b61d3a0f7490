/**
 * The reader's own data — followed researchers, their new papers and check status, API keys,
 * identity corrections — in a database of its own (`weft-user`), apart from the catalog cache:
 * clearing, rebuilding or upgrading the cache never touches it (docs/reliability.md, User data).
 *
 * Why IndexedDB and not `storage.local`: content scripts can read (and watch) `storage.local`
 * in Chrome and Firefox, and an arXiv page's process must never hold the reader's keys or
 * follow list. The extension's IndexedDB belongs to the extension's origin; a content script
 * opening IndexedDB gets arxiv.org's. Only the background opens this database, and it is the
 * only writer. Where IndexedDB is not offered to extensions at all (Firefox's "Never remember
 * history"), the records stay in `storage.local` rather than being lost (legacy.ts), and move
 * into the database the first time it opens.
 *
 * Each record carries the version of its shape. A record stored by a newer Weft (after a
 * downgrade) is read as well as this version can, and never overwritten: writing it is refused,
 * so updating Weft again finds it whole.
 */
import { openDB } from 'idb';
import { RefusedError } from '../errors';
import { IDB_OPEN_TIMEOUT_MS } from '../../shared/limits';
import { moveFromStorageLocal, readLocalRecords, writeLocalRecords } from './legacy';
import { SHAPE_VERSION, USER_DB_NAME, USER_DB_VERSION, type UserDataKey, type UserDb, type UserRecord, type UserSchema, upgradeUserDb } from './schema';

/** What a read finds: the stored values (undefined when none), and which came from a newer Weft. */
export interface UserDataRead {
  values: Partial<Record<UserDataKey, unknown>>;
  newer: Set<UserDataKey>;
}

type Listener = (keys: UserDataKey[]) => void;
const listeners = new Set<Listener>();

/**
 * Errors that mean IndexedDB is not offered to the extension here (Firefox with "Never remember
 * history" refuses every open with InvalidStateError; w3c/webextensions issue 534), not that the
 * database is broken: only then does user data fall back to `storage.local`.
 */
function notOffered(e: unknown): boolean {
  return e instanceof DOMException && (e.name === 'InvalidStateError' || e.name === 'SecurityError');
}

/**
 * One connection per IndexedDB factory: the worker has one for its whole life (tests bring a
 * fresh one each). Dropped when the browser closes it or a newer version wants to upgrade.
 * Null: IndexedDB is not offered here, and `storage.local` keeps the records (legacy.ts).
 */
let connection: { factory: IDBFactory | undefined; db: Promise<UserDb | null> } | null = null;

function open(): Promise<UserDb | null> {
  const factory = globalThis.indexedDB as IDBFactory | undefined;
  if (connection && connection.factory === factory) return connection.db;
  const forget = () => {
    if (connection?.factory === factory) connection = null;
  };
  let upgrading = false;
  const opening: Promise<UserDb> = Promise.resolve().then(() =>
    settledWithin(
      openDB<UserSchema>(USER_DB_NAME, USER_DB_VERSION, {
        upgrade: (d, oldVersion) => upgradeUserDb(d, oldVersion),
        blocked: () => void (upgrading = true),
        blocking: () => {
          void opening.then((d) => d.close());
          forget();
        },
        terminated: forget,
      }),
      () => upgrading,
    ),
  );
  const db = opening.then(
    async (d) => {
      try {
        // Before anything reads: a write before the move would hide the older copy for good.
        await moveFromStorageLocal(d);
      } catch (e) {
        d.close();
        throw e;
      }
      return d;
    },
    (e: unknown) => {
      if (!factory || notOffered(e)) {
        console.warn('Weft: IndexedDB is not available to the extension here; user data stays in storage.local', e);
        return null;
      }
      throw e;
    },
  );
  db.catch(forget);
  connection = { factory, db };
  return db;
}

/**
 * A wedged IndexedDB (an open that never settles) must not hang every follow, key and
 * correction: past the timeout the open fails, the caller sees an error, the next call opens
 * again, and a connection that turns up late is closed. An upgrade waiting for another
 * connection is waited for.
 */
function settledWithin(open: Promise<UserDb>, waiting: () => boolean): Promise<UserDb> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      if (waiting()) return;
      late = true;
      reject(new DOMException(`${USER_DB_NAME} open did not settle within ${IDB_OPEN_TIMEOUT_MS} ms`, 'TimeoutError'));
    }, IDB_OPEN_TIMEOUT_MS);
    open.then(
      (d) => {
        clearTimeout(timer);
        if (late) d.close();
        else resolve(d);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

function readDb(db: UserDb, keys: readonly UserDataKey[]): Promise<UserRecord[]> {
  const tx = db.transaction('records');
  return Promise.all([...keys.map((k) => tx.store.get(k)), tx.done]).then((found) => found.filter((r): r is UserRecord => !!r));
}

/**
 * Whether user data is in the database; false where IndexedDB is not offered, and the API keys
 * last only as long as the browser session (legacy.ts).
 */
export async function userDataInDatabase(): Promise<boolean> {
  return (await open()) !== null;
}

/** Reads `keys` in one transaction. */
export async function readUserData(keys: readonly UserDataKey[]): Promise<UserDataRead> {
  const db = await open();
  const found = db ? await readDb(db, keys) : await readLocalRecords(keys);
  const read: UserDataRead = { values: {}, newer: new Set() };
  for (const record of found) {
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

function refuseNewer(stored: readonly (UserRecord | undefined)[]): void {
  const newer = stored.find((r) => r && r.version > SHAPE_VERSION[r.key]);
  if (newer) throw new NewerDataError(newer.key);
}

async function writeDb(db: UserDb, records: UserRecord[]): Promise<void> {
  const tx = db.transaction('records', 'readwrite');
  const requests: Promise<unknown>[] = [];
  try {
    refuseNewer(await Promise.all(records.map((r) => tx.store.get(r.key))));
    for (const record of records) requests.push(tx.store.put(record));
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
}

/**
 * Writes `values` in one transaction: all of them or, when anything fails, none. A record a
 * newer Weft wrote is never replaced (`NewerDataError`).
 */
export async function writeUserData(values: Partial<Record<UserDataKey, unknown>>): Promise<void> {
  const keys = Object.keys(values) as UserDataKey[];
  if (!keys.length) return;
  const records = keys.map((key) => ({ key, version: SHAPE_VERSION[key], value: values[key] }));
  const db = await open();
  if (db) await writeDb(db, records);
  else {
    refuseNewer(await readLocalRecords(keys));
    await writeLocalRecords(records);
  }
  for (const listener of listeners) listener(keys);
}

/** Calls `listener` with the keys of each committed write; returns the unsubscribe. */
export function onUserDataChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
