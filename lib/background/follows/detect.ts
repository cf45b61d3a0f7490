/**
 * Which of the works a check found are new, per followed researcher (docs/test-contract.md, Popup): a work
 * is new when its OpenAlex `created_date` (a UTC date) is on or after the UTC day of that
 * researcher's last check and it was not seen before. `created_date` is a date, not a time,
 * so a work created on the day of the last check can only be told apart by remembering what
 * that check saw. The first check of a researcher records what exists and flags nothing; a
 * follow whose first check could not run then (checks paused, the network down, the worker
 * stopped first) gets the follow time as its watermark instead (service.ts), so the papers of
 * the gap are still alerted.
 *
 * Pure: no storage, no clock. Idempotent by work id: applying the same works twice (a worker
 * killed before the watermark was written) adds nothing the second time.
 */
import type { AlertWork } from '../catalog/openalex';
import { counts, INBOX_AUTHOR_NAMES, MAX_GUESSES, MAX_INBOX, type FollowEntry, type InboxEntry } from '../../shared/follows/model';

/** One inbox entry per paper: its W id, or its arXiv id while only arXiv's announcement has it. */
export const inboxKey = (e: Pick<InboxEntry, 'workId' | 'arxivId'>) => e.workId ?? `arXiv:${e.arxivId}`;

/**
 * A same-day entry (found in arXiv's announcement) once the catalog has its record `w`
 * (docs/same-day-alerts.md, "Confirmed later, never twice"): the record decides who is on it.
 * Followed researchers the record names stay, now by the record; those it does not name go (the
 * entry is withdrawn when nobody is left: null). `newly`: researchers it now counts for who were
 * only a guess before — a first alert for them, so it rings; for the others it stays silent.
 */
export function takeOver(entry: InboxEntry, w: AlertWork): { entry: InboxEntry | null; newly: string[] } {
  const named = new Set(w.authorIds);
  // A list entry cut at 100 authorships cannot say who is not on the paper.
  const on = (id: string) => named.has(id) || w.authorsTruncated;
  const counted = entry.authorIds.filter(on);
  const newly = (entry.guessFor ?? []).filter((id) => named.has(id));
  const authorIds = [...counted, ...newly];
  if (authorIds.length === 0) {
    const guesses = (entry.guessFor ?? []).filter(on);
    return { entry: w.authorsTruncated && guesses.length ? entry : null, newly: [] };
  }
  const { source: _s, evidence: _e, guessFor: _g, announcedAt: _a, categories: _c, ...rest } = entry;
  return {
    entry: {
      ...rest,
      workId: w.id,
      title: w.title || entry.title,
      authorNames: w.authorNames.length ? w.authorNames.slice(0, INBOX_AUTHOR_NAMES) : entry.authorNames,
      authorCount: Math.max(w.authorNames.length, entry.authorCount),
      createdDate: w.createdDate ?? entry.createdDate,
      authorIds,
      notified: entry.notified && counted.length > 0,
    },
    newly,
  };
}

/** The UTC day (`YYYY-MM-DD`) of an epoch-ms time. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export interface Detection {
  /** The checked researchers with their new watermark and seen works, by id. */
  follows: Map<string, FollowEntry>;
  /** The whole inbox after the check; null when the check changed nothing in it. */
  inbox: InboxEntry[] | null;
  /** Papers that were not in the inbox before. */
  found: InboxEntry[];
}

function inboxEntry(w: AlertWork & { createdDate: string }, authorId: string, foundAt: number): InboxEntry {
  return {
    workId: w.id,
    arxivId: w.arxivId,
    title: w.title,
    authorNames: w.authorNames.slice(0, INBOX_AUTHOR_NAMES),
    authorCount: w.authorNames.length,
    year: w.year,
    createdDate: w.createdDate,
    foundAt,
    authorIds: [authorId],
    notified: false,
  };
}

/**
 * Newest first; beyond `MAX_INBOX` the oldest give way, and guesses (the name alone on a paper
 * in arXiv's announcement) beyond MAX_GUESSES: a common name's namesakes must never push out
 * papers that count.
 */
export function sortInbox(inbox: InboxEntry[]): InboxEntry[] {
  const sorted = [...inbox].sort((a, b) => (a.createdDate === b.createdDate ? b.foundAt - a.foundAt : a.createdDate < b.createdDate ? 1 : -1));
  let guesses = 0;
  const kept = sorted.filter((e) => counts(e) || ++guesses <= MAX_GUESSES);
  return kept.slice(0, MAX_INBOX);
}

/**
 * Applies one check's `works` to the researchers in `checked` (whose works they are, by
 * `authorIds`) and to the inbox. `startedAt` (epoch ms, when the check began) becomes each
 * researcher's watermark: anything created later is on or after its day.
 */
export function detectNewWorks(checked: readonly FollowEntry[], works: readonly AlertWork[], inbox: readonly InboxEntry[], startedAt: number): Detection {
  const today = utcDay(startedAt);
  const ids = new Set(checked.map((e) => e.id));
  const mine = new Map<string, (AlertWork & { createdDate: string })[]>();
  for (const w of works) {
    // Without a creation date nothing can be said about newness: skip the work, not the check.
    if (!w.createdDate) continue;
    for (const id of new Set(w.authorIds)) {
      if (!ids.has(id)) continue;
      let list = mine.get(id);
      if (!list) mine.set(id, (list = []));
      list.push(w as AlertWork & { createdDate: string });
    }
  }

  const byWork = new Map(inbox.map((e) => [inboxKey(e), e]));
  const found: InboxEntry[] = [];
  let changed = false;
  // The catalog's record takes over papers found in arXiv's announcement, whoever's check saw it.
  for (const w of works) {
    const announced = w.arxivId ? byWork.get(`arXiv:${w.arxivId}`) : undefined;
    if (!announced || !w.createdDate) continue;
    const { entry: after, newly } = takeOver(announced, w);
    byWork.delete(inboxKey(announced));
    if (after) byWork.set(inboxKey(after), after);
    if (after && newly.length) found.push(after);
    changed = true;
  }
  const follows = new Map<string, FollowEntry>();
  for (const entry of checked) {
    const from = entry.checkedAt === null ? null : utcDay(entry.checkedAt);
    // Only works created on or after the new watermark's day can ever be new again.
    const seen: Record<string, string> = {};
    for (const [id, day] of Object.entries(entry.seen)) if (day >= today) seen[id] = day;
    for (const w of mine.get(entry.id) ?? []) {
      // Marked seen while only arXiv's announcement had it: its record is not new either.
      const seenEarlier = w.arxivId !== null && entry.seenArxiv?.[w.arxivId] !== undefined;
      if (from !== null && !(w.id in entry.seen) && !seenEarlier && w.createdDate >= from) {
        const known = byWork.get(w.id);
        if (!known || !known.authorIds.includes(entry.id)) changed = true;
        if (!known) {
          const added = inboxEntry(w, entry.id, startedAt);
          byWork.set(w.id, added);
          found.push(added);
        } else if (!known.authorIds.includes(entry.id)) {
          const merged = { ...known, authorIds: [...known.authorIds, entry.id] };
          byWork.set(w.id, merged);
          const i = found.indexOf(known);
          if (i >= 0) found[i] = merged;
        }
      }
      if (w.createdDate >= today) seen[w.id] = w.createdDate;
    }
    follows.set(entry.id, { ...entry, checkedAt: startedAt, seen });
  }
  return { follows, inbox: changed ? sortInbox([...byWork.values()]) : null, found };
}
