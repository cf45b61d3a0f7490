// @vitest-environment happy-dom
import type { PrintedPublication } from '../page-model';
import { readAbsPage } from './abs';
import { readListingPage } from './listing';
import { readSearchPage } from './search';
import { fixtureDocument, loadHtml, present, sharedPagesAvailable } from './test-helpers';

sharedPagesAvailable('lib/arxiv/readers/publication');

const ABS = 'https://arxiv.org/abs/2607.90001';
const LIST = 'https://arxiv.org/list/cs.NI/new';
const SEARCH = 'https://arxiv.org/search/?query=lanterns&searchtype=all';

/** A made-up abs page whose metatable has `rows`, in the markup of each layout (docs/arxiv-pages.md, Metatable and dateline). */
const absPage = (rows: string, outer = true) => {
  const table = `<div class="metatable"><table summary="Additional metadata">${rows}</table></div>`;
  const abs = `<div id="abs"><h1 class="title">Made-Up Lanterns</h1>${table}</div>`;
  return loadHtml(`<html><head></head><body>${outer ? `<div id="abs-outer">${abs}</div>` : abs}</body></html>`, ABS);
};
const row = (label: string, cell: string) => `<tr><td class="tablecell label">${label}</td>${cell}</tr>`;
const absPublication = (doc: Document) => readAbsPage(doc, ABS)!.papers[0]!.publication;
/** What a page prints, as the readers give it: said by the paper's authors, its year in its text. */
const printed = (venue: string | null, doi: string | null): PrintedPublication => ({ venue, doi, year: null, source: 'arxiv' });

describe('what an abs page prints of the published version', () => {
  it('reads the "Journal reference" row, not the report number of the same class, and the related DOI', () => {
    const doc = absPage(
      row('Report&nbsp;number:', '<td class="tablecell jref">MADE-UP-2026-07</td>') +
        row('Journal&nbsp;reference:', '<td class="tablecell jref">Made-Up Lett. 12 (2026)  101–110</td>') +
        row('<abbr title="Digital Object Identifier">Related DOI</abbr>:', '<td class="tablecell doi"><a href="https://doi.org/10.5555/Made-Up.2026.101" data-doi="10.5555/Made-Up.2026.101">https://doi.org/10.5555/Made-Up.2026.101</a></td>'),
    );
    expect(absPublication(doc)).toEqual(printed('Made-Up Lett. 12 (2026) 101–110', '10.5555/Made-Up.2026.101'));
  });

  it('reads the legacy page, whose DOI link goes through arXiv and says the DOI as its text', () => {
    const doc = absPage(
      row('\nJournal&nbsp;reference:\n', '<td class="tablecell jref">Made-Up Lett. 3 (2005) 7</td>') +
        row('<abbr title="Digital Object Identifier">DOI</abbr>:', '<td class="tablecell doi"><a href="https://arxiv.org/ct?url=http%3A%2F%2Fdx.doi.org%2F10%252E5555">10.5555/made-up.2005.7</a></td>') +
        row('Report&nbsp;number:', '<td class="tablecell report-number">MADE-UP-05-1</td>'),
      false,
    );
    expect(absPublication(doc)).toEqual(printed('Made-Up Lett. 3 (2005) 7', '10.5555/made-up.2005.7'));
  });

  it('takes a DOI alone, a reference alone, and no arXiv DOI for a published one', () => {
    const doi = '<td class="tablecell doi"><a href="https://doi.org/10.5555/x" data-doi="10.5555/x">https://doi.org/10.5555/x</a></td>';
    expect(absPublication(absPage(row('Related DOI:', doi)))).toEqual(printed(null, '10.5555/x'));
    expect(absPublication(absPage(row('Journal reference:', '<td class="tablecell jref">Made-Up Lett. 1</td>')))).toEqual(printed('Made-Up Lett. 1', null));
    const arxivOnly = '<td class="tablecell doi"><a href="https://doi.org/10.48550/arXiv.2607.90001" data-doi="10.48550/arXiv.2607.90001">x</a></td>';
    expect(absPublication(absPage(row('Related DOI:', arxivOnly)))).toBeNull();
    expect(absPublication(absPage(row('Report number:', '<td class="tablecell jref">MADE-UP-1</td>')))).toBeNull();
  });

  it('reads nothing from a page that prints neither (the made-up page of the current layout)', () => {
    expect(readAbsPage(fixtureDocument('testdata/abs_2607.90001.html', ABS), ABS)!.papers[0]!.publication).toBeNull();
  });

  const PHYS_REV = printed('Phys.Rev.D76:013009,2007', '10.1103/PhysRevD.76.013009');
  it.each(present([
    { file: 'rendered-2026-06/abs_0704.0001.html', url: 'https://arxiv.org/abs/0704.0001', want: PHYS_REV },
    { file: 'real/2018-08_abs_0704.0001_legacy.html', url: 'https://arxiv.org/abs/0704.0001', want: PHYS_REV },
    { file: 'rendered-2026-06/abs_2406.99901.html', url: 'https://arxiv.org/abs/2406.99901', want: printed('Synthetic Journal of Fixtures 1 (2024) 1-13', '10.1234/synthetic.2024.001') },
    { file: 'rendered-2026-06/abs_2406.05546.html', url: 'https://arxiv.org/abs/2406.05546', want: null },
    { file: 'rendered-2026-06/abs_hep-th_9901001.html', url: 'https://arxiv.org/abs/hep-th/9901001', want: printed('Prog.Theor.Phys.101:1155-1164,1999', '10.1143/PTP.101.1155') },
  ]))('$file', ({ file, url, want }) => {
    expect(readAbsPage(fixtureDocument(file, url), url)!.papers[0]!.publication).toEqual(want);
  });
});

describe('what listing and search entries print of the published version', () => {
  it('reads a listing entry\'s "Journal-ref:" line without its label; listings print no DOI', () => {
    const entry = (id: string, extra: string) =>
      `<dt><a href="/abs/${id}" title="Abstract" id="${id}">arXiv:${id}</a></dt><dd><div class="meta"><div class="list-title mathjax"><span class="descriptor">Title:</span> T</div><div class="list-authors"><a href="https://arxiv.org/search/cs?searchtype=author&amp;query=Abara,+K">K. Abara</a></div>${extra}</div></dd>`;
    const doc = loadHtml(
      `<html><body><div id="dlpage"><dl id="articles">${entry('2607.90001', `<div class='list-journal-ref'><span class='descriptor'>Journal-ref:</span>\n  Made-Up Lett. 12 (2026)\n</div>`)}${entry('2607.90002', '')}</dl></div></body></html>`,
      LIST,
    );
    const papers = readListingPage(doc, LIST)!.papers;
    expect(papers.map((p) => p.publication)).toEqual([printed('Made-Up Lett. 12 (2026)', null), null]);
  });

  it('reads a search result\'s "Journal ref:" line (not its other small lines) and its DOI tag', () => {
    const result = (id: string, lines: string) =>
      `<li class="arxiv-result"><div class="is-marginless"><p class="list-title is-inline-block"><a href="https://arxiv.org/abs/${id}">arXiv:${id}</a></p>${lines}</div></li>`;
    const doiTag = '<div class="is-inline-block"><div class="tags has-addons"><span class="tag is-dark is-size-7">doi</span><span class="tag is-light is-size-7"><a href="https://doi.org/10.5555/made-up.2026.7">10.5555/made-up.2026.7 <i class="fa fa-external-link" aria-hidden="true"></i></a></span></div></div>';
    const note = (label: string, text: string) => `<p class="comments is-size-7"><span class="has-text-black-bis has-text-weight-semibold">${label}</span>\n${text}      </p>`;
    const doc = loadHtml(
      `<html><body><main id="main-container"><ol>${result('2607.90001', doiTag + note('Comments:', '9 pages') + note('Journal ref:', 'Made-Up Lett. 7 (2026)'))}${result('2607.90002', note('Report number:', 'MADE-UP-1'))}</ol></main></body></html>`,
      SEARCH,
    );
    expect(readSearchPage(doc, SEARCH)!.papers.map((p) => p.publication)).toEqual([printed('Made-Up Lett. 7 (2026)', '10.5555/made-up.2026.7'), null]);
  });

  it('reads the made-up search page\'s DOI tag', () => {
    const papers = readSearchPage(fixtureDocument('testdata/search_results.html', SEARCH), SEARCH)!.papers;
    expect(papers.find((p) => p.arxivId === '2607.90002')?.publication).toEqual(printed(null, '10.5555/made-up.2026.002'));
  });

  it.each(present([{ file: 'rendered-2026-06/list_q-fin_new.html' }]))('$file', ({ file }) => {
    const url = 'https://arxiv.org/list/q-fin/new';
    const papers = readListingPage(fixtureDocument(file, url), url)!.papers;
    expect(papers.find((p) => p.arxivId === '2303.09330')?.publication).toEqual(printed('Journal of Risk Financial Management 2023, 16(2), 114', null));
    expect(papers.filter((p) => p.publication).length).toBe(2);
  });

  it.each(present([{ file: 'rendered-2026-06/search_results.html' }]))('$file', ({ file }) => {
    const url = 'https://arxiv.org/search/?query=parameter+server&searchtype=all';
    const byId = new Map(readSearchPage(fixtureDocument(file, url), url)!.papers.map((p) => [p.arxivId, p.publication]));
    expect(byId.get('2406.99901')).toEqual(printed('Synthetic Journal of Fixtures 1 (2024) 1-13', '10.1234/synthetic.2024.001'));
    expect(byId.get('1411.4413')).toEqual(printed('Nature 522, 68-72 (04 June 2015)', '10.1038/nature14474'));
    expect(byId.get('cs/0006007')).toEqual(printed('SIAM Journal on Computing 27:5, 1998, pp. 1457--1491', null));
    expect(byId.get('2406.05546')).toBeNull();
  });
});
