import { followFile, parseFollowFile } from './file';

describe('corrections in the file (version 2)', () => {
  const v2 = (corrections: unknown[]) =>
    JSON.stringify({ format: 'weft-follows', version: 2, follows: [{ id: 'A1', name: 'Ray Cao' }], corrections });
  const good = { arxivId: '2406.05546', index: 1, name: 'Luo, Sherry', openalexId: 'A5091093033', coauthors: null, at: '2026-06-02T10:00:00.000Z' };

  it('round-trips the reader’s corrections through export and import', () => {
    const text = followFile([{ id: 'A1', name: 'Ray Cao', followedAt: Date.parse('2026-06-01') }], [{ ...good, at: Date.parse(good.at) }]);
    const parsed = parseFollowFile(text);
    expect(parsed.ok && parsed.corrections).toEqual([{ ...good, at: Date.parse(good.at) }]);
  });

  it('still imports version 1 files, which have no corrections', () => {
    const parsed = parseFollowFile(JSON.stringify({ format: 'weft-follows', version: 1, follows: [{ id: 'A1' }] }));
    expect(parsed.ok && parsed.corrections).toEqual([]);
  });

  it.each([
    ['a malformed author id', [{ ...good, openalexId: 'javascript:alert(1)' }], { kind: 'not-author-id', list: 'corrections', entry: 1, value: 'javascript:alert(1)' }],
    ['a malformed arXiv id', [{ ...good, arxivId: '../etc' }], { kind: 'not-arxiv-id', list: 'corrections', entry: 1, value: '../etc' }],
    ['too many entries', Array.from({ length: 5001 }, () => good), { kind: 'too-many', list: 'corrections', count: 5001, max: 5000 }],
    ['100,000 entries', Array.from({ length: 100_000 }, () => good), { kind: 'too-large' }],
    ['a negative position', [good, { ...good, index: -1 }], { kind: 'field', list: 'corrections', entry: 2, field: 'index', need: 'in-range' }],
    ['a co-author that is no name', [{ ...good, coauthors: ['Ray Cao', 5] }], { kind: 'field', list: 'corrections', entry: 1, field: 'coauthors', need: 'names' }],
  ])('refuses a file with %s, naming the problem', (_, corrections, problem) => {
    expect(parseFollowFile(v2(corrections))).toEqual({ ok: false, problem });
  });

  it('refuses a file of an unknown, newer version', () => {
    const parsed = parseFollowFile(JSON.stringify({ format: 'weft-follows', version: 4, follows: [] }));
    expect(parsed).toEqual({ ok: false, problem: { kind: 'newer', version: 4 } });
  });
});

describe('dates in the file', () => {
  it.each([1e16, -5, 8.64e15 + 1])('refuses a followedAt of %s at import, naming the entry', (followedAt) => {
    const parsed = parseFollowFile(JSON.stringify({ format: 'weft-follows', version: 2, follows: [{ id: 'A1' }, { id: 'A2', followedAt }] }));
    expect(parsed).toEqual({ ok: false, problem: { kind: 'field', list: 'follows', entry: 2, field: 'followedAt', need: 'date' } });
  });

  it('exports a list holding a time no date can show, leaving that time out', () => {
    const text = followFile([{ id: 'A1', name: 'Ray Cao', followedAt: 1e16 }, { id: 'A2', name: 'Li Ming', followedAt: Date.parse('2026-06-01') }]);
    const parsed = parseFollowFile(text);
    expect(parsed.ok && parsed.follows).toEqual([
      { id: 'A1', name: 'Ray Cao', followedAt: null },
      { id: 'A2', name: 'Li Ming', followedAt: Date.parse('2026-06-01') },
    ]);
  });
});

describe('followed topics in the file (version 3)', () => {
  it('carries topics: exported, imported as they were, limited to real categories', () => {
    const text = followFile([{ id: 'A1', name: 'Ray Cao', followedAt: 0 }], [], Date.UTC(2026, 11, 1), [
      { query: '"diffusion model" graphs', categories: ['cs.LG'], ring: false },
    ]);
    const parsed = parseFollowFile(text);
    expect(parsed).toMatchObject({ ok: true, topics: [{ query: '"diffusion model" graphs', categories: ['cs.LG'], ring: false }] });
    const loose = parseFollowFile(JSON.stringify({ format: 'weft-follows', version: 3, follows: [], topics: [{ query: ' diffusion\n', categories: ['cs.LG', '<b>'] }] }));
    expect(loose).toMatchObject({ ok: true, topics: [{ query: 'diffusion', categories: ['cs.LG'], ring: true }] });
  });

  it('refuses a bad topic with a message naming it; older files have none', () => {
    expect(parseFollowFile(JSON.stringify({ format: 'weft-follows', version: 3, follows: [], topics: [{ query: 5 }] }))).toEqual({
      ok: false,
      problem: { kind: 'field', list: 'topics', entry: 1, field: 'query', need: 'text' },
    });
    expect(parseFollowFile(JSON.stringify({ format: 'weft-follows', version: 2, follows: [] }))).toMatchObject({ ok: true, topics: [] });
  });
});

describe('a refused file', () => {
  const file = (fields: object) => JSON.stringify({ format: 'weft-follows', version: 3, follows: [], ...fields });
  const NEEDS = new Set(['object', 'text', 'number', 'whole-number', 'in-range', 'list', 'date', 'true-or-false', 'text-or-null', 'categories', 'names', 'short']);

  it.each([
    ['an array', '[1, 2]'],
    ['another format', JSON.stringify({ format: 'zotero', version: 1, follows: [] })],
    ['a version in words', file({ version: 'three' })],
    ['follows that are no list', file({ follows: 'A1' })],
    ['a follow that is a number', file({ follows: [5] })],
    ['a follow without an id', file({ follows: [{ name: 'Ray Cao' }] })],
    ['a topic too long', file({ topics: [{ query: 'x'.repeat(5000) }] })],
    ['a topic ringing "yes"', file({ topics: [{ query: 'graphs', ring: 'yes' }] })],
    ['a topic in a category that is a number', file({ topics: [{ query: 'graphs', categories: [5] }] })],
    ['a correction at half a position', file({ corrections: [{ arxivId: '2406.05546', index: 1.5, name: 'x', openalexId: null }] })],
    ['a correction whose profile is a number', file({ corrections: [{ arxivId: '2406.05546', index: 1, name: 'x', openalexId: 5 }] })],
  ])('says why with data only, never a sentence: %s', (_, text) => {
    const parsed = parseFollowFile(text);
    if (parsed.ok) throw new Error('imported');
    const { problem } = parsed;
    if (problem.kind === 'field') expect(NEEDS.has(problem.need), problem.need).toBe(true);
    else expect(problem.kind).toBe('not-weft');
    for (const value of Object.values(problem)) if (typeof value === 'string') expect(value).not.toMatch(/\s/);
  });
});
