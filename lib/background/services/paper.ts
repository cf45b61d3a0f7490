/**
 * The paper service: who wrote a paper (its author slots) and its panels (citations,
 * institutions, related papers). Each panel loads, and fails, on its own.
 */
import * as v from 'valibot';
import type { Fresh } from '../catalog/catalog';
import { createPaperPanels } from '../catalog/paper-panels';
import { defineRequests } from '../define-requests';
import type { BackgroundDeps } from '../deps';
import { toWireError } from '../errors';
import type { Freshness, WireError } from '../../shared/protocol/wire';
import { ArxivId, PersonName, PrintedEvidence, Revalidate } from './fields';
import { authorMetrics, type MetricsAnswer } from './author';
import { MAX_PAGE_AUTHORS, MAX_TITLE_CHARS } from '../../shared/limits';

/** The page's own title: text only (never fetched or rendered from here), bounded. */
const PaperTitle = v.pipe(v.string(), v.maxLength(MAX_TITLE_CHARS));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PAGE_AUTHORS));

export const paperRequests = defineRequests({
  'paper-authors': {
    from: 'pages',
    fields: {
      arxivId: ArxivId,
      /** The page's author list in order, citation form ("Cao, Ray") where the page has it. */
      names: v.pipe(v.array(PersonName), v.minLength(1), v.maxLength(MAX_PAGE_AUTHORS)),
      /** Also return the OpenAlex metrics of the first `eager` authors (one round trip per page). */
      eager: v.optional(Count),
      /**
       * The page prints no author list of its own (the HTML view): its names' positions in the
       * paper's list (`slots[i].position`) must come from the fullest record.
       */
      fullList: v.optional(v.boolean()),
      /**
       * What the page prints beside the names (affiliations, e-mail domains, ORCIDs), aligned
       * with `names`: evidence for the fresh-paper identity engine (docs/identity.md) when no
       * catalog has the paper yet. A paper with a record is identified by that record alone.
       */
      printed: v.optional(PrintedEvidence),
      revalidate: Revalidate,
    },
  },
  'paper-citations': { from: 'pages', fields: { arxivId: ArxivId, revalidate: Revalidate } },
  'paper-institutions': { from: 'pages', fields: { arxivId: ArxivId, revalidate: Revalidate } },
  'related-papers': {
    from: 'pages',
    fields: {
      arxivId: ArxivId,
      /** Lets the background recognise the paper itself among its recommendations. */
      title: v.optional(PaperTitle),
      revalidate: Revalidate,
    },
  },
});

/** How long a finished answer may wait for Semantic Scholar's pairing of the same authors. */
const S2_GRACE_MS = 15;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const flat = <T extends object>({ value, fetchedAt, stale }: Fresh<T>): T & Freshness => ({ ...value, fetchedAt, stale });

export function paperService(deps: BackgroundDeps) {
  const { catalog } = deps;
  const panels = createPaperPanels(deps);
  return paperRequests.answer({
    'paper-authors': async ({ arxivId, names, eager = 0, fullList = false, revalidate }) => {
      const r = await catalog.paperAuthors(arxivId, names, revalidate, fullList);
      const eagerIds = r.slots.slice(0, eager).flatMap((s) => (s.openalex?.openalexId ? [s.openalex.openalexId] : []));
      const pending: Promise<MetricsAnswer | { error: WireError } | null> = eagerIds.length
        ? authorMetrics(catalog, eagerIds, revalidate).catch((e: unknown) => ({ error: toWireError(e) }))
        : Promise.resolve(null);
      // Semantic Scholar's profile ids are welcome, but never worth delaying the numbers for.
      const s2 = r.laterS2 ? await Promise.race([r.laterS2, pending.then(() => delay(S2_GRACE_MS)).then(() => null)]) : null;
      // `position`: where the name is in the paper's author list, for pages that print none.
      const slots = r.slots.map((slot, i) => ({ ...slot, s2: s2 ? (s2[i] ?? null) : slot.s2, position: r.positions[i] ?? null }));
      return { source: r.source, openalexWorkId: r.openalexWorkId, slots, fetchedAt: r.fetchedAt, stale: r.stale, eagerMetrics: await pending };
    },
    'paper-citations': async ({ arxivId, revalidate }) => flat(await panels.citations(arxivId, revalidate)),
    'paper-institutions': async ({ arxivId, revalidate }) => flat(await panels.institutions(arxivId, revalidate)),
    'related-papers': async ({ arxivId, title, revalidate }) => flat(await panels.related(arxivId, title ?? null, revalidate)),
  });
}
