import { parseRequest } from '../protocol';
import { printedForRequest } from '../../shared/printed-evidence';

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

describe('paper-authors messages with printed evidence', () => {
  const base = { type: 'paper-authors', arxivId: '2406.99901', names: ['José María García-López', 'Søren Østergaard'], fullList: true };
  const printed = (over: Record<string, unknown> = {}) => ({
    authors: [{ affiliations: ['Universidad de Sevilla, Spain'], orcid: '0000-0002-1825-0097', emailDomains: ['example.org'] }, null],
    paper: { affiliations: ['KTH Royal Institute of Technology, Sweden'], emailDomains: [] },
    ...over,
  });

  it('accepts what an HTML view prints, once the page has cut it to the bounds', () => {
    expect(parseRequest({ ...base, printed: printed() }).ok).toBe(true);
    const long = { affiliations: Array(20).fill('Institute '.repeat(50)), orcid: '0000-0002-1825-0097', emailDomains: Array(20).fill('example.org') };
    const page = { authors: [{ index: 0, name: 'A', citationName: 'A', anchor: null, hidden: false, printed: long }], printed: long };
    expect(parseRequest({ ...base, names: ['A'], printed: printedForRequest(page) }).ok).toBe(true);
  });

  it.each([
    ['an ORCID URL for a bare ORCID', printed({ authors: [{ affiliations: [], orcid: 'https://orcid.org/0000-0002-1825-0097', emailDomains: [] }] })],
    ['an e-mail address for a domain', printed({ authors: [{ affiliations: [], orcid: null, emailDomains: ['rcao@example.org'] }] })],
    ['an affiliation over 300 characters', printed({ paper: { affiliations: ['x'.repeat(301)], emailDomains: [] } })],
    ['seven affiliations for one author', printed({ authors: [{ affiliations: Array(7).fill('CERN'), orcid: null, emailDomains: [] }] })],
    ['a URL smuggled as a key', printed({ url: 'https://evil.example' })],
    ['markup in place of the evidence', '<img src=x onerror=alert(1)>'],
  ])('rejects %s', (_, evidence) => {
    expect(parseRequest({ ...base, printed: evidence }).ok).toBe(false);
  });
});
