/**
 * The popup's recent searches, as a signal. The background keeps them (user data, out of
 * content scripts' reach: lib/background/search/recent-searches.ts holds the rules); the popup
 * asks for them, and says when a query led somewhere (a result or a paper was opened), so
 * half-typed queries are not kept.
 */
import { signal } from '@preact/signals';
import type { ask as askBackground } from '@/lib/ui/client';
import { normaliseQuery } from '@/lib/shared/search-query';

type Ask = typeof askBackground;

export function createRecentSearches(ask: Ask) {
  const list = signal<string[]>([]);
  const show = ({ queries }: { queries: string[] }) => void (list.value = queries);
  // Not awaited before the popup renders: the list shows up when the background answers.
  const loaded = ask({ type: 'recent-searches' }).then(show, (e: unknown) => console.warn('[weft] recent searches unavailable', e));

  /** Asks the background to put `query` first (once, whatever its case); a blank query is not sent. */
  async function remember(query: string): Promise<void> {
    const q = normaliseQuery(query);
    if (!q) return;
    await loaded;
    await ask({ type: 'remember-search', query: q }).then(show, (e: unknown) => console.warn('[weft] could not save recent searches', e));
  }

  async function clear(): Promise<void> {
    await loaded;
    await ask({ type: 'clear-recent-searches' }).then(show, (e: unknown) => console.warn('[weft] could not clear recent searches', e));
  }

  return { list, remember, clear, loaded };
}

export type RecentSearches = ReturnType<typeof createRecentSearches>;
