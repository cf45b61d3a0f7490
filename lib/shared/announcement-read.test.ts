// @vitest-environment happy-dom
import { MAX_ANNOUNCED_PAPERS, MAX_ANNOUNCEMENT_BYTES, type AnnouncementRead, type Sieve } from '../arxiv/announcement-model';
import { newListingHtml, rssXml, type TestEntry } from '../../e2e/fake-announcement.mjs';
import { isOffscreenRead, OFFSCREEN_READ, readAnnouncementText, sievePapers } from './announcement-read';
import { MAX_ENTRY_AUTHORS, MAX_NAME_CHARS, MAX_TITLE_CHARS } from './limits';
import { topicSieve } from './follows/topics';

const LISTING = 'https://arxiv.org/list/cs/new';
const FEED = 'https://rss.arxiv.org/rss/cs.LG';
const ALL: Sieve = { families: ['cao'], topics: [] };

const entry = (n: number, over: Partial<TestEntry> = {}): TestEntry => ({
  id: `2612.${String(n).padStart(5, '0')}`, title: `Paper ${n}`, authors: ['Ann Other'], categories: ['cs.LG'], abstract: 'Nothing to see.', ...over,
});

function read(text: string, format: 'listing' | 'feed', sieve: Sieve = ALL): AnnouncementRead {
  const r = readAnnouncementText(text, format, format === 'feed' ? FEED : LISTING, sieve);
  if ('unreadable' in r) throw new Error(`unreadable: ${r.unreadable}`);
  return r;
}

describe('reading what arXiv served, as untrusted input', () => {
  it('keeps only the papers with a followed family name or a topic’s words, and counts them all', () => {
    const entries = [
      entry(1, { authors: ['Ray Cao', 'Li Ming'] }),
      entry(2, { authors: ['Rui Cao'] }), // the family name passes; the background tells Ray from Rui
      entry(3, { abstract: 'Diffusion models for graphs.' }),
      entry(4, { abstract: 'Diffusion models for graphs.', categories: ['math.ST'] }),
      entry(5),
    ];
    const sieve: Sieve = { families: ['cao'], topics: [topicSieve({ id: 't1', query: '"diffusion model" graphs', categories: ['cs'], ring: true, followedAt: 0 })] };
    for (const [text, format] of [[rssXml(['cs'], '2026-12-01', entries), 'feed'], [newListingHtml('Tuesday, 1 December 2026', [{ heading: 'New submissions', entries }]), 'listing']] as const) {
      const r = read(text, format, sieve);
      expect(r.total).toBe(5);
      expect(r.papers.map((p) => p.arxivId)).toEqual(['2612.00001', '2612.00002', '2612.00003']);
      expect(r.topicHits).toEqual([[], [], [{ topic: 't1', words: ['diffusion model', 'graphs'] }]]);
      expect(r.papers[0]).not.toHaveProperty('abstract');
    }
  });

  it('refuses a feed with declarations: entity expansion ("billion laughs") and external entities never reach the parser', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>
      <rss version="2.0"><channel><item><title>&lol2;</title><guid>oai:arXiv.org:2612.00001v1</guid><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Ray Cao</dc:creator></item></channel></rss>`;
    expect(readAnnouncementText(laughs, 'feed', FEED, ALL)).toEqual({ unreadable: 'declarations' });
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><item><title>&x;</title></item></channel></rss>';
    expect(readAnnouncementText(xxe, 'feed', FEED, ALL)).toEqual({ unreadable: 'declarations' });
  });

  it('refuses a body over the limit, and says when what came is no announcement (malformed XML, an error page)', () => {
    expect(readAnnouncementText('x'.repeat(MAX_ANNOUNCEMENT_BYTES + 1), 'feed', FEED, ALL)).toEqual({ unreadable: 'too-large' });
    expect(readAnnouncementText('<rss><channel><item><title>cut off', 'feed', FEED, ALL)).toEqual({ unreadable: 'not-an-announcement' });
    expect(readAnnouncementText('<html><h1>503 Service Unavailable</h1></html>', 'feed', FEED, ALL)).toEqual({ unreadable: 'not-an-announcement' });
    expect(readAnnouncementText('<!doctype html><h1>503 Service Unavailable</h1>', 'listing', LISTING, ALL)).toEqual({ unreadable: 'not-an-announcement' });
  });

  it('reads markup in titles and names as text, never as markup', () => {
    const hostile = [entry(1, { title: '<img src=x onerror="window.__pwned=1"> Title', authors: ['Ray Cao <script>alert(1)</script>', '<b>Li</b> Ming'] })];
    const feed = read(rssXml(['cs'], '2026-12-01', hostile), 'feed', { families: ['ray', 'cao'], topics: [] });
    expect(feed.papers[0]!.title).toBe('<img src=x onerror="window.__pwned=1"> Title');
    expect(feed.papers[0]!.authors).toEqual(['Ray Cao <script>alert(1)</script>', '<b>Li</b> Ming']);
    // In the listing the markup is markup of arXiv's page: only its text is read.
    const listing = read(newListingHtml('Tuesday, 1 December 2026', [{ heading: 'New submissions', entries: [entry(3, { title: 'A <img src=x onerror="alert(1)"> B', authors: ['Ray <b>Cao</b>'] })] }]), 'listing');
    expect(listing.papers[0]).toMatchObject({ title: 'A B', authors: ['Ray Cao'] });
  });

  it('bounds every field: title, each name, the number of names and of papers', () => {
    const huge = entry(1, { title: 'T'.repeat(100_000), authors: [`Ray ${'Cao'.repeat(5_000)}`, ...Array.from({ length: MAX_ENTRY_AUTHORS + 100 }, () => 'Ray Cao')] });
    const r = read(rssXml(['cs'], '2026-12-01', [huge]), 'feed', { families: ['ray'], topics: [] });
    const p = r.papers[0]!;
    expect(p.title).toHaveLength(MAX_TITLE_CHARS);
    expect(p.authors).toHaveLength(MAX_ENTRY_AUTHORS);
    expect(p.authors[0]!.length).toBe(MAX_NAME_CHARS);
    // Papers beyond the limit are not even looked at (as a reader yields them, without a DOM).
    let yielded = 0;
    function* endless() {
      for (;;) yield { arxivId: `2612.${String(yielded++ % 99_999).padStart(5, '0')}`, title: 't', authors: ['Ray Cao'], categories: ['cs.LG'], type: 'new' as const, abstract: () => '' };
    }
    const all = sievePapers(endless(), ALL);
    expect(all.total).toBe(MAX_ANNOUNCED_PAPERS);
    expect(all.papers).toHaveLength(MAX_ANNOUNCED_PAPERS);
    expect(yielded).toBe(MAX_ANNOUNCED_PAPERS + 1);
  });
});

describe('the offscreen document’s message', () => {
  it('accepts only a well-formed read request', () => {
    const ok = { type: OFFSCREEN_READ, format: 'listing', url: LISTING, text: '', sieve: { families: ['cao'], topics: [{ id: 't1', terms: [['a']], categories: [] }] } };
    expect(isOffscreenRead(ok)).toBe(true);
    expect(isOffscreenRead({ ...ok, type: 'weft-change' })).toBe(false);
    expect(isOffscreenRead({ ...ok, format: 'html' })).toBe(false);
    expect(isOffscreenRead({ ...ok, sieve: { families: [1], topics: [] } })).toBe(false);
    expect(isOffscreenRead({ ...ok, sieve: { families: [], topics: [{ id: 't1', terms: 'a', categories: [] }] } })).toBe(false);
    expect(isOffscreenRead(null)).toBe(false);
  });
});
