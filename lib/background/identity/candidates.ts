/**
 * The profiles a reader may choose from for an author ("Not this person?"): OpenAlex's author
 * autocomplete for the printed name (free), kept to the profiles of exactly that name, with
 * their numbers (one cached author batch).
 */
import type { Catalog } from '../catalog/catalog';
import type { Search } from '../catalog/search';
import { nameKey } from '../../arxiv/names';
import type { Candidate } from '../../catalog/identity';
import { normaliseQuery } from '../../shared/search-query';

/** Same words, in any order, accents and case aside: "García-López, José María" = "José María García-López". */
export function sameName(a: string, b: string): boolean {
  return nameKey(a) !== '' && nameKey(a) === nameKey(b);
}

export function createCandidates({ search, catalog }: { search: Search; catalog: Catalog }) {
  /**
   * The profiles named `name`, with their numbers: those Weft considered first (`known`, with
   * their evidence), then the catalog's, in its order. Never sorted by size: a namesake with
   * more works is not more likely to be this author.
   */
  async function forName(name: string, known: readonly Candidate[] = []): Promise<Candidate[]> {
    const hits = (await search.researchers(normaliseQuery(name))).value.filter((h) => sameName(h.name, name));
    const ids = [...new Set([...known.map((c) => c.openalexId), ...hits.map((h) => h.id)])];
    if (!ids.length) return [];
    const metrics = (await catalog.authorMetrics(ids)).value;
    return ids.map((id): Candidate => {
        const m = metrics[id];
        const hit = hits.find((h) => h.id === id);
        const before = known.find((c) => c.openalexId === id);
        return {
          openalexId: id,
          name: m?.displayName || hit?.name || before?.name || name,
          institution: m?.lastKnownInstitutions[0]?.name ?? hit?.hint ?? before?.institution ?? null,
          worksCount: m?.works ?? hit?.works ?? before?.worksCount ?? null,
          hIndex: m?.hIndex ?? before?.hIndex ?? null,
          citedBy: m?.citedBy ?? hit?.citedBy ?? before?.citedBy ?? null,
          evidence: before?.evidence ?? [],
        };
      });
  }

  return { forName };
}

export type Candidates = ReturnType<typeof createCandidates>;
