/**
 * User data in `storage.local`: where Weft kept it before the user-data database existed, and
 * where it stays only when IndexedDB is not offered to the extension (Firefox's "Never remember
 * history"; docs/reliability.md, User data), the API keys excepted (`storage.session` then). Same keys as the database but where `LOCAL_NAME`
 * says otherwise, each value beside the shape version WXT's storage items kept under `<key>$`
 * as `{ v }`.
 *
 * The move into the database runs on each opening of it, before anything reads it: a record is
 * copied only when the database has none under that key, and the old keys are removed only after
 * the copy has committed. A worker stopped in between loses nothing; the next start finishes the
 * removal.
 */
import { browser } from 'wxt/browser';
import { USER_DATA, type UserDataKey, type UserDb, type UserRecord } from './schema';

const metaKey = (key: string) => `${key}$`;

/** Records whose `storage.local` key is not their own: the popup's storage item had its own name. */
const LOCAL_NAME: Partial<Record<UserDataKey, string>> = { [USER_DATA.recentSearches]: 'recentSearches' };
const localName = (key: UserDataKey) => LOCAL_NAME[key] ?? key;

function versionOf(meta: unknown): number {
  const v = (meta as { v?: unknown } | undefined)?.v;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 1;
}

/** The records of `keys` that `storage.local` holds, and the names of every item read. */
async function readLocal(keys: readonly UserDataKey[]): Promise<{ records: UserRecord[]; present: string[] }> {
  const names = keys.map(localName).flatMap((name) => [name, metaKey(name)]);
  const items = await browser.storage.local.get(names);
  return {
    records: keys.flatMap((key) => {
      const name = localName(key);
      return items[name] === undefined ? [] : [{ key, version: versionOf(items[metaKey(name)]), value: items[name] }];
    }),
    present: names.filter((name) => items[name] !== undefined),
  };
}

/**
 * Records that never go to `storage.local`, where content scripts could read them: where
 * IndexedDB is not offered, the reader's API keys are kept in `storage.session` (trusted contexts
 * only) and are gone when the browser stops; the settings page tells the reader so.
 */
const SESSION_ONLY: ReadonlySet<UserDataKey> = new Set([USER_DATA.apiKeys]);

const itemsOf = (records: readonly UserRecord[]) =>
  Object.fromEntries(records.flatMap((r) => [[localName(r.key), r.value], [metaKey(localName(r.key)), { v: r.version }]]));

/** Where IndexedDB is not offered: the records of `keys`, from `storage.local` or (keys) `storage.session`. */
export async function readLocalRecords(keys: readonly UserDataKey[]): Promise<UserRecord[]> {
  const session = keys.filter((k) => SESSION_ONLY.has(k));
  const [local, kept] = await Promise.all([readLocal(keys.filter((k) => !SESSION_ONLY.has(k))), readSession(session)]);
  return [...local.records, ...kept];
}

/** Keys an earlier Weft left in `storage.local` move to `storage.session`, then leave `storage.local`. */
async function readSession(keys: readonly UserDataKey[]): Promise<UserRecord[]> {
  if (!keys.length) return [];
  const names = keys.map(localName).flatMap((name) => [name, metaKey(name)]);
  const left = await readLocal(keys);
  if (left.present.length) {
    const stored = await browser.storage.session.get(names);
    await browser.storage.session.set(itemsOf(left.records.filter((r) => stored[localName(r.key)] === undefined)));
    await browser.storage.local.remove(left.present);
  }
  const items = await browser.storage.session.get(names);
  return keys.flatMap((key) => {
    const name = localName(key);
    return items[name] === undefined ? [] : [{ key, version: versionOf(items[metaKey(name)]), value: items[name] }];
  });
}

/** Stores `records` where IndexedDB is not offered: one call per storage area. */
export async function writeLocalRecords(records: readonly UserRecord[]): Promise<void> {
  const session = records.filter((r) => SESSION_ONLY.has(r.key));
  const local = records.filter((r) => !SESSION_ONLY.has(r.key));
  if (session.length) await browser.storage.session.set(itemsOf(session));
  if (local.length) await browser.storage.local.set(itemsOf(local));
}

export async function moveFromStorageLocal(db: UserDb): Promise<void> {
  const { records, present } = await readLocal(Object.values(USER_DATA));
  if (!present.length) return;
  const tx = db.transaction('records', 'readwrite');
  await Promise.all(
    records.map(async (record) => {
      if (await tx.store.get(record.key)) return; // copied by an earlier start: the database's copy wins
      await tx.store.put(record);
    }),
  );
  await tx.done;
  // The copy is safe: a failed removal is finished at the next start.
  await browser.storage.local.remove(present).catch((e: unknown) => console.warn('Weft: could not remove the old copy of user data', e));
}
