/**
 * What one identification of papers no catalog has may spend: OpenAlex list calls (credits)
 * (docs/identity.md, Cost).
 */
import type { Credits, FreshPaper } from './sources/source';

/** The OpenAlex credits (list calls) one `identify` may spend on `papers`. */
export type CreditBudget = (papers: readonly FreshPaper[]) => number;

/** A paper's page: 5 credits (10 per 100 papers). */
export const PAGE_CREDITS: CreditBudget = (papers) => Math.max(5, Math.ceil(papers.length / 10));
/**
 * A paper of n authors decided on its own needs about n / 8 calls (its first level cut into
 * pieces of 100 ids a side, then a call per level): a listing's large collaboration papers.
 */
const LARGE_PAPER_AUTHORS_PER_CREDIT = 8;
/**
 * A listing: 4 credits per 100 authors, at least 5 per call, and enough for its largest paper. Every pair of a paper's n authors
 * is checked in ⌈log2 n⌉ levels of calls holding 200 candidate ids each (plan.ts); on a /new
 * page, about 2.4 candidates per author and most linked after the first level, that is about 3
 * per 100 authors. Fewer would leave co-authors unchecked.
 */
export const LISTING_CREDITS: CreditBudget = (papers) =>
  Math.max(5, Math.ceil(papers.reduce((n, p) => n + p.authors.length, 0) / 25), Math.ceil(Math.max(0, ...papers.map((p) => p.authors.length)) / LARGE_PAPER_AUTHORS_PER_CREDIT));

/** `n` credits to spend; `allowance`: the day's OpenAlex budget is not spent. */
export function creditsFor(n: number, allowance: boolean): Credits {
  let left = n;
  let open = allowance;
  return {
    take: () => left > 0 && left-- > 0,
    left: () => left,
    spent: () => void ((left = 0), (open = false)),
    overdraw: () => open,
  };
}
