import type { AnnouncedPaper } from '../../arxiv/announcement-model';
import { counts, newCounts, unseenCount, type FollowEntry, type InboxEntry } from '../../shared/follows/model';
import { addAnnounced, type AnnouncedFind } from './announced';
import { detectNewWorks, sortInbox } from './detect';
import { work } from './testing';

const T0 = Date.UTC(2026, 11, 1, 1, 40); // Mon 30 Nov 2026, 20:40 EST: after the announcement
const ANNOUNCED = { at: Date.UTC(2026, 11, 1, 1), listedAs: '2026-12-01' };
const follow = (id: string, over: Partial<FollowEntry> = {}): FollowEntry => ({ id, name: id, followedAt: 0, checkedAt: T0 - 3_600_000, seen: {}, ...over });
const paper = (arxivId: string, authors = ['Ray Cao', 'Sherry Luo']): AnnouncedPaper => ({ arxivId, title: `Paper ${arxivId}`, authors, categories: ['cs.DC'], type: 'new' });
const inferred = (arxivId: string, researcher: string): AnnouncedFind => ({ paper: paper(arxivId), researcher, match: 'inferred', evidence: { kind: 'coauthors', coauthors: ['Sherry Luo'], sharedWorks: 4 } });
const guess = (arxivId: string, researcher: string): AnnouncedFind => ({ paper: paper(arxivId), researcher, match: 'guess', evidence: { kind: 'name', usual: true } });

function inbox(finds: AnnouncedFind[], follows = [follow('A1'), follow('A2')], before: InboxEntry[] = []) {
  return addAnnounced(before, follows, finds, ANNOUNCED, T0);
}

describe('papers found in arXiv’s announcement', () => {
  it('counts and rings an inferred paper; lists a guess for its researcher without counting or ringing it', () => {
    const r = inbox([inferred('2612.00001', 'A1'), guess('2612.00002', 'A1')]);
    expect(r).toMatchObject({ found: 1, guesses: 1 });
    const [a, b] = r.inbox!;
    expect(a).toMatchObject({ workId: null, arxivId: '2612.00001', source: 'arxiv', authorIds: ['A1'], notified: false, createdDate: '2026-12-01', announcedAt: ANNOUNCED.at, categories: ['cs.DC'] });
    expect(b).toMatchObject({ workId: null, arxivId: '2612.00002', authorIds: [], guessFor: ['A1'], notified: true });
    expect(unseenCount(r.inbox!, new Set(['A1']))).toBe(1);
    expect(newCounts(r.inbox!).get('A1')).toBe(1);
  });

  it('is one entry per paper: a second read, or a second researcher, adds to it', () => {
    const first = inbox([inferred('2612.00001', 'A1')]);
    expect(inbox([inferred('2612.00001', 'A1')], undefined, first.inbox!)).toMatchObject({ inbox: null, found: 0 });
    const both = inbox([inferred('2612.00001', 'A2')], undefined, first.inbox!);
    expect(both.inbox).toHaveLength(1);
    expect(both.inbox![0]!.authorIds).toEqual(['A1', 'A2']);
  });

  it('rings a paper once it counts: a guess that evidence later backs', () => {
    const g = inbox([guess('2612.00001', 'A1')]);
    const now = inbox([inferred('2612.00001', 'A1')], undefined, g.inbox!);
    expect(now.inbox![0]).toMatchObject({ authorIds: ['A1'], guessFor: [], notified: false });
  });

  it('leaves out papers marked seen before, the catalog’s own, and researchers no longer followed', () => {
    const seen = inbox([inferred('2612.00001', 'A1')], [follow('A1', { seenArxiv: { '2612.00001': '2026-12-01' } })]);
    expect(seen.inbox).toBeNull();
    const record: InboxEntry = { workId: 'W9', arxivId: '2612.00001', title: 't', authorNames: [], authorCount: 2, year: 2026, createdDate: '2026-12-01', foundAt: 0, authorIds: ['A1'], notified: true };
    expect(inbox([inferred('2612.00001', 'A2')], undefined, [record]).inbox).toBeNull();
    expect(inbox([inferred('2612.00003', 'A7')]).inbox).toBeNull();
  });

  it('never lets guesses push papers that count out of a full inbox', () => {
    const full = Array.from({ length: 600 }, (_, i) => inbox([guess(`2612.${String(i).padStart(5, '0')}`, 'A1')]).inbox![0]!);
    const counted = inbox([inferred('2612.99999', 'A1')]).inbox![0]!;
    const kept = sortInbox([{ ...counted, createdDate: '2026-11-01' }, ...full]);
    expect(kept.filter(counts)).toHaveLength(1);
    expect(kept.filter((e) => !counts(e))).toHaveLength(100);
  });
});

describe('the catalog’s record of a paper first found in the announcement', () => {
  const announced = () => inbox([inferred('2612.00001', 'A1'), guess('2612.00002', 'A2')]).inbox!.map((e) => ({ ...e, notified: true }));

  it('confirms it silently: the same entry, now the record, counts unchanged, no new alert', () => {
    const d = detectNewWorks([follow('A1')], [work('W1', '2026-12-01', ['A1', 'A5'], { arxivId: '2612.00001' })], announced(), T0 + 86_400_000);
    expect(d.found).toEqual([]);
    const e = d.inbox!.find((x) => x.arxivId === '2612.00001')!;
    expect(e).toMatchObject({ workId: 'W1', authorIds: ['A1'], notified: true });
    expect(e.source).toBeUndefined();
    expect(d.inbox!.filter((x) => x.arxivId === '2612.00001')).toHaveLength(1);
    expect(newCounts(d.inbox!).get('A1')).toBe(1);
  });

  it('withdraws it when the record names someone else, and the counts drop', () => {
    const d = detectNewWorks([follow('A3')], [work('W1', '2026-12-01', ['A3', 'A5'], { arxivId: '2612.00001' })], announced(), T0 + 86_400_000);
    expect(d.inbox!.some((x) => x.arxivId === '2612.00001' && x.authorIds.includes('A1'))).toBe(false);
    expect(newCounts(d.inbox!).get('A1')).toBeUndefined();
  });

  it('turns a guess the record confirms into a first alert for them', () => {
    const d = detectNewWorks([follow('A2')], [work('W2', '2026-12-01', ['A2'], { arxivId: '2612.00002' })], announced(), T0 + 86_400_000);
    expect(d.found).toHaveLength(1);
    expect(d.found[0]).toMatchObject({ workId: 'W2', authorIds: ['A2'], notified: false });
  });

  it('does not bring back a paper marked seen while only arXiv had it', () => {
    const d = detectNewWorks([follow('A1', { seenArxiv: { '2612.00001': '2026-12-01' } })], [work('W1', '2026-12-01', ['A1'], { arxivId: '2612.00001' })], [], T0 + 86_400_000);
    expect(d.found).toEqual([]);
  });
});
