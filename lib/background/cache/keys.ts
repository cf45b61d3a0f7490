/**
 * Every key the cache stores under, written once, with the shape version of the value it holds.
 * The version is part of the key: when a value's shape changes (a field added, renamed or read
 * differently), its version goes up, and an entry written in the older shape is never read again
 * — a miss, fetched anew — instead of being shown without its new field. Old entries age out
 * (lru.ts: purged a while past their lifetime, evicted least recently used first).
 *
 * Every page type reads and writes the same keys, so a paper seen on a listing opens warm on its
 * abstract page, and the other way round.
 */

export interface CacheKey {
  /** The key of one entry, from what names it (an arXiv id, a catalog id, a query). */
  (id: string): string;
  /** What names the entry, from its key. */
  idOf(key: string): string;
}

/** The keys of one kind of value at one shape. */
export function cacheKey(kind: string, shape: number): CacheKey {
  const head = `${kind}@${shape}:`;
  return Object.assign((id: string) => head + id, { idOf: (key: string) => key.slice(head.length) });
}

export const CACHE_KEYS = {
  /** `Lookup<PaperRecord>`: the OpenAlex work found by the paper's DOI, or OpenAlex's 404. */
  openAlexWork: cacheKey('oa:work', 1),
  /**
   * `Lookup<never>`: not in OpenAlex's DOI list. Kept apart from `openAlexWork` because the list
   * misses merged preprints that the singleton finds (openalex.worksByArxivIds).
   */
  openAlexListed: cacheKey('oa:listed', 1),
  /** `Lookup<PaperRecord>`: the Semantic Scholar paper, or S2's "unknown". */
  s2Paper: cacheKey('s2:paper', 1),
  /** `AuthorMetrics` of an OpenAlex author. */
  openAlexAuthor: cacheKey('oa:author', 1),
  /** `PaperSummary` of an OpenAlex work, as a related work. */
  openAlexSummary: cacheKey('oa:summary', 1),
  /** `Lookup<PaperSummary[]>`: Semantic Scholar's recommendations for an arXiv paper. */
  s2Recommendations: cacheKey('s2:recs', 1),
  /** `Lookup<ResearcherProfile>`: a researcher's profile, for the researcher page and the popup's researcher view. */
  researcherProfile: cacheKey('oa:researcher', 1),
  /** `ResearcherWorksPage`, by `<id>:<order>:<page>` (the popup's newest works are the first page of `recent`). */
  researcherWorks: cacheKey('oa:researcher-works', 1),
  /** The Semantic Scholar author id known for an OpenAlex author (a string). */
  s2AuthorLink: cacheKey('link:s2-author', 1),
  /** `Lookup<S2AuthorFigures>` of a Semantic Scholar author. */
  s2Author: cacheKey('s2:author', 1),
  /** `AuthorSuggestion[]` for a search query. */
  authorSuggestions: cacheKey('oa:ac:authors', 1),
  /** `PaperSummary[]` for a search query. */
  workSuggestions: cacheKey('oa:ac:works', 1),
  /** `Decision`: who the authors of a paper no catalog has are (identity/fresh). */
  freshDecision: cacheKey('fresh:identity', 1),
  /** `AuthorSuggestion[]`: the profiles a name search found for a name key. */
  freshNames: cacheKey('oa:fresh:names', 1),
  /** `CandidateProfile | null`: the profile of an ORCID. */
  freshOrcid: cacheKey('oa:fresh:orcid', 1),
  /** `CandidateProfile` of an OpenAlex author. */
  candidate: cacheKey('oa:candidate', 1),
} as const;
