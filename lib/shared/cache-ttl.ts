/**
 * How long the main catalog answers are kept (docs/data-sources.md, "Cache"); the options page shows them, the
 * background caches by them.
 *
 *   papers (OpenAlex work, S2 paper)   1 day   — citation counts move daily at most
 *   "not in this catalog" answers      1 day   — 3 hours for a new paper (not-indexed.ts)
 *   author metrics                     7 days  — h-index and totals move slowly
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const TTL = {
  paper: DAY,
  notFound: DAY,
  author: 7 * DAY,
} as const;
