/**
 * The reader's recent searches: kept in extension storage on this device only (never synced,
 * never sent anywhere), newest first, clearable. A query is remembered when it led somewhere
 * (a result or a paper was opened), so half-typed queries are not.
 */
import { signal } from '@preact/signals';
import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import { normaliseQuery } from '@/lib/shared/search-query';

export const MAX_RECENT_SEARCHES = 8;

export const recentSearchesItem = storage.defineItem<string[]>('local:recentSearches', { fallback: [], version: 1 });

type Item = Pick<WxtStorageItem<string[], Record<string, never>>, 'getValue' | 'setValue'>;

/** Only well-formed, distinct queries survive a read: storage is shared with older versions. */
function tidy(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const raw of list) {
    const q = typeof raw === 'string' ? normaliseQuery(raw) : '';
    if (q && !out.some((x) => sameQuery(x, q))) out.push(q);
  }
  return out.slice(0, MAX_RECENT_SEARCHES);
}

const sameQuery = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

export function createRecentSearches(item: Item = recentSearchesItem) {
  const list = signal<string[]>([]);
  // Not awaited before the popup renders: the list shows up when storage answers.
  const loaded = item.getValue().then(
    (stored) => void (list.value = tidy(stored)),
    (e: unknown) => console.warn('[weft] recent searches unavailable', e),
  );

  async function save(next: string[]): Promise<void> {
    list.value = next;
    try {
      await item.setValue(next);
    } catch (e) {
      console.warn('[weft] could not save recent searches', e);
    }
  }

  /** Puts `query` first (once, whatever its case); the oldest beyond the limit is forgotten. */
  async function remember(query: string): Promise<void> {
    const q = normaliseQuery(query);
    if (!q) return;
    await loaded;
    await save(tidy([q, ...list.value]));
  }

  async function clear(): Promise<void> {
    await loaded;
    await save([]);
  }

  return { list, remember, clear, loaded };
}

export type RecentSearches = ReturnType<typeof createRecentSearches>;
