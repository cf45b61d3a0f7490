/**
 * One arXiv announcement as Weft reads it, whichever form arXiv served it in (the `/list/<cat>/new`
 * page, an RSS 2.0 or Atom feed): papers with their authors' names as printed, their categories
 * and how they were announced. Untrusted text: every field is plain text, bounded here, and is
 * only ever rendered as text (docs/same-day-alerts.md, "Reading what arXiv serves").
 */
import { MAX_ENTRY_AUTHORS, MAX_NAME_CHARS, MAX_TITLE_CHARS } from '../shared/limits';
import { collapseSpaces, nameTokens } from './names';

/** How a paper comes to be in the announcement (arXiv's `announce_type`; the listing's sections). */
export type AnnounceType = 'new' | 'cross' | 'replace';

export interface AnnouncedPaper {
  /** Bare arXiv id, no version. */
  arxivId: string;
  title: string;
  /** Author names as printed, in order (at most MAX_ENTRY_AUTHORS). */
  authors: string[];
  /**
   * Affiliations the feed prints beside a name (RSS: "Jane Doe (MIT)"), by author position;
   * absent when none is printed.
   */
  affiliations?: Record<number, string[]>;
  /** Primary category first, when the source says which. */
  categories: string[];
  type: AnnounceType;
}

/** What one read of an announcement gives back (only the papers the sieve kept). */
export interface AnnouncementRead {
  /** The date arXiv lists the announcement under, as the page or feed states it; null when it does not. */
  listedAs: string | null;
  /** Papers in the announcement (new, cross-lists and replacements), before sieving. */
  total: number;
  /** The papers the sieve kept: a followed name among their authors, or a topic's words. */
  papers: AnnouncedPaper[];
  /** Per kept paper (same index): the topic ids it matched and the words that did. */
  topicHits: { topic: string; words: string[] }[][];
}

/** What a followed topic asks of a paper (lib/shared/follows/topics.ts builds it). */
export interface TopicSieve {
  id: string;
  /** Each term is one word or a phrase of words, folded; all terms must be in the title or abstract. */
  terms: string[][];
  /** Limited to papers in one of these categories (or archives); empty for any. */
  categories: string[];
}

/**
 * Which papers are worth sending on: those with an author whose family name (the first or the
 * last word of a name) is one of `families`, and those a topic matches. Cheap on purpose: the
 * precise name rules run in the background on what is left.
 */
export interface Sieve {
  /** Folded name words (nameTokens) a followed researcher's name may start or end with. */
  families: string[];
  topics: TopicSieve[];
}

/** Papers one read keeps at most: arXiv's largest listing shows 2,000; a joined feed, a few thousand. */
export const MAX_ANNOUNCED_PAPERS = 6000;
/** The largest announcement body read, in bytes (a 2,000-entry listing with abstracts is about 3–4 MB). */
export const MAX_ANNOUNCEMENT_BYTES = 8 * 1024 * 1024;
/** Characters of an abstract looked at for topics. */
export const MAX_ABSTRACT_CHARS = 6000;
/** Affiliations kept per author, characters each. */
const MAX_AFFILIATIONS = 5;
const MAX_AFFILIATION_CHARS = 300;

/** Bounded plain text: spaces collapsed, cut at `max` code points. */
export function boundedText(text: string, max: number): string {
  const t = collapseSpaces(text);
  return t.length <= max ? t : Array.from(t).slice(0, max).join('');
}

export const boundedName = (name: string) => boundedText(name, MAX_NAME_CHARS);
export const boundedTitle = (title: string) => boundedText(title, MAX_TITLE_CHARS);
export const boundedAffiliations = (list: string[]) =>
  list.map((a) => boundedText(a, MAX_AFFILIATION_CHARS)).filter(Boolean).slice(0, MAX_AFFILIATIONS);

/** A paper's authors, bounded; names without a letter (a stray ":") are not authors. */
export function boundedAuthors(names: string[]): string[] {
  return names.map(boundedName).filter((n) => /\p{L}/u.test(n)).slice(0, MAX_ENTRY_AUTHORS);
}

/** Whether `category` (`cs.LG`) is `wanted` or in the archive `wanted` (`cs`). */
export function inCategory(category: string, wanted: string): boolean {
  return category === wanted || category.split('.')[0] === wanted;
}

/** The family-name words a name could be indexed under: its first and last words, folded. */
export function familyWords(name: string): string[] {
  const words = nameTokens(name.replace(/\([^)]*\)/g, ' '));
  if (words.length === 0) return [];
  return words.length === 1 ? words : [words[0]!, words[words.length - 1]!];
}

/** Whether the words of `text` hold `term` (a word or a phrase), a plural ending allowed. */
function holds(words: string[], term: string[]): boolean {
  const fits = (word: string, t: string) => word === t || word === `${t}s` || word === `${t}es`;
  for (let i = 0; i + term.length <= words.length; i++) {
    if (term.every((t, j) => fits(words[i + j]!, t))) return true;
  }
  return false;
}

/** The terms of `topic` a paper holds, all of them or null; the paper's words are computed once by the caller. */
export function topicWords(topic: TopicSieve, words: string[], categories: string[]): string[] | null {
  if (topic.terms.length === 0) return null;
  if (topic.categories.length && !categories.some((c) => topic.categories.some((w) => inCategory(c, w)))) return null;
  return topic.terms.every((t) => holds(words, t)) ? topic.terms.map((t) => t.join(' ')) : null;
}

/**
 * Applies the sieve to papers as a reader produces them (`abstract` read on demand): the kept
 * papers (no abstract: it is not sent on) and, for each, the topics it matched.
 */
export function sievePapers(
  papers: Iterable<AnnouncedPaper & { abstract: () => string }>,
  sieve: Sieve,
): Pick<AnnouncementRead, 'total' | 'papers' | 'topicHits'> {
  const families = new Set(sieve.families);
  const kept: AnnouncedPaper[] = [];
  const topicHits: AnnouncementRead['topicHits'] = [];
  let total = 0;
  for (const p of papers) {
    if (total >= MAX_ANNOUNCED_PAPERS) break;
    total++;
    const named = families.size > 0 && p.authors.some((n) => familyWords(n).some((w) => families.has(w)));
    let hits: { topic: string; words: string[] }[] = [];
    if (sieve.topics.length) {
      const words = nameTokens(`${p.title} ${boundedText(p.abstract(), MAX_ABSTRACT_CHARS)}`);
      hits = sieve.topics.flatMap((t) => {
        const w = topicWords(t, words, p.categories);
        return w ? [{ topic: t.id, words: w }] : [];
      });
    }
    if (!named && hits.length === 0) continue;
    const { abstract: _, ...paper } = p;
    kept.push(paper);
    topicHits.push(hits);
  }
  return { total, papers: kept, topicHits };
}
