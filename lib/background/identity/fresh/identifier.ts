/**
 * Identifies the authors of papers no catalog has yet (OpenAlex and Semantic Scholar both 404:
 * a paper's first days), many papers at once (docs/identity.md). The orchestration:
 *
 *  1. candidates by name, and the sources' free lookups (candidates.ts);
 *  2. the registered sources of evidence, in order (sources/: shared works with co-authors,
 *     common names in the co-authors' works, ORCID and affiliation printed on the page), each
 *     run when the batch can pay for it;
 *  3. the candidates' profiles (profiles.ts): fetched alongside step 2 when one call holds them
 *     all, else afterwards, only for the profiles a decision reads;
 *  4. the rules (evidence.ts) decide each author from what the sources tell.
 *
 * Here too: papers being identified are shared between requests, decisions are cached per paper
 * for NOT_INDEXED_TTL (the paper's record takes over once a catalog has it), also when credits
 * ran short (a page seen again must not ask again), and what each identification spent is told.
 */
import type { Cache } from '../../cache/cache';
import { CACHE_KEYS } from '../../cache/keys';
import type { Identity } from '../../../catalog/identity';
import type { CandidateProfile, WorksJoining } from '../../catalog/openalex';
import { CatalogError, type AuthorMetrics } from '../../../catalog/types';
import { decideIdentities } from './evidence';
import { displayName, nameKey } from '../../../arxiv/names';
import { EAGER_AUTHORS } from '../../../shared/limits';
import { NOT_INDEXED_TTL } from '../../catalog/not-indexed';
import { PRIORITY, priorityOf, raise, underWay, type Priority, type PriorityBox } from '../../catalog/pacer';
import { MAX_FILTER_IDS } from './plan';
import { createCandidateReader } from './candidates';
import { creditsFor, PAGE_CREDITS, type CreditBudget } from './credits';
import { metricsOf, profileReader, thinProfile } from './profiles';
import { EVIDENCE_SOURCES } from './sources';
import { NOTHING_JOINED } from './sources/shared-works';
import type { Batch, Credits, EvidenceSource, FreshAuthor, FreshPaper, IdentifierClient } from './sources/source';

export { isLargePaper, ONE_CALL_AUTHORS } from './candidates';
export { LISTING_CREDITS, PAGE_CREDITS, type CreditBudget } from './credits';
export type { FreshAuthor, FreshPaper } from './sources/source';

/** The authors a paper is identified by: its first EAGER_AUTHORS names, as the page prints them. */
export const freshAuthors = (names: readonly string[]): FreshAuthor[] =>
  names.slice(0, EAGER_AUTHORS).map((name, index) => ({ index, name: displayName(name) }));

export interface FreshIdentities {
  /** Per paper, one Identity per author given, in the order given. */
  papers: Map<string, Identity[]>;
  /** The figures and last known institutions of every profile an identity names, by A id. */
  profiles: Map<string, AuthorMetrics>;
}

/**
 * What one identification spent: OpenAlex list calls (credits) for its papers, each with the
 * number of authors identified (a page's daily share is charged by them: background/page-allowance.ts).
 */
export interface IdentifySpend {
  papers: { arxivId: string; authors: number }[];
  credits: number;
}

export interface FreshIdentifierOptions {
  openalex: IdentifierClient & {
    /** The same client, its requests at `priority` (pacer.ts). */
    at(priority: Priority): IdentifierClient;
  };
  cache: Cache;
  now?: () => number;
  /** The sources of evidence, in order (sources/index.ts); a test may add its own. */
  sources?: readonly EvidenceSource[];
}

type Resolve = (papers: FreshPaper[], revalidate: boolean, credits: CreditBudget, eager: boolean) => Promise<Map<string, Decision>>;

interface Decision {
  /** What the decision was taken for (names, printed evidence, category). */
  sig: string;
  identities: Identity[];
  profiles: AuthorMetrics[];
}

const decisionKey = CACHE_KEYS.freshDecision;
const flightKey = (p: FreshPaper) => `${p.arxivId}\n${signature(p)}`;

function signature(p: FreshPaper): string {
  return JSON.stringify([p.primaryCategory, p.authors.map((a) => [nameKey(a.name), a.printed ?? null]), p.printed ?? null]);
}

export function createFreshIdentifier({ openalex, cache, now = Date.now, sources = EVIDENCE_SOURCES }: FreshIdentifierOptions) {
  /**
   * Papers being identified, so a second request for one joins the first, raising its priority
   * when it is more urgent (the reader reached a paper being identified ahead of them).
   */
  const inflight = new Map<string, { decision: Promise<Decision>; priority: PriorityBox }>();
  const spendListeners = new Set<(spent: IdentifySpend) => void>();
  const tell = (spent: IdentifySpend) => {
    for (const listener of spendListeners) listener(spent);
  };
  /** The identifications being decided. */
  const deciding = underWay();
  const reader = createCandidateReader({
    openalex, cache, sources,
    deciding: deciding.atLeast,
    onSearches: (papers, credits) => tell({ papers: papers.map((p) => ({ arxivId: p.arxivId, authors: p.authors.length })), credits }),
  });
  const profileStore = profileReader(cache);

  /**
   * Identities for the authors of `papers` (each paper once). `revalidate` (the reader's
   * refresh) asks everything again, bypassing the cache; `priority`: how urgent the papers are
   * (pacer.ts PRIORITY; the papers further down a listing give way to those the reader sees);
   * `eager`: the reader is waiting, so every level of shared works goes at once (sources/shared-works.ts);
   */
  async function identify(
    papers: FreshPaper[],
    { revalidate = false, credits = PAGE_CREDITS, priority = PRIORITY.view, eager = false }: { revalidate?: boolean; credits?: CreditBudget; priority?: Priority; eager?: boolean } = {},
  ): Promise<FreshIdentities> {
    const unique = [...new Map(papers.map((p) => [p.arxivId, p])).values()];
    const pending = new Map<string, Promise<Decision>>();
    const mine: FreshPaper[] = [];
    for (const p of unique) {
      const running = revalidate ? undefined : inflight.get(flightKey(p));
      if (running) {
        raise(running.priority, priorityOf(priority));
        pending.set(p.arxivId, running.decision);
      } else mine.push(p);
    }
    if (mine.length > 0) {
      const box: PriorityBox = typeof priority === 'number' ? { value: priority } : priority;
      const batch = cachedOrResolved(mine, revalidate, credits, eager, runsOn(box));
      for (const p of mine) {
        const key = flightKey(p);
        const one = batch.then((m) => m.get(p.arxivId)!);
        const flight = { decision: one, priority: box };
        inflight.set(key, flight);
        const release = () => {
          if (inflight.get(key) === flight) inflight.delete(key);
        };
        one.then(release, release);
        pending.set(p.arxivId, one);
      }
    }
    const out: FreshIdentities = { papers: new Map(), profiles: new Map() };
    for (const p of unique) add(out, p.arxivId, await pending.get(p.arxivId)!);
    return out;
  }

  /** The papers of `papers` decided already (cached, still good): no request at all. */
  async function decided(papers: FreshPaper[]): Promise<FreshIdentities> {
    const out: FreshIdentities = { papers: new Map(), profiles: new Map() };
    for (const [arxivId, d] of await cachedDecisions(papers)) add(out, arxivId, d);
    return out;
  }

  /**
   * Looks up the candidates of `papers` (step 1: free requests) at `priority`, so that an
   * `identify` of them later finds them in the cache. Resolves when they are in.
   */
  async function prepare(papers: FreshPaper[], priority: Priority): Promise<void> {
    await reader.read(papers, priority, false);
  }

  /** The decisions of `papers` the cache holds, still good and taken for the same page. */
  async function cachedDecisions(papers: FreshPaper[]): Promise<Map<string, Decision>> {
    const hits = await cache.getMany<Decision>(papers.map((p) => decisionKey(p.arxivId)));
    const decided = new Map<string, Decision>();
    for (const p of papers) {
      const hit = hits.get(decisionKey(p.arxivId));
      if (hit && !hit.stale && hit.value.sig === signature(p)) decided.set(p.arxivId, hit.value);
    }
    return decided;
  }

  /** Decisions from the cache where they are still good, the others taken now in one batch. */
  async function cachedOrResolved(papers: FreshPaper[], revalidate: boolean, credits: CreditBudget, eager: boolean, resolve: Resolve): Promise<Map<string, Decision>> {
    const decided = revalidate ? new Map<string, Decision>() : await cachedDecisions(papers);
    const todo = papers.filter((p) => !decided.has(p.arxivId));
    if (todo.length > 0) for (const [id, d] of await resolve(todo, revalidate, credits, eager)) decided.set(id, d);
    return decided;
  }

  /** The steps of one identification, asking OpenAlex at `priority`. */
  function runsOn(priority: PriorityBox): Resolve {
    const client = openalex.at(priority);
    /** The list calls (credits) this identification made: told to `onSpent` listeners once it ends, none included. */
    let calls = 0;
    const counted = () => void calls++;
    async function resolve(papers: FreshPaper[], revalidate: boolean, credits: CreditBudget, eager: boolean): Promise<Map<string, Decision>> {
      // Name searches for papers further down wait for the reader's (name-lookups.ts).
      const done = deciding.start(priority);
      try {
        return await decide(papers, revalidate, credits, eager);
      } finally {
        done();
        // Told even when it made none: a page is charged an estimate until then (background/page-allowance.ts).
        tell({ papers: papers.map((p) => ({ arxivId: p.arxivId, authors: p.authors.length })), credits: calls });
      }
    }

    async function decide(papers: FreshPaper[], revalidate: boolean, credits: CreditBudget, eager: boolean): Promise<Map<string, Decision>> {
      const allowance = (await client.budgetResetAt()) <= now();
      const budget = creditsFor(allowance ? credits(papers) : 0, allowance);
      const profiles = new Map<string, CandidateProfile>();
      const { suggestions, states } = await reader.candidates(papers, priority, revalidate, profiles);

      // Profiles alongside the sources' requests when one list call holds all that are missing.
      const allIds = [...new Set(states.flatMap((s) => s.slots.flatMap((slot) => slot.ids)))];
      const missing = await profileStore.cached(allIds, profiles, revalidate);
      const early = missing.length <= MAX_FILTER_IDS ? profileStore.fetch(missing, profiles, budget, client, counted) : null;
      early?.catch(() => undefined); // awaited below
      const batch: Batch = { papers: states, suggestions, credits: budget, eager, worksJoining: (sets, recentFirst) => joining(sets, recentFirst, budget) };
      for (const source of sources) if (source.gather && affordable(source, batch)) await source.gather(batch);
      await early;
      const needed = states.flatMap((s) => s.slots.flatMap((slot) => slot.plan.linked ?? slot.ids));
      await profileStore.fetch(await profileStore.cached([...new Set(needed)], profiles, revalidate), profiles, budget, client, counted);

      const decisions = new Map<string, Decision>();
      for (const s of states) {
        const identities = decideIdentities({
          field: s.field,
          printed: s.paper.printed,
          works: [...s.works.values()],
          slots: s.slots.map((slot) => ({
            name: slot.author.name,
            printed: slot.author.printed,
            candidates: slot.ids.flatMap((id) => {
              const profile = profiles.get(id);
              if (profile) return [profile];
              const hit = suggestions.get(id);
              return hit ? [thinProfile(hit)] : [];
            }),
          })),
        }, sources);
        const named = [...new Set(identities.flatMap((i) => i.openalexId ?? []))];
        decisions.set(s.paper.arxivId, {
          sig: signature(s.paper),
          identities,
          profiles: named.flatMap((id) => (profiles.has(id) ? [metricsOf(profiles.get(id)!)] : [])),
        });
      }
      await cache.putMany([...decisions].map(([arxivId, value]) => ({ key: decisionKey(arxivId), value, ttlMs: NOT_INDEXED_TTL })));
      return decisions;
    }

    async function joining(sets: string[][], recentFirst: boolean, budget: Credits): Promise<WorksJoining> {
      try {
        calls++;
        return await client.worksJoining(sets, { recentFirst });
      } catch (e) {
        if (!(e instanceof CatalogError && e.kind === 'budget-exhausted')) throw e;
        budget.spent();
        return NOTHING_JOINED;
      }
    }

    return resolve;
  }
  return {
    identify,
    decided,
    prepare,
    /** Calls `listener` with what each identification spent, once it ends; returns the unsubscribe. */
    onSpent(listener: (spent: IdentifySpend) => void): () => void {
      spendListeners.add(listener);
      return () => void spendListeners.delete(listener);
    },
  };
}

export type FreshIdentifier = ReturnType<typeof createFreshIdentifier>;

/**
 * Whether a batch can pay for a source's step 2: one that asks only list calls is left out once
 * the batch's credits are spent (it could ask nothing); free requests go whatever the credits.
 */
function affordable(source: EvidenceSource, batch: Batch): boolean {
  if (batch.credits.left() > 0) return true;
  const cost = source.cost(batch);
  return cost.requests > 0 || cost.credits === 0;
}

/** Adds one paper's decision to `out`. */
function add(out: FreshIdentities, arxivId: string, d: Decision): void {
  out.papers.set(arxivId, d.identities);
  for (const m of d.profiles) if (m.openalexId) out.profiles.set(m.openalexId, m);
}
