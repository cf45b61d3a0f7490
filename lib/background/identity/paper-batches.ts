/**
 * The authors of many papers at once, for listing and search pages. Every catalog call is
 * batched across papers, and across requests that arrive together (several scroll batches of a
 * page, several tabs); every answer is read from and written to the cache under the keys the abs
 * page uses (CACHE_KEYS), so one warms the other.
 *
 *   the papers' works     OpenAlex /works?filter=doi:…            ≤100 DOIs a call
 *   the rest of them      Semantic Scholar POST /paper/batch       ≤500 ids a call
 *   papers neither has    the fresh-paper identity (fresh-papers.ts)
 *   author metrics        OpenAlex /authors?filter=id:…           ≤100 ids a call, each author once
 *
 * A request names the papers the reader is about to see, answered in full, and the papers after
 * them (`ahead`), which are resolved but not answered: their works are looked up with the others
 * (one DOI call takes 100 whatever their number), the ones OpenAlex lacks go into the same
 * Semantic Scholar batch, and their authors fill the last author call up to 100 ids. So a page
 * read from top to bottom costs about one call per 100 papers plus one per 100 distinct authors.
 */
import type { Cache, CacheEntry } from '../cache/cache';
import { createBatcher, type Batcher } from '../catalog/batcher';
import { asBatch, PRIORITY, type Priority } from '../catalog/pacer';
import { TTL, lookupTtl, pairAuthors, type Catalog, type Fresh, type Lookup } from '../catalog/catalog';
import { CACHE_KEYS } from '../cache/keys';
import type { IdentifyFresh, ListedPaper } from '../catalog/fresh-papers';
import type { OpenAlexClient } from '../catalog/openalex';
import type { SemanticScholarClient } from '../catalog/semantic-scholar';
import { toWireError } from '../errors';
import type { Identity, MatchKind } from '../../catalog/identity';
import { CatalogError, type AuthorMetrics, type Institution, type PaperRecord } from '../../catalog/types';
import type { WireError } from '../../shared/protocol/wire';
import { publishedOf, type Published } from '../../catalog/published';
import { OPENALEX_MAX_OR_VALUES, S2_BATCH_MAX } from '../../shared/limits';
import { delay } from '../../shared/delay';
import { needsS2, paperSource, type CatalogSide, type PaperSource } from './identities';

/** How long a partial call waits for lookups from other requests: well under a frame. */
const WINDOW_MS = 12;
/** Filler candidates checked against the cache at a time (most are found in the first slice). */
const FILLER_SLICE = 200;
/** How long an answer waits for work it need not wait for (new papers' identities, the papers ahead): a moment. */
const GRACE_MS = 15;
/**
 * What each of `pending` gave by GRACE_MS after the start, or (`first`) after the first of them
 * settled; null for the others.
 */
async function settledSoon<T>(pending: Promise<T>[], first = false): Promise<(T | null)[]> {
  const got: (T | null)[] = pending.map(() => null);
  const each = pending.map((p, k) => p.then((value) => void (got[k] = value)));
  if (first && pending.length) await Promise.race(each);
  await Promise.race([Promise.all(each), delay(GRACE_MS)]);
  return got;
}

/** One author of one paper, as a listing badge shows them. */
export type SlotAnswer =
  | {
      state: 'ready';
      match: MatchKind;
      metrics: AuthorMetrics;
      /** Institutions the paper's record gives this author (OpenAlex authorships). */
      institutions: Institution[];
      s2Id: string | null;
      /** A paper no catalog has yet: the evidence, the note and the other profiles of the name. */
      identity?: Identity;
    }
  | { state: 'unmatched'; identity?: Identity }
  /** Only followed researchers were asked for, and this author is none of them. */
  | { state: 'not-followed' }
  | { state: 'error'; error: WireError };

export type PaperAnswer =
  | {
      arxivId: string; source: 'openalex' | 's2' | 'fresh'; slots: SlotAnswer[]; fetchedAt: number; stale: boolean;
      /** The version of record the paper's record names (docs/features.md, Published in): no request of its own. */
      published: Published | null;
    }
  /**
   * No catalog has the paper and its authors are still being identified, or (`unresolved`)
   * OpenAlex lacks it and Semantic Scholar has not said yet whether it has it: asked with papers
   * that have a record, it is answered so, to be asked for again apart from them (authorsOf).
   */
  | { arxivId: string; identifying: true; unresolved?: true }
  | { arxivId: string; error: WireError };

export interface BatchAnswer {
  /** One answer per paper asked for, in that order. */
  papers: PaperAnswer[];
  /**
   * The papers of `ahead` OpenAlex has no record of: among them the ones no catalog has yet,
   * which the page introduces early and many at a time (listing-profiles.ts).
   */
  unindexed: string[];
}

export interface BatchRequest {
  /** The papers the reader is about to see, answered in full, in this order. */
  papers: ListedPaper[];
  /** Papers further down the page, nearest first: resolved and cached, not answered. */
  ahead: string[];
  /**
   * The first of `ahead`, with their authors: those no catalog has are identified now, in one
   * batch with its own credits, so the reader finds them decided (and the calls are fuller).
   */
  upcoming?: ListedPaper[];
  /** When set, only these researchers' metrics are fetched (the reader's quiet listing). */
  followed: ReadonlySet<string> | null;
  /** How urgent `papers` are (pacer.ts PRIORITY; default `view`); the rest goes at `ahead`. */
  priority?: number;
}

type MetricsOutcome = Fresh<AuthorMetrics> | { error: unknown } | null;

type BatchOpenAlex = Pick<OpenAlexClient, 'worksByArxivIds' | 'authorsByIds' | 'budgetResetAt'>;
type BatchS2 = Pick<SemanticScholarClient, 'papersByArxivIds'>;

export interface PaperBatchDeps {
  /** `at`: the same client at a priority (pacer.ts): each call goes at its most urgent caller's. */
  openalex: BatchOpenAlex & { at(priority: Priority): BatchOpenAlex };
  s2: BatchS2 & { at(priority: Priority): BatchS2 };
  cache: Cache;
  /** The singleton lookups that still work while OpenAlex's daily budget is spent. */
  catalog: Pick<Catalog, 'openAlexWork' | 'authorMetrics'>;
  /** Who the authors of papers neither catalog has are (the seam for the identity engine). */
  identifyFresh: IdentifyFresh;
  now?: () => number;
}

const isBudget = (e: unknown) => e instanceof CatalogError && e.kind === 'budget-exhausted';
/** The papers of an OpenAlex side that OpenAlex failed on or lacks: Semantic Scholar is asked. */
const misses = (side: Map<string, CatalogSide>) => [...side].filter(([, one]) => needsS2(one)).map(([id]) => id);
const settle = <T>(p: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> =>
  p.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));

export function createPaperBatches({ openalex, s2, cache, catalog, identifyFresh, now = Date.now }: PaperBatchDeps) {
  const store = (entries: CacheEntry<unknown>[]) => void cache.putMany(entries);

  // Each loader writes what it learnt to the cache at once: calls are shared between requests,
  // so no single request owns the answer.
  const works = createBatcher<string, PaperRecord>({
    max: OPENALEX_MAX_OR_VALUES,
    windowMs: WINDOW_MS,
    load: async (ids, priority) => {
      // Entries with a record never wait behind new papers' lookups (docs/performance.md, Priorities).
      const found = await openalex.at(asBatch(priority)).worksByArxivIds(ids);
      // "Not there" lives as long as the abs page's 404 (catalog.ts, lookupTtl): hours for a paper that may be new.
      store(ids.map((id) => {
        const record = found.get(id);
        const value: Lookup<PaperRecord> = record ? { found: true, value: record } : { found: false };
        return { key: record ? CACHE_KEYS.openAlexWork(id) : CACHE_KEYS.openAlexListed(id), value, ttlMs: lookupTtl(id, now())(value) };
      }));
      return found;
    },
  });
  const s2Papers = createBatcher<string, PaperRecord | null>({
    max: S2_BATCH_MAX,
    windowMs: WINDOW_MS,
    // One request a second: the page's misses asked while a call is out go together in the next.
    maxCalls: 1,
    load: async (ids, priority) => {
      const found = await s2.at(priority).papersByArxivIds(ids);
      store([...found].map(([id, record]) => {
        const value: Lookup<PaperRecord> = record ? { found: true, value: record } : { found: false };
        return { key: CACHE_KEYS.s2Paper(id), value, ttlMs: lookupTtl(id, now())(value) };
      }));
      return found;
    },
  });
  const authors = createBatcher<string, AuthorMetrics>({
    max: OPENALEX_MAX_OR_VALUES,
    windowMs: WINDOW_MS,
    load: async (ids, priority) => {
      const found = await openalex.at(asBatch(priority)).authorsByIds(ids);
      store(found.map((m) => ({ key: CACHE_KEYS.openAlexAuthor(m.openalexId!), value: m, ttlMs: TTL.author })));
      return new Map(found.map((m) => [m.openalexId!, m]));
    },
  });

  const dated = <T>(value: T): Fresh<T> => ({ value, fetchedAt: now(), stale: false });
  const budgetSpent = async () => (await openalex.budgetResetAt()) > now();

  /**
   * Starts a refresh of stale answers, when nothing more urgent waits; the stale ones are used
   * meanwhile and kept if it fails.
   */
  function refresh<V>(batcher: Batcher<string, V>, ids: string[]): void {
    if (ids.length) for (const answer of batcher.get(ids, PRIORITY.background).values()) answer.catch(() => undefined);
  }

  /** Asks `batcher` for `urgent` at `priority`, then (filling the calls) for `rest` at `ahead`. */
  function ask<V>(batcher: Batcher<string, V>, urgent: string[], rest: string[], priority: number) {
    const answers = batcher.get(urgent, priority);
    for (const [id, answer] of batcher.get(rest, PRIORITY.ahead)) if (!answers.has(id)) answers.set(id, answer);
    return answers;
  }

  /**
   * OpenAlex's side of each paper, as it comes: cached answers first, then the DOI list. The
   * papers asked for and the papers ahead are asked in the same moment, so they share calls
   * however long the cache took to answer.
   */
  async function openAlexSides(ids: string[], urgent: ReadonlySet<string>, priority: number): Promise<{ side: Map<string, Promise<CatalogSide>>; asked: string[] }> {
    const keys = ids.flatMap((id) => [CACHE_KEYS.openAlexWork(id), CACHE_KEYS.openAlexListed(id)]);
    const hits = await cache.getMany<Lookup<PaperRecord>>(keys);
    const side = new Map<string, Promise<CatalogSide>>();
    const unknown: string[] = [];
    const stale: string[] = [];
    for (const id of ids) {
      // The singleton's answer, when there is one, is the authoritative one.
      const hit = hits.get(CACHE_KEYS.openAlexWork(id)) ?? hits.get(CACHE_KEYS.openAlexListed(id));
      if (!hit) unknown.push(id);
      else {
        side.set(id, Promise.resolve({ value: hit.value, fetchedAt: hit.fetchedAt, stale: hit.stale }));
        if (hit.stale) stale.push(id);
      }
    }
    const spent = await budgetSpent();
    refresh(works, spent ? [] : stale);
    const asked = spent ? new Map<string, Promise<PaperRecord | undefined>>() : ask(works, unknown.filter((id) => urgent.has(id)), unknown.filter((id) => !urgent.has(id)), priority);
    for (const id of unknown) {
      side.set(id, (async (): Promise<CatalogSide> => {
        const answer = asked.get(id);
        const got = answer ? await settle(answer) : { ok: false as const, error: new CatalogError('budget-exhausted', 'OpenAlex daily budget is spent') };
        if (got.ok) return dated(got.value ? { found: true, value: got.value } : { found: false });
        if (isBudget(got.error) && urgent.has(id)) {
          // Singletons are free: the papers the reader is looking at are still found one by one.
          const one = await settle(catalog.openAlexWork(id));
          return one.ok ? one.value : { error: one.error };
        }
        return { error: got.error };
      })());
    }
    return { side, asked: unknown };
  }

  /**
   * Semantic Scholar's records of the papers OpenAlex did not give: cached answers, then one batch.
   * `whileAsking` hears of the reader's papers S2 is asked about afresh (neither cached nor on
   * their way already), while it is being asked.
   */
  async function s2Side(ids: string[], urgent: ReadonlySet<string>, priority: number, whileAsking: (ids: string[]) => void): Promise<Map<string, CatalogSide>> {
    const hits = await cache.getMany<Lookup<PaperRecord>>(ids.map(CACHE_KEYS.s2Paper));
    const side = new Map<string, CatalogSide>();
    const unknown = ids.filter((id) => {
      const hit = hits.get(CACHE_KEYS.s2Paper(id));
      if (hit) side.set(id, { value: hit.value, fetchedAt: hit.fetchedAt, stale: hit.stale });
      return !hit;
    });
    const afresh = unknown.filter((id) => urgent.has(id) && !s2Papers.has(id));
    if (afresh.length) whileAsking(afresh);
    refresh(s2Papers, ids.filter((id) => hits.get(CACHE_KEYS.s2Paper(id))?.stale));
    const asked = ask(s2Papers, unknown.filter((id) => urgent.has(id)), unknown.filter((id) => !urgent.has(id)), priority);
    await Promise.all(unknown.map(async (id) => {
      const got = await settle(asked.get(id)!);
      side.set(id, got.ok ? dated(got.value ? { found: true, value: got.value } : { found: false }) : { error: got.error });
    }));
    return side;
  }

  /**
   * Semantic Scholar asked about `ids` before OpenAlex has answered which of them it lacks:
   * `named` the papers the call covers, `asking` the reader's among them it is still asking about
   * afresh (cleared once it answered).
   */
  function earlyS2(ids: string[], urgent: ReadonlySet<string>, priority: number) {
    const asking = new Set<string>();
    const side = s2Side(ids, urgent, priority, (afresh) => afresh.forEach((id) => asking.add(id)));
    side.then(() => asking.clear(), () => asking.clear());
    return { named: new Set(ids), asking, side };
  }

  /**
   * Every paper's work. Resolves once OpenAlex has answered for the papers the reader is about to
   * see; Semantic Scholar's answer for those it lacks comes with `fromS2`, and its batch for the
   * papers ahead goes on without them.
   */
  async function resolve(urgent: ListedPaper[], ahead: string[], priority: number) {
    const urgentSet = new Set(urgent.map((p) => p.arxivId));
    // The papers ahead are looked up in the same calls, but the reader's answer waits for them only
    // a moment (when they share its calls): a call of theirs alone goes at `ahead`, behind the
    // lookups of what the reader sees.
    const { side: sides, asked: askedOa } = await openAlexSides([...urgentSet, ...ahead], urgentSet, priority);
    // Papers in view that no catalog was asked about yet (a page's first screen): Semantic Scholar
    // is asked with OpenAlex, not after it (docs/performance.md, Priorities).
    const early = priority >= PRIORITY.view && askedOa.some((id) => urgentSet.has(id)) ? earlyS2(askedOa, urgentSet, priority) : null;
    /** Semantic Scholar's side of `ids`: the early call's answers for those it named, a call for the rest. */
    const s2Of = async (ids: string[], urgentIds: ReadonlySet<string>, at: number, whileAsking: (ids: string[]) => void) => {
      const named = early ? ids.filter((id) => early.named.has(id)) : [];
      const asking = named.filter((id) => early!.asking.has(id));
      if (asking.length) whileAsking(asking);
      const rest = ids.filter((id) => !named.includes(id));
      const [before, now] = await Promise.all([named.length ? early!.side : null, rest.length ? s2Side(rest, urgentIds, at, whileAsking) : null]);
      return new Map([...named.map((id) => [id, before!.get(id)!] as const), ...(now ?? [])]);
    };
    const known = async (ids: string[]) => new Map(await Promise.all(ids.map(async (id) => [id, await sides.get(id)!] as const)));
    const aheadOa = known(ahead);
    const oa = await known([...urgentSet]);
    const aheadKnown = (await settledSoon([aheadOa]))[0] ?? new Map<string, CatalogSide>();
    const toS2 = [...misses(oa), ...misses(aheadKnown)];
    // The reader's papers OpenAlex lacks may be new: their free lookups start while S2 is asked,
    // and those in view are decided meanwhile (a few credits lost on the ones S2 turns out to
    // have; Semantic Scholar's answer takes seconds at its one request a second).
    const prepare = (ids: string[]) => {
      const papers = urgent.filter((p) => ids.includes(p.arxivId));
      if (priority < PRIORITY.view) identifyFresh.prepare?.(papers, priority);
      else for (const decided of identifyFresh(papers, { priority })) decided.catch(() => undefined);
    };
    // One batch for the page's misses, near and ahead alike: its answers are cached for later.
    const s2 = toS2.length ? s2Of(toS2, urgentSet, priority, prepare) : Promise.resolve(new Map<string, never>());
    s2.catch(() => undefined);
    // The misses ahead OpenAlex answered too late for that batch: asked too, at `ahead`, so every
    // miss of a resolved block is asked and cached however soon OpenAlex answered, and reading the
    // page again asks for nothing more.
    void aheadOa.then((side) => {
      const late = misses(side).filter((id) => !toS2.includes(id));
      return late.length ? s2Of(late, new Set(), PRIORITY.ahead, () => undefined) : null;
    }).catch(() => undefined);
    const found = (id: string) => {
      const side = aheadKnown.get(id);
      return side && !('error' in side) ? side.value : null;
    };
    return {
      /** Each paper's source as OpenAlex gave it; null for those it lacks, whose source `fromS2` tells. */
      fromOpenAlex: (id: string): PaperSource | null => (needsS2(oa.get(id)!) ? null : paperSource(oa.get(id)!)),
      /** The source of each paper OpenAlex lacks, once Semantic Scholar has answered. */
      fromS2: () => s2.then((answers) => (id: string) => paperSource(oa.get(id)!, answers.get(id))),
      /** Which of the papers ahead neither catalog has, once both have answered. */
      freshAhead: async (ids: string[]) => {
        const side = await aheadOa;
        const asked = misses(side).filter((id) => ids.includes(id));
        const answers = await s2Of(asked, new Set(), PRIORITY.ahead, () => undefined);
        return new Set(asked.filter((id) => paperSource(side.get(id)!, answers.get(id)).kind === 'fresh'));
      },
      /** The papers ahead OpenAlex has answered it lacks, by now. */
      unindexed: ahead.filter((id) => found(id)?.found === false),
      /** OpenAlex records of the papers ahead known by now, nearest first: their authors fill author calls. */
      aheadRecords: ahead.flatMap((id) => {
        const lookup = found(id);
        return lookup?.found ? [lookup.value] : [];
      }),
    };
  }

  /** Author ids from the papers ahead, nearest first, to fill a call; each taken once. */
  function fillerPool(records: PaperRecord[], followed: ReadonlySet<string> | null) {
    const queue = [...new Set(records.flatMap((r) => r.authors.flatMap((a) => a.openalexId ?? [])))].filter((id) => !followed || followed.has(id));
    let at = 0;
    return {
      /** Up to `n` ids not cached, not already being fetched, not in `exclude`. */
      async take(n: number, exclude: ReadonlySet<string>): Promise<string[]> {
        const out: string[] = [];
        while (out.length < n && at < queue.length) {
          const slice = queue.slice(at, at + FILLER_SLICE).filter((id) => !exclude.has(id) && !authors.has(id));
          at += FILLER_SLICE;
          const hits = await cache.getMany(slice.map(CACHE_KEYS.openAlexAuthor));
          for (const id of slice) if (out.length < n && !hits.has(CACHE_KEYS.openAlexAuthor(id))) out.push(id);
        }
        return out;
      },
    };
  }

  /** Metrics of `ids` (cached, else fetched with filler up to whole calls). */
  async function metricsOf(ids: string[], filler: ReturnType<typeof fillerPool>, priority: number): Promise<Map<string, MetricsOutcome>> {
    const unique = [...new Set(ids)];
    const hits = await cache.getMany<AuthorMetrics>(unique.map(CACHE_KEYS.openAlexAuthor));
    const out = new Map<string, MetricsOutcome>();
    const missing: string[] = [];
    for (const id of unique) {
      const hit = hits.get(CACHE_KEYS.openAlexAuthor(id));
      if (hit) out.set(id, { value: hit.value, fetchedAt: hit.fetchedAt, stale: hit.stale });
      else missing.push(id);
    }
    const spent = await budgetSpent();
    refresh(authors, spent ? [] : unique.filter((id) => hits.get(CACHE_KEYS.openAlexAuthor(id))?.stale));
    if (!missing.length) return out;
    if (!spent) {
      const room = (OPENALEX_MAX_OR_VALUES - (missing.length % OPENALEX_MAX_OR_VALUES)) % OPENALEX_MAX_OR_VALUES;
      const extra = await filler.take(room, new Set(missing));
      const asked = ask(authors, missing, extra, priority);
      for (const answer of asked.values()) answer.catch(() => undefined);
      await Promise.all(missing.map(async (id) => {
        const got = await settle(asked.get(id)!);
        // A call that found the budget spent leaves its authors to the singletons below.
        if (!got.ok && isBudget(got.error)) return;
        out.set(id, got.ok ? (got.value ? dated(got.value) : null) : { error: got.error });
      }));
    }
    const single = missing.filter((id) => !out.has(id));
    if (!single.length) return out;
    // The free singletons, one per author: only for the authors the reader is looking at.
    const got = await settle(catalog.authorMetrics(single));
    for (const id of single) {
      const m = got.ok ? got.value.value[id] : undefined;
      out.set(id, !got.ok ? { error: got.error } : m ? { value: m, fetchedAt: got.value.fetchedAt, stale: got.value.stale } : null);
    }
    return out;
  }

  function ready(match: MatchKind, m: Fresh<AuthorMetrics>, institutions: Institution[], s2Id: string | null): SlotAnswer {
    return { state: 'ready', match, metrics: m.value, institutions, s2Id };
  }

  /** One slot from a record's (or the evidence's) OpenAlex id and the metrics fetched. */
  function slotFor(id: string | null, match: MatchKind, metrics: Map<string, MetricsOutcome>, followed: ReadonlySet<string> | null, institutions: Institution[] = []): SlotAnswer {
    if (!id) return { state: 'unmatched' };
    if (followed && !followed.has(id)) return { state: 'not-followed' };
    const m = metrics.get(id);
    if (!m) return { state: 'unmatched' };
    if ('error' in m) return { state: 'error', error: toWireError(m.error) };
    return ready(match, m, institutions, null);
  }

  /** Starts identifying the upcoming papers no catalog has; their decisions are cached. */
  function identifyAhead(upcoming: ListedPaper[], freshAhead: (ids: string[]) => Promise<Set<string>>): void {
    if (!upcoming.length) return;
    void freshAhead(upcoming.map((p) => p.arxivId))
      .then((fresh) => {
        const todo = upcoming.filter((p) => fresh.has(p.arxivId));
        // Asked again, and reported, when the reader gets there.
        for (const decided of todo.length ? identifyFresh(todo, { priority: PRIORITY.ahead }) : []) decided.catch(() => undefined);
      })
      .catch(() => undefined);
  }

  /** The answer for `papers`, resolving `ahead` along the way. */
  async function authorsOf({ papers, ahead, upcoming = [], followed, priority = PRIORITY.view }: BatchRequest): Promise<BatchAnswer> {
    const urgent = [...new Set(papers.map((p) => p.arxivId))];
    const { fromOpenAlex, fromS2, aheadRecords, freshAhead, unindexed } = await resolve([...new Map(papers.map((p) => [p.arxivId, p])).values()], [...new Set(ahead)].filter((id) => !urgent.includes(id)), priority);
    const filler = fillerPool(aheadRecords, followed);
    const wanted = (id: string | null | undefined): id is string => !!id && (!followed || followed.has(id));

    // Records first: their authors' metrics go out at once. The papers OpenAlex lacks wait for
    // Semantic Scholar (one request a second, the whole page's misses in its queue); once it has
    // answered, those it lacks too are identified while the metrics come.
    const lacking = papers.filter((p) => !fromOpenAlex(p.arxivId));
    const recordIds = papers.flatMap((p) => {
      const o = fromOpenAlex(p.arxivId);
      return o?.kind === 'openalex' ? pairAuthors(p.names, o.record.authors).map((a) => a?.openalexId).filter(wanted) : [];
    });
    const lacked = lacking.length ? fromS2().then((sourceOf) => {
      const fresh = lacking.filter((p) => sourceOf(p.arxivId).kind === 'fresh');
      return { sourceOf, fresh, identifying: fresh.length ? identifyFresh(fresh, { priority }).map(settle) : [] };
    }) : null;
    lacked?.catch(() => undefined);
    const recordMetrics = await metricsOf(recordIds, filler, priority);
    // A paper with a record never waits for Semantic Scholar's answer about the others, nor for
    // papers identified from evidence (seconds of lookups under the catalogs' caps), nor does a
    // new paper wait for another: the papers not known or not decided by then are answered
    // `identifying`, and a request of those only once one is (docs/identity.md, Listings under
    // the catalogs' limits). The tab's allowance keeps charging those still deciding
    // (background/page-allowance.ts).
    const missed = !lacked ? null : lacking.length === papers.length ? await lacked : (await settledSoon([lacked]))[0];
    const fresh = missed?.fresh ?? [];
    const settled = await settledSoon(missed?.identifying ?? [], fresh.length === papers.length);
    const decision = new Map(fresh.map((p, k) => [p.arxivId, settled[k] ?? null]));
    const identifiedIds = settled.flatMap((one) => (one?.ok ? one.value.map((i) => i.openalexId).filter(wanted) : []));
    const freshMetrics = identifiedIds.length ? await metricsOf(identifiedIds, filler, priority) : new Map<string, MetricsOutcome>();
    // Only now: the papers in view must not queue behind the upcoming ones' lookups.
    identifyAhead(upcoming.filter((p) => !urgent.includes(p.arxivId)), freshAhead);

    const answers = papers.map((paper): PaperAnswer => {
      const { arxivId } = paper;
      const o = fromOpenAlex(arxivId) ?? missed?.sourceOf(arxivId);
      if (!o) return { arxivId, identifying: true, unresolved: true };
      if (o.kind === 'error') return { arxivId, error: toWireError(o.error) };
      let slots: SlotAnswer[];
      let metrics: Map<string, MetricsOutcome> = recordMetrics;
      if (o.kind === 'openalex') {
        slots = pairAuthors(paper.names, o.record.authors).map((a) => slotFor(a?.openalexId ?? null, 'record', recordMetrics, followed, a?.institutions));
      } else if (o.kind === 's2') {
        // Semantic Scholar carries each author's numbers in the paper record; its ids are no follows.
        slots = pairAuthors(paper.names, o.record.authors).map((a) => {
          if (!a?.metrics) return { state: 'unmatched' };
          return followed ? { state: 'not-followed' } : ready('record', { value: a.metrics, fetchedAt: o.fetchedAt, stale: o.stale }, [], a.s2Id);
        });
      } else {
        const decided = decision.get(arxivId);
        if (!decided) return { arxivId, identifying: true };
        if (!decided.ok) return { arxivId, error: toWireError(decided.error) };
        metrics = freshMetrics;
        // With its identity, so the card shows what the badge rests on (docs/identity.md).
        slots = paper.names.map((_, i): SlotAnswer => {
          const identity = decided.value[i];
          if (!identity) return { state: 'unmatched' };
          const slot = identity.match ? slotFor(identity.openalexId, identity.match, freshMetrics, followed) : { state: 'unmatched' as const };
          return slot.state === 'ready' || slot.state === 'unmatched' ? { ...slot, identity } : slot;
        });
      }
      let fetchedAt = o.fetchedAt;
      let stale = o.stale;
      for (const slot of slots) {
        const m = slot.state === 'ready' && slot.metrics.openalexId ? metrics.get(slot.metrics.openalexId) : null;
        if (m && !('error' in m)) {
          fetchedAt = Math.min(fetchedAt, m.fetchedAt);
          stale ||= m.stale;
        }
      }
      return { arxivId, source: o.kind, slots, fetchedAt, stale, published: 'record' in o ? publishedOf(o.record) : null };
    });
    return { papers: answers, unindexed };
  }

  return {
    authorsOf,
    /** Papers the reader scrolled far past: their identification waits for the work ahead. */
    passed(ids: string[]): void {
      identifyFresh.lower?.(ids, PRIORITY.passed);
    },
  };
}

export type PaperBatches = ReturnType<typeof createPaperBatches>;
