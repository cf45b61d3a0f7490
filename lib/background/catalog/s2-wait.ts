/**
 * How long an answer OpenAlex can already give waits for Semantic Scholar. S2's keyless pool
 * takes one request at a time and may hang (docs/reliability.md, Network robustness): its
 * numbers are welcome, never worth holding every tab for. What S2 sends later is cached by the
 * load still under way, so the page's next ask ("Ask Semantic Scholar again") finds it.
 */
import { CatalogError } from '../../catalog/types';

export const S2_WAIT_MS = 3_000;

/** What a lookup of Semantic Scholar's counts as when it has not answered within the wait. */
export const s2Late = () => new CatalogError('timeout', `Semantic Scholar did not answer within ${S2_WAIT_MS} ms`);

/** `pending`'s outcome, or `late()` once `ms` have passed first (`pending` goes on regardless). */
export function within<T>(pending: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late()), Math.max(0, ms))));
  return Promise.race([pending, deadline]).finally(() => clearTimeout(timer));
}
