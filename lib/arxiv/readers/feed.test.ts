// @vitest-environment happy-dom
import { creatorNames, feedDate, readFeed } from './feed';
import { atomXml, rssXml, type TestEntry } from '../../../e2e/fake-announcement.mjs';

// happy-dom's XML parser refuses a single-quoted declaration (browsers do not); the product drops
// the declaration before parsing too (lib/shared/announcement-read.ts).
const xml = (text: string) => new DOMParser().parseFromString(text.replace(/^<\?xml[^>]*\?>\s*/, ''), 'application/xml');
const plain = (papers: NonNullable<ReturnType<typeof readFeed>>['papers']) => papers.map(({ abstract: _, ...p }) => p);

const ENTRIES: TestEntry[] = [
  { id: '2612.00001', title: 'On <Things> & Stuff', authors: ['Ray Cao', 'Li Ming'], categories: ['cs.LG', 'stat.ML'], abstract: 'We study diffusion models.', affiliations: { 0: ['MIT', 'Harvard University'] } },
  { id: '2612.00002', title: 'Crossed Over', authors: ['A. B. See'], categories: ['math.ST', 'cs.LG'], abstract: 'x', type: 'cross' },
  { id: '2401.00003', title: 'Replaced', authors: ['Z Z'], categories: ['cs.LG'], abstract: '', type: 'replace-cross' },
  { id: '2401.00004', title: 'Abstract only', authors: ['Y Y'], categories: ['cs.LG'], abstract: '', type: 'absonly' },
];

describe('reading arXiv’s feeds', () => {
  it('reads RSS 2.0 as arXiv writes it: guid ids, announce types, every category, dc:creator with affiliations', () => {
    const read = readFeed(xml(rssXml(['cs.LG', 'stat.ML'], '2026-12-01', ENTRIES)))!;
    expect(read.listedAs).toBe('2026-12-01');
    expect(plain(read.papers)).toEqual([
      { arxivId: '2612.00001', title: 'On <Things> & Stuff', authors: ['Ray Cao', 'Li Ming'], affiliations: { 0: ['MIT', 'Harvard University'] }, categories: ['cs.LG', 'stat.ML'], type: 'new' },
      { arxivId: '2612.00002', title: 'Crossed Over', authors: ['A. B. See'], categories: ['math.ST', 'cs.LG'], type: 'cross' },
      { arxivId: '2401.00003', title: 'Replaced', authors: ['Z Z'], categories: ['cs.LG'], type: 'replace' },
    ]);
    expect(read.papers[0]!.abstract().trim()).toBe('We study diffusion models.');
  });

  it('reads Atom, with dc:creator (arXiv’s feed service) or one <author> per name (older builds)', () => {
    for (const authorElements of [false, true]) {
      const read = readFeed(xml(atomXml(['cs.LG'], '2026-12-01', ENTRIES.slice(0, 2), { authorElements })))!;
      expect(read.listedAs).toBe('2026-12-01');
      expect(read.papers.map((p) => [p.arxivId, p.type, p.authors, p.categories])).toEqual([
        ['2612.00001', 'new', ['Ray Cao', 'Li Ming'], ['cs.LG', 'stat.ML']],
        ['2612.00002', 'cross', ['A. B. See'], ['math.ST', 'cs.LG']],
      ]);
    }
  });

  it('reads a weekend’s empty feed as an empty announcement, and anything else as none', () => {
    expect(readFeed(xml(rssXml(['cs.LG'], '2026-12-05', []))))?.toEqual({ listedAs: '2026-12-05', papers: [] });
    expect(readFeed(xml('<html><body>Service Unavailable</body></html>'))).toBeNull();
    expect(readFeed(xml('<rss><channel><item><title>x</title></channel></rss>'))).toBeNull(); // malformed: a parser error
  });

  it('splits dc:creator at the commas outside parentheses, and an ", and" before the last name', () => {
    expect(creatorNames('Ann Lee (MIT, Harvard), Bo Chen, and Cy Dow (ETH Zurich)')).toEqual([
      { name: 'Ann Lee', affiliations: ['MIT', 'Harvard'] },
      { name: 'Bo Chen', affiliations: [] },
      { name: 'Cy Dow', affiliations: ['ETH Zurich'] },
    ]);
    expect(creatorNames('')).toEqual([]);
  });

  it('reads the day of an RSS pubDate and an Atom updated', () => {
    expect(feedDate('Fri, 23 Feb 2024 00:00:00 -0500')).toBe('2024-02-23');
    expect(feedDate('2024-02-23T00:00:00-05:00')).toBe('2024-02-23');
    expect(feedDate('soon')).toBeNull();
  });
});
