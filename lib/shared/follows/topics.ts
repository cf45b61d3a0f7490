/**
 * Followed topics: a query the reader wants to hear about on the evening arXiv announces a paper
 * that fits it (docs/same-day-alerts.md, "What the reader gets"). The query's words must all be in the title
 * or abstract (a word in quotes: a phrase); the topic may be limited to categories or archives.
 * Matching folds case and accents and allows a plural ending, so "diffusion model" matches
 * "Diffusion Models".
 */
import { inCategory, type TopicSieve } from '../../arxiv/announcement-model';
import { isCategory } from '../../arxiv/categories';
import { nameTokens } from '../../arxiv/names';

export interface TopicFollow {
  /**
   * Stable id, unique among the reader's topics on all their computers (`newTopicId`: `t` and 15
   * random digits). Topics followed before they synced have `t` and their time (13 digits) until
   * browser sync gives them a new one.
   */
  id: string;
  /** As the reader typed it (trimmed, one line). */
  query: string;
  /** arXiv categories or archives it is limited to; empty for all the watched ones. */
  categories: string[];
  /** Whether its papers raise a notification and count on Weft's icon. */
  ring: boolean;
  /** Epoch ms. */
  followedAt: number;
}

export const MAX_TOPICS = 50;
export const MAX_TOPIC_QUERY_CHARS = 120;
export const MAX_TOPIC_CATEGORIES = 10;
const MAX_TERMS = 8;

/** Whether `id` was made by `newTopicId`, so no other computer makes it too. */
export const isUniqueTopicId = (id: string): boolean => /^t[1-9]\d{14}$/.test(id);

/** A topic id no other computer makes (10^14 odds against two alike), and none of `taken`. */
export function newTopicId(taken: ReadonlySet<string>): string {
  for (;;) {
    const digits = [...crypto.getRandomValues(new Uint8Array(15))].map((b, i) => (i === 0 ? 1 + (b % 9) : b % 10));
    const id = `t${digits.join('')}`;
    if (!taken.has(id)) return id;
  }
}

/** The query's terms: quoted phrases and single words, folded; empty when it has no word. */
export function topicTerms(query: string): string[][] {
  const terms: string[][] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (const m of query.slice(0, MAX_TOPIC_QUERY_CHARS).matchAll(re)) {
    const words = nameTokens(m[1] ?? m[2] ?? '');
    if (m[1] !== undefined) {
      if (words.length) terms.push(words);
    } else for (const w of words) terms.push([w]);
  }
  return terms.slice(0, MAX_TERMS);
}

/** The categories of a reader's input ("cs.LG, stat.ML"), those arXiv could have; others left out. */
export function topicCategories(input: readonly string[]): string[] {
  return [...new Set(input.map((c) => c.trim()).filter(isCategory))].slice(0, MAX_TOPIC_CATEGORIES);
}

export function topicSieve(t: TopicFollow): TopicSieve {
  return { id: t.id, terms: topicTerms(t.query), categories: t.categories };
}

/** Whether a topic limited to categories can match in a read of `categories` (every topic without limits can). */
export function topicWants(t: TopicFollow, categories: readonly string[]): boolean {
  return t.categories.length === 0 || t.categories.some((w) => categories.some((c) => inCategory(w, c) || inCategory(c, w)));
}

/** A paper of arXiv's announcement that a followed topic matched, not yet marked seen. */
export interface TopicHit {
  topicId: string;
  arxivId: string;
  title: string;
  /** The first authors as printed (at most INBOX_AUTHOR_NAMES). */
  authorNames: string[];
  authorCount: number;
  categories: string[];
  /** The query's terms the paper holds (all of them). */
  words: string[];
  /** The day arXiv lists it under. */
  listedAs: string;
  /** When arXiv announced it (epoch ms). */
  announcedAt: number;
  foundAt: number;
  /** A notification covered it, or its topic does not ring. */
  notified: boolean;
}

/** Unseen matches kept at most (the oldest give way). */
export const MAX_TOPIC_HITS = 300;
