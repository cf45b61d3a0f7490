/**
 * Which papers of an announcement may be a followed researcher's, and what Weft already knows
 * that says so (docs/same-day-alerts.md, "Never by name alone"). Pure.
 *
 *  1. Name: a printed author name fits one of the researcher's names (the fresh-paper rule,
 *     identity/fresh/name-match.ts: same family name, given names agreeing, initials allowed).
 *  2. What Weft knows for free: another author of the paper fits one of their known co-authors'
 *     names, or an affiliation the feed prints beside the name is one of their institutions.
 *     Either is evidence beyond the name: `inferred`.
 *  3. The rest is left to the catalog (evidence.ts): shared earlier works, or a name-only guess.
 */
import type { AnnouncedPaper } from '../../arxiv/announcement-model';
import { familyWords } from '../../arxiv/announcement-model';
import type { SameDayEvidence } from '../../shared/follows/model';
import { nameMatcher } from '../identity/fresh/name-match';
import { printedAt } from '../identity/fresh/sources/printed-affiliation';
import type { Coauthor } from './digest';

/** A followed researcher as matching sees them (their digest, digest.ts). */
export interface Followed {
  id: string;
  names: string[];
  coauthors: Coauthor[];
  institutions: string[];
  /** The categories or archives they post in. */
  usual: string[];
}

/** A paper carrying a followed researcher's name at `position`. */
export interface NameHit {
  paper: AnnouncedPaper;
  position: number;
  researcher: Followed;
}

/** The family words (first and last words, folded) a researcher's names give, for the announcement's sieve. */
export function sieveFamilies(researchers: readonly Followed[]): string[] {
  // A lone initial would let every "J." through the sieve.
  return [...new Set(researchers.flatMap((r) => r.names.flatMap(familyWords)).filter((w) => w.length > 1))];
}

/** Every (paper, researcher) pair where a printed name fits one of the researcher's names; one per pair. */
export function nameHits(papers: readonly AnnouncedPaper[], researchers: readonly Followed[]): NameHit[] {
  const byFamily = new Map<string, Followed[]>();
  for (const r of researchers) {
    for (const w of new Set(r.names.flatMap(familyWords))) byFamily.set(w, [...(byFamily.get(w) ?? []), r]);
  }
  const hits: NameHit[] = [];
  for (const paper of papers) {
    const found = new Set<string>();
    paper.authors.forEach((printed, position) => {
      const maybe = new Set(familyWords(printed).flatMap((w) => byFamily.get(w) ?? []));
      if (maybe.size === 0) return;
      const fits = nameMatcher(printed);
      for (const r of maybe) {
        if (found.has(r.id) || !r.names.some(fits)) continue;
        found.add(r.id);
        hits.push({ paper, position, researcher: r });
      }
    });
  }
  return hits;
}

/** Whether the paper is in a category (or archive) the researcher posts in. */
export function inUsualCategory(hit: NameHit): boolean {
  return hit.paper.categories.some((c) => hit.researcher.usual.some((u) => c === u || c.split('.')[0] === u));
}

/** Evidence Weft has without asking anyone, or null. */
export function knownEvidence(hit: NameHit): SameDayEvidence | null {
  const { paper, position, researcher } = hit;
  const withThem: string[] = [];
  let shared = 0;
  paper.authors.forEach((printed, i) => {
    if (i === position) return;
    const fits = nameMatcher(printed);
    // Their own name twice on a paper is no co-author.
    if (researcher.names.some(fits)) return;
    const known = researcher.coauthors.find((c) => fits(c.name));
    if (!known) return;
    withThem.push(printed);
    shared += known.works;
  });
  if (withThem.length) return { kind: 'coauthors', coauthors: withThem, sharedWorks: shared || null };
  const printed = paper.affiliations?.[position] ?? [];
  const institution = researcher.institutions.find((inst) => printed.some((line) => printedAt({ name: inst }, line)));
  return institution ? { kind: 'affiliation', institution } : null;
}
