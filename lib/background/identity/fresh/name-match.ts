/**
 * Whether a catalog profile's name can be the name printed on the page, for candidates found by
 * name (docs/identity.md). Stricter than pairing a paper's own author record (match-authors.ts):
 * there the paper already says who is who, here "Ray Cao" and "Rui Cao" are two people.
 *
 * A name fits when the family names are equal and the given names agree in order, an initial
 * standing for any name it begins ("R. Cao", "Ray J. Cao" and "Cao, Ray" fit "Ray Cao"); a
 * missing middle name is allowed, a different first name is not. Names written family-first
 * without a comma ("Priem Jason", "佐藤 健") are read both ways.
 */
import { nameTokens } from '../../../arxiv/names';

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

/** Given names then family name, folded; several when the order is not marked. */
function readings(name: string): string[][] {
  const parts = name.split(',').map((p) => nameTokens(p).filter((t) => !SUFFIXES.has(t))).filter((p) => p.length > 0);
  if (parts.length === 0) return [];
  if (parts.length > 1) {
    // "Cao, Ray" and "King, Jr., Martin": family name first, given names last.
    return [[...parts[parts.length - 1]!, ...parts[0]!]];
  }
  const words = parts[0]!;
  return words.length > 1 ? [words, [...words.slice(1), words[0]!]] : [words];
}

/** An initial exists only in cased scripts ("R." for Ray; no abbreviated form of 健). */
const isInitial = (t: string) => t.length === 1 && t.toUpperCase() !== t;

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (isInitial(a)) return b.startsWith(a);
  if (isInitial(b)) return a.startsWith(b);
  return false;
}

/** Given names agree: the first ones match each other, the shorter list's rest in order. */
function givenFit(a: string[], b: string[]): boolean {
  if (a.length === 0 || b.length === 0) return a.length === b.length;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (!sameWord(short[0]!, long[0]!)) return false;
  let j = 1;
  for (const word of short.slice(1)) {
    while (j < long.length && !sameWord(word, long[j]!)) j++;
    if (j === long.length) return false;
    j++;
  }
  return true;
}

function fits(a: string[], b: string[]): boolean {
  return a[a.length - 1] === b[b.length - 1] && givenFit(a.slice(0, -1), b.slice(0, -1));
}

/** A test for catalog names against one page name, its readings computed once. */
export function nameMatcher(pageName: string): (catalogName: string | null | undefined) => boolean {
  const mine = readings(pageName);
  return (catalogName) => {
    if (!catalogName) return false;
    const theirs = readings(catalogName);
    return mine.some((a) => theirs.some((b) => fits(a, b)));
  };
}

/**
 * Whether the catalog's name holds the printed one, folded (what an autocomplete for it finds):
 * "Chen Zhang" holds "Chen Zhang", "Rahul K. Rao" does not hold "Rahul Rao".
 */
export function holdsName(catalogName: string, printed: string): boolean {
  return ` ${nameTokens(catalogName).join(' ')} `.includes(` ${nameTokens(printed).join(' ')} `);
}
