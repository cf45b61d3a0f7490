import type { AuthorResponses, PaperAuthorsResult } from '../../messaging/requests/authors';
import { toWireError, type AreaHandlers } from '../../messaging/server';
import type { BackgroundDeps } from '../deps';

export function authorHandlers({ catalog }: BackgroundDeps): AreaHandlers<keyof AuthorResponses> {
  async function metrics(ids: string[], revalidate?: boolean) {
    const r = await catalog.authorMetrics([...new Set(ids)], revalidate);
    return { metrics: r.value, fetchedAt: r.fetchedAt, stale: r.stale };
  }

  return {
    'paper-authors': async ({ arxivId, names, eager = 0, revalidate }) => {
      const r = await catalog.paperAuthors(arxivId, names, revalidate);
      const eagerIds = r.slots.slice(0, eager).flatMap((s) => (s.openalex?.openalexId ? [s.openalex.openalexId] : []));
      let eagerMetrics: PaperAuthorsResult['eagerMetrics'] = null;
      if (eagerIds.length) eagerMetrics = await metrics(eagerIds, revalidate).catch((e: unknown) => ({ error: toWireError(e) }));
      return { source: r.source, openalexWorkId: r.openalexWorkId, slots: r.slots, fetchedAt: r.fetchedAt, stale: r.stale, eagerMetrics };
    },
    'author-metrics': ({ ids, revalidate }) => metrics(ids, revalidate),
  };
}
