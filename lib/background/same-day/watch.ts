/**
 * Which announcements to read (docs/same-day-alerts.md, "Which announcements"): the categories
 * the followed researchers post in — those of their papers seen on arXiv's pages, else the
 * archives of their works' fields — with the reader's own additions and removals and the
 * followed topics' categories; and the requests that read them. Pure.
 */
import type { Digest } from './digest';
import { inCategory } from '../../arxiv/announcement-model';
import { isCategory } from '../../arxiv/categories';
import { newListingUrl, rssFeedUrl } from '../../arxiv/urls';
import type { TopicFollow } from '../../shared/follows/topics';

/** The reader's edits to what Weft learned. */
export interface WatchEdits {
  added: string[];
  removed: string[];
}

/** What the reader asked for: categories to add, to remove, or (`reset`) back to what Weft learned. */
export interface WatchChange {
  add?: string[];
  remove?: string[];
  reset?: boolean;
}

/** `edits` after the reader's `change` (names that are no category ignored). */
export function editedWatch(edits: WatchEdits, change: WatchChange): WatchEdits {
  if (change.reset) return { added: [], removed: [] };
  const add = (change.add ?? []).filter(isCategory);
  const remove = (change.remove ?? []).filter(isCategory);
  return {
    added: [...new Set([...edits.added.filter((c) => !remove.includes(c)), ...add])],
    removed: [...new Set([...edits.removed.filter((c) => !add.includes(c)), ...remove])],
  };
}

export interface Watched {
  /** Archives and categories to read, sorted; a category inside a watched archive is left out. */
  categories: string[];
  /** Followed researchers the watched categories cover. */
  covered: number;
  /** Followed researchers Weft knows no category of (bare A ids). */
  unplaced: string[];
}

/** One researcher's categories: those seen on arXiv's pages, else their fields' archives. */
export function categoriesOf(d: Digest | undefined): string[] {
  if (!d) return [];
  const seen = Object.keys(d.categories).filter(isCategory);
  return seen.length ? seen : d.archives;
}

const archiveOf = (category: string) => category.split('.')[0]!;

/** `list` without categories a watched archive of the list already covers, sorted. */
function withoutCovered(list: Iterable<string>): string[] {
  const all = new Set(list);
  return [...all].filter((c) => !(c.includes('.') && all.has(archiveOf(c)))).sort();
}

export function watchedCategories(followIds: readonly string[], digests: Readonly<Record<string, Digest>>, edits: WatchEdits, topics: readonly TopicFollow[]): Watched {
  const removed = new Set(edits.removed);
  const learned = new Set<string>();
  const unplaced: string[] = [];
  for (const id of followIds) {
    const mine = categoriesOf(digests[id]).filter((c) => !removed.has(c));
    if (mine.length === 0) unplaced.push(id);
    for (const c of mine) learned.add(c);
  }
  const categories = withoutCovered([...learned, ...edits.added, ...topics.flatMap((t) => t.categories)].filter((c) => isCategory(c) && !removed.has(c)));
  const covered = followIds.filter((id) => {
    const mine = categoriesOf(digests[id]);
    return mine.some((c) => categories.some((w) => inCategory(c, w)));
  }).length;
  return { categories, covered, unplaced };
}

/** At most this many listing requests per announcement (≥ 3 s apart, so under half a minute). */
export const MAX_LISTING_REQUESTS = 8;

/**
 * The /new listings that show `categories`: a category alone when it is its archive's only one
 * watched, else the archive's listing (one request instead of several). Beyond
 * MAX_LISTING_REQUESTS, the rest are read through their archives too.
 */
export function listingPlan(categories: readonly string[]): string[] {
  const byArchive = new Map<string, string[]>();
  for (const c of categories) {
    const a = archiveOf(c);
    byArchive.set(a, [...(byArchive.get(a) ?? []), c]);
  }
  const targets = [...byArchive].map(([archive, cats]) => (cats.length === 1 ? cats[0]! : archive));
  return targets.slice(0, MAX_LISTING_REQUESTS).map(newListingUrl);
}

/** arXiv's feed joins categories with `+`; one request for all of them, URL kept short. */
const MAX_FEED_CATEGORIES = 40;

export function rssPlan(categories: readonly string[]): string[] {
  return categories.length ? [rssFeedUrl(categories.slice(0, MAX_FEED_CATEGORIES))] : [];
}
