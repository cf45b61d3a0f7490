/**
 * How long Weft works at a stretch before the page gets a turn (input, paint): well under the
 * 50 ms that makes a long task, on a slow machine too, since the slices are measured in time.
 */
export const SLICE_MS = 8;

import { yieldToPage } from './yield-to-page';

export interface SliceOptions {
  budgetMs?: number;
  /** The clock; performance.now by default. */
  now?: () => number;
}

/**
 * Runs `fn` over `items` a slice at a time, yielding to the page between slices, so that work
 * over thousands of elements (a 3,000-author list) never becomes one long task. The first slice
 * runs at once; each slice takes items until its time is up (at least one item).
 */
export function inSlices<T>(
  items: readonly T[],
  fn: (item: T) => void,
  signal: AbortSignal,
  { budgetMs = SLICE_MS, now = () => performance.now() }: SliceOptions = {},
): void {
  let k = 0;
  const slice = () => {
    if (signal.aborted) return;
    const start = now();
    while (k < items.length) {
      fn(items[k++]!);
      if (now() - start >= budgetMs) break;
    }
    if (k < items.length) void yieldToPage().then(slice);
  };
  slice();
}
