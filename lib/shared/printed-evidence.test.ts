import type { PageAuthor } from '../arxiv/page-model';
import { printedForRequest } from './printed-evidence';

const author = (index: number, printed?: PageAuthor['printed']): PageAuthor => ({
  index, name: `Name ${index}`, citationName: `Name ${index}`, anchor: null, hidden: false, ...(printed ? { printed } : {}),
});

const oversized = (): Parameters<typeof printedForRequest>[0] => ({
  authors: [
    author(0),
    author(1, { affiliations: Array.from({ length: 9 }, (_, i) => `${'Department of '.repeat(40)}${i}`), orcid: '0000-0002-1825-0097', emailDomains: ['cs.example.org', 'not a domain'] }),
    author(2, { affiliations: [], orcid: '0000-0002-1825-009', emailDomains: [] }),
  ],
  printed: { affiliations: ['KTH Royal Institute of Technology, Sweden'], emailDomains: [] },
});

describe('printedForRequest', () => {
  it('sends nothing for a page that prints nothing beside the names (abs pages)', () => {
    expect(printedForRequest({ authors: [author(0), author(1)] })).toBeUndefined();
  });

  it('keeps the evidence aligned with the names, cut to what the background accepts', () => {
    const printed = printedForRequest(oversized())!;
    expect(printed.authors[0]).toBeNull();
    expect(printed.authors[1]!.affiliations).toHaveLength(6);
    expect(printed.authors[1]!.affiliations[0]!.length).toBe(300);
    expect(printed.authors[1]!.emailDomains).toEqual(['cs.example.org']);
    expect(printed.authors[1]!.orcid).toBe('0000-0002-1825-0097');
    expect(printed.authors[2]!.orcid).toBeNull(); // not an ORCID: dropped, not sent
  });
});
