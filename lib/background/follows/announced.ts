/**
 * Papers of arXiv's announcement that are followed researchers', into the inbox (docs/same-day-alerts.md):
 * one entry per paper, whichever source found it first. `inferred` counts and rings; a `guess`
 * (the name alone) is listed for that researcher apart, never counted, never notified. A paper
 * the catalog already has, or that the reader marked seen or hid, is not added again. Pure.
 */
import type { AnnouncedPaper } from '../../arxiv/announcement-model';
import { INBOX_AUTHOR_NAMES, type FollowEntry, type InboxEntry, type SameDayEvidence } from '../../shared/follows/model';
import { inboxKey, sortInbox } from './detect';

export interface AnnouncedFind {
  paper: AnnouncedPaper;
  /** Bare A id of the followed researcher. */
  researcher: string;
  match: 'inferred' | 'guess';
  evidence: SameDayEvidence;
}

export interface Announcement {
  /** When arXiv announced it (epoch ms). */
  at: number;
  /** The day it is listed under (`YYYY-MM-DD`). */
  listedAs: string;
}

function entryOf(f: AnnouncedFind, a: Announcement, foundAt: number): InboxEntry {
  const counted = f.match === 'inferred';
  return {
    workId: null,
    arxivId: f.paper.arxivId,
    title: f.paper.title,
    authorNames: f.paper.authors.slice(0, INBOX_AUTHOR_NAMES),
    authorCount: f.paper.authors.length,
    year: Number(a.listedAs.slice(0, 4)),
    createdDate: a.listedAs,
    foundAt,
    authorIds: counted ? [f.researcher] : [],
    // A guess never rings.
    notified: !counted,
    source: 'arxiv',
    announcedAt: a.at,
    categories: f.paper.categories,
    evidence: { [f.researcher]: f.evidence },
    ...(counted ? {} : { guessFor: [f.researcher] }),
  };
}

/** `entry` with `f` added for its researcher; the same entry when it already says as much. */
function withFind(entry: InboxEntry, f: AnnouncedFind): InboxEntry {
  const r = f.researcher;
  if (entry.authorIds.includes(r)) return entry;
  if (f.match === 'guess') {
    if (entry.guessFor?.includes(r)) return entry;
    return { ...entry, guessFor: [...(entry.guessFor ?? []), r], evidence: { ...entry.evidence, [r]: f.evidence } };
  }
  const wasCounted = entry.authorIds.length > 0;
  return {
    ...entry,
    authorIds: [...entry.authorIds, r],
    guessFor: (entry.guessFor ?? []).filter((id) => id !== r),
    evidence: { ...entry.evidence, [r]: f.evidence },
    // Counting now for the first time: it rings (a guess never did).
    notified: wasCounted ? entry.notified : false,
  };
}

export interface AnnouncedResult {
  /** The inbox after; null when nothing changed. */
  inbox: InboxEntry[] | null;
  /** Papers that count for a researcher they did not count for before. */
  found: number;
  guesses: number;
}

/** Adds `finds` to `inbox`; finds for researchers no longer followed are left out. */
export function addAnnounced(
  inbox: readonly InboxEntry[],
  follows: readonly FollowEntry[],
  finds: readonly AnnouncedFind[],
  a: Announcement,
  foundAt: number,
): AnnouncedResult {
  const byId = new Map(follows.map((f) => [f.id, f]));
  const byKey = new Map(inbox.map((e) => [inboxKey(e), e]));
  const recorded = new Set(inbox.flatMap((e) => (e.workId && e.arxivId ? [e.arxivId] : [])));
  let found = 0;
  let guesses = 0;
  let changed = false;
  for (const f of finds) {
    const follow = byId.get(f.researcher);
    if (!follow || follow.seenArxiv?.[f.paper.arxivId] !== undefined) continue;
    // The catalog's record already says who wrote it.
    if (recorded.has(f.paper.arxivId)) continue;
    const key = `arXiv:${f.paper.arxivId}`;
    const before = byKey.get(key);
    const after = before ? withFind(before, f) : entryOf(f, a, foundAt);
    if (after === before) continue;
    changed = true;
    byKey.set(key, after);
    if (f.match === 'inferred') found++;
    else guesses++;
  }
  return { inbox: changed ? sortInbox([...byKey.values()]) : null, found, guesses };
}
