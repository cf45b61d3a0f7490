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
    ['a malformed author id', [{ ...good, openalexId: 'javascript:alert(1)' }], /not an OpenAlex author id/],
    ['a malformed arXiv id', [{ ...good, arxivId: '../etc' }], /not an arXiv id/],
    ['too many entries', Array.from({ length: 5001 }, () => good), /at most 5000/],
    ['100,000 entries', Array.from({ length: 100_000 }, () => good), /too large/],
  ])('refuses a file with %s, naming the problem', (_, corrections, message) => {
    const parsed = parseFollowFile(v2(corrections));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(message);
  });

  it('refuses a file of an unknown, newer version', () => {
    const parsed = parseFollowFile(JSON.stringify({ format: 'weft-follows', version: 4, follows: [] }));
    expect(!parsed.ok && parsed.message).toMatch(/newer Weft/);
  });
});

describe('dates in the file', () => {
  it.each([1e16, -5, 8.64e15 + 1])('refuses a followedAt of %s at import, naming the entry', (followedAt) => {
    const parsed = parseFollowFile(JSON.stringify({ format: 'weft-follows', version: 2, follows: [{ id: 'A1' }, { id: 'A2', followedAt }] }));
    expect(parsed).toEqual({ ok: false, message: 'Entry 2: "followedAt" is not a date.' });
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
    expect(parseFollowFile(JSON.stringify({ format: 'weft-follows', version: 3, follows: [], topics: [{ query: 5 }] }))).toEqual({ ok: false, message: 'Topic 1 is not valid: "query" must be text.' });
    expect(parseFollowFile(JSON.stringify({ format: 'weft-follows', version: 2, follows: [] }))).toMatchObject({ ok: true, topics: [] });
  });
});
