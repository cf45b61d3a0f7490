/**
 * The one-time move of user data out of `storage.local`, where Weft kept it before the
 * user-data database existed (content scripts can read `storage.local`; see user-data.ts).
 * Run on each opening of the database, before anything reads it: a record is copied only when
 * the database has none under that key, and the old keys are removed only after the copy has
 * committed. A worker stopped in between loses nothing; the next start finishes the removal.
 */
import { browser } from 'wxt/browser';
import { USER_DATA, type UserDb } from './schema';

/** The keys as `storage.local` held them: the database uses the same names. */
const LEGACY_KEYS = Object.values(USER_DATA);
/** WXT's storage items kept the shape version beside the value, under `<key>$` as `{ v }`. */
const metaKey = (key: string) => `${key}$`;

function versionOf(meta: unknown): number {
  const v = (meta as { v?: unknown } | undefined)?.v;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 1;
}

export async function moveFromStorageLocal(db: UserDb): Promise<void> {
  const names = LEGACY_KEYS.flatMap((k) => [k, metaKey(k)]);
  const items = await browser.storage.local.get(names);
  const present = names.filter((name) => items[name] !== undefined);
  if (!present.length) return;
  const tx = db.transaction('records', 'readwrite');
  await Promise.all(
    LEGACY_KEYS.filter((key) => items[key] !== undefined).map(async (key) => {
      if (await tx.store.get(key)) return; // copied by an earlier start: the database's copy wins
      await tx.store.put({ key, version: versionOf(items[metaKey(key)]), value: items[key] });
    }),
  );
  await tx.done;
  // The copy is safe: a failed removal is finished at the next start.
  await browser.storage.local.remove(present).catch((e: unknown) => console.warn('Weft: could not remove the old copy of user data', e));
}
