import { parseRequest } from '../protocol';

describe('paper panel messages', () => {
  it.each([
    { type: 'paper-citations', arxivId: '2406.05546' },
    { type: 'paper-citations', arxivId: 'hep-th/9901001', revalidate: true },
    { type: 'paper-institutions', arxivId: '2406.05546' },
    { type: 'related-papers', arxivId: '2406.05546' },
    { type: 'related-papers', arxivId: '2406.05546', title: 'On <i>E. coli</i> & $\\alpha$-divergences', revalidate: false },
  ])('accepts %j', (message) => {
    expect(parseRequest(message).ok).toBe(true);
  });

  it.each([
    ['a versioned id', { type: 'paper-citations', arxivId: '2406.05546v2' }],
    ['a URL in place of an id', { type: 'paper-institutions', arxivId: 'https://arxiv.org/abs/2406.05546' }],
    ['a URL smuggled as a key', { type: 'related-papers', arxivId: '2406.05546', url: 'https://evil.example' }],
    ['an unknown key', { type: 'paper-citations', arxivId: '2406.05546', limit: 500 }],
    ['a title over 2000 characters', { type: 'related-papers', arxivId: '2406.05546', title: 'x'.repeat(2001) }],
    ['a title that is not text', { type: 'related-papers', arxivId: '2406.05546', title: ['x'] }],
    ['revalidate that is not a boolean', { type: 'paper-citations', arxivId: '2406.05546', revalidate: 'yes' }],
    ['no id', { type: 'related-papers' }],
  ])('rejects %s', (_, message) => {
    expect(parseRequest(message).ok).toBe(false);
  });
});

describe('listing messages (papers-authors)', () => {
  const paper = { arxivId: '2606.20501', names: ['Ray Cao', 'Björn Åström'], category: 'cs.LG' };
  const ok = { type: 'papers-authors', papers: [paper], ahead: ['2606.20502', 'cs/0006007'], upcoming: [{ ...paper, arxivId: '2606.20502' }], onlyFollowed: false };

  it('accepts papers with their page names and category, bare ids ahead, and upcoming entries with their names', () => {
    expect(parseRequest(ok).ok).toBe(true);
    expect(parseRequest({ ...ok, papers: [{ ...paper, category: null, names: [] }], ahead: [] }).ok).toBe(true);
  });

  it.each([
    ['no paper', { ...ok, papers: [] }],
    ['more papers than one Semantic Scholar batch', { ...ok, papers: Array.from({ length: 501 }, () => paper) }],
    ['more ahead than one batch', { ...ok, ahead: Array.from({ length: 501 }, () => '2606.20502') }],
    ['a versioned id ahead', { ...ok, ahead: ['2606.20502v2'] }],
    ['more upcoming entries than one batch', { ...ok, upcoming: Array.from({ length: 501 }, () => paper) }],
    ['an upcoming entry without its names', { ...ok, upcoming: [{ arxivId: '2606.20502', category: null }] }],
    ['a URL as a paper', { ...ok, papers: [{ ...paper, arxivId: 'https://arxiv.org/abs/2606.20501' }] }],
    ['a category that is none', { ...ok, papers: [{ ...paper, category: 'cs.LG; DROP' }] }],
    ['an entry of more than 200 names', { ...ok, papers: [{ ...paper, names: Array.from({ length: 201 }, () => 'A B') }] }],
    ['an unknown key on a paper', { ...ok, papers: [{ ...paper, url: 'https://evil.example' }] }],
    ['onlyFollowed that is not a boolean', { ...ok, onlyFollowed: 'yes' }],
  ])('rejects %s', (_, message) => {
    expect(parseRequest(message).ok).toBe(false);
  });
});
