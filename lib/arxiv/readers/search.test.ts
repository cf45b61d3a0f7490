// @vitest-environment happy-dom
import type { ArxivPage, PagePaper } from '../page-model';
import { isSearchUrl, readSearchPage } from './search';
import { fixtureDocument, hasFixture, loadFixture, loadHtml, present, sharedPagesAvailable, watchChanges } from './test-helpers';

sharedPagesAvailable('lib/arxiv/readers/search');

const URL = 'https://arxiv.org/search/?query=parameter+server&searchtype=all';

function read(file: string): ArxivPage {
  const page = readSearchPage(fixtureDocument(file, URL), URL);
  if (!page) throw new Error(`${file}: not read as search results`);
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

/** A search results page and what it shows: the made-up one always, the shared one beside the repo. */
const PAGES = present([
  {
    file: 'testdata/search_results.html',
    papers: [['2607.90001', null, 'cs.NI'], ['2607.90002', null, 'hep-ex'], ['nlin/0507001', null, 'nlin.PS']],
    titles: { 0: 'Gossip Rounds for Sparse Parameter Exchange in $\\mathcal{O}(\\log n)$ Steps', 2: 'Made-Up Solitons on a Ring of Coupled Lanterns' },
    // Search links every name, CJK ones too (with a leading space in the link text).
    names: { 0: ['Mira Okonkwo-Hale', 'Teodor Väisänen', '王芳', 'Paul Lindqvist Jr.', 'Ana Sofía Ruiz'], 2: ['I. Kovács', 'J. -L. Moreau', "T. O'Brien"] },
    truncated: { place: 1, links: 4, note: 'et al. (6 additional authors not shown)', count: 3, first: ['The Lantern Array Collaboration', 'K. Abara'], last: 'O. Brennan' },
    lazy: { place: 2, rest: ['J. -L. Moreau', "T. O'Brien"] },
  },
  {
    file: 'rendered-2026-06/search_results.html',
    papers: [['2406.05546', null, 'cs.DC'], ['2406.99901', null, 'cs.LG'], ['1411.4413', null, 'hep-ex'], ['cs/0006007', null, 'cs.DC']],
    titles: { 0: 'Training Through Failure: Effects of Data Consistency in Parallel Machine Learning Training', 3: 'Performing work efficiently in the presence of faults' },
    names: {
      0: ['Ray Cao', 'Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh'],
      1: ['José María García-López', 'Björn Åström', 'Zoë Dupré', 'François Müller-Schröder', 'Nguyễn Văn An', '李明', '佐藤 健', '김민준', 'Łukasz Żyński', 'Søren Østergaard'],
      3: ['Cynthia Dwork', 'Joseph Y. Halpern', 'O. Waarts'],
    },
    truncated: { place: 2, links: 25, note: 'et al. (2808 additional authors not shown)', count: 24, first: ['The CMS', 'LHCb Collaborations', 'V. Khachatryan'], last: 'B. Rahbaran' },
    lazy: { place: 3, rest: ['Joseph Y. Halpern', 'O. Waarts'] },
  },
]);

describe.each(PAGES)('$file', ({ file, papers, titles, names: printed, truncated, lazy }) => {
  it('reads one paper per li.arxiv-result, the li as its element, ids bare, with the primary category tag', () => {
    const doc = fixtureDocument(file, URL);
    const page = read(file);
    expect(page.type).toBe('search');
    expect(page.papers.map((p) => p.element)).toEqual(Array.from(doc.querySelectorAll('li.arxiv-result')));
    expect(page.papers.map((p) => [p.arxivId, p.version, p.primaryCategory])).toEqual(papers);
  });

  it('reads titles as printed', () => {
    const page = read(file);
    for (const [place, title] of Object.entries(titles)) expect(page.papers[Number(place)]?.title).toBe(title);
  });

  it('lists the author links, anchored at each link, in order', () => {
    const page = read(file);
    for (const [place, list] of Object.entries(printed)) expect(names(page.papers[Number(place)])).toEqual(list);
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
    const paper = read(file).papers[truncated.place]!;
    const links = Array.from(paper.element.querySelectorAll('p.authors a'));
    expect(links).toHaveLength(truncated.links);
    expect(paper.authorsElement?.textContent).toContain(truncated.note);
    expect(paper.authors).toHaveLength(truncated.count);
    expect(names(paper)?.slice(0, truncated.first.length)).toEqual(truncated.first);
    expect(names(paper)?.at(-1)).toBe(truncated.last);
    expect(paper.authors.map((a) => (a.anchor?.kind === 'link' ? a.anchor.element : null))).toEqual(
      links.filter((link) => link.textContent?.trim() !== ':'),
    );
  });

  it('reads authors and the primary category only when first asked, then keeps them', () => {
    const doc = loadFixture(file, URL);
    const page = readSearchPage(doc, URL)!;
    const paper = page.papers[lazy.place]!;
    paper.element.querySelector('p.authors a')?.remove();
    paper.element.querySelector('div.tags > span.tag.is-link')!.textContent = 'cs.NI';
    expect(names(paper)).toEqual(lazy.rest);
    expect(paper.primaryCategory).toBe('cs.NI');
    const authors = paper.authors;
    paper.element.querySelector('p.authors a')?.remove();
    expect(paper.authors).toBe(authors);
  });

  it('does not modify the page', () => {
    const doc = fixtureDocument(file, URL);
    const changes = watchChanges(doc);
    for (const paper of readSearchPage(doc, URL)!.papers) void [paper.authors, paper.primaryCategory];
    expect(changes()).toEqual([]);
  });
});

describe('not search results', () => {
  it.each(['testdata/list_cs.NI_new.html', 'rendered-2026-06/list_cs.DC_new.html'].filter(hasFixture))('%s: a listing', (file) => {
    const url = 'https://arxiv.org/list/cs.DC/new';
    expect(readSearchPage(fixtureDocument(file, url), url)).toBeNull();
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
