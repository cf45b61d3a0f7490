/** What the background answers to each protocol request. */
import type { Catalog } from '../catalog/catalog';
import type { Handlers } from '../messaging/server';

export function createHandlers(catalog: Catalog): Handlers {
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
