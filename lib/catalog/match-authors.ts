/**
 * Aligns the author list printed on an arXiv page with the authors a catalog lists for that paper.
 *
 * Weft never searches a catalog by name: it only pairs names within one paper's own record, in
 * order. Positions cannot be trusted on their own (catalogs drop or merge authors), so each page
 * author is paired with the first sufficiently similar catalog author at or after the previous
 * match, looking a bounded distance ahead (linear time even for 3,000-author papers).
 */

export interface NameForms {
  /** Display form, "Ray Cao". */
  name: string;
  /** Another written form, e.g. "Cao, Ray" from citation metadata, when known. */
  alt?: string | null;
}

interface ParsedName {
  family: string;
  given: string[];
  /** All tokens, for names written without a family/given split (CJK names, mononyms). */
  joined: string;
}

const LOOKAHEAD = 25;
const THRESHOLD = 0.6;

/** Lower-case, accents stripped, punctuation to spaces: "Åström-Ö." → "astrom o". */
export function foldName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/gi, 'l')
    .replace(/ø/gi, 'o')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function parse(raw: string): ParsedName | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  const comma = trimmed.indexOf(',');
  let family: string;
  let given: string;
  if (comma > 0) {
    // "Cao, Ray" / "King, Jr., Martin": the family name comes first in citation form.
    family = trimmed.slice(0, comma);
    given = trimmed.slice(trimmed.lastIndexOf(',') + 1);
  } else {
    const tokens = foldName(trimmed).split(' ');
    family = tokens.at(-1) ?? '';
    given = tokens.slice(0, -1).join(' ');
  }
  const f = foldName(family);
  const joined = foldName(trimmed).replace(/ /g, '');
  return { family: f.replace(/ /g, ''), given: foldName(given).split(' ').filter(Boolean), joined };
}

function givenCompatible(a: string[], b: string[]): boolean {
  if (!a.length || !b.length) return true;
  // "R." vs "Ray", "J M" vs "José María": first initials must agree.
  return a[0]![0] === b[0]![0];
}

function score(a: ParsedName, b: ParsedName): number {
  if (a.joined === b.joined) return 1;
  const aTokens = new Set([a.family, ...a.given]);
  const bTokens = new Set([b.family, ...b.given]);
  // Same tokens in another order ("Li Ming" vs "Ming Li").
  if (aTokens.size === bTokens.size && [...aTokens].every((t) => bTokens.has(t))) return 0.95;
  if (a.family && a.family === b.family) return givenCompatible(a.given, b.given) ? 0.85 : 0.3;
  // Family name written as the first token on one side (East Asian order, or a missing comma).
  const swapped = (x: ParsedName, y: ParsedName) =>
    x.given.length > 0 && x.given[0] === y.family && givenCompatible([x.family], y.given);
  if (swapped(a, b) || swapped(b, a)) return 0.7;
  return 0;
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
