// @vitest-environment happy-dom
import type { ArxivPage, PagePaper } from '../page-model';
import { isListingUrl, readListingPage } from './listing';
import { fixtureDocument, fixturesAvailable, hasFixture, loadFixture, loadHtml } from './test-helpers';

const available = fixturesAvailable('lib/arxiv/readers/listing');

const LISTINGS = [
  ['rendered-2026-06/list_cs.DC_new.html', 'https://arxiv.org/list/cs.DC/new'],
  ['rendered-2026-06/list_cs.DC_recent.html', 'https://arxiv.org/list/cs.DC/recent'],
  ['rendered-2026-06/list_math.OA_new.html', 'https://arxiv.org/list/math.OA/new'],
  ['rendered-2026-06/list_q-fin_new.html', 'https://arxiv.org/list/q-fin/new'],
  ['rendered-2026-06-29-spinout/list_cs.DC_new.html', 'https://arxiv.org/list/cs.DC/new'],
  ['generated/list_cs.LG_new_400.html', 'https://arxiv.org/list/cs.LG/new'],
  ['generated/list_cs.LG_pastweek_2000.html', 'https://arxiv.org/list/cs.LG/pastweek?skip=0&show=2000'],
] as const;

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

describe.skipIf(!available)('listing fixtures', () => {
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
      const before = doc.documentElement.outerHTML;
      const page = readListingPage(doc, url)!;
      for (const paper of page.papers) void [paper.authors, paper.primaryCategory, paper.authorsElement];
      expect(doc.documentElement.outerHTML).toBe(before);
    });
  });

  describe('specific pages', () => {
    it('/new: the three sections, with the cross-list and the replacement', () => {
      const page = read('rendered-2026-06/list_cs.DC_new.html', 'https://arxiv.org/list/cs.DC/new');
      expect(ids(page)).toEqual(['2406.05546', '2406.99901', '2406.99902']);
      expect(page.papers.map((p) => p.primaryCategory)).toEqual(['cs.DC', 'cs.LG', 'cs.DC']);
      expect(names(page.papers[0])).toEqual(['Ray Cao', 'Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh']);
      expect(page.papers[0]?.title).toBe(
        'Training Through Failure: Effects of Data Consistency in Parallel Machine Learning Training',
      );
      expect(names(page.papers[2])).toEqual(['Alex Example', 'Sam Placeholder']);
    });

    it('skips names printed without a link, and the affiliations after the links', () => {
      const page = read('rendered-2026-06/list_cs.DC_new.html', 'https://arxiv.org/list/cs.DC/new');
      // 李明 and 김민준 are written as plain text in this entry; "(1)", "((1) Universidad…)" too.
      expect(names(page.papers[1])).toEqual([
        'José María García-López',
        'Björn Åström',
        'Zoë Dupré',
        'François Müller-Schröder',
        'Nguyễn Văn An',
        '佐藤 健',
        'Łukasz Żyński',
        'Søren Østergaard',
      ]);
      expect(page.papers[1]?.title).toBe(
        'Synthetic Fixture: Author Names with Diacritics and CJK Characters in $\\mathcal{O}(n \\log n)$ Metadata',
      );
    });

    it.skipIf(!hasFixture('rendered-2026-06-29-spinout/list_cs.DC_new.html'))(
      'reads the 2026-06-29 redesign the same way, names as printed',
      () => {
        const page = read('rendered-2026-06-29-spinout/list_cs.DC_new.html', 'https://arxiv.org/list/cs.DC/new');
        expect(ids(page)).toEqual(['2406.05546', '2406.99901', '2406.99902']);
        expect(page.papers[1]?.authors).toHaveLength(8);
        expect(page.papers[1]?.authors[4]?.name).toBe('Nguy\\~{ê}n Văn An');
      },
    );

    it('/recent: every day of the page', () => {
      const page = read('rendered-2026-06/list_cs.DC_recent.html', 'https://arxiv.org/list/cs.DC/recent');
      expect(ids(page)).toEqual(['2406.05546', '2406.99901', '2406.99903']);
      expect(names(page.papers[1])).toEqual(['José María García-López', 'Björn Åström', '佐藤 健']);
      expect(names(page.papers[2])).toEqual(['Casey Sample', 'Robin Fixture']);
      expect(page.papers[2]?.primaryCategory).toBe('cs.DC');
    });

    it('math.OA: cross-lists and replacements only, with their primaries', () => {
      const page = read('rendered-2026-06/list_math.OA_new.html', 'https://arxiv.org/list/math.OA/new');
      expect(ids(page)).toEqual(['2306.04713', '2204.01445', '2206.02587']);
      expect(page.papers.map((p) => p.primaryCategory)).toEqual(['math.GR', 'math.PR', 'math.DG']);
      expect(names(page.papers[2])).toEqual(['Ludwik Dąbrowski', 'Andrzej Sitarz', 'Paweł Zalecki']);
    });

    it('q-fin: an archive listing of 16 entries', () => {
      const page = read('rendered-2026-06/list_q-fin_new.html', 'https://arxiv.org/list/q-fin/new');
      expect(page.papers).toHaveLength(16);
      expect(page.papers[0]?.arxivId).toBe('2303.08867');
      expect(page.papers[15]?.arxivId).toBe('2206.14015');
      expect(names(page.papers[1])).toEqual(['Pieter M. van Staden', 'Peter A. Forsyth', 'Yuying Li']);
      expect(page.papers[2]?.primaryCategory).toBe('econ.GN');
      expect(page.papers[0]?.primaryCategory).toBe('q-fin.TR');
    });

    it('cs.LG /new, 400 entries: every section, at most the 100 authors arXiv shows', () => {
      const page = read('generated/list_cs.LG_new_400.html', 'https://arxiv.org/list/cs.LG/new');
      expect(page.papers).toHaveLength(400);
      expect(new Set(ids(page)).size).toBe(400);
      const counts = page.papers.map((p) => p.authors.length);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2559);
      expect(Math.max(...counts)).toBe(100);
      expect(counts.filter((n) => n === 100)).toHaveLength(2);
      expect(page.papers[0]?.arxivId).toBe('2606.20502');
      expect(page.papers[399]?.arxivId).toBe('2606.18427');
    });

    it('cs.LG /pastweek, 2000 entries over five days: entries and distinct people', () => {
      const page = read('generated/list_cs.LG_pastweek_2000.html', 'https://arxiv.org/list/cs.LG/pastweek?skip=0&show=2000');
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

    it('reads authors, their list and the primary category only when first asked, then keeps them', () => {
      const doc = loadFixture('rendered-2026-06/list_cs.DC_new.html', 'https://arxiv.org/list/cs.DC/new');
      const page = readListingPage(doc, 'https://arxiv.org/list/cs.DC/new')!;
      const [first, second] = page.papers;
      // Changed after the page was read: a lazy reader sees the change, an eager one would not.
      first!.element.querySelector('div.list-authors a')?.remove();
      second!.element.querySelector('span.primary-subject')!.textContent = 'Quantum Physics (quant-ph)';
      expect(names(first)).toEqual(['Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh']);
      expect(second!.primaryCategory).toBe('quant-ph');
      const authors = first!.authors;
      first!.element.querySelector('div.list-authors a')?.remove();
      expect(first!.authors).toBe(authors);
      expect(names(first)).toEqual(['Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh']);
    });

    it('is not a listing: an abs page, search results', () => {
      expect(readListingPage(fixtureDocument('rendered-2026-06/abs_2406.05546.html', 'https://arxiv.org/abs/2406.05546'), 'https://arxiv.org/abs/2406.05546')).toBeNull();
      const search = 'https://arxiv.org/search/?query=parameter+server&searchtype=all';
      expect(readListingPage(fixtureDocument('rendered-2026-06/search_results.html', search), search)).toBeNull();
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
