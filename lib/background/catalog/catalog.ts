/**
 * The catalog as the rest of Weft sees it: one paper's record from each catalog, authors'
 * metrics, every answer read through the persistent cache (stale-while-revalidate,
 * de-duplicated), for as long as lib/shared/cache-ttl.ts says. Whose record an author list rests
 * on is decided in identity/identities.ts (docs/identity.md, One path).
 */
import type { Cache } from '../cache/cache';
import { CACHE_KEYS } from '../cache/keys';
import { TTL } from '../../shared/cache-ttl';
import { mayBeNew, NOT_INDEXED_TTL } from './not-indexed';
import { fillPositions, matchAuthors, type NameForms } from './match-authors';
import type { OpenAlexClient } from './openalex';
import type { SemanticScholarClient } from './semantic-scholar';
import { CatalogError, type AuthorMetrics, type PaperAuthor, type PaperRecord } from '../../catalog/types';

export { TTL };

/** A catalog's answer about a paper: the record, or "this catalog does not know it". */
export type Lookup<T> = { found: true; value: T } | { found: false };

export interface Fresh<T> {
  value: T;
  fetchedAt: number;
  stale: boolean;
}

/** `load`'s answer, with `not-found` turned into an answer (cacheable) instead of an error. */
export async function lookup<T>(load: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { found: true, value: await load() };
  } catch (e) {
    if (e instanceof CatalogError && e.kind === 'not-found') return { found: false };
    throw e;
  }
}

/**
 * How long a catalog's answer about a paper is kept: a day, but "not in this catalog" for a paper
 * of this month or the last only for hours (a catalog may add it any hour; not-indexed.ts).
 */
export const lookupTtl = (arxivId: string, now: number) => <T>(answer: Lookup<T>) =>
  answer.found ? TTL.paper : mayBeNew(arxivId, now) ? NOT_INDEXED_TTL : TTL.notFound;

const pageForms = (names: string[]): NameForms[] => names.map((n) => ({ name: n }));
const catalogForms = (authors: PaperAuthor[]): NameForms[] => authors.map((a) => ({ name: a.name, alt: a.rawName }));

export interface Pairing {
  authors: (PaperAuthor | null)[];
  /** Each page author's position in the paper's author list (the record's order). */
  positions: (number | null)[];
}

/** Each page author's catalog author on the paper's own record (never a name search), or null. */
export function pair(names: string[], authors: PaperAuthor[]): Pairing {
  const matched = matchAuthors(pageForms(names), catalogForms(authors));
  return { authors: matched.map((j) => (j === null ? null : authors[j]!)), positions: fillPositions(matched, authors.length) };
}

export function pairAuthors(names: string[], authors: PaperAuthor[]): (PaperAuthor | null)[] {
  return pair(names, authors).authors;
}

export function createCatalog(deps: { openalex: OpenAlexClient; s2: SemanticScholarClient; cache: Cache; now?: () => number }) {
  const { openalex, s2, cache, now = Date.now } = deps;

  function openAlexWork(arxivId: string, revalidate = false): Promise<Fresh<Lookup<PaperRecord>>> {
    return cache.read(CACHE_KEYS.openAlexWork(arxivId), lookupTtl(arxivId, now()), () => lookup(() => openalex.workByArxivId(arxivId)), { revalidate });
  }

  function s2Paper(arxivId: string, revalidate = false): Promise<Fresh<Lookup<PaperRecord>>> {
    return cache.read(CACHE_KEYS.s2Paper(arxivId), lookupTtl(arxivId, now()), () => lookup(() => s2.paperByArxivId(arxivId)), { revalidate });
  }

  /**
   * The free singletons, one author each (while the daily budget is spent). An author OpenAlex
   * does not know is left out; any other failure is the answer's error, never "no profile", and
   * the authors that did come are cached first, so asking again fetches only the rest.
   */
  async function oneByOne(ids: string[]): Promise<AuthorMetrics[]> {
    const got = await Promise.all(ids.map((id) => openalex.authorById(id).then(
      (metrics) => ({ metrics }),
      (error: unknown) => ({ error }),
    )));
    const found = got.flatMap((g) => ('metrics' in g && g.metrics.openalexId ? [g.metrics] : []));
    const failed = got.find((g): g is { error: unknown } => 'error' in g && !(g.error instanceof CatalogError && g.error.kind === 'not-found'));
    if (!failed) return found;
    await cache.putMany(found.map((m) => ({ key: CACHE_KEYS.openAlexAuthor(m.openalexId!), value: m, ttlMs: TTL.author })));
    throw failed.error;
  }

  /**
   * OpenAlex metrics for authors, batched (≤100 ids per list call). When the daily budget is
   * spent (known, or learnt from this very call), the free singletons answer instead.
   */
  async function authorMetrics(ids: string[], revalidate = false): Promise<Fresh<Record<string, AuthorMetrics>>> {
    const keyOf = CACHE_KEYS.openAlexAuthor;
    const idOf = new Map(ids.map((id) => [keyOf(id), id]));
    const load = async (missing: string[]) => {
      const bare = missing.map((k) => idOf.get(k)!);
      const found = await openalex.authorsByIds(bare).catch((e: unknown) => {
        if (e instanceof CatalogError && e.kind === 'budget-exhausted') return oneByOne(bare);
        throw e;
      });
      return new Map(found.map((a) => [keyOf(a.openalexId!), a]));
    };
    const hits = await cache.readMany<AuthorMetrics>(ids.map(keyOf), TTL.author, load, { revalidate });
    const metrics: Record<string, AuthorMetrics> = {};
    let fetchedAt = Date.now();
    let stale = false;
    for (const [key, hit] of hits) {
      metrics[idOf.get(key)!] = hit.value;
      fetchedAt = Math.min(fetchedAt, hit.fetchedAt);
      stale ||= hit.stale;
    }
    return { value: metrics, fetchedAt, stale };
  }

  /** Semantic Scholar's authors of the paper paired with the page's names; null when S2 has no record of it. */
  async function s2Authors(arxivId: string, names: string[]): Promise<Fresh<(PaperAuthor | null)[] | null>> {
    const s2 = await s2Paper(arxivId);
    return { ...s2, value: s2.value.found ? pair(names, s2.value.value.authors).authors : null };
  }

  return { s2Authors, authorMetrics, openAlexWork, s2Paper };
}

export type Catalog = ReturnType<typeof createCatalog>;
