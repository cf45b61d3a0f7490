/**
 * The cache's connection to its database, and its recovery. When IndexedDB fails the cache runs
 * network-only (a transaction answers its fallback) and tries again after a while; an open that
 * never settles is given up after a timeout, and a database that cannot be opened is rebuilt.
 */
import type { IDBPObjectStore, IDBPTransaction } from 'idb';
import { abort, deleteCacheDb, openCacheDb, type CacheDb, type CacheSchema } from './db';

export type Mode = 'readonly' | 'readwrite';
export type Store<M extends Mode> = IDBPObjectStore<CacheSchema, ['entries'], 'entries', M>;
export type WriteStore = Store<'readwrite'>;

/** Runs `fn` in one transaction, or answers `fallback` while the database is unavailable. */
export type WithStore = <M extends Mode, R>(mode: M, fallback: R, fn: (store: Store<M>) => Promise<R>) => Promise<R>;

/** After a failure, stay network-only this long before trying to open the database again. */
const RETRY_OPEN_MS = 60_000;
/**
 * Open failures that reopening cannot cure: a database of a newer version than this code's, an
 * open that never settles. The cache then deletes the database and makes it anew (it holds
 * nothing that cannot be fetched again). Any other failure gets one more try first; never for a
 * blocked upgrade (it clears once the other connection goes) or an IndexedDB that is not
 * available at all (Firefox without history): deleting cannot help there
 * (docs/reliability.md, IndexedDB).
 */
const REBUILD_AT_ONCE = new Set(['VersionError', 'TimeoutError']);
const NEVER_REBUILD = new Set(['BlockedError', 'InvalidStateError']);

export interface ConnectionOptions {
  name?: string;
  factory?: IDBFactory;
  now: () => number;
  /** How long opening (or deleting) the database may take before it is given up. */
  timeoutMs: number;
  /** Keeps background work (a rebuild) for the cache's `settle`. */
  track: (work: Promise<unknown>) => void;
  /** The connection went away (closed, failed or reset): what was known of the database's contents may be wrong now. */
  onLost: () => void;
}

export function createConnection({ name, factory, now, timeoutMs, track, onLost }: ConnectionOptions) {
  let connection: Promise<CacheDb> | undefined;
  /** Opens that failed in a row (a success resets it). */
  let openFailures = 0;
  /** At most one automatic rebuild per worker: a database that fails again stays network-only. */
  let rebuilt = false;
  /** Set while network-only: when the database last failed. */
  let failedAt: number | undefined;
  /** Whether the current outage has been reported (one warning per outage, not per call). */
  let warned = false;

  async function connect(): Promise<CacheDb | undefined> {
    if (failedAt !== undefined && now() - failedAt < RETRY_OPEN_MS) return undefined;
    if (!connection) {
      const opening = openCacheDb({
        name,
        factory,
        timeoutMs,
        onClose: () => {
          if (connection !== opening) return;
          connection = undefined;
          // Whoever closed it (a newer schema, the browser) may change what is stored.
          onLost();
        },
      });
      connection = opening;
    }
    try {
      const db = await connection;
      failedAt = undefined;
      warned = false;
      openFailures = 0;
      return db;
    } catch (error) {
      fail(error);
      openFailures += 1;
      rebuildAfter(error);
      return undefined;
    }
  }

  /** Deletes and recreates a database that cannot be opened (see REBUILD_AT_ONCE), off the caller's path. */
  function rebuildAfter(error: unknown): void {
    const reason = (error as { name?: unknown } | null)?.name;
    const kind = typeof reason === 'string' ? reason : '';
    if (rebuilt || NEVER_REBUILD.has(kind) || (!REBUILD_AT_ONCE.has(kind) && openFailures < 2)) return;
    rebuilt = true;
    track(deleteCacheDb({ name, factory, timeoutMs }).then(
      () => {
        // Opened anew by the next read, without waiting for RETRY_OPEN_MS.
        failedAt = undefined;
        console.info(`[weft] cache database rebuilt after ${kind || 'repeated failures'}`);
      },
      (e: unknown) => console.debug('[weft] cache: the rebuild failed; staying network-only', e),
    ));
  }

  function fail(error: unknown): void {
    failedAt = now();
    const broken = connection;
    connection = undefined;
    // Network-only means no saved answers at all, not a partial memory of them.
    onLost();
    // Firefox keeps a database read-only after a quota error until it is reopened.
    void broken?.then((db) => db.close(), () => undefined);
    if (!warned) {
      warned = true;
      console.warn('[weft] cache unavailable; using the network only until it reopens', error);
    }
  }

  /**
   * Runs `fn` in one transaction. Any failure (quota, corruption, closed connection) degrades
   * to `fallback`. `fn` must await only IndexedDB requests, or the transaction commits early.
   */
  const withStore: WithStore = async (mode, fallback, fn) => {
    const db = await connect();
    if (!db) return fallback;
    let tx: IDBPTransaction<CacheSchema, ['entries'], typeof mode> | undefined;
    try {
      tx = db.transaction('entries', mode);
      const [result] = await Promise.all([fn(tx.store), tx.done]);
      return result;
    } catch (error) {
      abort(tx);
      fail(error);
      return fallback;
    }
  };

  /**
   * Deletes the whole database and reopens it. Also the recovery for a corrupt or stuck
   * database, so it does not need a working connection. Rejects if the browser refuses.
   */
  async function reset(): Promise<void> {
    const closing = connection;
    connection = undefined;
    onLost();
    (await closing?.catch(() => undefined))?.close();
    await deleteCacheDb({ name, factory, timeoutMs });
    failedAt = undefined;
    openFailures = 0;
    await connect();
  }

  return { connect, withStore, reset };
}
