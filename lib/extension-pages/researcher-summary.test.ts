import { authorPositions, coauthorNetwork, sinceTotals, topicsByField, yearSeries } from './researcher-summary';
import { work, type Co } from './researcher-testing';

describe('yearSeries', () => {
  const counts = [
    { year: 2026, works: 0, citedBy: 182 },
    { year: 2024, works: 5, citedBy: 309 },
    { year: 2022, works: 3, citedBy: null },
  ];

  it('shows every year from ten years back to this year: the years OpenAlex leaves out are 0, not skipped', () => {
    const s = yearSeries(counts, 'works', 2026);
    expect(s.map((x) => x.year)).toEqual([2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    expect(s.filter((x) => x.year >= 2022)).toEqual([
      { year: 2022, count: 3 }, { year: 2023, count: 0 }, { year: 2024, count: 5 }, { year: 2025, count: 0 }, { year: 2026, count: 0 },
    ]);
    expect(yearSeries(counts, 'citedBy', 2026).find((x) => x.year === 2022)).toEqual({ year: 2022, count: 0 });
  });

  it('keeps a listed year outside the window (a clock behind the catalog), and draws nothing without counts', () => {
    expect(yearSeries(counts, 'works', 2025).at(-1)).toEqual({ year: 2026, count: 0 });
    expect(yearSeries([], 'works', 2026)).toEqual([]);
  });
});

describe('sinceTotals', () => {
  it('sums citations and works from that year on; null when the catalog lists no years', () => {
    const counts = [{ year: 2026, works: 1, citedBy: 10 }, { year: 2021, works: 2, citedBy: 20 }, { year: 2020, works: 4, citedBy: 40 }];
    expect(sinceTotals(counts, 2021)).toEqual({ citedBy: 30, works: 3 });
    expect(sinceTotals([], 2021)).toBeNull();
  });
});

describe('topicsByField', () => {
  it('groups topics by field, the field with most works first, shares of all works', () => {
    const groups = topicsByField([
      { id: 'T1', name: 'Caching', count: 10, subfield: null, field: 'Computer Science' },
      { id: 'T2', name: 'Sampling', count: 30, subfield: null, field: 'Mathematics' },
      { id: 'T3', name: 'Federated', count: 25, subfield: null, field: 'Computer Science' },
      { id: 'T4', name: 'Odd', count: 5, subfield: null, field: null },
    ], 100);
    expect(groups.map((g) => [g.field, g.count, g.topics.map((t) => t.id)])).toEqual([
      ['Computer Science', 35, ['T3', 'T1']], ['Mathematics', 30, ['T2']], ['Other', 5, ['T4']],
    ]);
    expect(groups[0]!.topics[0]!.share).toBe(0.25);
  });
});

describe('authorPositions', () => {
  it('counts single-author works apart from first-author ones, and unknown positions apart from the known', () => {
    const p = authorPositions([
      work('W1', 'first', [['A2']]), work('W2', 'first'), work('W3', 'last', [['A2']]), work('W4', 'middle', [['A2'], ['A3']]), work('W5', null, [['A2']]),
    ]);
    expect(p).toEqual({ first: 1, middle: 1, last: 1, single: 1, unknown: 1, known: 4 });
  });
});

describe('coauthorNetwork', () => {
  it('ranks co-authors by shared works (ties in order of appearance), each work once, never the researcher or someone without a profile', () => {
    const n = coauthorNetwork('A1', [
      work('W1', 'first', [['A2'], ['A3'], ['A3']]),
      work('W2', 'last', [['A4'], ['A3']]),
      work('W3', 'middle', [['A4'], [null, 'No Profile'], ['A1', 'Themself']]),
    ]);
    expect(n.nodes).toEqual([
      { id: 'A3', name: 'Person A3', sharedWorks: 2 },
      { id: 'A4', name: 'Person A4', sharedWorks: 2 },
      { id: 'A2', name: 'Person A2', sharedWorks: 1 },
    ]);
    expect(n.links).toEqual([{ a: 'A2', b: 'A3', works: 1 }, { a: 'A3', b: 'A4', works: 1 }]);
    expect(n.total).toBe(3);
  });

  it('shows at most 12, the most frequent among them', () => {
    const many: Co[] = Array.from({ length: 20 }, (_, i) => [`A${i + 10}`]);
    const n = coauthorNetwork('A1', [work('W1', 'first', many), work('W2', 'first', [['A29']])]);
    expect(n.nodes).toHaveLength(12);
    expect(n.nodes[0]).toMatchObject({ id: 'A29', sharedWorks: 2 });
    expect(n.total).toBe(20);
  });
});
