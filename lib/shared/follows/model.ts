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
}

/** A new paper by one or more followed researchers, not yet marked seen. */
export interface InboxEntry {
  /** Bare OpenAlex work id. */
  workId: string;
  arxivId: string | null;
  title: string;
  /** The paper's first authors as the catalog names them (at most `INBOX_AUTHOR_NAMES`). */
  authorNames: string[];
  authorCount: number;
  year: number | null;
  /** OpenAlex `created_date` (`YYYY-MM-DD`, UTC). */
  createdDate: string;
  /** Epoch ms when a check found it. */
  foundAt: number;
  /** The followed researchers it is by (bare A ids). */
  authorIds: string[];
  /** A desktop notification covered it (or notifications were off when it was found). */
  notified: boolean;
}

export interface AlertSettings {
  /** Minutes between scheduled checks (`MIN_INTERVAL_MINUTES` … `MAX_INTERVAL_MINUTES`). */
  intervalMinutes: number;
  /** Desktop notifications wanted (they also need the optional `notifications` permission). */
  notify: boolean;
}

export interface CheckProblem {
  kind: CatalogErrorKind | 'internal';
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
  /** Researchers whose data could not be read in the last check (bare A id → message). */
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
