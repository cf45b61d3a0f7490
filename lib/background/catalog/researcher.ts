/**
 * The researcher view of the popup: an OpenAlex profile (free singleton) and what their recent
 * works say about them — where they sit in author lists, and with whom they write most.
 *
 * TTLs: profile 1 day, recent works 1 day (served stale while a refresh runs, like every
 * catalog record). Recent works are a list call, so they cost budget; the profile does not.
 */
import type { Cache } from '../cache/cache';
import { CACHE_KEYS } from '../cache/keys';
import type { Fresh } from './catalog';
import type { AuthoredWork, AuthorProfile, OpenAlexClient } from './openalex';

const DAY = 86_400_000;
export const RESEARCHER_TTL = { profile: DAY, recentWorks: DAY } as const;
/** Enough works for the position breakdown to mean something, in one list call. */
export const RECENT_WORKS = 20;
const MAX_CO_AUTHORS = 8;

/** One of the researcher's recent works, with their place in its author list. */
export type RecentWork = Omit<AuthoredWork, 'coAuthors'>;

/** Where the researcher stands in the author lists of their recent works: the counts themselves. */
export interface PositionBreakdown {
  first: number;
  middle: number;
  last: number;
  /** Works on which the catalog gives no position for them (e.g. an author list cut at 100). */
  unplaced: number;
  /** All recent works counted (= the sum of the above). */
  works: number;
}

/** Someone who co-wrote recent works with the researcher and has a catalog profile to open. */
export interface FrequentCoAuthor {
  /** Bare OpenAlex A id. */
  id: string;
  name: string;
  /** How many of the recent works they share. */
  sharedWorks: number;
}

export interface RecentWorksSummary {
  works: RecentWork[];
  positions: PositionBreakdown;
  coAuthors: FrequentCoAuthor[];
}

type Client = Pick<OpenAlexClient, 'authorProfile' | 'recentWorks'>;

export function createResearchers({ openalex, cache }: { openalex: Client; cache: Cache }) {
  function profile(id: string): Promise<Fresh<AuthorProfile>> {
    return cache.read(CACHE_KEYS.authorProfile(id), RESEARCHER_TTL.profile, () => openalex.authorProfile(id));
  }

  async function recentWorks(id: string): Promise<Fresh<RecentWorksSummary>> {
    const loaded = await cache.read(CACHE_KEYS.recentWorks(id), RESEARCHER_TTL.recentWorks, () => openalex.recentWorks(id, RECENT_WORKS));
    return { ...loaded, value: summariseRecentWorks(id, loaded.value) };
  }

  return { profile, recentWorks };
}

export type Researchers = ReturnType<typeof createResearchers>;

/** Position counts and the most frequent co-authors (with an OpenAlex id) over `works`. */
export function summariseRecentWorks(authorId: string, works: AuthoredWork[]): RecentWorksSummary {
  const positions: PositionBreakdown = { first: 0, middle: 0, last: 0, unplaced: 0, works: works.length };
  // Insertion order = first seen in the newest works, which breaks ties in count.
  const coAuthors = new Map<string, FrequentCoAuthor>();
  for (const w of works) {
    positions[w.authorPosition ?? 'unplaced'] += 1;
    const seen = new Set<string>();
    for (const c of w.coAuthors) {
      if (!c.openalexId || c.openalexId === authorId || seen.has(c.openalexId)) continue;
      seen.add(c.openalexId);
      const known = coAuthors.get(c.openalexId);
      if (known) known.sharedWorks += 1;
      else coAuthors.set(c.openalexId, { id: c.openalexId, name: c.name, sharedWorks: 1 });
    }
  }
  return {
    works: works.map(({ coAuthors: _, ...work }) => work),
    positions,
    coAuthors: [...coAuthors.values()].sort((a, b) => b.sharedWorks - a.sharedWorks).slice(0, MAX_CO_AUTHORS),
  };
}
