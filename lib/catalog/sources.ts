/**
 * Values carry their sources: a number is a value per catalog, each with its fetch time. Which
 * catalog's value is shown first (the figures each is first for: catalogs.ts), and when two
 * catalogs "differ", is decided here and nowhere else (docs/data-sources.md, "What each number
 * means").
 */
import { CATALOGS, SOURCE_IDS, type Figure, type SourceId } from './catalogs';

/** A value as one catalog gave it, and when it was fetched. */
export interface Sourced<T> {
  value: T;
  fetchedAt: number;
}

/** One value per catalog that has one. */
export type PerCatalog<T> = Partial<Record<SourceId, Sourced<T>>>;

/** The catalogs in the order their values of `kind` are looked at: the one first for it (catalogs.ts), then the others. */
const inOrderFor = (kind: Figure): readonly SourceId[] => {
  const first = (source: SourceId) => (CATALOGS[source].firstFor as readonly Figure[]).includes(kind);
  return [...SOURCE_IDS.filter(first), ...SOURCE_IDS.filter((source) => !first(source))];
};

/** The value shown first, and its catalog; null when no catalog has one. */
export function primaryOf<T>(values: PerCatalog<T>, kind: Figure): (Sourced<T> & { source: SourceId }) | null {
  for (const source of inOrderFor(kind)) {
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
