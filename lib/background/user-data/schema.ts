/** The user-data database's name, records and their shape versions (user-data.ts opens it). */
import type { DBSchema, IDBPDatabase } from 'idb';

export const USER_DB_NAME = 'weft-user';
export const USER_DB_VERSION = 1;

/** The records, by key (in `storage.local` before, under these keys or the name legacy.ts gives). */
export const USER_DATA = {
  follows: 'follows',
  inbox: 'follow-inbox',
  status: 'alert-status',
  /** Researchers unfollowed lately, kept so that following again restores them (undo). */
  unfollowed: 'unfollowed',
  apiKeys: 'apiKeys',
  corrections: 'corrections',
  /** What each author's correction was before the reader's last change, kept a day for Undo. */
  correctionsUndo: 'corrections-undo',
  /** The popup's recent searches, newest first. */
  recentSearches: 'recent-searches',
  /** Same-day alerts: what Weft learned of followed researchers, the feeds read, topic matches (same-day/store.ts). */
  sameDay: 'same-day',
  /** The reader's followed topics. */
  topics: 'topic-follows',
  /** When each followed topic was changed, and each unfollowed one removed, for browser sync (same-day/topic-merge.ts). */
  topicStamps: 'topic-stamps',
} as const;
export type UserDataKey = (typeof USER_DATA)[keyof typeof USER_DATA];

/**
 * The shape version this Weft reads and writes, per record. Bump one together with a migration
 * in the store that reads it, whenever its stored shape changes.
 */
export const SHAPE_VERSION: Record<UserDataKey, number> = {
  // 2: `seenArxiv` (same-day papers marked seen). Version 1 records read as they are.
  follows: 2,
  // 2: entries from arXiv's announcement (`workId` null, `source`, `evidence`, `guessFor`…). Version 1 records read as they are.
  'follow-inbox': 2,
  'alert-status': 1,
  unfollowed: 1,
  apiKeys: 1,
  corrections: 1,
  'corrections-undo': 1,
  'recent-searches': 1,
  // 2: a read problem as plain data (address, status, what was unreadable, the day not listed) in place of an English message. Version 1 records read with those null.
  // 3: `editsStamp` (when the reader last changed the watched-category edits, for browser sync). Version 1 and 2 records read with it null.
  'same-day': 3,
  'topic-follows': 1,
  'topic-stamps': 1,
};

export interface UserRecord {
  key: UserDataKey;
  /** The shape version that wrote `value`. */
  version: number;
  value: unknown;
}

export interface UserSchema extends DBSchema {
  records: { key: UserDataKey; value: UserRecord };
}

export type UserDb = IDBPDatabase<UserSchema>;

/** The upgrade ladder: steps are never edited, a browser may hold a database of any earlier version. */
export function upgradeUserDb(db: UserDb, oldVersion: number): void {
  if (oldVersion < 1) db.createObjectStore('records', { keyPath: 'key' });
}
