/** The search service: the popup's search-as-you-type and its recent searches (its researcher view: ./researcher.ts). */
import * as v from 'valibot';
import { defineRequests } from '../define-requests';
import type { BackgroundDeps } from '../deps';
import { isNormalQuery, MAX_QUERY_CHARS } from '../../shared/search-query';

/** A normalised, non-blank query (see lib/shared/search-query.ts); the client URL-encodes it. */
const SearchQuery = v.pipe(
  v.string(),
  // A code point is at most two UTF-16 units: a cheap bound before the exact check.
  v.maxLength(MAX_QUERY_CHARS * 2),
  v.check(isNormalQuery, 'not a normalised, non-blank query'),
);

export const searchRequests = defineRequests({
  'search-researchers': { from: 'extension', fields: { q: SearchQuery } },
  'search-papers': { from: 'extension', fields: { q: SearchQuery } },
  'recent-searches': { from: 'extension', fields: {} },
  'remember-search': { from: 'extension', fields: { query: SearchQuery } },
  'clear-recent-searches': { from: 'extension', fields: {} },
});

export function searchService({ search, recentSearches }: Pick<BackgroundDeps, 'search' | 'recentSearches'>) {
  return searchRequests.answer({
    'search-researchers': async ({ q }) => {
      const r = await search.researchers(q);
      return { results: r.value, fetchedAt: r.fetchedAt, stale: r.stale };
    },
    'search-papers': async ({ q }) => {
      const r = await search.papers(q);
      return { results: r.value, fetchedAt: r.fetchedAt, stale: r.stale };
    },
    'recent-searches': async () => ({ queries: await recentSearches.list() }),
    'remember-search': async ({ query }) => ({ queries: await recentSearches.remember(query) }),
    'clear-recent-searches': async () => ({ queries: await recentSearches.clear() }),
  });
}
