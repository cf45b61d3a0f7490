/**
 * Records kept in memory as well, most recently used last. A page view reads the same few
 * records several times (author list, panels, a reload): memory answers those without an
 * IndexedDB round trip. The database stays the source of truth across worker restarts.
 */
import type { CacheRecord } from './db';

/** A record as remembered: callers must treat it as read-only (it is shared). */
export type Remembered = Omit<CacheRecord, 'key' | 'size'>;

const MEMO_ENTRIES = 400;

export function createMemo() {
  const memo = new Map<string, Remembered>();
  return {
    get: (key: string) => memo.get(key),
    remember(key: string, record: Remembered): void {
      memo.delete(key);
      memo.set(key, record);
      if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
    },
    forget: (key: string) => void memo.delete(key),
    clear: () => memo.clear(),
  };
}
