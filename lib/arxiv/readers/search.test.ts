// @vitest-environment happy-dom
import type { ArxivPage, PagePaper } from '../page-model';
import { isSearchUrl, readSearchPage } from './search';
import { fixtureDocument, fixturesAvailable, loadFixture, loadHtml } from './test-helpers';

const available = fixturesAvailable('lib/arxiv/readers/search');

const FILE = 'rendered-2026-06/search_results.html';
const URL = 'https://arxiv.org/search/?query=parameter+server&searchtype=all';

function read(): ArxivPage {
  const page = readSearchPage(fixtureDocument(FILE, URL), URL);
  if (!page) throw new Error(`${FILE}: not read as search results`);
  return page;
}

const names = (paper: PagePaper | undefined) => paper?.authors.map((a) => a.name);

describe('isSearchUrl', () => {
  it.each([
    'https://arxiv.org/search/?query=x&searchtype=all',
    'https://arxiv.org/search/?query=parameter+server&searchtype=all&abstracts=show&order=-announced_date_first&size=50',
    'https://arxiv.org/search/cs?query=parameter+server&searchtype=all',
    'https://arxiv.org/search/cs?searchtype=author&query=Cao,+R',
    'https://arxiv.org/search/?searchtype=author&query=Cao%2C+R',
    'https://arxiv.org/search/q-bio?query=x',
    'https://arxiv.org/search?query=x',
    'https://arxiv.org/search/advanced?advanced=&terms-0-operator=AND&terms-0-term=parameter+server&terms-0-field=all',
  ])('accepts %s', (url) => {
    expect(isSearchUrl(url)).toBe(true);
  });

  it.each([
    'https://arxiv.org/search/',
    'https://arxiv.org/search/?query=',
    'https://arxiv.org/search/?query=%20&searchtype=all',
    'https://arxiv.org/search/?searchtype=all',
    'https://arxiv.org/search/advanced',
    'https://arxiv.org/search/cs/extra?query=x',
    'https://arxiv.org/search/2406.05546?query=x',
    'https://arxiv.org/abs/2406.05546',
    'https://arxiv.org/list/cs.LG/new',
    'http://arxiv.org/search/?query=x&searchtype=all',
    'https://www.arxiv.org/search/?query=x&searchtype=all',
    'https://arxiv.org.evil.example/search/?query=x',
    'https://export.arxiv.org/search/?query=x',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isSearchUrl(url)).toBe(false);
  });
});

describe.skipIf(!available)(FILE, () => {
  it('reads one paper per li.arxiv-result, the li as its element, ids bare', () => {
    const doc = fixtureDocument(FILE, URL);
    const page = read();
    expect(page.type).toBe('search');
    expect(page.papers.map((p) => p.element)).toEqual(Array.from(doc.querySelectorAll('li.arxiv-result')));
    expect(page.papers.map((p) => [p.arxivId, p.version])).toEqual([
      ['2406.05546', null],
      ['2406.99901', null],
      ['1411.4413', null],
      ['cs/0006007', null],
    ]);
  });

  it('reads titles as printed and the primary category tag', () => {
    const page = read();
    expect(page.papers.map((p) => p.primaryCategory)).toEqual(['cs.DC', 'cs.LG', 'hep-ex', 'cs.DC']);
    expect(page.papers[0]?.title).toBe(
      'Training Through Failure: Effects of Data Consistency in Parallel Machine Learning Training',
    );
    expect(page.papers[3]?.title).toBe('Performing work efficiently in the presence of faults');
  });

  it('lists the author links, anchored at each link, in order', () => {
    const page = read();
    expect(names(page.papers[0])).toEqual(['Ray Cao', 'Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh']);
    expect(names(page.papers[3])).toEqual(['Cynthia Dwork', 'Joseph Y. Halpern', 'O. Waarts']);
    // Search links every name, CJK ones too (with a leading space in the link text).
    expect(names(page.papers[1])).toHaveLength(10);
    expect(names(page.papers[1])?.slice(4, 8)).toEqual(['Nguyễn Văn An', '李明', '佐藤 健', '김민준']);
    for (const paper of page.papers) {
      expect(paper.authorsElement).toBe(paper.element.querySelector('p.authors'));
      paper.authors.forEach((author, index) => {
        expect(author.index).toBe(index);
        expect(author.anchor?.kind === 'link' && paper.authorsElement?.contains(author.anchor.element)).toBe(true);
        expect(author.citationName).toBe(author.name);
        expect(author.hidden).toBe(false);
      });
    }
  });

  it('skips the stray ":" link and the "et al." text of a truncated list', () => {
    const paper = read().papers[2]!;
    const links = Array.from(paper.element.querySelectorAll('p.authors a'));
    expect(links).toHaveLength(25);
    expect(paper.authorsElement?.textContent).toContain('et al. (2808 additional authors not shown)');
    expect(paper.authors).toHaveLength(24);
    expect(names(paper)?.slice(0, 3)).toEqual(['The CMS', 'LHCb Collaborations', 'V. Khachatryan']);
    expect(names(paper)?.at(-1)).toBe('B. Rahbaran');
    expect(paper.authors.map((a) => (a.anchor?.kind === 'link' ? a.anchor.element : null))).toEqual(
      links.filter((link) => link.textContent?.trim() !== ':'),
    );
  });

  it('reads authors and the primary category only when first asked, then keeps them', () => {
    const doc = loadFixture(FILE, URL);
    const page = readSearchPage(doc, URL)!;
    const paper = page.papers[3]!;
    paper.element.querySelector('p.authors a')?.remove();
    paper.element.querySelector('div.tags > span.tag.is-link')!.textContent = 'cs.NI';
    expect(names(paper)).toEqual(['Joseph Y. Halpern', 'O. Waarts']);
    expect(paper.primaryCategory).toBe('cs.NI');
    const authors = paper.authors;
    paper.element.querySelector('p.authors a')?.remove();
    expect(paper.authors).toBe(authors);
  });

  it('does not modify the page', () => {
    const doc = fixtureDocument(FILE, URL);
    const before = doc.documentElement.outerHTML;
    for (const paper of readSearchPage(doc, URL)!.papers) void [paper.authors, paper.primaryCategory];
    expect(doc.documentElement.outerHTML).toBe(before);
  });

  it('is not search results: a listing', () => {
    const url = 'https://arxiv.org/list/cs.DC/new';
    expect(readSearchPage(fixtureDocument('rendered-2026-06/list_cs.DC_new.html', url), url)).toBeNull();
  });
});

describe('made-up search pages', () => {
  const page = (body: string) => readSearchPage(loadHtml(`<html><body>${body}</body></html>`, URL), URL);

  it('a query without results is an empty page', () => {
    expect(page('<main id="main-container"><h1 class="title">Search</h1><p>Sorry, your query returned no results</p></main>')).toEqual({
      type: 'search',
      papers: [],
    });
  });

  it('results whose abstract link is unreadable are skipped; none readable is no page', () => {
    const result = (href: string) =>
      `<li class="arxiv-result"><p class="list-title"><a href="${href}">arXiv</a></p><p class="title">T</p><p class="authors"><a href="/search/?searchtype=author&amp;query=A">A B</a></p></li>`;
    expect(page(`<main id="main-container"><ol>${result('https://arxiv.org/abs/2406.05546v2')}${result('https://arxiv.org/abs/nope')}</ol></main>`)?.papers.map((p) => [p.arxivId, p.version])).toEqual([
      ['2406.05546', 2],
    ]);
    expect(page(`<main id="main-container"><ol>${result('https://arxiv.org/abs/nope')}</ol></main>`)).toBeNull();
    // Results outside the usual main column are still read; a page with neither is not search.
    expect(page(`<ol>${result('https://arxiv.org/abs/2406.05546')}</ol>`)?.papers).toHaveLength(1);
    expect(page('<div id="dlpage"></div>')).toBeNull();
  });
});
