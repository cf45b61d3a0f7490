/**
 * What `storage.sync` holds for each synced thing (a settings field, a followed topic, the
 * watched-category edits): its value
 * with a stamp, when it was last changed, on whichever computer. Of two versions the one with the
 * newer stamp wins; equal stamps are decided by the value, so every computer picks the same winner
 * and they all end alike, whatever order the changes arrive in.
 *
 * Stamps are the changing computer's clock, bumped past the stamp the thing had: a change the
 * reader makes after seeing a value wins over it even when this computer's clock is behind the
 * other's (docs/reliability.md, User data and Settings sync).
 */

/** A value with its stamp, as `storage.sync` holds it. */
export interface Stamped {
  v: unknown;
  t: number;
}

export const json = (x: unknown): string => JSON.stringify(x) ?? 'undefined';

/** Whether version `a` wins over version `b`. */
export function wins(a: Stamped, b: Stamped): boolean {
  return a.t !== b.t ? a.t > b.t : json(a.v) > json(b.v);
}

/** The stamp of a change made at `now` to something stamped `before`. */
export const nextStamp = (before: number | undefined, now: number): number => Math.max(now, (before ?? 0) + 1);

/** One item merged (`mergeItem`): the value to take from there with its stamp, or this computer's version to write there. */
export type ItemMerge<T> = { take: T; t: number } | { write: Stamped };

/**
 * One item merged: `there` is taken when it wins and `keep` keeps its value (null: damaged, or
 * from a newer Weft: never taken); `here` goes there when it wins, or when there is none and it
 * was ever changed (`t` > 0: an absent item means never changed anywhere); else nothing (null).
 */
export function mergeItem<T>(here: Stamped, there: Stamped | undefined, keep: (v: unknown) => T | null): ItemMerge<T> | null {
  const taken = there && wins(there, here) ? keep(there.v) : null;
  if (there && taken !== null) return { take: taken, t: there.t };
  return (there ? wins(here, there) : here.t > 0) ? { write: here } : null;
}

/** A stored `{ v, t }`, or null when the item is something else. */
export function asStamped(item: unknown): Stamped | null {
  if (typeof item !== 'object' || item === null || !('v' in item) || !('t' in item)) return null;
  const { v, t } = item as Stamped;
  return typeof t === 'number' && Number.isFinite(t) && t >= 0 ? { v, t } : null;
}
