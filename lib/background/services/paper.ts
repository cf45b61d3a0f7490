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
import { ArxivId, Category, PersonName, Revalidate } from './fields';
import { authorMetrics, type MetricsAnswer } from './author';
import { MAX_BATCH_PAPERS, MAX_ENTRY_AUTHORS, MAX_PAGE_AUTHORS, MAX_TITLE_CHARS } from '../../shared/limits';

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
      revalidate: Revalidate,
    },
  },
  /**
   * Listing and search pages: the authors of the entries the reader is about to see, resolved
   * in batches with the entries after them (catalog/paper-batches.ts).
   */
  'papers-authors': {
    from: 'pages',
    fields: {
      papers: v.pipe(
        v.array(v.strictObject({
          arxivId: ArxivId,
          /** The entry's author list in page order, as printed. */
          names: v.pipe(v.array(PersonName), v.maxLength(MAX_ENTRY_AUTHORS)),
          category: v.nullable(Category),
        })),
        v.minLength(1),
        v.maxLength(MAX_BATCH_PAPERS),
      ),
      /** The entries after them, nearest first: resolved now, asked for when the reader nears them. */
      ahead: v.pipe(v.array(ArxivId), v.maxLength(MAX_BATCH_PAPERS)),
      /** The reader's quiet listing: only followed researchers' figures. */
      onlyFollowed: v.boolean(),
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
  const { catalog, paperBatches, follows } = deps;
  const panels = createPaperPanels(deps);
  return paperRequests.answer({
    'paper-authors': async ({ arxivId, names, eager = 0, revalidate }) => {
      const r = await catalog.paperAuthors(arxivId, names, revalidate);
      const eagerIds = r.slots.slice(0, eager).flatMap((s) => (s.openalex?.openalexId ? [s.openalex.openalexId] : []));
      const pending: Promise<MetricsAnswer | { error: WireError } | null> = eagerIds.length
        ? authorMetrics(catalog, eagerIds, revalidate).catch((e: unknown) => ({ error: toWireError(e) }))
        : Promise.resolve(null);
      // Semantic Scholar's profile ids are welcome, but never worth delaying the numbers for.
      const s2 = r.laterS2 ? await Promise.race([r.laterS2, pending.then(() => delay(S2_GRACE_MS)).then(() => null)]) : null;
      const slots = s2 ? r.slots.map((slot, i) => ({ ...slot, s2: s2[i] ?? null })) : r.slots;
      return { source: r.source, openalexWorkId: r.openalexWorkId, slots, fetchedAt: r.fetchedAt, stale: r.stale, eagerMetrics: await pending };
    },
    'papers-authors': async ({ papers, ahead, onlyFollowed }) => {
      const followed = onlyFollowed ? new Set(await follows.followedIds()) : null;
      return { papers: await paperBatches.authorsOf({ papers, ahead, followed }) };
    },
    'paper-citations': async ({ arxivId, revalidate }) => flat(await panels.citations(arxivId, revalidate)),
    'paper-institutions': async ({ arxivId, revalidate }) => flat(await panels.institutions(arxivId, revalidate)),
    'related-papers': async ({ arxivId, title, revalidate }) => flat(await panels.related(arxivId, title ?? null, revalidate)),
  });
}
