import { groupInbox } from './inbox-view';
import type { NewPaper } from '../background/follows/service';

const paper = (workId: string, createdDate: string, authorIds: string[], foundAt = 1): NewPaper => ({
  workId, arxivId: null, title: workId, authorNames: [], authorCount: 0, year: 2026, createdDate, foundAt, authorIds,
});
const follows = [{ id: 'A1', name: 'Ray Cao' }, { id: 'A2', name: 'Li Ming' }];

describe('the inbox view', () => {
  it('groups by researcher, the newest paper and its group first', () => {
    const groups = groupInbox([
      paper('W1', '2026-06-01', ['A1']),
      paper('W2', '2026-06-09', ['A2']),
      paper('W3', '2026-06-05', ['A1']),
      paper('W4', '2026-06-09', ['A2'], 5),
    ], follows);
    expect(groups.map((g) => [g.researcher.name, g.papers.map((p) => p.workId)])).toEqual([
      ['Li Ming', ['W4', 'W2']],
      ['Ray Cao', ['W3', 'W1']],
    ]);
  });

  it('lists a shared paper once and names the other followed researchers', () => {
    const groups = groupInbox([paper('W1', '2026-06-01', ['A2', 'A9', 'A1'])], follows);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.researcher.name).toBe('Li Ming');
    expect(groups[0]!.papers[0]!.alsoBy).toEqual(['Ray Cao']);
  });

  it('leaves out papers of researchers no longer followed', () => {
    expect(groupInbox([paper('W1', '2026-06-01', ['A9'])], follows)).toEqual([]);
  });
});
