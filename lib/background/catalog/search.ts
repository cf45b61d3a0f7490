/**
 * Search-as-you-type for the popup: OpenAlex's free autocomplete, read through the cache so a
 * query asked again within the hour makes no request.
 *
 * Unlike paper and author records, a suggestion list is not served stale: past its TTL it is
 * fetched again (new papers appear daily), and the old list is used only when that fails.
 */
import type { Cache } from '../cache/cache';
import { CACHE_KEYS } from '../cache/keys';
import { normaliseQuery, queryKey } from '../../shared/search-query';
import type { Fresh } from './catalog';
import type { AuthorSuggestion, OpenAlexClient } from './openalex';
import type { PaperSummary } from '../../catalog/types';

export const SEARCH_TTL = 3_600_000;

export function createSearch({ openalex, cache }: { openalex: Pick<OpenAlexClient, 'autocomplete'>; cache: Cache }) {
  async function cached<T>(key: string, load: () => Promise<T>): Promise<Fresh<T>> {
    const hit = await cache.get<T>(key);
    if (hit && !hit.stale) return { value: hit.value, fetchedAt: hit.fetchedAt, stale: false };
    try {
      return await cache.read(key, SEARCH_TTL, load, { revalidate: true });
    } catch (e) {
      // Offline or rate limited: an older list for the same query beats an error.
      if (hit) return { value: hit.value, fetchedAt: hit.fetchedAt, stale: true };
      throw e;
    }
  }

  /** Researchers whose name matches `q` (at most 10, most relevant first). */
  function researchers(q: string): Promise<Fresh<AuthorSuggestion[]>> {
    const query = normaliseQuery(q);
    return cached(CACHE_KEYS.authorSuggestions(queryKey(query)), () => openalex.autocomplete('authors', query));
  }

  /** Works whose title matches `q` (at most 10, most relevant first). */
  async function papers(q: string): Promise<Fresh<PaperSummary[]>> {
    const query = normaliseQuery(q);
    const found = await cached(CACHE_KEYS.workSuggestions(queryKey(query)), () => openalex.autocomplete('works', query));
    return { ...found, value: found.value.map(withArxivYear) };
  }

  return { researchers, papers };
}

export type Search = ReturnType<typeof createSearch>;

/**
 * Autocomplete gives no publication year; an arXiv id does encode the year it was submitted
 * (`2406.05546` → 2024, `hep-th/9901001` → 1999), which is what a reader of arXiv expects.
 */
function withArxivYear(p: PaperSummary): PaperSummary {
  if (p.year !== null || !p.arxivId) return p;
  const yy = /^(\d\d)\d\d\./.exec(p.arxivId)?.[1] ?? /\/(\d\d)\d{5}$/.exec(p.arxivId)?.[1];
  if (yy === undefined) return p;
  const n = Number(yy);
  return { ...p, year: n >= 91 ? 1900 + n : 2000 + n };
}
