// @vitest-environment happy-dom
import type { ArxivPage, PagePaper } from '../page-model';
import { isListingUrl, readListingPage } from './listing';
import { fixtureDocument, hasFixture, loadFixture, loadHtml, present, sharedPagesAvailable, watchChanges } from './test-helpers';

sharedPagesAvailable('lib/arxiv/readers/listing');

/** The listings every entry of which is checked: the made-up ones always, the shared ones beside the repo. */
const LISTINGS = ([
  ['testdata/list_cs.NI_new.html', 'https://arxiv.org/list/cs.NI/new'],
  ['testdata/list_cs.NI_recent.html', 'https://arxiv.org/list/cs.NI/recent'],
  ['rendered-2026-06/list_cs.DC_new.html', 'https://arxiv.org/list/cs.DC/new'],
  ['rendered-2026-06/list_cs.DC_recent.html', 'https://arxiv.org/list/cs.DC/recent'],
  ['rendered-2026-06/list_math.OA_new.html', 'https://arxiv.org/list/math.OA/new'],
  ['rendered-2026-06/list_q-fin_new.html', 'https://arxiv.org/list/q-fin/new'],
  ['rendered-2026-06-29-spinout/list_cs.DC_new.html', 'https://arxiv.org/list/cs.DC/new'],
  // The 2,000-entry page (its own test below) is made by the same generator as this one.
  ['generated/list_cs.LG_new_400.html', 'https://arxiv.org/list/cs.LG/new'],
] as const).filter(([file]) => hasFixture(file));


function read(file: string, url: string): ArxivPage {
  const page = readListingPage(fixtureDocument(file, url), url);
  if (!page) throw new Error(`${file}: not read as a listing`);
  return page;
}

const names = (paper: PagePaper | undefined) => paper?.authors.map((a) => a.name);
const ids = (page: ArxivPage) => page.papers.map((p) => p.arxivId);

describe('isListingUrl', () => {
  it.each([
    'https://arxiv.org/list/cs.LG/new',
    'https://arxiv.org/list/cs/new?skip=0&show=2000',
    'https://arxiv.org/list/math.OA/2026-06',
    'https://arxiv.org/list/hep-th/pastweek?show=25',
    'https://arxiv.org/list/cs.DC/recent',
    'https://arxiv.org/list/cond-mat.mes-hall/2306',
    'https://arxiv.org/list/astro-ph/current',
    'https://arxiv.org/catchup/cs.LG/2026-06-01',
    'https://arxiv.org/catchup/math/2026-06-01?abs=True&page=2',
    'https://arxiv.org/list/cs.LG/new#item12',
  ])('accepts %s', (url) => {
    expect(isListingUrl(url)).toBe(true);
  });

  it.each([
    'https://arxiv.org/abs/2406.05546',
    'https://arxiv.org/search/?query=x&searchtype=all',
    'http://arxiv.org/list/cs.LG/new',
    'https://www.arxiv.org/list/cs.LG/new',
    'https://export.arxiv.org/list/cs.LG/new',
    'https://arxiv.org.evil.example/list/cs.LG/new',
    'https://arxiv.org/list/',
    'https://arxiv.org/list/cs.LG',
    'https://arxiv.org/list/cs.LG/new/extra',
    'https://arxiv.org/list/cs.LG/yesterday',
    'https://arxiv.org/list/2406.05546/new',
    'https://arxiv.org/catchup/cs.LG',
    'https://arxiv.org/catchup',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isListingUrl(url)).toBe(false);
  });
});

describe('listing pages', () => {
  describe.each(LISTINGS)('%s', (file, url) => {
    it('reads one paper per dt/dd entry, its dd as the element', () => {
      const doc = fixtureDocument(file, url);
      const page = readListingPage(doc, url)!;
      const dds = Array.from(doc.querySelectorAll('#dlpage dl > dd'));
      expect(page.type).toBe('listing');
      expect(page.papers.length).toBeGreaterThan(0);
      expect(page.papers.map((p) => p.element)).toEqual(dds);
      for (const paper of page.papers) {
        // The id the dt's own anchor carries (`id="2406.05546"`), never with a version.
        const dt = paper.element.previousElementSibling;
        expect(dt?.querySelector('a[title="Abstract"]')?.getAttribute('id')).toBe(paper.arxivId);
        expect(paper.version).toBeNull();
      }
    });

    it("lists each entry's author links that name someone, in order, each anchored at its link", () => {
      const page = read(file, url);
      for (const paper of page.papers) {
        const links = Array.from(paper.element.querySelectorAll('div.list-authors a'));
        expect(paper.authorsElement).toBe(paper.element.querySelector('div.list-authors'));
        expect(paper.authors.map((a) => (a.anchor?.kind === 'link' ? a.anchor.element : null))).toEqual(links);
        paper.authors.forEach((author, index) => {
          expect(author.index).toBe(index);
          expect(author.name).toBe(links[index]?.textContent?.replace(/\s+/g, ' ').trim());
          expect(author.citationName).toBe(author.name);
          expect(author.hidden).toBe(false);
        });
      }
    });

    it('reads the title without its descriptor and the primary category', () => {
      for (const paper of read(file, url).papers) {
        expect(paper.title).not.toBe('');
        expect(paper.title).not.toMatch(/^Title:|\s\s/);
        const subject = paper.element.querySelector('span.primary-subject')?.textContent ?? '';
        expect(subject.endsWith(`(${paper.primaryCategory})`), `${paper.arxivId}: ${subject}`).toBe(true);
      }
    });

    it('does not modify the page', () => {
      const doc = fixtureDocument(file, url);
      const changes = watchChanges(doc);
      const page = readListingPage(doc, url)!;
      for (const paper of page.papers) void [paper.authors, paper.primaryCategory, paper.authorsElement];
      expect(changes()).toEqual([]);
    });
  });

  describe('specific pages', () => {
    const GOSSIP = 'Gossip Rounds for Sparse Parameter Exchange in $\\mathcal{O}(\\log n)$ Steps';
    const TRAINING = 'Training Through Failure: Effects of Data Consistency in Parallel Machine Learning Training';
    const SYNTHETIC = 'Synthetic Fixture: Author Names with Diacritics and CJK Characters in $\\mathcal{O}(n \\log n)$ Metadata';
    /** What entries are read as, by their place on the page. */
    type Entry = Partial<{ arxivId: string; primaryCategory: string; title: string; names: string[] }>;

    it.each(present<{ file: string; url: string; count: number; entries: Record<number, Entry> }>([
      {
        // Made up: 王芳 is printed without a link, the affiliations after the links.
        file: 'testdata/list_cs.NI_new.html', url: 'https://arxiv.org/list/cs.NI/new', count: 4,
        entries: {
          0: { arxivId: '2607.90001', primaryCategory: 'cs.NI', title: GOSSIP, names: ['Mira Okonkwo-Hale', 'Teodor Väisänen', 'Paul Lindqvist Jr.', 'Ana Sofía Ruiz'] },
          1: { arxivId: '2607.90003', primaryCategory: 'cs.NI', names: ['Yui Nakamura', 'Kwame Osei'] },
          2: { arxivId: '2607.90004', primaryCategory: 'cs.LG', title: 'Learning When to Gossip' },
          3: { arxivId: '2512.04321', primaryCategory: 'cs.NI', names: ['Tola Adeyemi'] },
        },
      },
      {
        file: 'testdata/list_cs.NI_recent.html', url: 'https://arxiv.org/list/cs.NI/recent', count: 3,
        entries: { 0: { arxivId: '2607.90001' }, 1: { arxivId: '2607.90003' }, 2: { arxivId: '2607.90005', primaryCategory: 'cs.NI', names: ['Tola Adeyemi', 'Zofia Kowalczyk'] } },
      },
      {
        // 李明 and 김민준 are written as plain text in the second entry; "(1)", "((1) Universidad…)" too.
        file: 'rendered-2026-06/list_cs.DC_new.html', url: 'https://arxiv.org/list/cs.DC/new', count: 3,
        entries: {
          0: { arxivId: '2406.05546', primaryCategory: 'cs.DC', title: TRAINING, names: ['Ray Cao', 'Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh'] },
          1: {
            arxivId: '2406.99901', primaryCategory: 'cs.LG', title: SYNTHETIC,
            names: ['José María García-López', 'Björn Åström', 'Zoë Dupré', 'François Müller-Schröder', 'Nguyễn Văn An', '佐藤 健', 'Łukasz Żyński', 'Søren Østergaard'],
          },
          2: { arxivId: '2406.99902', primaryCategory: 'cs.DC', names: ['Alex Example', 'Sam Placeholder'] },
        },
      },
      {
        // The 2026-06-29 redesign, read the same way; names as printed.
        file: 'rendered-2026-06-29-spinout/list_cs.DC_new.html', url: 'https://arxiv.org/list/cs.DC/new', count: 3,
        entries: {
          0: { arxivId: '2406.05546' },
          1: {
            arxivId: '2406.99901',
            names: ['José María García-López', 'Björn Åström', 'Zoë Dupré', 'François Müller-Schröder', 'Nguy\\~{ê}n Văn An', '佐藤 健', 'Łukasz Żyński', 'Søren Østergaard'],
          },
          2: { arxivId: '2406.99902' },
        },
      },
      {
        file: 'rendered-2026-06/list_cs.DC_recent.html', url: 'https://arxiv.org/list/cs.DC/recent', count: 3,
        entries: {
          0: { arxivId: '2406.05546' },
          1: { arxivId: '2406.99901', names: ['José María García-López', 'Björn Åström', '佐藤 健'] },
          2: { arxivId: '2406.99903', primaryCategory: 'cs.DC', names: ['Casey Sample', 'Robin Fixture'] },
        },
      },
      {
        // Cross-lists and replacements only, with their primaries.
        file: 'rendered-2026-06/list_math.OA_new.html', url: 'https://arxiv.org/list/math.OA/new', count: 3,
        entries: {
          0: { arxivId: '2306.04713', primaryCategory: 'math.GR' },
          1: { arxivId: '2204.01445', primaryCategory: 'math.PR' },
          2: { arxivId: '2206.02587', primaryCategory: 'math.DG', names: ['Ludwik Dąbrowski', 'Andrzej Sitarz', 'Paweł Zalecki'] },
        },
      },
      {
        // An archive listing.
        file: 'rendered-2026-06/list_q-fin_new.html', url: 'https://arxiv.org/list/q-fin/new', count: 16,
        entries: {
          0: { arxivId: '2303.08867', primaryCategory: 'q-fin.TR' },
          1: { names: ['Pieter M. van Staden', 'Peter A. Forsyth', 'Yuying Li'] },
          2: { primaryCategory: 'econ.GN' },
          15: { arxivId: '2206.14015' },
        },
      },
    ]))("$file: every section's entries, each with its id, primary category, title and the names it links", ({ file, url, count, entries }) => {
      const page = read(file, url);
      expect(page.papers).toHaveLength(count);
      for (const [place, entry] of Object.entries(entries)) {
        const paper = page.papers[Number(place)];
        expect({ arxivId: paper?.arxivId, primaryCategory: paper?.primaryCategory, title: paper?.title, names: names(paper) }, `entry ${place}`).toMatchObject(entry);
      }
    });

    it.each(present([
      { file: 'generated/list_cs.LG_new_400.html', url: 'https://arxiv.org/list/cs.LG/new', count: 400, slots: 2559, first: '2606.20502', last: '2606.18427' },
    ]))('$file: every section, at most the 100 authors arXiv shows', ({ file, url, count, slots, first, last }) => {
      const page = read(file, url);
      expect(page.papers).toHaveLength(count);
      expect(new Set(ids(page)).size).toBe(count);
      const counts = page.papers.map((p) => p.authors.length);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(slots);
      expect(Math.max(...counts)).toBe(100);
      expect(counts.filter((n) => n === 100)).toHaveLength(2);
      expect([ids(page)[0], ids(page).at(-1)]).toEqual([first, last]);
    });

    it.each(present([
      { file: 'generated/list_cs.LG_pastweek_2000.html', url: 'https://arxiv.org/list/cs.LG/pastweek?skip=0&show=2000' },
    ]))('$file, 2000 entries over five days: entries and distinct people', ({ file, url }) => {
      const page = read(file, url);
      expect(page.papers).toHaveLength(2000);
      expect(new Set(ids(page)).size).toBe(2000);
      const papersOf = new Map<string, number>();
      for (const paper of page.papers) {
        for (const author of paper.authors) papersOf.set(author.name, (papersOf.get(author.name) ?? 0) + 1);
      }
      expect([...papersOf.values()].reduce((a, b) => a + b, 0)).toBe(12013);
      expect(papersOf.size).toBe(11446);
      // The generator puts 345 people on 2–4 papers of this page, always under the same name.
      const repeated = [...papersOf.values()].filter((n) => n > 1);
      expect(repeated).toHaveLength(345);
      expect(Math.max(...repeated)).toBeLessThanOrEqual(4);
    });

    it.each(present([
      { file: 'testdata/list_cs.NI_new.html', url: 'https://arxiv.org/list/cs.NI/new', rest: ['Teodor Väisänen', 'Paul Lindqvist Jr.', 'Ana Sofía Ruiz'] },
      { file: 'rendered-2026-06/list_cs.DC_new.html', url: 'https://arxiv.org/list/cs.DC/new', rest: ['Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh'] },
    ]))('$file: reads authors, their list and the primary category only when first asked, then keeps them', ({ file, url, rest }) => {
      const page = readListingPage(loadFixture(file, url), url)!;
      const [first, second] = page.papers;
      // Changed after the page was read: a lazy reader sees the change, an eager one would not.
      first!.element.querySelector('div.list-authors a')?.remove();
      second!.element.querySelector('span.primary-subject')!.textContent = 'Quantum Physics (quant-ph)';
      expect(names(first)).toEqual(rest);
      expect(second!.primaryCategory).toBe('quant-ph');
      const authors = first!.authors;
      first!.element.querySelector('div.list-authors a')?.remove();
      expect(first!.authors).toBe(authors);
      expect(names(first)).toEqual(rest);
    });

    it.each(present([
      { file: 'testdata/abs_2607.90001.html', url: 'https://arxiv.org/abs/2607.90001' },
      { file: 'testdata/search_results.html', url: 'https://arxiv.org/search/?query=lantern&searchtype=all' },
      { file: 'rendered-2026-06/abs_2406.05546.html', url: 'https://arxiv.org/abs/2406.05546' },
      { file: 'rendered-2026-06/search_results.html', url: 'https://arxiv.org/search/?query=parameter+server&searchtype=all' },
    ]))('$file is not a listing', ({ file, url }) => {
      expect(readListingPage(fixtureDocument(file, url), url)).toBeNull();
    });
  });
});

describe('made-up listings', () => {
  const URL = 'https://arxiv.org/list/cs/2006';
  const page = (body: string) => readListingPage(loadHtml(`<html><body>${body}</body></html>`, URL), URL);

  it('reads the pre-2024 markup (span.list-identifier, an "Authors:" label) and old-style ids', () => {
    const read = page(`<div id="dlpage"><dl>
      <dt><span class="list-identifier"><a href="/abs/cs/0006007" title="Abstract">arXiv:cs/0006007</a> [<a href="/pdf/cs/0006007" title="Download PDF">pdf</a>]</span></dt>
      <dd><div class="meta"><div class="list-title mathjax"><span class="descriptor">Title:</span> Performing work
        efficiently in the presence of faults</div>
        <div class="list-authors"><span class="descriptor">Authors:</span> <a href="/find/cs/1/au:+Dwork_C/0/1/0/all/0/1">Cynthia Dwork</a>, <a href="/find/cs/1/au:+Halpern_J/0/1/0/all/0/1">Joseph Y. Halpern</a></div>
        <div class="list-subjects"><span class="descriptor">Subjects:</span> <span class="primary-subject">Distributed, Parallel, and Cluster Computing (cs.DC)</span></div></div></dd>
    </dl></div>`);
    expect(read?.papers).toHaveLength(1);
    const paper = read!.papers[0]!;
    expect([paper.arxivId, paper.version, paper.primaryCategory]).toEqual(['cs/0006007', null, 'cs.DC']);
    expect(paper.title).toBe('Performing work efficiently in the presence of faults');
    expect(names(paper)).toEqual(['Cynthia Dwork', 'Joseph Y. Halpern']);
  });

  it('pairs each dt with the dd after it, across several dl, skipping entries it cannot name', () => {
    const entry = (href: string, name: string) =>
      `<dt><a href="${href}" title="Abstract">x</a></dt><dd><div class="list-authors"><a href="/a">${name}</a></div></dd>`;
    const read = page(`<div id="dlpage">
      <dl id="articles"><h3>Mon</h3>${entry('/abs/2406.05546', 'A One')}<dt>no abstract link</dt><dd>orphan</dd>${entry('/pdf/2406.99901', 'B Two')}</dl>
      <dl id="articles"><h3>Tue</h3>${entry('https://arxiv.org/abs/2406.99902', 'C Three')}${entry('/abs/not-an-id', 'D Four')}<dt><a href="/abs/2406.99903" title="Abstract">x</a></dt></dl>
    </div>`);
    expect(read?.papers.map((p) => [p.arxivId, names(p)?.[0]])).toEqual([
      ['2406.05546', 'A One'],
      ['2406.99902', 'C Three'],
    ]);
  });

  it('a listing with no entries is an empty page; unknown markup is no page', () => {
    expect(page('<div id="dlpage"><h1>Machine Learning</h1><p>No updates for this time period.</p></div>')).toEqual({ type: 'listing', papers: [] });
    expect(page('<div id="content"><dl><dt><a href="/abs/2406.05546" title="Abstract">x</a></dt><dd></dd></dl></div>')).toBeNull();
    expect(page('<div id="dlpage"><dl><dt><a href="/abs/2406.05546">x</a></dt><dd></dd></dl></div>')).toBeNull();
  });
});
