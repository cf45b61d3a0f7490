/**
 * Shared earlier works (docs/identity.md, Shared works: the request plan): a candidate that shares
 * a work with a candidate of another author of this paper has evidence, the more co-authors the
 * stronger. Asked level by level (../plan.ts), many papers a call; after the first level, the
 * authors still without evidence are scanned in one call when they fit one filter; for the papers
 * the reader is looking at, every level at once.
 */
import { WORKS_PAGE_SIZE, type WorkAuthors, type WorksJoining } from '../../../catalog/openalex';
import { addRiders, levelsFor, MAX_FILTER_IDS, openAt, packCalls, sidesAt, type PlanSlot } from '../plan';
import type { Batch, EvidenceSource, PaperState } from './source';

/** Shared-works calls asked at once for the papers the reader is looking at, at most. */
const EAGER_MAX_CALLS = 4;
/** Left out of a scan: so many works would crowd everyone else out of its one page. */
const SCAN_MAX_WORKS = 500;
export const NOTHING_JOINED: WorksJoining = { works: [], complete: true };

export const sharedWorks: EvidenceSource = {
  name: 'shared works',
  // Every level's calls as if asked at once, before anyone is linked (scans and riders aside).
  cost: (batch) => ({ requests: 0, credits: packCalls(batch.papers.flatMap((s) => levelsFrom(0, s.slots.length).flatMap((l) => sidesAt(plans(s), l) ?? []))).length }),
  gather: askLevels,
  judge: (paper) => {
    const links = coauthorLinks(paper.slots.map((slot) => slot.candidates.map((c) => c.openalexId)), paper.works);
    return (slot, candidate) => {
      const link = links.get(slot)?.get(candidate.openalexId);
      if (!link) return null;
      const coauthors = [...link.partners].sort((x, y) => x - y).map((j) => paper.slots[j]!.name);
      return {
        verdict: 'supports',
        evidence: { kind: 'coauthors', sharedWorks: link.works.size, coauthors },
        strength: link.partners.size,
        detail: link.works.size,
        // A profile this large needs ties to two co-authors (evidence.ts, MERGED_PROFILE_WORKS).
        sure: link.partners.size >= 2,
      };
    };
  },
};

const plans = (s: PaperState) => s.slots.map((slot) => slot.plan);

/**
 * The works that join candidates of different authors, level by level; `eager`: every level at
 * once, in parallel calls (a few credits more, one round trip instead of several: for the papers
 * the reader is looking at).
 */
async function askLevels({ papers: states, suggestions, credits: budget, eager, worksJoining }: Batch): Promise<void> {
  const joining = (sets: string[][], recentFirst: boolean) => (budget.take() ? worksJoining(sets, recentFirst) : NOTHING_JOINED);
  const levels = Math.max(0, ...states.map((s) => levelsFor(s.slots.length)));
  if (eager) {
    const calls = packCalls(states.flatMap((s) => levelsFrom(0, s.slots.length).flatMap((l) => sidesAt(plans(s), l) ?? [])));
    // A large paper's levels are many: level by level, each asks only what is still open.
    if (calls.length <= EAGER_MAX_CALLS) {
      const found = await Promise.all(calls.map((c) => joining([c.a, c.b], false)));
      addWorks(states, found.flatMap((f) => f.works));
      return;
    }
  }
  /** Per paper, the later levels already asked in an earlier call's room. */
  const asked = new Map<PaperState, Set<number>>();
  for (let level = 0; level < levels; level++) {
    const open = states.filter((s) => openFrom(plans(s), level));
    if (open.length === 0) return;
    if (level > 0 && open.some((s) => openFrom(plans(s), level + 1))) {
      // More than one level to go: one scan of the authors still without evidence, their most
      // recent works (where today's co-authors are), if they fit one filter. Worth a call when
      // it can hold all their works, or when the credits left could not ask every pair anyway.
      const unlinked = [...new Set(open.flatMap((s) => s.slots.flatMap((slot) => (slot.plan.linked ? [] : slot.ids))))];
      const scan = unlinked.filter((id) => (suggestions.get(id)?.works ?? 0) <= SCAN_MAX_WORKS);
      const works = scan.reduce((n, id) => n + (suggestions.get(id)?.works ?? 0), 0);
      const pairCalls = packCalls(open.flatMap((s) => sidesAt(plans(s), level) ?? [])).length * (levels - level);
      const worthIt = works <= WORKS_PAGE_SIZE || budget.left() < pairCalls;
      if (scan.length > 0 && scan.length <= MAX_FILTER_IDS && worthIt && budget.take()) {
        const scanned = await worksJoining([scan], true);
        addWorks(states, scanned.works);
        // A page cut short, or authors left out, may hide a shared work: the pairs are asked after all.
        if (scanned.complete && scan.length === unlinked.length) return;
      }
    }
    const calls = packCalls(open.flatMap((s) => (asked.get(s)?.has(level) ? [] : sidesAt(plans(s), level) ?? [])));
    // The room these calls leave carries later levels' sides (nearest level first).
    const riders = open.flatMap((s) => levelsFrom(level + 1, s.slots.length).flatMap((l) => {
      const sides = asked.get(s)?.has(l) ? null : sidesAt(plans(s), l);
      return sides ? [{ s, l, sides }] : [];
    })).sort((x, y) => x.l - y.l);
    addRiders(calls, riders.map((r) => r.sides)).forEach((placed, k) => {
      if (!placed) return;
      const { s, l } = riders[k]!;
      asked.set(s, (asked.get(s) ?? new Set()).add(l));
    });
    const found = await Promise.all(calls.map((c) => joining([c.a, c.b], false)));
    addWorks(states, found.flatMap((f) => f.works));
  }
}

/** Keeps, for each paper, the works that join two of its candidates; updates who is linked. */
export function addWorks(states: PaperState[], works: WorkAuthors[]): void {
  for (const s of states) {
    const mine = new Set(s.slots.flatMap((slot) => slot.ids));
    for (const w of works) if (new Set(w.authorIds.filter((id) => mine.has(id))).size >= 2) s.works.set(w.id, w);
    const links = coauthorLinks(s.slots.map((slot) => slot.ids), [...s.works.values()]);
    s.slots.forEach((slot, i) => {
      const linked = [...(links.get(i)?.keys() ?? [])];
      slot.plan.linked = linked.length > 0 ? linked : null;
    });
  }
}

/** For one author, per candidate id: the other authors (positions) it shares works with, and those works. */
export type CoauthorLinks = Map<string, { partners: Set<number>; works: Set<string> }>;

/**
 * Per author position, the candidates that share a work with a candidate of another author of
 * the paper. Two different profiles must be on the work: one profile fitting two authors' names
 * is no evidence for either.
 */
export function coauthorLinks(candidateIds: string[][], works: WorkAuthors[]): Map<number, CoauthorLinks> {
  const slotsOf = new Map<string, number[]>();
  candidateIds.forEach((ids, i) => {
    for (const id of ids) {
      const list = slotsOf.get(id) ?? [];
      if (!list.includes(i)) list.push(i);
      slotsOf.set(id, list);
    }
  });
  const links = new Map<number, CoauthorLinks>();
  for (const work of works) {
    const here = [...new Set(work.authorIds)].filter((id) => slotsOf.has(id));
    for (const a of here) {
      for (const b of here) {
        if (a === b) continue;
        for (const i of slotsOf.get(a)!) {
          for (const j of slotsOf.get(b)!) {
            if (i === j) continue;
            const perSlot: CoauthorLinks = links.get(i) ?? new Map();
            const link = perSlot.get(a) ?? { partners: new Set<number>(), works: new Set<string>() };
            link.partners.add(j);
            link.works.add(work.id);
            perSlot.set(a, link);
            links.set(i, perSlot);
          }
        }
      }
    }
  }
  return links;
}

/** The levels from `level` on that a paper of `n` authors has. */
function levelsFrom(level: number, n: number): number[] {
  return Array.from({ length: Math.max(0, levelsFor(n) - level) }, (_, k) => level + k);
}

/** Whether a pair is still open at `level` or any later one. */
function openFrom(slots: PlanSlot[], level: number): boolean {
  for (let l = level; l < levelsFor(slots.length); l++) if (openAt(slots, l)) return true;
  return false;
}
