/** The author service: researchers' numbers, many at once. */
import * as v from 'valibot';
import type { Catalog } from '../catalog/catalog';
import { defineRequests } from '../define-requests';
import type { BackgroundDeps } from '../deps';
import type { AuthorMetrics } from '../../catalog/types';
import type { Freshness } from '../../shared/protocol/wire';
import { MAX_AUTHOR_IDS } from '../../shared/limits';
import { OpenAlexAuthorId, Revalidate } from './fields';

export const authorRequests = defineRequests({
  'author-metrics': {
    from: 'pages',
    fields: { ids: v.pipe(v.array(OpenAlexAuthorId), v.minLength(1), v.maxLength(MAX_AUTHOR_IDS)), revalidate: Revalidate },
  },
});

export interface MetricsAnswer extends Freshness {
  /** Keyed by bare OpenAlex id; ids the catalog does not know are absent. */
  metrics: Record<string, AuthorMetrics>;
}

export async function authorMetrics(catalog: Catalog, ids: string[], revalidate?: boolean): Promise<MetricsAnswer> {
  const r = await catalog.authorMetrics([...new Set(ids)], revalidate);
  return { metrics: r.value, fetchedAt: r.fetchedAt, stale: r.stale };
}

export function authorService({ catalog }: Pick<BackgroundDeps, 'catalog'>) {
  return authorRequests.answer({
    'author-metrics': ({ ids, revalidate }) => authorMetrics(catalog, ids, revalidate),
  });
}
