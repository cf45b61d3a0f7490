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
