/**
 * Values carry their sources: a number is a value per catalog, each with its fetch time. Which
 * catalog's value is shown first, and when two catalogs "differ", is decided here and nowhere
 * else (docs/data-sources.md, "What each number means").
 */
import type { SourceId } from './types';

/** A value as one catalog gave it, and when it was fetched. */
export interface Sourced<T> {
  value: T;
  fetchedAt: number;
}

/** One value per catalog that has one. */
export type PerCatalog<T> = Partial<Record<SourceId, Sourced<T>>>;

/**
 * Which catalog is shown first, per kind of figure:
 * - author figures: OpenAlex, whose profiles Weft links, follows and corrects; Semantic
 *   Scholar beside it;
 * - a paper's citations: Semantic Scholar, which merges a preprint with its journal version
 *   (OpenAlex often keeps two records, each with part of the citations).
 */
export const PRIMARY: Readonly<Record<'author' | 'citations', readonly SourceId[]>> = {
  author: ['openalex', 's2'],
  citations: ['s2', 'openalex'],
};

/** The value shown first, and its catalog; null when no catalog has one. */
export function primaryOf<T>(values: PerCatalog<T>, kind: keyof typeof PRIMARY): (Sourced<T> & { source: SourceId }) | null {
  for (const source of PRIMARY[kind]) {
    const v = values[source];
    if (v && v.value !== null && v.value !== undefined) return { ...v, source };
  }
  return null;
}

/**
 * Two catalogs' counts differ enough to tell the reader: by more than a quarter of the larger
 * and by more than 2 (h-indices of 3 and 5 differ; 1,000 and 1,100 citations do not).
 */
export function catalogsDiffer(a: number | null | undefined, b: number | null | undefined): boolean {
  if (a == null || b == null) return false;
  const gap = Math.abs(a - b);
  return gap > 2 && gap > 0.25 * Math.max(a, b);
}
