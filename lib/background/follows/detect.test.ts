import { detectNewWorks, utcDay } from './detect';
import type { FollowEntry, InboxEntry } from '../../shared/follows/model';
import { work } from './testing';

const DAY = 86_400_000;
/** 2026-06-10 09:00 UTC */
const T0 = Date.UTC(2026, 5, 10, 9);

const entry = (id: string, checkedAt: number | null, seen: Record<string, string> = {}): FollowEntry => ({
  id, name: `Researcher ${id}`, followedAt: T0 - DAY, checkedAt, seen,
});

describe('new-work detection', () => {
  it('records what exists on the first check and flags nothing', () => {
    const d = detectNewWorks([entry('A1', null)], [work('W1', '2026-06-10', ['A1']), work('W2', '2025-02-01', ['A1'])], [], T0);
    expect(d.found).toEqual([]);
    expect(d.inbox).toBeNull();
    expect(d.follows.get('A1')).toMatchObject({ checkedAt: T0, seen: { W1: '2026-06-10' } });
  });

  it('flags a work created on the day of the last check that was not seen then', () => {
    const first = detectNewWorks([entry('A1', null)], [work('W1', '2026-06-10', ['A1'])], [], T0);
    const later = T0 + 3_600_000; // same UTC day
    const d = detectNewWorks([first.follows.get('A1')!], [work('W1', '2026-06-10', ['A1']), work('W9', '2026-06-10', ['A1'])], [], later);
    expect(d.found.map((p) => p.workId)).toEqual(['W9']);
    expect(d.inbox!.map((p) => p.workId)).toEqual(['W9']);
    expect(d.found[0]).toMatchObject({ authorIds: ['A1'], createdDate: '2026-06-10', foundAt: later, notified: false });
  });

  it('never flags works created before the day of the last check, seen or not', () => {
    const d = detectNewWorks([entry('A1', T0)], [work('W5', '2026-06-09', ['A1']), work('W6', '2024-01-01', ['A1'])], [], T0 + 2 * DAY);
    expect(d.found).toEqual([]);
  });

  it('flags works created between two checks days apart', () => {
    const d = detectNewWorks([entry('A1', T0, { W1: '2026-06-10' })], [work('W1', '2026-06-10', ['A1']), work('W2', '2026-06-11', ['A1'])], [], T0 + 2 * DAY);
    expect(d.found.map((p) => p.workId)).toEqual(['W2']);
    // The new watermark's day is 2026-06-12: neither work can be new again, so neither is kept.
    expect(d.follows.get('A1')!.seen).toEqual({});
    expect(d.follows.get('A1')!.checkedAt).toBe(T0 + 2 * DAY);
  });

  it('is idempotent: the same works applied again (a rerun after a crash) add nothing', () => {
    const works = [work('W2', '2026-06-10', ['A1'])];
    const once = detectNewWorks([entry('A1', T0 - 1000)], works, [], T0);
    // The watermark was never written (worker killed): the old entry meets the stored inbox.
    const again = detectNewWorks([entry('A1', T0 - 1000)], works, once.inbox!, T0 + 1000);
    expect(again.found).toEqual([]);
    expect(again.inbox).toBeNull();
  });

  it('lists a paper by two followed researchers once, under both', () => {
    const d = detectNewWorks([entry('A1', T0 - 1000), entry('A2', T0 - 1000)], [work('W3', '2026-06-10', ['A2', 'A7', 'A1'])], [], T0);
    expect(d.found).toHaveLength(1);
    expect(d.inbox).toHaveLength(1);
    expect(d.inbox![0]!.authorIds.sort()).toEqual(['A1', 'A2']);
  });

  it('adds a researcher to a paper already in the inbox for another one', () => {
    const inbox: InboxEntry[] = [{
      workId: 'W3', arxivId: null, title: 'x', authorNames: [], authorCount: 0, year: 2026, createdDate: '2026-06-10',
      foundAt: T0 - 500, authorIds: ['A2'], notified: true,
    }];
    const d = detectNewWorks([entry('A1', T0 - 1000)], [work('W3', '2026-06-10', ['A2', 'A1'])], inbox, T0);
    expect(d.found).toEqual([]);
    expect(d.inbox).toEqual([{ ...inbox[0], authorIds: ['A2', 'A1'] }]);
  });

  it('skips works without a creation date and works by nobody checked', () => {
    const d = detectNewWorks([entry('A1', T0 - 1000)], [work('W4', null, ['A1']), work('W8', '2026-06-10', ['A5'])], [], T0);
    expect(d.found).toEqual([]);
  });

  it('keeps the first authors for display and counts the rest', () => {
    const many = Array.from({ length: 12 }, (_, i) => `A${i + 1}`);
    const d = detectNewWorks([entry('A1', T0 - 1000)], [work('W4', '2026-06-10', many)], [], T0);
    expect(d.found[0]!.authorNames).toHaveLength(5);
    expect(d.found[0]!.authorCount).toBe(12);
  });

  it('dates by UTC day', () => {
    expect(utcDay(Date.UTC(2026, 0, 1, 23, 59))).toBe('2026-01-01');
    expect(utcDay(Date.UTC(2026, 0, 2, 0, 0))).toBe('2026-01-02');
  });

  it('stays fast: 250 researchers, 50 new works among 2,500', () => {
    const follows = Array.from({ length: 250 }, (_, i) => entry(`A${i + 1}`, T0 - DAY));
    const works = Array.from({ length: 2500 }, (_, i) =>
      work(`W${i + 1}`, i < 50 ? '2026-06-10' : '2025-03-01', [`A${(i % 250) + 1}`, `A${((i * 7) % 250) + 1}`]));
    const t = performance.now();
    const d = detectNewWorks(follows, works, [], T0);
    expect(performance.now() - t).toBeLessThan(200);
    expect(d.found).toHaveLength(50);
  });
});
