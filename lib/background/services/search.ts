import { createResearchers } from '../catalog/researcher';
import { createSearch } from '../catalog/search';
import type { ResearcherResult, SearchResponses } from '../requests/search';
import { toWireError, type AreaHandlers } from '../server';
import type { BackgroundDeps } from '../deps';

export function searchHandlers({ openalex, cache }: Pick<BackgroundDeps, 'openalex' | 'cache'>): AreaHandlers<keyof SearchResponses> {
  const search = createSearch({ openalex, cache });
  const researchers = createResearchers({ openalex, cache });
  return {
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
      const recent: ResearcherResult['recent'] = await recentPending.then(
        (r) => ({ status: 'ready', ...r.value, fetchedAt: r.fetchedAt, stale: r.stale }),
        (e: unknown) => ({ status: 'unavailable', error: toWireError(e) }),
      );
      return { profile: profile.value, fetchedAt: profile.fetchedAt, stale: profile.stale, recent };
    },
  };
}
