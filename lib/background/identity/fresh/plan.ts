/**
 * Which shared-works lists to ask OpenAlex for, so that every pair of authors of a paper is
 * checked for earlier works together with as few list calls as possible (docs/identity.md).
 * Pure: candidate ids in, filter sets out.
 *
 * A call `authorships.author.id:<side A>,authorships.author.id:<side B>` returns exactly the
 * works that join someone of side A with someone of side B. At level ℓ each author goes to the
 * side given by bit ℓ of its position in the paper, so the pair (i, j) is split at the lowest
 * bit where i and j differ: ⌈log2 n⌉ levels check every pair (a pair split at a lower level
 * may come back in the same call, at no extra cost). Pairs whose authors both already have
 * evidence are not asked again, and many papers share one call as long as each side stays
 * within OpenAlex's limit of values per filter (works are checked locally, so a work that joins two
 * different papers' candidates does no harm).
 */

import { OPENALEX_MAX_OR_VALUES } from '../../../shared/limits';

/** The most ids one side of a call may hold: OpenAlex's limit per OR filter. */
export const MAX_FILTER_IDS = OPENALEX_MAX_OR_VALUES;

export interface PlanSlot {
  /** The candidates' ids for this author. */
  candidates: string[];
  /** The candidates already backed by a shared work, or null while the author has none. */
  linked: string[] | null;
}

/** One list call's two filter sets. */
export interface SplitCall {
  a: string[];
  b: string[];
}

/** How many levels it takes to split every pair of `n` authors. */
export function levelsFor(n: number): number {
  return n <= 1 ? 0 : Math.ceil(Math.log2(n));
}

/** The ids an author brings to a call: all candidates while unlinked, else the linked ones. */
const idsOf = (slot: PlanSlot) => slot.linked ?? slot.candidates;

/**
 * The authors with a pair still open at `level`, by side. Positions i and j are first split at
 * the lowest bit where they differ, so at `level` the authors fall into classes by their lower
 * bits, each split in two halves by bit `level`; a pair across halves is open unless both
 * authors are linked already.
 */
function openSides(slots: PlanSlot[], level: number): [number[], number[]] {
  const classes = new Map<number, [number[], number[]]>();
  slots.forEach((slot, i) => {
    if (idsOf(slot).length === 0) return;
    const key = i & ((1 << level) - 1);
    const halves = classes.get(key) ?? [[], []];
    halves[(i >> level) & 1]!.push(i);
    classes.set(key, halves);
  });
  const sides: [number[], number[]] = [[], []];
  const unlinked = (i: number) => slots[i]!.linked === null;
  for (const halves of classes.values()) {
    for (const h of [0, 1] as const) {
      const other = halves[1 - h]!;
      if (other.length === 0) continue;
      const otherHasUnlinked = other.some(unlinked);
      for (const i of halves[h]!) if (unlinked(i) || otherHasUnlinked) sides[h].push(i);
    }
  }
  return sides;
}

/** Whether some pair of this paper still needs asking at `level`. */
export function openAt(slots: PlanSlot[], level: number): boolean {
  return openSides(slots, level)[0].length > 0;
}

/** This paper's two sides at `level` (only authors with a pair open there), or null when none is. */
export function sidesAt(slots: PlanSlot[], level: number): SplitCall | null {
  const [left, right] = openSides(slots, level);
  const a = new Set(left.flatMap((i) => idsOf(slots[i]!)));
  // One profile fitting two authors on opposite sides would match all its own works.
  const b = new Set(right.flatMap((i) => idsOf(slots[i]!)).filter((id) => !a.has(id)));
  return a.size > 0 && b.size > 0 ? { a: [...a], b: [...b] } : null;
}

/**
 * Packs papers' sides into as few calls as fit: first fit, each side ≤ `max` ids, and no id on
 * side A of a call and side B of the same call (it would match every one of its own works).
 * A paper too large for one call is cut into every pairing of its pieces.
 */
export function packCalls(groups: SplitCall[], max = MAX_FILTER_IDS): SplitCall[] {
  const calls: { a: Set<string>; b: Set<string> }[] = [];
  const pieces = groups.flatMap((g) => {
    const as = chunk(g.a, max);
    const bs = chunk(g.b, max);
    return as.flatMap((a) => bs.map((b) => ({ a, b })));
  });
  for (const p of pieces) {
    const fits = (c: { a: Set<string>; b: Set<string> }) =>
      p.a.every((id) => !c.b.has(id)) && p.b.every((id) => !c.a.has(id))
      && grown(c.a, p.a) <= max && grown(c.b, p.b) <= max;
    let call = calls.find(fits);
    if (!call) calls.push((call = { a: new Set(), b: new Set() }));
    for (const id of p.a) call.a.add(id);
    for (const id of p.b) call.b.add(id);
  }
  return calls.map((c) => ({ a: [...c.a], b: [...c.b] }));
}

/**
 * Puts each rider (a later level's sides, asked early) whole into a call of `calls` that has room
 * for it, never into a new one; returns which riders found a place. The rooms are paid for
 * anyway, and a later level's sides only shrink as authors are linked, so asking them early
 * leaves no pair out.
 */
export function addRiders(calls: SplitCall[], riders: SplitCall[], max = MAX_FILTER_IDS): boolean[] {
  const sets = calls.map((c) => ({ a: new Set(c.a), b: new Set(c.b) }));
  const placed = riders.map((r) => {
    const call = sets.find((c) =>
      r.a.every((id) => !c.b.has(id)) && r.b.every((id) => !c.a.has(id)) && grown(c.a, r.a) <= max && grown(c.b, r.b) <= max);
    if (!call) return false;
    for (const id of r.a) call.a.add(id);
    for (const id of r.b) call.b.add(id);
    return true;
  });
  sets.forEach((c, k) => {
    calls[k] = { a: [...c.a], b: [...c.b] };
  });
  return placed;
}

const grown = (set: Set<string>, more: string[]) => set.size + more.filter((id) => !set.has(id)).length;

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
