/**
 * The cache database: typed schema and the upgrade ladder. Only the background service worker
 * opens it (a content script would open arxiv.org's IndexedDB, not ours).
 */
import { wrap, type DBSchema, type IDBPDatabase, type IDBPObjectStore, type IDBPTransaction } from 'idb';

export const DB_NAME = 'weft-cache';
export const DB_VERSION = 2;

/** One cached answer. */
export interface CacheRecord {
  key: string;
  value: unknown;
  /** Epoch ms when the loader answered. */
  fetchedAt: number;
  /** Epoch ms after which the value is stale (still served, but revalidated). */
  expiresAt: number;
  /** Epoch ms of the last read (coarse: reads touch it at most once a minute). Since v2. */
  lastAccess: number;
  /** Approximate bytes, see `recordSize`. Since v2. */
  size: number;
}

/** Records as version 1 wrote them; older databases still hold these until upgraded. */
export type CacheRecordV1 = Omit<CacheRecord, 'lastAccess' | 'size'>;

export interface CacheSchema extends DBSchema {
  entries: {
    key: string;
    value: CacheRecord;
    indexes: { 'by-expires': number; 'by-access': number };
  };
}

export type CacheDb = IDBPDatabase<CacheSchema>;

/**
 * Approximate storage cost: JSON length of key and value. Exactness does not matter, only that
 * the size bound tracks how much we store.
 */
export function recordSize(key: string, value: unknown): number {
  return key.length + (JSON.stringify(value)?.length ?? 0);
}

export interface OpenCacheDbOptions {
  name?: string;
  /** Defaults to the global `indexedDB`; tests pass an isolated fake-indexeddb factory. */
  factory?: IDBFactory;
  /**
   * The connection went away without us closing it: the browser terminated it, or we closed it
   * because a newer version wants to upgrade. The owner should drop its handle and reopen.
   */
  onClose?: () => void;
  /**
   * Gives up (rejecting with a `TimeoutError`) when the request has not settled by then, e.g. a
   * browser whose IndexedDB never answers. An upgrade under way is waited for: it ends on its own.
   */
  timeoutMs?: number;
}

type UpgradeTx = IDBPTransaction<CacheSchema, ['entries'], 'versionchange'>;

/**
 * Opens (creating or upgrading) the cache database.
 *
 * idb's `openDB` always uses the global `indexedDB`, so this does the same work (same
 * upgrade/blocked/blocking/terminated handling) on a factory we can inject. A blocked upgrade
 * rejects at once instead of waiting for the other connection: callers run network-only
 * meanwhile, and a connection that opens late is closed again.
 */
export function openCacheDb(opts: OpenCacheDbOptions = {}): Promise<CacheDb> {
  const { name = DB_NAME, onClose, timeoutMs } = opts;
  return new Promise((resolve, reject) => {
    const request = (opts.factory ?? indexedDB).open(name, DB_VERSION);
    let gaveUp = false;
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
      gaveUp = true;
      reject(new DOMException(`${name} open did not settle within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    for (const settled of ['upgradeneeded', 'blocked', 'error', 'success']) request.addEventListener(settled, () => clearTimeout(timer));

    request.addEventListener('upgradeneeded', (event) => {
      const db = wrap(request.result) as unknown as CacheDb;
      upgrade(db, event.oldVersion, wrap(request.transaction as IDBTransaction) as unknown as UpgradeTx);
    });
    request.addEventListener('blocked', () => {
      gaveUp = true;
      reject(new DOMException(`${name} upgrade blocked by another open connection`, 'BlockedError'));
    });
    request.addEventListener('error', () => reject(request.error));
    request.addEventListener('success', () => {
      const raw = request.result;
      if (gaveUp) {
        raw.close();
        return;
      }
      raw.addEventListener('versionchange', () => {
        // Blocking a newer version (an updated extension): step aside rather than stall it.
        raw.close();
        onClose?.();
      });
      raw.addEventListener('close', () => onClose?.());
      resolve(wrap(raw) as unknown as CacheDb);
    });
  });
}

/** Deletes the cache database ("Clear cache", and the automatic rebuild of a database that cannot be opened). */
export function deleteCacheDb(opts: Pick<OpenCacheDbOptions, 'name' | 'factory' | 'timeoutMs'> = {}): Promise<void> {
  const { name = DB_NAME, timeoutMs } = opts;
  return new Promise((resolve, reject) => {
    const request = (opts.factory ?? indexedDB).deleteDatabase(name);
    if (timeoutMs !== undefined) {
      const timer = setTimeout(() => reject(new DOMException(`${name} delete did not settle within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
      for (const settled of ['blocked', 'error', 'success']) request.addEventListener(settled, () => clearTimeout(timer));
    }
    request.addEventListener('success', () => resolve());
    request.addEventListener('error', () => reject(request.error));
    request.addEventListener('blocked', () =>
      reject(new DOMException(`${name} delete blocked by another open connection`, 'BlockedError')),
    );
  });
}

/**
 * The upgrade ladder. Steps are never deleted or edited: a browser may still hold a database
 * from any earlier version, and each step must bring it up from exactly that shape.
 */
function upgrade(db: CacheDb, oldVersion: number, tx: UpgradeTx): void {
  if (oldVersion < 1) {
    const entries = db.createObjectStore('entries', { keyPath: 'key' });
    entries.createIndex('by-expires', 'expiresAt');
  }
  if (oldVersion < 2) {
    const entries = tx.objectStore('entries');
    entries.createIndex('by-access', 'lastAccess');
    // A record without lastAccess is missing from the by-access index and would never be evicted.
    void backfillV2(entries).catch(() => abort(tx));
  }
}

async function backfillV2(
  entries: IDBPObjectStore<CacheSchema, ['entries'], 'entries', 'versionchange'>,
): Promise<void> {
  let cursor = await entries.openCursor();
  while (cursor) {
    const old = cursor.value as CacheRecordV1;
    // Last known use of a v1 record is when it was fetched.
    await cursor.update({ ...old, lastAccess: old.fetchedAt, size: recordSize(old.key, old.value) });
    cursor = await cursor.continue();
  }
}

/** Aborts a transaction that may already have finished or aborted. */
export function abort(tx: { abort(): void } | undefined): void {
  try {
    tx?.abort();
  } catch {
    // Already committed or aborted: nothing left to undo.
  }
}
