/**
 * The catalog's word on the name matches nothing free settled (docs/same-day-alerts.md, "Never
 * by name alone"), as for papers no catalog has yet (docs/identity.md): does the followed
 * researcher share earlier works with another author of this paper? And does a namesake?
 *
 *  - one free autocomplete per name involved (the matched name, for its namesakes, and the
 *    paper's other names, at most COAUTHOR_NAMES of them), read through the search cache;
 *  - list calls `authorships.author.id:<researcher and namesakes>,authorships.author.id:<the
 *    co-authors' profiles>` packed over every paper at once (identity/fresh/plan.ts: ≤100 ids
 *    a side), at most `credits` of them: a few per announcement, never one per feed author.
 *
 * A work joining the researcher with a co-author: `inferred`. One joining a namesake and nothing
 * for the researcher: someone else's paper, not shown. Neither: the name alone, a `guess`.
 */
import type { AuthorSuggestion, OpenAlexClient, WorkAuthors } from '../catalog/openalex';
import { CatalogError } from '../../catalog/types';
import type { SameDayEvidence } from '../../shared/follows/model';
import { nameKey } from '../../arxiv/names';
import { nameMatcher } from '../identity/fresh/name-match';
import { packCalls, type SplitCall } from '../identity/fresh/plan';
import { inUsualCategory, type NameHit } from './match';

/** A paper's names looked up beside the matched one: a large collaboration's first ones suffice. */
export const COAUTHOR_NAMES = 12;

export type Decision = { match: 'inferred' | 'guess'; evidence: SameDayEvidence } | { match: 'someone-else' };

export interface CatalogEvidenceDeps {
  /** OpenAlex's author autocomplete for a name (free; cached by the caller). */
  suggest: (name: string) => Promise<AuthorSuggestion[]>;
  openalex: Pick<OpenAlexClient, 'worksJoining'>;
}

export interface CatalogEvidence {
  decisions: Decision[];
  /** List calls made (credits). */
  credits: number;
  /** Autocompletes asked (free). */
  lookups: number;
}

const guessOf = (hit: NameHit): Decision => ({ match: 'guess', evidence: { kind: 'name', usual: inUsualCategory(hit) } });

/** Decisions for `hits` (same order), spending at most `credits` list calls. */
export async function catalogEvidence(hits: readonly NameHit[], credits: number, deps: CatalogEvidenceDeps): Promise<CatalogEvidence> {
  if (hits.length === 0) return { decisions: [], credits: 0, lookups: 0 };
  // Names to look up: each hit's matched name (its namesakes) and its paper's first other names.
  const names = new Map<string, string>();
  const others = (hit: NameHit) => hit.paper.authors.map((n, i) => ({ n, i })).filter((x) => x.i !== hit.position).slice(0, COAUTHOR_NAMES);
  for (const hit of hits) for (const { n } of [{ n: hit.paper.authors[hit.position]! }, ...others(hit)]) if (nameKey(n)) names.set(nameKey(n), n);
  const found = new Map<string, AuthorSuggestion[]>();
  await Promise.all([...names].map(async ([key, name]) => {
    try {
      found.set(key, await deps.suggest(name));
    } catch {
      found.set(key, []); // a failed lookup leaves that name without profiles, not the read without results
    }
  }));
  const profilesOf = (printed: string) => {
    const fits = nameMatcher(printed);
    return (found.get(nameKey(printed)) ?? []).filter((s) => fits(s.name)).map((s) => s.id);
  };

  interface Plan { hit: NameHit; mine: string[]; theirs: Map<string, number[]>; sides: SplitCall | null }
  const plans: Plan[] = hits.map((hit) => {
    const namesakes = profilesOf(hit.paper.authors[hit.position]!).filter((id) => id !== hit.researcher.id);
    const mine = [hit.researcher.id, ...namesakes];
    const theirs = new Map<string, number[]>();
    for (const { n, i } of others(hit)) {
      for (const id of profilesOf(n)) if (!mine.includes(id)) theirs.set(id, [...(theirs.get(id) ?? []), i]);
    }
    return { hit, mine, theirs, sides: theirs.size ? { a: mine, b: [...theirs.keys()] } : null };
  });

  const calls = packCalls(plans.flatMap((p) => (p.sides ? [p.sides] : [])));
  const asked = calls.slice(0, Math.max(0, credits));
  const works: WorkAuthors[] = [];
  let spent = 0;
  for (const call of asked) {
    try {
      spent++;
      works.push(...(await deps.openalex.worksJoining([call.a, call.b])).works);
    } catch (e) {
      if (e instanceof CatalogError && e.kind === 'budget-exhausted') break;
      throw e;
    }
  }

  const decisions = plans.map((p): Decision => {
    if (!p.sides) return guessOf(p.hit);
    /** Per profile on the researcher's side: the co-author positions it shares works with, and how many works. */
    const links = new Map<string, { positions: Set<number>; works: number }>();
    for (const w of works) {
      const ids = new Set(w.authorIds);
      const partners = [...p.theirs].filter(([id]) => ids.has(id)).flatMap(([, positions]) => positions);
      if (partners.length === 0) continue;
      for (const id of p.mine) {
        if (!ids.has(id)) continue;
        const l = links.get(id) ?? { positions: new Set<number>(), works: 0 };
        partners.forEach((i) => l.positions.add(i));
        l.works++;
        links.set(id, l);
      }
    }
    const me = links.get(p.hit.researcher.id);
    if (me) {
      const coauthors = [...me.positions].sort((a, b) => a - b).map((i) => p.hit.paper.authors[i]!);
      return { match: 'inferred', evidence: { kind: 'coauthors', coauthors, sharedWorks: me.works } };
    }
    // A namesake tied to this paper's authors, and nothing for the researcher: someone else.
    if (links.size > 0) return { match: 'someone-else' };
    // Nothing, or pairs not asked (credits ran short): the name alone.
    return guessOf(p.hit);
  });
  return { decisions, credits: spent, lookups: names.size };
}
