/**
 * The author service: researchers' numbers, many at once; the profiles a reader may choose
 * from for an author; and the reader's corrections of who an author is.
 */
import * as v from 'valibot';
import { defineRequests } from '../define-requests';
import type { BackgroundDeps } from '../deps';
import { createCandidates } from '../identity/candidates';
import { withCorrection, NO_PROFILE } from '../identity/identities';
import type { AuthorMetrics } from '../../catalog/types';
import type { Freshness } from '../../shared/protocol/wire';
import { MAX_AUTHOR_IDS, MAX_PAGE_AUTHORS } from '../../shared/limits';
import { nameKey } from '../../arxiv/names';
import { ArxivId, OpenAlexAuthorId, PersonName, Revalidate } from './fields';

const Index = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PAGE_AUTHORS - 1));

export const authorRequests = defineRequests({
  'author-metrics': {
    from: 'pages',
    fields: { ids: v.pipe(v.array(OpenAlexAuthorId), v.minLength(1), v.maxLength(MAX_AUTHOR_IDS)), revalidate: Revalidate },
  },
  /** The profiles of an author's printed name, for "Not this person?". */
  'author-candidates': { from: 'pages', fields: { name: PersonName, known: v.optional(v.pipe(v.array(OpenAlexAuthorId), v.maxLength(20))) } },
  /** The reader's choice for author `index` of a paper: a profile, or none (`openalexId: null`). */
  'author-correct': {
    from: 'pages',
    fields: {
      arxivId: ArxivId,
      index: Index,
      /** The paper's author list (the author's name is `names[index]`). */
      names: v.pipe(v.array(PersonName), v.minLength(1), v.maxLength(MAX_PAGE_AUTHORS)),
      openalexId: v.nullable(OpenAlexAuthorId),
      /** Also for this name on other papers with these co-authors. */
      everywhere: v.boolean(),
      /**
       * The author's position in the paper's author list when the page prints no list of its
       * own (the HTML view: `names` are its persons): the correction is kept there, as on the
       * paper's abs page.
       */
      position: v.optional(Index),
    },
  },
  /**
   * Takes the reader's correction of that author back: `undo` (the card's Undo) puts back what
   * was there before the last change, a day at most; else the correction is removed.
   */
  'author-uncorrect': { from: 'pages', fields: { arxivId: ArxivId, index: Index, undo: v.optional(v.boolean()) } },
  /** The settings page lists the corrections and removes them. */
  'corrections-list': { from: 'extension', fields: {} },
});

export interface MetricsAnswer extends Freshness {
  /** Keyed by the bare OpenAlex id asked for; ids the catalog does not know are absent. */
  metrics: Record<string, AuthorMetrics>;
}

/**
 * Authors' metrics by OpenAlex id, batched. An id OpenAlex merged into another is unknown to its
 * filters: such an id, when a reader's correction names it, is looked up on its own (free; the
 * catalog redirects to the surviving profile) and the correction follows the merge.
 */
export function createAuthorMetrics({ catalog, openalex, corrections }: Pick<BackgroundDeps, 'catalog' | 'openalex' | 'corrections'>) {
  return async function metricsOf(ids: string[], revalidate?: boolean): Promise<MetricsAnswer> {
    const r = await catalog.authorMetrics([...new Set(ids)], revalidate);
    const metrics = { ...r.value };
    const missing = ids.filter((id) => !metrics[id]);
    if (missing.length) {
      const chosen = new Set((await corrections.list()).flatMap((c) => (c.openalexId ? [c.openalexId] : [])));
      await Promise.all(
        missing.filter((id) => chosen.has(id)).map(async (id) => {
          const merged = await openalex.authorById(id).catch(() => null);
          if (!merged?.openalexId) return;
          metrics[id] = merged;
          if (merged.openalexId !== id) await corrections.followMerge(id, merged.openalexId);
        }),
      );
    }
    return { metrics, fetchedAt: r.fetchedAt, stale: r.stale };
  };
}

export function authorService(deps: Pick<BackgroundDeps, 'catalog' | 'openalex' | 'corrections' | 'search'>) {
  const { corrections } = deps;
  const metricsOf = createAuthorMetrics(deps);
  const candidates = createCandidates(deps);
  return authorRequests.answer({
    'author-metrics': ({ ids, revalidate }) => metricsOf(ids, revalidate),
    'author-candidates': async ({ name, known = [] }) => {
      const known_ = known.map((openalexId) => ({ openalexId, name, institution: null, worksCount: null, hIndex: null, citedBy: null, evidence: [] }));
      return { candidates: await candidates.forName(name, known_) };
    },
    'author-correct': async ({ arxivId, index, names, openalexId, everywhere, position }) => {
      const name = names[index] ?? '';
      const key = nameKey(name);
      const coauthors = everywhere ? [...new Set(names.map(nameKey))].filter((k) => k && k !== key) : null;
      const correction = { arxivId, index: position ?? index, name, openalexId, coauthors, at: Date.now() };
      await corrections.save(correction);
      const identity = withCorrection(NO_PROFILE, correction);
      const metrics = openalexId ? ((await metricsOf([openalexId])).metrics[openalexId] ?? null) : null;
      return { identity, metrics };
    },
    'author-uncorrect': async ({ arxivId, index, undo }) => ({ removed: (undo && (await corrections.undo(arxivId, index))) || !!(await corrections.remove(arxivId, index)) }),
    'corrections-list': async () => ({ corrections: await corrections.list() }),
  });
}
