/**
 * Identifies the authors of papers no catalog has yet (OpenAlex and Semantic Scholar both 404:
 * a paper's first days), many papers at once (docs/identity.md):
 *
 *  1. candidates by name: one free OpenAlex autocomplete per distinct name, kept when the
 *     profile's name fits the printed one (name-match.ts); a printed ORCID adds its profile;
 *  2. shared earlier works: list calls that join the candidates of different authors
 *     (plan.ts), several papers per call; after the first level, the authors still without
 *     evidence are scanned in one call when they fit one filter;
 *  3. the candidates' profiles (topics, institutions, figures): one list call per 100 ids
 *     while credits last, free singletons beyond; fetched alongside step 2 when one call holds
 *     them all, else afterwards, only for the profiles a decision reads;
 *  4. the evidence rules (evidence.ts) decide each author.
 *
 * Cached: autocomplete answers and profiles for the author TTL, decisions per paper for
 * NOT_INDEXED_TTL (the paper's record takes over once a catalog has it), also when credits ran
 * short: a page seen again must not ask again.
 */
import type { PrintedEvidence } from '../../../arxiv/page-model';
import type { Cache } from '../../cache/cache';
import { CACHE_KEYS } from '../../cache/keys';
import { TTL } from '../../catalog/catalog';
import type { Identity } from '../../../catalog/identity';
import { NAME_SEARCH_CREDITS, WORKS_PAGE_SIZE, type AuthorSuggestion, type CandidateProfile, type OpenAlexClient, type WorkAuthors, type WorksJoining } from '../../catalog/openalex';
import { CatalogError, type AuthorMetrics } from '../../../catalog/types';
import { coauthorLinks, decideIdentities } from './evidence';
import { fieldOfCategory, type Field } from '../../../catalog/fields';
import { displayName, nameKey, nameTokens } from '../../../arxiv/names';
import { EAGER_AUTHORS } from '../../../shared/limits';
import { nameMatcher } from './name-match';
import { NOT_INDEXED_TTL } from '../../catalog/not-indexed';
import { PRIORITY, priorityOf, raise, sharedPriority, type Priority, type PriorityBox } from '../../catalog/pacer';
import { addRiders, chunk, levelsFor, MAX_FILTER_IDS, openAt, packCalls, sidesAt, type PlanSlot } from './plan';

/**
 * A paper with at most this many authors keeps at most 100 candidates in all, so that one list
 * call holds their profiles (a page's own paper: n autocompletes and three list calls).
 */
export const ONE_CALL_AUTHORS = 25;
/** A paper too large for one profile call (a collaboration): its names are searched together, and it is decided on its own (pipeline.ts). */
export const isLargePaper = (paper: FreshPaper) => paper.authors.length > ONE_CALL_AUTHORS;
/**
 * Names one name search asks for: their profiles (about two a name) must fit its one page of 200
 * (docs/identity.md, Candidates).
 */
const NAMES_PER_SEARCH = 40;
/** Profiles of one name an autocomplete gives, at most. */
const NAMESAKES_PER_NAME = 10;
/** Shared-works calls asked at once for the papers the reader is looking at, at most. */
const EAGER_MAX_CALLS = 4;
/**
 * Profiles fetched with a list call even past a batch's credits, from this many on: fewer go as
 * free singletons, one request each.
 */
const LIST_OVER_SINGLETONS = 3;
/** Left out of a scan: so many works would crowd everyone else out of its one page. */
const SCAN_MAX_WORKS = 500;
const NOTHING_JOINED: WorksJoining = { works: [], complete: true };

export interface FreshAuthor {
  /** The author's position in the paper's author list (kept for the caller; order is what counts). */
  index: number;
  name: string;
  printed?: PrintedEvidence;
}

/** The authors a paper is identified by: its first EAGER_AUTHORS names, as the page prints them. */
export const freshAuthors = (names: readonly string[]): FreshAuthor[] =>
  names.slice(0, EAGER_AUTHORS).map((name, index) => ({ index, name: displayName(name) }));

export interface FreshPaper {
  /** Bare arXiv id. */
  arxivId: string;
  /** arXiv primary category (`cs.DC`), for the paper's field. */
  primaryCategory: string | null;
  /** The authors to identify, in paper order. Co-author evidence is looked for among them. */
  authors: FreshAuthor[];
  printed?: { affiliations: string[] };
}

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

type IdentifierClient = Pick<OpenAlexClient, 'autocomplete' | 'namesakes' | 'candidateProfiles' | 'candidateById' | 'worksJoining' | 'budgetResetAt'>;

export interface FreshIdentifierOptions {
  openalex: IdentifierClient & {
    /** The same client, its requests at `priority` (pacer.ts). */
    at(priority: Priority): IdentifierClient;
  };
  cache: Cache;
  now?: () => number;
}

export interface LookupOptions {
  /**
   * A large paper's names searched together (10 credits for 40 names: one request where
   * autocompletes would take forty); false: one free autocomplete per name. A page's own paper
   * searches, since its reader waits for that paper alone; a listing looks names up one by one
   * at the large paper's yielded priority (pipeline.ts), its credits kept for shared works
   * (docs/identity.md, Cost).
   */
  searchNames?: boolean;
}

/** The OpenAlex credits (list calls) one `identify` may spend on `papers`. */
export type CreditBudget = (papers: readonly FreshPaper[]) => number;

/** A paper's page: 5 credits (10 per 100 papers). */
export const PAGE_CREDITS: CreditBudget = (papers) => Math.max(5, Math.ceil(papers.length / 10));
/**
 * A paper of n authors decided on its own needs about n / 8 calls (its first level cut into
 * pieces of 100 ids a side, then a call per level): a listing's large collaboration papers.
 */
const LARGE_PAPER_AUTHORS_PER_CREDIT = 8;
/**
 * A listing: 4 credits per 100 authors, at least 5 per call, and enough for its largest paper. Every pair of a paper's n authors
 * is checked in ⌈log2 n⌉ levels of calls holding 200 candidate ids each (plan.ts); on a /new
 * page, about 2.4 candidates per author and most linked after the first level, that is about 3
 * per 100 authors. Fewer would leave co-authors unchecked.
 */
export const LISTING_CREDITS: CreditBudget = (papers) =>
  Math.max(5, Math.ceil(papers.reduce((n, p) => n + p.authors.length, 0) / 25), Math.ceil(Math.max(0, ...papers.map((p) => p.authors.length)) / LARGE_PAPER_AUTHORS_PER_CREDIT));

type Resolve = (papers: FreshPaper[], revalidate: boolean, credits: CreditBudget, eager: boolean) => Promise<Map<string, Decision>>;

interface Decision {
  /** What the decision was taken for (names, printed evidence, category). */
  sig: string;
  identities: Identity[];
  profiles: AuthorMetrics[];
}

interface SlotState {
  author: FreshAuthor;
  /** Candidate ids, best first. */
  ids: string[];
  plan: PlanSlot;
  /** The name has more profiles than its lookup gave (a common name): the true one may be missing. */
  crowded: boolean;
}

interface PaperState {
  paper: FreshPaper;
  field: Field | null;
  slots: SlotState[];
  works: Map<string, WorkAuthors>;
}

const decisionKey = CACHE_KEYS.freshDecision;
const flightKey = (p: FreshPaper) => `${p.arxivId}\n${signature(p)}`;
const namesKey = (name: string) => CACHE_KEYS.freshNames(nameKey(name));
const orcidKey = (orcid: string) => CACHE_KEYS.freshOrcid(orcid.toUpperCase());
const profileKey = CACHE_KEYS.candidate;

function signature(p: FreshPaper): string {
  return JSON.stringify([p.primaryCategory, p.authors.map((a) => [nameKey(a.name), a.printed ?? null]), p.printed ?? null]);
}

export function createFreshIdentifier({ openalex, cache, now = Date.now }: FreshIdentifierOptions) {
  /**
   * Papers being identified, so a second request for one joins the first, raising its priority
   * when it is more urgent (the reader reached a paper being identified ahead of them).
   */
  const inflight = new Map<string, { decision: Promise<Decision>; priority: PriorityBox }>();
  /**
   * Candidate lookups (by cache key) someone is reading, with the priority of all who wait for
   * each: the cache shares a load between its readers, so a paper the reader reached must lift
   * the lookup a paper further down started, not wait behind that paper's place.
   */
  const lookups = new Map<string, { shared: ReturnType<typeof sharedPriority>; readers: number }>();
  const spendListeners = new Set<(spent: IdentifySpend) => void>();
  const tell = (spent: IdentifySpend) => {
    for (const listener of spendListeners) listener(spent);
  };

  /**
   * Identities for the authors of `papers` (each paper once). `revalidate` (the reader's
   * refresh) asks everything again, bypassing the cache; `priority`: how urgent the papers are
   * (pacer.ts PRIORITY; the papers further down a listing give way to those the reader sees);
   * `eager`: the reader is waiting, so every level of shared works goes at once (sharedWorks);
   * `searchNames`: see LookupOptions.
   */
  async function identify(
    papers: FreshPaper[],
    { revalidate = false, credits = PAGE_CREDITS, priority = PRIORITY.view, eager = false, searchNames = true }: { revalidate?: boolean; credits?: CreditBudget; priority?: Priority; eager?: boolean } & LookupOptions = {},
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
      const batch = cachedOrResolved(mine, revalidate, credits, eager, runsOn(box, searchNames));
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
  async function prepare(papers: FreshPaper[], priority: Priority, { searchNames = true }: LookupOptions = {}): Promise<void> {
    await readCandidates(papers, priority, false, searchNames);
  }

  /** Step 1's lookups: every name's autocomplete, every printed ORCID's profile; cached. */
  async function readCandidates(papers: FreshPaper[], priority: Priority, revalidate: boolean, searchNames: boolean) {
    const queries = new Map<string, string>();
    /** The names of papers too large for an autocomplete each: searched together (searchedNames). */
    const searched = new Set<string>();
    for (const p of papers) {
      for (const a of p.authors) {
        if (!nameKey(a.name)) continue;
        queries.set(namesKey(a.name), a.name);
        if (searchNames && isLargePaper(p)) searched.add(namesKey(a.name));
      }
    }
    const orcids = [...new Set(papers.flatMap((p) => p.authors.flatMap((a) => a.printed?.orcid ?? [])))];
    const keys = [...queries.keys(), ...orcids.map(orcidKey)];
    for (const k of keys) {
      const running = lookups.get(k);
      if (running) {
        running.shared.join(priority);
        running.readers++;
      } else lookups.set(k, { shared: sharedPriority(priority), readers: 1 });
    }
    const client = (k: string) => openalex.at(lookups.get(k)?.shared.box ?? priority);
    let searches = 0;
    try {
      return await readLookups(queries, searched, orcids, client, revalidate, () => searches++);
    } finally {
      // Name searches are list calls too: told with the papers they were for.
      const large = papers.filter(isLargePaper);
      if (searches > 0) tell({ papers: large.map((p) => ({ arxivId: p.arxivId, authors: p.authors.length })), credits: searches * NAME_SEARCH_CREDITS });
      for (const k of keys) {
        const running = lookups.get(k)!;
        if (--running.readers === 0) lookups.delete(k);
      }
    }
  }

  function readLookups(queries: Map<string, string>, searched: ReadonlySet<string>, orcids: string[], client: (key: string) => IdentifierClient, revalidate: boolean, onSearch: () => void) {
    return Promise.all([
      cache.readMany<AuthorSuggestion[]>(
        [...queries.keys()],
        TTL.author,
        async (keys) => {
          // A paper of many authors: its names searched together, 10 credits for 40 requests.
          const together = keys.filter((k) => searched.has(k));
          const found = together.length > 0 ? await searchedNames(together, queries, client(together[0]!), onSearch) : new Map<string, AuthorSuggestion[]>();
          // Each name kept as its answer comes, not once all have: a paper of a hundred names looked
          // up at the reader's pace loses none of those answered when its tab closes or the worker
          // stops, nor when one of the others is refused.
          const each = await Promise.all(keys.filter((k) => !found.has(k)).map(async (k) => {
            const hits = await client(k).autocomplete('authors', queries.get(k)!);
            await cache.putMany([{ key: k, value: hits, ttlMs: TTL.author }]);
            return [k, hits] as const;
          }));
          for (const [k, hits] of each) found.set(k, hits);
          return found;
        },
        { revalidate },
      ),
      cache.readMany<CandidateProfile | null>(
        orcids.map(orcidKey),
        TTL.author,
        async (keys) => new Map(await Promise.all(keys.map(async (k) => [k, await orNull(client(k).candidateById({ orcid: k.slice(orcidKey('').length) }))] as const))),
        { revalidate },
      ),
    ]);
  }

  /**
   * The candidates of many names by name search, NAMES_PER_SEARCH names a call, their profiles
   * cached as well (a decision then needs no profile call for them). A call that could not be
   * made or came back cut short leaves its names to the autocompletes.
   */
  async function searchedNames(keys: string[], queries: Map<string, string>, client: IdentifierClient, onSearch: () => void): Promise<Map<string, AuthorSuggestion[]>> {
    const out = new Map<string, AuthorSuggestion[]>();
    await Promise.all(chunk(keys, NAMES_PER_SEARCH).map(async (part) => {
      const found = await client.namesakes(part.map((k) => queries.get(k)!)).catch(() => null);
      if (found) onSearch();
      if (!found?.complete) return;
      await cache.putMany(found.profiles.map((p) => ({ key: profileKey(p.openalexId), value: p, ttlMs: TTL.author })));
      for (const k of part) {
        const fits = nameMatcher(queries.get(k)!);
        // What an autocomplete for this name alone finds (the name within the profile's), at most
        // ten, the most cited first. Another name's profile may fit this one loosely ("Zahra H.
        // Mahmoud" read family name first).
        const hits = found.profiles.filter((p) => holdsName(p.displayName, queries.get(k)!) && fits(p.displayName)).sort((a, b) => (b.citedBy ?? 0) - (a.citedBy ?? 0)).slice(0, NAMESAKES_PER_NAME);
        out.set(k, hits.map((p) => ({ id: p.openalexId, name: p.displayName, hint: p.lastKnownInstitutions[0]?.name ?? null, citedBy: p.citedBy, works: p.works })));
      }
    }));
    return out;
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
  function runsOn(priority: PriorityBox, searchNames: boolean): Resolve {
    const client = openalex.at(priority);
    /** The list calls (credits) this identification made: told to `onSpent` listeners once it ends, none included. */
    let calls = 0;
    async function resolve(papers: FreshPaper[], revalidate: boolean, credits: CreditBudget, eager: boolean): Promise<Map<string, Decision>> {
      try {
        return await decide(papers, revalidate, credits, eager);
      } finally {
        // Told even when it made none: a page is charged an estimate until then (background/page-allowance.ts).
        tell({ papers: papers.map((p) => ({ arxivId: p.arxivId, authors: p.authors.length })), credits: calls });
      }
    }

    async function decide(papers: FreshPaper[], revalidate: boolean, credits: CreditBudget, eager: boolean): Promise<Map<string, Decision>> {
      const allowance = (await client.budgetResetAt()) <= now();
      const budget = creditsFor(allowance ? credits(papers) : 0, allowance);
      const profiles = new Map<string, CandidateProfile>();
      const { suggestions, states } = await candidates(papers, profiles, revalidate);

      // Profiles alongside the shared works when one list call holds all that are missing.
      const allIds = [...new Set(states.flatMap((s) => s.slots.flatMap((slot) => slot.ids)))];
      const missing = await cachedProfiles(allIds, profiles, revalidate);
      const early = missing.length <= MAX_FILTER_IDS ? fetchProfiles(missing, profiles, budget) : null;
      early?.catch(() => undefined); // awaited below
      await sharedWorks(states, suggestions, budget, eager);
      await namedByCoauthors(states, budget);
      await early;
      const needed = states.flatMap((s) => s.slots.flatMap((slot) => slot.plan.linked ?? slot.ids));
      await fetchProfiles(await cachedProfiles([...new Set(needed)], profiles, revalidate), profiles, budget);

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
        });
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

    /** Step 1: every author's candidate ids (≤100 per paper), and the suggestions behind them. */
    async function candidates(papers: FreshPaper[], profiles: Map<string, CandidateProfile>, revalidate: boolean) {
      const [answers, byOrcid] = await readCandidates(papers, priority, revalidate, searchNames);
      const suggestions = new Map<string, AuthorSuggestion>();
      const states: PaperState[] = papers.map((paper) => {
        const slots = paper.authors.map((author): SlotState => {
          const fits = nameMatcher(author.name);
          const hits = (answers.get(namesKey(author.name))?.value ?? []).filter((h) => fits(h.name));
          for (const h of hits) if (!suggestions.has(h.id)) suggestions.set(h.id, h);
          const owner = author.printed?.orcid ? byOrcid.get(orcidKey(author.printed.orcid))?.value : null;
          const ownerFits = owner && (fits(owner.displayName) || owner.alternativeNames.some(fits));
          if (owner && ownerFits) profiles.set(owner.openalexId, owner);
          const ids = [...new Set([...(ownerFits ? [owner.openalexId] : []), ...hits.map((h) => h.id)])];
          const crowded = (answers.get(namesKey(author.name))?.value.length ?? 0) >= NAMESAKES_PER_NAME;
          return { author, ids, plan: { candidates: ids, linked: null }, crowded };
        });
        if (slots.length <= ONE_CALL_AUTHORS) trimToFit(slots, MAX_FILTER_IDS);
        return { paper, field: fieldOfCategory(paper.primaryCategory), slots, works: new Map() };
      });
      return { suggestions, states };
    }

    /**
     * Step 2: the works that join candidates of different authors, level by level; `eager`: every
     * level at once, in parallel calls (a few credits more, one round trip instead of several:
     * for the papers the reader is looking at).
     */
    async function sharedWorks(states: PaperState[], suggestions: Map<string, AuthorSuggestion>, budget: Credits, eager: boolean): Promise<void> {
      const plans = (s: PaperState) => s.slots.map((slot) => slot.plan);
      const levels = Math.max(0, ...states.map((s) => levelsFor(s.slots.length)));
      if (eager) {
        const calls = packCalls(states.flatMap((s) => levelsFrom(0, s.slots.length).flatMap((l) => sidesAt(plans(s), l) ?? [])));
        // A large paper's levels are many: level by level, each asks only what is still open.
        if (calls.length <= EAGER_MAX_CALLS) {
          const found = await Promise.all(calls.map((c) => (budget.take() ? joining([c.a, c.b], false, budget) : NOTHING_JOINED)));
          deliver(states, found.flatMap((f) => f.works));
          return;
        }
      }
      /** Per paper, the later levels already asked in an earlier call's room. */
      const asked = new Map<PaperState, Set<number>>();
      for (let level = 0; level < levels; level++) {
        const open = states.filter((s) => openFrom(plans(s), level));
        if (open.length === 0) return;
        if (level > 0 && open.some((s) => openFrom(plans(s), level + 1))) {
          // More than one level to go: one scan of the authors still without evidence, their most
          // recent works (where today's co-authors are), if they fit one filter. Worth a call when
          // it can hold all their works, or when the credits left could not ask every pair anyway.
          const unlinked = [...new Set(open.flatMap((s) => s.slots.flatMap((slot) => (slot.plan.linked ? [] : slot.ids))))];
          const scan = unlinked.filter((id) => (suggestions.get(id)?.works ?? 0) <= SCAN_MAX_WORKS);
          const works = scan.reduce((n, id) => n + (suggestions.get(id)?.works ?? 0), 0);
          const pairCalls = packCalls(open.flatMap((s) => sidesAt(plans(s), level) ?? [])).length * (levels - level);
          const worthIt = works <= WORKS_PAGE_SIZE || budget.left() < pairCalls;
          if (scan.length > 0 && scan.length <= MAX_FILTER_IDS && worthIt && budget.take()) {
            const scanned = await joining([scan], true, budget);
            deliver(states, scanned.works);
            // A page cut short, or authors left out, may hide a shared work: the pairs are asked after all.
            if (scanned.complete && scan.length === unlinked.length) return;
          }
        }
        const calls = packCalls(open.flatMap((s) => (asked.get(s)?.has(level) ? [] : sidesAt(plans(s), level) ?? [])));
        // The room these calls leave carries later levels' sides (nearest level first).
        const riders = open.flatMap((s) => levelsFrom(level + 1, s.slots.length).flatMap((l) => {
          const sides = asked.get(s)?.has(l) ? null : sidesAt(plans(s), l);
          return sides ? [{ s, l, sides }] : [];
        })).sort((x, y) => x.l - y.l);
        addRiders(calls, riders.map((r) => r.sides)).forEach((placed, k) => {
          if (!placed) return;
          const { s, l } = riders[k]!;
          asked.set(s, (asked.get(s) ?? new Set()).add(l));
        });
        const found = await Promise.all(calls.map((c) => (budget.take() ? joining([c.a, c.b], false, budget) : NOTHING_JOINED)));
        deliver(states, found.flatMap((f) => f.works));
      }
    }

    /**
     * Step 2b: an author of a common name, still without evidence, may have a true profile
     * beyond the ten its lookup gave (the most cited namesakes, not the likeliest). The recent
     * works of the co-authors' linked profiles name their collaborators: a profile there whose
     * name is this author's joins the candidates, the work its evidence. One call, while credits last.
     */
    async function namedByCoauthors(states: PaperState[], budget: Credits): Promise<void> {
      const wanted = states.flatMap((s) => s.slots.filter((slot) => slot.crowded && !slot.plan.linked).map((slot) => ({ s, slot })));
      const coauthors = [...new Set(wanted.flatMap(({ s }) => s.slots.flatMap((slot) => slot.plan.linked ?? [])))].slice(0, MAX_FILTER_IDS);
      if (coauthors.length === 0 || !budget.take()) return;
      const { works } = await joining([coauthors], true, budget);
      for (const { s, slot } of wanted) {
        const linked = new Set(s.slots.flatMap((other) => other.plan.linked ?? []));
        const fits = nameMatcher(slot.author.name);
        for (const w of works) {
          if (!w.authorIds.some((id) => linked.has(id))) continue;
          w.authorIds.forEach((id, k) => {
            const name = w.authorNames?.[k] ?? '';
            if (linked.has(id) || slot.ids.includes(id) || !holdsName(name, slot.author.name) || !fits(name)) return;
            // A candidate only once its profile is found (an authorship may name no author record).
            slot.ids.push(id);
          });
        }
        slot.plan = { candidates: slot.ids, linked: null };
      }
      deliver(states, works);
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

    /** Ids whose profile is not cached yet (cached ones go into `profiles`). */
    async function cachedProfiles(ids: string[], profiles: Map<string, CandidateProfile>, revalidate: boolean): Promise<string[]> {
      const todo = ids.filter((id) => !profiles.has(id));
      const hits = revalidate ? new Map() : await cache.getMany<CandidateProfile>(todo.map(profileKey));
      return todo.filter((id) => {
        const hit = hits.get(profileKey(id));
        if (hit && !hit.stale) profiles.set(id, hit.value);
        return !profiles.has(id);
      });
    }

    /** Step 3: list calls of ≤100 ids while credits last, free singletons for the rest. */
    async function fetchProfiles(ids: string[], profiles: Map<string, CandidateProfile>, budget: Credits): Promise<void> {
      const todo = ids.filter((id) => !profiles.has(id));
      if (todo.length === 0) return;
      const found = await Promise.all(chunk(todo, MAX_FILTER_IDS).map(async (part) => {
        // Past this batch's credits too, while the day's allowance lasts: under OpenAlex's
        // per-second cap, one list call answers what would take a request per profile.
        if (budget.take() || (part.length >= LIST_OVER_SINGLETONS && budget.overdraw())) {
          try {
            calls++;
            return await client.candidateProfiles(part);
          } catch (e) {
            if (!(e instanceof CatalogError && e.kind === 'budget-exhausted')) throw e;
            budget.spent();
          }
        }
        return (await Promise.all(part.map((id) => orNull(client.candidateById({ openalexId: id }))))).filter((p) => p !== null);
      }));
      const fetched = found.flat();
      for (const p of fetched) profiles.set(p.openalexId, p);
      await cache.putMany(fetched.map((p) => ({ key: profileKey(p.openalexId), value: p, ttlMs: TTL.author })));
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

interface Credits {
  /** Spends one credit; false when none is left. */
  take(): boolean;
  /** Credits still to spend. */
  left(): number;
  /** OpenAlex said the day's budget is gone: no credit is left. */
  spent(): void;
  /** Whether a call past these credits may still go out (the day's allowance is not spent). */
  overdraw(): boolean;
}

/**
 * Whether the catalog's name holds the printed one, folded (what an autocomplete for it finds):
 * "Chen Zhang" holds "Chen Zhang", "Rahul K. Rao" does not hold "Rahul Rao".
 */
function holdsName(catalogName: string, printed: string): boolean {
  return ` ${nameTokens(catalogName).join(' ')} `.includes(` ${nameTokens(printed).join(' ')} `);
}

/** Adds one paper's decision to `out`. */
function add(out: FreshIdentities, arxivId: string, d: Decision): void {
  out.papers.set(arxivId, d.identities);
  for (const m of d.profiles) if (m.openalexId) out.profiles.set(m.openalexId, m);
}

function creditsFor(n: number, allowance: boolean): Credits {
  let left = n;
  let open = allowance;
  return {
    take: () => left > 0 && left-- > 0,
    left: () => left,
    spent: () => void ((left = 0), (open = false)),
    overdraw: () => open,
  };
}

/** The levels from `level` on that a paper of `n` authors has. */
function levelsFrom(level: number, n: number): number[] {
  return Array.from({ length: Math.max(0, levelsFor(n) - level) }, (_, k) => level + k);
}

/** Whether a pair is still open at `level` or any later one. */
function openFrom(plans: PlanSlot[], level: number): boolean {
  for (let l = level; l < levelsFor(plans.length); l++) if (openAt(plans, l)) return true;
  return false;
}

/** Keeps, for each paper, the works that join two of its candidates; updates who is linked. */
function deliver(states: PaperState[], works: WorkAuthors[]): void {
  for (const s of states) {
    const mine = new Set(s.slots.flatMap((slot) => slot.ids));
    for (const w of works) if (new Set(w.authorIds.filter((id) => mine.has(id))).size >= 2) s.works.set(w.id, w);
    const links = coauthorLinks(s.slots.map((slot) => slot.ids), [...s.works.values()]);
    s.slots.forEach((slot, i) => {
      const linked = [...(links.get(i)?.keys() ?? [])];
      slot.plan.linked = linked.length > 0 ? linked : null;
    });
  }
}

/** At most `max` candidates in all: the authors with the most lose their last ones first. */
function trimToFit(slots: SlotState[], max: number): void {
  let total = slots.reduce((n, s) => n + s.ids.length, 0);
  while (total > max) {
    const most = slots.reduce((a, b) => (b.ids.length > a.ids.length ? b : a));
    most.ids = most.ids.slice(0, -1);
    most.plan = { candidates: most.ids, linked: null };
    total--;
  }
}

async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof CatalogError && e.kind === 'not-found') return null;
    throw e;
  }
}

/** A candidate known only from autocomplete (never the one a decision rests on). */
function thinProfile(s: AuthorSuggestion): CandidateProfile {
  return {
    source: 'openalex', openalexId: s.id, s2Id: null, orcid: null, displayName: s.name,
    hIndex: null, citedBy: s.citedBy, works: s.works, lastKnownInstitutions: [],
    alternativeNames: [], institutions: [], fields: [],
  };
}

function metricsOf(p: CandidateProfile): AuthorMetrics {
  const { source, openalexId, s2Id, orcid, displayName, hIndex, citedBy, works, lastKnownInstitutions } = p;
  return { source, openalexId, s2Id, orcid, displayName, hIndex, citedBy, works, lastKnownInstitutions };
}
