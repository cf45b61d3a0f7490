import type { AuthorResponses, PaperAuthorsResult } from '../requests/authors';
import { toWireError, type AreaHandlers } from '../server';
import type { BackgroundDeps } from '../deps';

/** How long a finished answer may wait for Semantic Scholar's pairing of the same authors. */
const S2_GRACE_MS = 15;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function authorHandlers({ catalog }: BackgroundDeps): AreaHandlers<keyof AuthorResponses> {
  async function metrics(ids: string[], revalidate?: boolean) {
    const r = await catalog.authorMetrics([...new Set(ids)], revalidate);
    return { metrics: r.value, fetchedAt: r.fetchedAt, stale: r.stale };
  }

  return {
    'paper-authors': async ({ arxivId, names, eager = 0, revalidate }) => {
      const r = await catalog.paperAuthors(arxivId, names, revalidate);
      const eagerIds = r.slots.slice(0, eager).flatMap((s) => (s.openalex?.openalexId ? [s.openalex.openalexId] : []));
      const pending: Promise<PaperAuthorsResult['eagerMetrics']> = eagerIds.length
        ? metrics(eagerIds, revalidate).catch((e: unknown) => ({ error: toWireError(e) }))
        : Promise.resolve(null);
      // Semantic Scholar's profile ids are welcome, but never worth delaying the numbers for.
      const s2 = r.laterS2 ? await Promise.race([r.laterS2, pending.then(() => delay(S2_GRACE_MS)).then(() => null)]) : null;
      const slots = s2 ? r.slots.map((slot, i) => ({ ...slot, s2: s2[i] ?? null })) : r.slots;
      return { source: r.source, openalexWorkId: r.openalexWorkId, slots, fetchedAt: r.fetchedAt, stale: r.stale, eagerMetrics: await pending };
    },
    'author-metrics': ({ ids, revalidate }) => metrics(ids, revalidate),
  };
}
