/**
 * Step 1 of identifying the authors of papers no catalog has (docs/identity.md, Candidates): each
 * distinct name's free OpenAlex autocomplete, or its place in a name search of 40 names pooled
 * across papers when its paper is a collaboration or the reader waits for it (name-lookups.ts);
 * kept when the profile's name fits the printed one (name-match.ts), and the sources' own free
 * lookups (a printed ORCID's profile: sources/).
 * Cached for the author TTL; a lookup someone else is reading is shared, at the priority of the
 * most urgent reader.
 */
import type { Cache } from '../../cache/cache';
import { CACHE_KEYS } from '../../cache/keys';
import { TTL } from '../../catalog/catalog';
import type { AuthorSuggestion, CandidateProfile } from '../../catalog/openalex';
import { sharedPriority, underWay, type Priority } from '../../catalog/pacer';
import { createNameLookups, NAMESAKES_PER_NAME } from './name-lookups';
import { fieldOfCategory } from '../../../catalog/fields';
import { nameKey } from '../../../arxiv/names';
import { nameMatcher } from './name-match';
import { MAX_FILTER_IDS } from './plan';
import { orNull } from './profiles';
import type { EvidenceSource, FreshPaper, IdentifierClient, Lookup, PaperState, SlotState } from './sources/source';

/**
 * A paper with at most this many authors keeps at most 100 candidates in all, so that one list
 * call holds their profiles (a page's own paper: n autocompletes and three list calls).
 */
export const ONE_CALL_AUTHORS = 25;
/** A paper too large for one profile call (a collaboration): its names are always searched together, and it is decided on its own (pipeline.ts). */
export const isLargePaper = (paper: FreshPaper) => paper.authors.length > ONE_CALL_AUTHORS;

const namesKey = (name: string) => CACHE_KEYS.freshNames(nameKey(name));
const profileKey = CACHE_KEYS.candidate;

type Read<T> = Map<string, { value: T }>;

/** What step 1 read: each name's autocomplete, each source lookup's profile, by cache key. */
export interface Looked {
  names: Read<AuthorSuggestion[]>;
  found: Read<CandidateProfile | null>;
}

export interface CandidateReaderOptions {
  openalex: { at(priority: Priority): IdentifierClient };
  cache: Cache;
  sources: readonly EvidenceSource[];
  /** Name searches are list calls: the credits of those a read asked for, told with its papers. */
  onSearches(papers: FreshPaper[], credits: number): void;
  /** Whether an identification at `atLeast` or more urgent is being decided. */
  deciding(atLeast: number): boolean;
}

export function createCandidateReader({ openalex, cache, sources, onSearches, deciding }: CandidateReaderOptions) {
  /** The reads of names under way. */
  const reading = underWay();
  /**
   * Candidate lookups (by cache key) someone is reading, with the priority of all who wait for
   * each: the cache shares a load between its readers, so a paper the reader reached must lift
   * the lookup a paper further down started, not wait behind that paper's place.
   */
  const lookups = new Map<string, { shared: ReturnType<typeof sharedPriority>; readers: number }>();

  const nameLookups = createNameLookups({
    openalex,
    held: (atLeast) => reading.atLeast(atLeast) || deciding(atLeast),
    keep: (profiles) => cache.putMany(profiles.map((p) => ({ key: profileKey(p.openalexId), value: p, ttlMs: TTL.author }))),
  });

  /**
   * Every name's candidates (name-lookups.ts) and every source's lookups for `papers`, at
   * `priority`; cached. `revalidate` asks again.
   */
  async function read(papers: FreshPaper[], priority: Priority, revalidate: boolean): Promise<Looked> {
    const queries = new Map<string, string>();
    /** The names of collaborations: always searched. */
    const collaborations = new Set<string>();
    for (const p of papers) {
      for (const a of p.authors) {
        if (!nameKey(a.name)) continue;
        queries.set(namesKey(a.name), a.name);
        if (isLargePaper(p)) collaborations.add(namesKey(a.name));
      }
    }
    const perSource = sources.flatMap((s) => (s.lookups ? [new Map(papers.flatMap((p) => p.authors.flatMap((a) => s.lookups!(a))).map((l) => [l.key, l]))] : []));
    const keys = [...queries.keys(), ...perSource.flatMap((m) => [...m.keys()])];
    for (const k of keys) {
      const running = lookups.get(k);
      if (running) {
        running.shared.join(priority);
        running.readers++;
      } else lookups.set(k, { shared: sharedPriority(priority), readers: 1 });
    }
    const share = (k: string) => lookups.get(k)?.shared.box ?? priority;
    const client = (k: string) => openalex.at(share(k));
    /** The names this read's searches paid for. */
    const searched = new Set<string>();
    let searchCredits = 0;
    const done = reading.start(priority);
    try {
      const [names, ...found] = await Promise.all([
        readNames(queries, collaborations, share, revalidate, (key, credits) => {
          searched.add(key);
          searchCredits += credits;
        }),
        ...perSource.map((m) => readLookups(m, client, revalidate)),
      ]);
      return { names, found: new Map(found.flatMap((m) => [...m])) };
    } finally {
      done();
      if (searchCredits > 0) onSearches(papers.filter((p) => p.authors.some((a) => searched.has(namesKey(a.name)))), searchCredits);
      for (const k of keys) {
        const running = lookups.get(k)!;
        if (--running.readers === 0) lookups.delete(k);
      }
    }
  }

  function readNames(queries: Map<string, string>, collaborations: ReadonlySet<string>, share: (key: string) => Priority, revalidate: boolean, onSearched: (key: string, credits: number) => void) {
    return cache.readMany<AuthorSuggestion[]>(
      [...queries.keys()],
      TTL.author,
      async (keys) => new Map(await Promise.all(keys.map(async (k) => {
        // A name another read asked for is joined (and paid for by that read).
        const mine = !nameLookups.has(k);
        const { hits, credits } = await nameLookups.find(k, queries.get(k)!, share(k), collaborations.has(k));
        if (mine && credits > 0) onSearched(k, credits);
        // Each name kept as its answer comes, not once all have: a paper of a hundred names looked
        // up at the reader's pace loses none of those answered when its tab closes or the worker
        // stops, nor when one of the others is refused.
        await cache.putMany([{ key: k, value: hits, ttlMs: TTL.author }]);
        return [k, hits] as const;
      }))),
      { revalidate },
    );
  }

  function readLookups(wanted: Map<string, Lookup>, client: (key: string) => IdentifierClient, revalidate: boolean) {
    return cache.readMany<CandidateProfile | null>(
      [...wanted.keys()],
      TTL.author,
      async (keys) => new Map(await Promise.all(keys.map(async (k) => [k, await orNull(wanted.get(k)!.ask(client(k)))] as const))),
      { revalidate },
    );
  }

  /**
   * Every author's candidate ids (≤100 per paper for a paper of ONE_CALL_AUTHORS or fewer): the
   * profiles the sources' lookups named first (into `profiles`), then the name's; and the
   * suggestions behind them.
   */
  async function candidates(papers: FreshPaper[], priority: Priority, revalidate: boolean, profiles: Map<string, CandidateProfile>) {
    const { names, found } = await read(papers, priority, revalidate);
    const suggestions = new Map<string, AuthorSuggestion>();
    const states: PaperState[] = papers.map((paper) => {
      const slots = paper.authors.map((author): SlotState => {
        const fits = nameMatcher(author.name);
        const answer = names.get(namesKey(author.name))?.value ?? [];
        const hits = answer.filter((h) => fits(h.name));
        for (const h of hits) if (!suggestions.has(h.id)) suggestions.set(h.id, h);
        const named = sources.flatMap((s) => s.lookups?.(author) ?? []).flatMap((l) => found.get(l.key)?.value ?? [])
          .filter((p) => fits(p.displayName) || p.alternativeNames.some(fits));
        for (const p of named) profiles.set(p.openalexId, p);
        const ids = [...new Set([...named.map((p) => p.openalexId), ...hits.map((h) => h.id)])];
        return { author, ids, plan: { candidates: ids, linked: null }, crowded: answer.length >= NAMESAKES_PER_NAME };
      });
      if (slots.length <= ONE_CALL_AUTHORS) trimToFit(slots, MAX_FILTER_IDS);
      return { paper, field: fieldOfCategory(paper.primaryCategory), slots, works: new Map() };
    });
    return { suggestions, states };
  }

  return { read, candidates };
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
