import type { AuthorResponses } from '../../messaging/requests/authors';
import type { AreaHandlers } from '../../messaging/server';
import type { BackgroundDeps } from '../deps';

export function authorHandlers({ catalog }: BackgroundDeps): AreaHandlers<keyof AuthorResponses> {
  return {
    'paper-authors': async ({ arxivId, names, revalidate }) => {
      const r = await catalog.paperAuthors(arxivId, names, revalidate);
      return { source: r.source, openalexWorkId: r.openalexWorkId, slots: r.slots, fetchedAt: r.fetchedAt, stale: r.stale };
    },
    'author-metrics': async ({ ids, revalidate }) => {
      const r = await catalog.authorMetrics([...new Set(ids)], revalidate);
      return { metrics: r.value, fetchedAt: r.fetchedAt, stale: r.stale };
    },
  };
}
