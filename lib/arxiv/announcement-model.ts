/**
 * One arXiv announcement as Weft reads it, whichever form arXiv served it in (the `/list/<cat>/new`
 * page, an RSS 2.0 or Atom feed): papers with their authors' names as printed, their categories
 * and how they were announced. Untrusted text: every field is plain text, only ever rendered as
 * text, and bounded before it leaves the reader (lib/shared/announcement-read.ts; docs/same-day-alerts.md,
 * "Reading what arXiv serves").
 */
import { collapseSpaces, nameTokens } from './names';

/** How a paper comes to be in the announcement (arXiv's `announce_type`; the listing's sections). */
export type AnnounceType = 'new' | 'cross' | 'replace';

export interface AnnouncedPaper {
  /** Bare arXiv id, no version. */
  arxivId: string;
  title: string;
  /** Author names as printed, in order. */
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

/** Names as printed, one line each; what has no letter (a stray ":") is no author. */
export function printedNames(names: string[]): string[] {
  return names.map(collapseSpaces).filter((n) => /\p{L}/u.test(n));
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
