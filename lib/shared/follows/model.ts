/**
 * Followed researchers and their new papers: the user's own data, kept in the background's
 * user-data database (never in the catalog cache, so clearing or upgrading the cache cannot
 * lose it; never in `storage.local`, which content scripts can read). Only the background
 * reads and writes it; pages ask for what they show through the message protocol.
 */
import type { CatalogErrorKind } from '../../catalog/types';

/** One followed researcher. */
export interface FollowEntry {
  /** Bare OpenAlex author id (`A5023888391`). */
  id: string;
  name: string;
  /** Epoch ms. */
  followedAt: number;
  /**
   * Epoch ms at which the last completed check of this researcher started: the watermark.
   * Null until the first check, which records what exists and flags nothing.
   */
  checkedAt: number | null;
  /**
   * Works already known for this researcher (W id → OpenAlex `created_date`), kept only while
   * they could still count as new, i.e. created on or after the watermark's day.
   */
  seen: Record<string, string>;
  /**
   * Papers of this researcher's found in arXiv's announcement and marked seen (or hidden) before
   * OpenAlex had them (arXiv id → the day they were listed): their record, when it comes, is not
   * new again. Kept SEEN_ARXIV_DAYS.
   */
  seenArxiv?: Record<string, string>;
}

/** How Weft knows that a paper found in arXiv's announcement is a followed researcher's (docs/same-day-alerts.md). */
export type SameDayEvidence =
  /** Co-authors on this paper Weft knows as theirs: from their works (`sharedWorks` earlier works together, when counted). */
  | { kind: 'coauthors'; coauthors: string[]; sharedWorks: number | null }
  /** An affiliation the feed prints beside the name is one of theirs. */
  | { kind: 'affiliation'; institution: string }
  /** The name alone (a guess): `usual` when the paper is in a category they post in. */
  | { kind: 'name'; usual: boolean };

/** A new paper by one or more followed researchers, not yet marked seen. */
export interface InboxEntry {
  /** Bare OpenAlex work id; null while the paper is known only from arXiv's announcement. */
  workId: string | null;
  arxivId: string | null;
  title: string;
  /** The paper's first authors as the catalog names them (at most `INBOX_AUTHOR_NAMES`). */
  authorNames: string[];
  authorCount: number;
  year: number | null;
  /** OpenAlex `created_date` (`YYYY-MM-DD`, UTC); for a paper from arXiv's announcement, the day arXiv lists it under. */
  createdDate: string;
  /** Epoch ms when a check found it. */
  foundAt: number;
  /** The followed researchers it is by (bare A ids): the catalog's record, or evidence beyond the name. */
  authorIds: string[];
  /** A desktop notification covered it (or notifications were off when it was found). */
  notified: boolean;
  /** `arxiv`: found in arXiv's announcement, no catalog record yet; absent: the catalog's record. */
  source?: 'arxiv';
  /** When arXiv announced it (epoch ms), for a paper from the announcement. */
  announcedAt?: number;
  /** Its arXiv categories, primary first, for a paper from the announcement. */
  categories?: string[];
  /** Per followed researcher (bare A id), how Weft knows it is theirs, for a paper from the announcement. */
  evidence?: Record<string, SameDayEvidence>;
  /**
   * Followed researchers whose name alone is on it (a guess): shown muted, never notified, never
   * counted, hideable. A researcher is in `authorIds` or here, never both.
   */
  guessFor?: string[];
  /** The reader hid this paper's guesses; kept (not shown) so that a record naming them still alerts. */
  guessHidden?: true;
}

/** Whether an inbox entry counts for someone: a record, or evidence beyond the name. */
export const counts = (e: InboxEntry) => e.authorIds.length > 0;

/** How long a same-day paper marked seen is remembered: far past the days OpenAlex takes to index it. */
export const SEEN_ARXIV_DAYS = 30;

export interface AlertSettings {
  /** Minutes between scheduled checks (`MIN_INTERVAL_MINUTES` … `MAX_INTERVAL_MINUTES`). */
  intervalMinutes: number;
  /** Desktop notifications wanted (they also need the optional `notifications` permission). */
  notify: boolean;
  /** Read arXiv's announcements for same-day alerts (docs/same-day-alerts.md); off: the catalog only. */
  sameDay: boolean;
  /** Where the announcement is read: arxiv.org's /new listings, or rss.arxiv.org (an optional permission). */
  feed: FeedSource;
}

export type FeedSource = 'listing' | 'rss';
export const FEED_SOURCES: readonly FeedSource[] = ['listing', 'rss'];

export interface CheckProblem {
  kind: CatalogErrorKind | 'internal';
  /** What went wrong, for diagnosis: English, never shown (the UI words `kind`: lib/ui/describe-failure.ts). */
  message: string;
  /** Epoch ms. */
  at: number;
}

/** How checking went; shown in the popup, read by the scheduler. */
export interface CheckStatus {
  /** Epoch ms when the last check finished (whatever its outcome). */
  lastRunAt: number | null;
  /** Epoch ms when a check last finished with every researcher checked. */
  lastSuccessAt: number | null;
  /** Why the last check did not check everyone; null after a complete check. */
  error: CheckProblem | null;
  /** Researchers whose data could not be read in the last check (bare A id → what went wrong, for diagnosis: never shown). */
  problems: Record<string, string>;
  /** Scheduled checks wait until then: a spent daily budget, or backoff after failures. */
  retryAt: number | null;
  /** Consecutive checks that failed for a transient reason (rate limit, 5xx, offline). */
  failures: number;
  /** New papers the last check found. */
  lastFound: number;
}

export const DEFAULT_INTERVAL_MINUTES = 6 * 60;
/** Never more often: each check costs list calls from OpenAlex's small daily budget. */
export const MIN_INTERVAL_MINUTES = 30;
/** At least daily: a weekly check would report papers a week late. */
export const MAX_INTERVAL_MINUTES = 24 * 60;
/** 10 list calls per check at most (one per 100 researchers). */
export const MAX_FOLLOWS = 1000;
export const INBOX_AUTHOR_NAMES = 5;
/** The oldest unseen papers give way beyond this many, so storage stays small. */
export const MAX_INBOX = 500;
/** Guesses (name-only matches in arXiv's announcement) kept at most, newest first. */
export const MAX_GUESSES = 100;

export const EMPTY_STATUS: CheckStatus = {
  lastRunAt: null,
  lastSuccessAt: null,
  error: null,
  problems: {},
  retryAt: null,
  failures: 0,
  lastFound: 0,
};

/** Held in `storage.session` while a check runs (see lease.ts). */
export const LEASE_KEY = 'alert-check-lease';

/** A check interval the scheduler accepts: whole minutes within the allowed range. */
export function clampInterval(minutes: number): number {
  if (!Number.isFinite(minutes)) return DEFAULT_INTERVAL_MINUTES;
  return Math.min(MAX_INTERVAL_MINUTES, Math.max(MIN_INTERVAL_MINUTES, Math.round(minutes)));
}

/** Unseen papers by researchers still followed: the toolbar badge's number. */
export function unseenCount(inbox: readonly InboxEntry[], followed: ReadonlySet<string>): number {
  return inbox.reduce((n, e) => (e.authorIds.some((id) => followed.has(id)) ? n + 1 : n), 0);
}

/** Unseen papers per followed researcher (bare A id → count). */
export function newCounts(inbox: readonly InboxEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of inbox) for (const id of e.authorIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
