/**
 * Aligns the author list printed on an arXiv page with the authors a catalog lists for that paper.
 *
 * Weft never searches a catalog by name: it only pairs names within one paper's own record, in
 * order. Positions cannot be trusted on their own (catalogs drop or merge authors), so each page
 * author is paired with the first sufficiently similar catalog author at or after the previous
 * match, looking a bounded distance ahead (linear time even for 3,000-author papers).
 */
import { nameTokens } from '../../arxiv/names';

export interface NameForms {
  /** Display form, "Ray Cao". */
  name: string;
  /** Another written form, e.g. "Cao, Ray" from citation metadata, when known. */
  alt?: string | null;
}

interface ParsedName {
  /** Ways to read the name as family + given names (several when there is no comma). */
  splits: { family: string; given: string[] }[];
  /** All tokens, for names written without a family/given split (CJK names, mononyms). */
  joined: string;
}

const LOOKAHEAD = 25;
const THRESHOLD = 0.6;

/** Lower-case, accents stripped, punctuation to spaces: "Åström-Ö." → "astrom o". */
export function foldName(s: string): string {
  return nameTokens(s).join(' ');
}

// One folding for names everywhere: the page reader compares names the same way.
const words = nameTokens;

function parse(raw: string): ParsedName | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  const joined = words(trimmed).join('');
  const comma = trimmed.indexOf(',');
  if (comma > 0) {
    // "Van Mechelen, Jan" / "King, Jr., Martin": citation form puts the family name first.
    const family = words(trimmed.slice(0, comma)).join('');
    return { splits: [{ family, given: words(trimmed.slice(trimmed.lastIndexOf(',') + 1)) }], joined };
  }
  // "Jan Van Mechelen": the family name is some tail of the words (particles, compound names).
  const tokens = words(trimmed);
  const splits = tokens.map((_, k) => ({ family: tokens.slice(k).join(''), given: tokens.slice(0, k) }));
  return { splits: splits.length > 1 ? splits.slice(1) : splits, joined };
}

function givenCompatible(a: string[], b: string[]): boolean {
  if (!a.length || !b.length) return true;
  // "R." vs "Ray", "J M" vs "José María": first initials must agree.
  return a[0]![0] === b[0]![0];
}

function score(a: ParsedName, b: ParsedName): number {
  if (a.joined === b.joined) return 1;
  let top = 0;
  for (const x of a.splits) {
    for (const y of b.splits) {
      if (x.family && x.family === y.family) {
        const sameGiven = x.given.join(' ') === y.given.join(' ');
        top = Math.max(top, sameGiven ? 0.95 : givenCompatible(x.given, y.given) ? 0.85 : 0.3);
      } else if (x.given[0] === y.family && givenCompatible([x.family], y.given)) {
        // Family name written first on one side (East Asian order, or a missing comma).
        top = Math.max(top, 0.7);
      } else if (y.given[0] === x.family && givenCompatible([y.family], x.given)) {
        top = Math.max(top, 0.7);
      }
    }
  }
  return top;
}

function best(page: ParsedName[], catalog: ParsedName[]): number {
  let top = 0;
  for (const p of page) for (const c of catalog) top = Math.max(top, score(p, c));
  return top;
}

/**
 * For each page author, the index of the catalog author who is that person, or null.
 * Each catalog author is used at most once and the order of both lists is respected.
 */
export function matchAuthors(pageAuthors: NameForms[], catalogAuthors: NameForms[]): (number | null)[] {
  const forms = (n: NameForms) => [n.name, n.alt].filter((x): x is string => !!x).map(parse).filter((x) => x !== null);
  const catalog = catalogAuthors.map(forms);
  const out: (number | null)[] = [];
  let next = 0;
  for (const author of pageAuthors) {
    const mine = forms(author);
    let found: number | null = null;
    let foundScore = 0;
    const end = Math.min(catalog.length, next + LOOKAHEAD);
    for (let j = next; j < end; j++) {
      const s = best(mine, catalog[j]!);
      // Prefer the nearest candidate; look further only for a clearly better one.
      if (s >= THRESHOLD && s > foundScore + 0.1) {
        found = j;
        foundScore = s;
        if (s >= 0.95) break;
      }
    }
    out.push(found);
    if (found !== null) next = found + 1;
  }
  return out;
}

/**
 * Positions in a catalog's author list for names the matching left unpaired, where the list
 * leaves no doubt: a run of unpaired names fills the gap between its paired neighbours (or the
 * list's ends) only when the gap holds exactly that many authors. A name printed differently
 * from the record keeps its place; a stray name (a collaboration misread as a person) gets none.
 */
export function fillPositions(matched: readonly (number | null)[], listLength: number): (number | null)[] {
  const out = [...matched];
  let runStart = 0;
  let before = -1;
  for (let i = 0; i <= out.length; i++) {
    const at = i < out.length ? out[i] : listLength;
    if (at === null || at === undefined) continue;
    const run = i - runStart;
    if (run > 0 && at - before - 1 === run) for (let k = 0; k < run; k++) out[runStart + k] = before + 1 + k;
    before = at;
    runStart = i + 1;
  }
  return out;
}
