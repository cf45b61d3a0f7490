/**
 * The paper service: who wrote a paper (one identity per author slot) and its panels
 * (citations, institutions, related papers). Each panel loads, and fails, on its own.
 */
import * as v from 'valibot';
import type { Fresh } from '../catalog/catalog';
import { createPaperPanels } from '../catalog/paper-panels';
import { PRIORITY } from '../catalog/pacer';
import { defineRequests } from '../define-requests';
import type { BackgroundDeps } from '../deps';
import { toWireError } from '../errors';
import { slotIdentities } from '../identity/identities';
import { correctListing } from '../identity/listing-corrections';
import { freshAuthors } from '../identity/fresh/identifier';
import type { Freshness, WireError } from '../../shared/protocol/wire';
import { MAX_BATCH_PAPERS, MAX_ENTRY_AUTHORS, MAX_PAGE_AUTHORS, MAX_TITLE_CHARS } from '../../shared/limits';
import { ArxivId, Category, PaperPrinted, PersonName, Printed, Revalidate } from './fields';
import { createAuthorMetrics, type MetricsAnswer } from './author';
import { delay } from '../../shared/delay';

/** The page's own title: text only (never fetched or rendered from here), bounded. */
const PaperTitle = v.pipe(v.string(), v.maxLength(MAX_TITLE_CHARS));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PAGE_AUTHORS));
/** The page's author list in order, citation form ("Cao, Ray") where the page has it. */
const Names = v.pipe(v.array(PersonName), v.minLength(1), v.maxLength(MAX_PAGE_AUTHORS));
/** A listing or search entry. */
const ListedEntry = v.strictObject({
  arxivId: ArxivId,
  /** The entry's author list in page order, as printed. */
  names: v.pipe(v.array(PersonName), v.maxLength(MAX_ENTRY_AUTHORS)),
  category: v.nullable(Category),
});

export const paperRequests = defineRequests({
  'paper-authors': {
    from: 'pages',
    fields: {
      arxivId: ArxivId,
      names: Names,
      /** Also return the OpenAlex metrics of the first `eager` authors (one round trip per page). */
      eager: v.optional(Count),
      /**
       * The page prints no author list of its own (the HTML view): its names' positions in the
       * paper's list (`slots[i].position`) must come from the fullest record.
       */
      fullList: v.optional(v.boolean()),
      revalidate: Revalidate,
    },
  },
  /**
   * Who the authors of a paper no catalog has yet are, from evidence (docs/identity.md): the
   * first `EAGER_AUTHORS` of them, with the numbers of every profile named.
   */
  'paper-identify': {
    from: 'pages',
    fields: {
      arxivId: ArxivId,
      names: Names,
      /** The paper's arXiv primary category: its field. */
      category: v.nullable(Category),
      /** Evidence the page prints per author (same order as `names`; null where none). */
      printed: v.optional(v.pipe(v.array(v.nullable(Printed)), v.maxLength(MAX_PAGE_AUTHORS))),
      paperPrinted: v.optional(PaperPrinted),
      revalidate: Revalidate,
    },
  },
  /** Semantic Scholar's own authors of the paper (with their figures), paired with the page's names. */
  'paper-s2-authors': { from: 'pages', fields: { arxivId: ArxivId, names: Names } },
  /**
   * Listing and search pages: the authors of the entries the reader is about to see, resolved
   * in batches with the entries after them (identity/paper-batches.ts).
   */
  'papers-authors': {
    from: 'pages',
    fields: {
      papers: v.pipe(
        v.array(ListedEntry),
        v.minLength(1),
        v.maxLength(MAX_BATCH_PAPERS),
      ),
      /** The entries after them, nearest first: resolved now, asked for when the reader nears them. */
      ahead: v.pipe(v.array(ArxivId), v.maxLength(MAX_BATCH_PAPERS)),
      /** The first of them (and new papers further down), with their authors: papers no catalog has are identified ahead. */
      upcoming: v.pipe(v.array(ListedEntry), v.maxLength(MAX_BATCH_PAPERS)),
      /** The reader's quiet listing: only followed researchers' figures. */
      onlyFollowed: v.boolean(),
      /** Whether `papers` are in the viewport, or near it (the next screen): how urgent they are. */
      inView: v.optional(v.boolean()),
      /** Whether they are the page's first screen (in view before the reader scrolled): the most urgent of all. */
      firstScreen: v.optional(v.boolean()),
    },
  },
  /**
   * A listing's entries the reader has scrolled far past while their answers were still on the
   * way: their lookups give way to the work ahead of the reader (docs/performance.md, Priorities).
   */
  'papers-passed': { from: 'pages', fields: { ids: v.pipe(v.array(ArxivId), v.maxLength(MAX_BATCH_PAPERS)) } },
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
/** A reader's "Refresh" of one paper goes to the catalogs at most this often. */
export const REFRESH_INTERVAL_MS = 60_000;
const flat = <T extends object>({ value, fetchedAt, stale }: Fresh<T>): T & Freshness => ({ ...value, fetchedAt, stale });

export function paperService(deps: BackgroundDeps, now = Date.now) {
  const { catalog, corrections, paperAuthors, paperBatches, follows, fresh, sameDay } = deps;
  const panels = createPaperPanels(deps);
  const metricsOf = createAuthorMetrics(deps);
  const refreshedAt = new Map<string, number>();
  /** Never delays an answer: what is learned is learned after it. */
  const noteSightings = (pairs: { authorId: string; category: string | null }[]) => {
    const known = pairs.flatMap((p) => (p.category ? [{ authorId: p.authorId, category: p.category }] : []));
    if (known.length) sameDay.noteSightings(known).catch((e: unknown) => console.warn('Weft: could not note where followed researchers post', e));
  };

  /** Whether a cache-bypassing read of this paper may go to the catalogs now. */
  function mayRefresh(arxivId: string, revalidate: boolean | undefined): boolean {
    if (!revalidate) return false;
    const last = refreshedAt.get(arxivId) ?? -Infinity;
    if (now() - last < REFRESH_INTERVAL_MS) return false;
    refreshedAt.set(arxivId, now());
    return true;
  }

  return paperRequests.answer({
    'paper-authors': async ({ arxivId, names, eager = 0, fullList = false, revalidate }) => {
      const refresh = mayRefresh(arxivId, revalidate);
      // OpenAlex has no record: the free lookups of the page's `paper-identify` start now.
      const prepare = () => void fresh.prepare([{ arxivId, primaryCategory: null, authors: freshAuthors(names) }], PRIORITY.view).catch(() => undefined);
      const r = await paperAuthors(arxivId, names, { revalidate: refresh, fullList, onNoOpenAlexRecord: prepare });
      // No record yet (a paper's first days): nobody is identified by a record; `paper-identify` asks the evidence.
      const identities = slotIdentities(arxivId, names, r.source ? { record: r.slots } : null, await corrections.list(), { positions: fullList && r.source ? r.positions : null });
      const eagerIds = identities.slice(0, eager).flatMap((id) => (id.openalexId ? [id.openalexId] : []));
      const pending: Promise<MetricsAnswer | { error: WireError } | null> = eagerIds.length
        ? metricsOf(eagerIds, refresh).catch((e: unknown) => ({ error: toWireError(e) }))
        : Promise.resolve(null);
      // Semantic Scholar's profile ids are welcome, but never worth delaying the numbers for.
      const s2 = r.laterS2 ? await Promise.race([r.laterS2, pending.then(() => delay(S2_GRACE_MS)).then(() => null)]) : null;
      // `position`: where the name is in the paper's author list, for pages that print none.
      const slots = r.slots.map((slot, i) => ({
        ...slot,
        s2: s2 ? (s2[i] ?? null) : slot.s2,
        identity: identities[i]!,
        position: r.positions[i] ?? null,
      }));
      return {
        source: r.source,
        openalexWorkId: r.openalexWorkId,
        slots,
        /** False when Semantic Scholar's pairing did not arrive in time: ask `paper-s2-authors`. */
        s2Paired: !r.laterS2 || !!s2,
        fetchedAt: r.fetchedAt,
        stale: r.stale,
        eagerMetrics: await pending,
      };
    },
    'paper-identify': async ({ arxivId, names, category, printed, paperPrinted, revalidate }) => {
      const authors = freshAuthors(names).map((a) => {
        const own = printed?.[a.index];
        return own ? { ...a, printed: own } : a;
      });
      // The reader is looking at the page: every level of shared works at once.
      const found = await fresh.identify(
        [{ arxivId, primaryCategory: category, authors, ...(paperPrinted ? { printed: { affiliations: paperPrinted.affiliations } } : {}) }],
        { revalidate: mayRefresh(`${arxivId}#identify`, revalidate), eager: true },
      );
      const evidence = found.papers.get(arxivId) ?? [];
      noteSightings(evidence.flatMap((id) => (id.match === 'inferred' && id.openalexId ? [{ authorId: id.openalexId, category }] : [])));
      const identities = slotIdentities(arxivId, names, { evidence }, await corrections.list());
      const wanted = identities.flatMap((id) => (id.openalexId && !found.profiles.has(id.openalexId) ? [id.openalexId] : []));
      const chosen = wanted.length ? (await metricsOf(wanted)).metrics : {};
      const metrics = { ...Object.fromEntries(found.profiles), ...chosen };
      return { identities, metrics, fetchedAt: now() };
    },
    'paper-s2-authors': async ({ arxivId, names }) => {
      const r = await catalog.s2Authors(arxivId, names);
      return { s2: r.value, fetchedAt: r.fetchedAt, stale: r.stale };
    },
    'papers-passed': async ({ ids }) => {
      paperBatches.passed(ids);
      return null;
    },
    'papers-authors': async ({ papers, ahead, upcoming, onlyFollowed, inView = true, firstScreen = false }) => {
      const followed = onlyFollowed ? new Set(await follows.followedIds()) : null;
      const priority = firstScreen ? PRIORITY.first : inView ? PRIORITY.view : PRIORITY.near;
      const batch = await paperBatches.authorsOf({ papers, ahead, upcoming, followed, priority });
      // The reader's corrections, as on the abs page; read after the batch, so one saved meanwhile counts.
      const answer = await correctListing(batch, papers.map((p) => p.names), await corrections.list(), followed, metricsOf);
      // Where the people a record, evidence or the reader names post: same-day alerts learn followed researchers' categories.
      noteSightings(answer.papers.flatMap((p, k) => ('slots' in p ? p.slots.flatMap((slot) => (slot.state === 'ready' && slot.match !== 'guess' && slot.metrics.openalexId ? [{ authorId: slot.metrics.openalexId, category: papers[k]!.category }] : [])) : [])));
      return answer;
    },
    'paper-citations': async ({ arxivId, revalidate }) => flat(await panels.citations(arxivId, mayRefresh(`${arxivId}#citations`, revalidate))),
    'paper-institutions': async ({ arxivId, revalidate }) => flat(await panels.institutions(arxivId, revalidate)),
    'related-papers': async ({ arxivId, title, revalidate }) => flat(await panels.related(arxivId, title ?? null, revalidate)),
  });
}
