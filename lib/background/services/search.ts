/** The search service: the popup's search-as-you-type, its researcher view and its recent searches. */
import * as v from 'valibot';
import { createResearchers } from '../catalog/researcher';
import { defineRequests } from '../define-requests';
import type { BackgroundDeps } from '../deps';
import { toWireError } from '../errors';
import { isNormalQuery, MAX_QUERY_CHARS } from '../../shared/search-query';
import { OpenAlexAuthorId } from './fields';

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
  researcher: { from: 'extension', fields: { id: OpenAlexAuthorId } },
  'recent-searches': { from: 'extension', fields: {} },
  'remember-search': { from: 'extension', fields: { query: SearchQuery } },
  'clear-recent-searches': { from: 'extension', fields: {} },
});

export function searchService({ openalex, cache, search, recentSearches }: Pick<BackgroundDeps, 'openalex' | 'cache' | 'search' | 'recentSearches'>) {
  const researchers = createResearchers({ openalex, cache });
  return searchRequests.answer({
    'search-researchers': async ({ q }) => {
      const r = await search.researchers(q);
      return { results: r.value, fetchedAt: r.fetchedAt, stale: r.stale };
    },
    'search-papers': async ({ q }) => {
      const r = await search.papers(q);
      return { results: r.value, fetchedAt: r.fetchedAt, stale: r.stale };
    },
    researcher: async ({ id }) => {
      // Both at once; the works (a list call) may fail on a spent budget while the profile (free) loads.
      const recentPending = researchers.recentWorks(id);
      recentPending.catch(() => undefined); // awaited below, after the profile
      const profile = await researchers.profile(id);
      const recent = await recentPending.then(
        (r) => ({ status: 'ready' as const, ...r.value, fetchedAt: r.fetchedAt, stale: r.stale }),
        (e: unknown) => ({ status: 'unavailable' as const, error: toWireError(e) }),
      );
      return { profile: profile.value, fetchedAt: profile.fetchedAt, stale: profile.stale, recent };
    },
    'recent-searches': async () => ({ queries: await recentSearches.list() }),
    'remember-search': async ({ query }) => ({ queries: await recentSearches.remember(query) }),
    'clear-recent-searches': async () => ({ queries: await recentSearches.clear() }),
  });
}
