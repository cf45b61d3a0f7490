/**
 * The reader's recent popup searches: user data (the user-data database, where content scripts
 * cannot read them; kept by "Clear cached data"), on this device only, never synced or sent
 * anywhere. Newest first, each query once whatever its case, at most MAX_RECENT_SEARCHES. The
 * popup says when a query led somewhere (lib/extension-pages/search-state.ts), so half-typed
 * queries are not kept.
 */
import { MAX_RECENT_SEARCHES } from '../../shared/limits';
import { normaliseQuery, queryKey } from '../../shared/search-query';
import { createSerial } from '../serial';
import { USER_DATA } from '../user-data/schema';
import { readUserData, writeUserData } from '../user-data/user-data';

/** Only well-formed, distinct queries survive, the newest `MAX_RECENT_SEARCHES`: a stored list may come from an older Weft. */
function tidy(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of list) {
    const q = typeof raw === 'string' ? normaliseQuery(raw) : '';
    if (!q || seen.has(queryKey(q))) continue;
    seen.add(queryKey(q));
    out.push(q);
  }
  return out.slice(0, MAX_RECENT_SEARCHES);
}

export function createRecentSearchStore() {
  // Remember is read-modify-write: two at once would lose one.
  const serial = createSerial();
  const list = async (): Promise<string[]> => tidy((await readUserData([USER_DATA.recentSearches])).values[USER_DATA.recentSearches]);
  const write = async (next: string[]): Promise<string[]> => {
    await writeUserData({ [USER_DATA.recentSearches]: next });
    return next;
  };

  return {
    /** The recent searches, newest first. */
    list,
    /** Puts `query` first (once, whatever its case; a blank one is ignored); the oldest beyond the limit is forgotten. */
    remember: (query: string): Promise<string[]> => serial(async () => write(tidy([query, ...(await list())]))),
    clear: (): Promise<string[]> => serial(() => write([])),
  };
}

export type RecentSearchStore = ReturnType<typeof createRecentSearchStore>;
