// @vitest-environment happy-dom
// The HTML view prints no author list: each name it prints is placed in the paper's list by
// pairing it with the catalog record. Here the record is the abs page's citation_author list
// (what OpenAlex's authorships and S2's authors hold, in order), and the names are what the
// HTML-view reader finds on the fixture pages.
import { IDBFactory } from 'fake-indexeddb';
import { displayName } from '../../arxiv/names';
import { readHtmlPage } from '../../arxiv/readers/html';
import { fixtureDocument, htmlViewExpectations, sharedPagesAvailable } from '../../arxiv/readers/test-helpers';
import { createCache } from '../cache/cache';
import { createCatalog } from './catalog';
import { createPaperAuthors } from '../identity/paper-authors';
import type { OpenAlexClient } from './openalex';
import type { SemanticScholarClient } from './semantic-scholar';
import { CatalogError, type PaperAuthor, type PaperRecord } from '../../catalog/types';

interface Expected {
  abs_page: string;
  author_block: { name: string; citation_author_index: number }[];
  appendix_A1?: { name: string; citation_author_index: number }[];
}

sharedPagesAvailable('html-view positions');
const files = htmlViewExpectations<Expected>();

/** The paper's author list: citation_author entries with a letter (arXiv's stray ":" is none). */
function recordAuthors(absFile: string): { authors: PaperAuthor[]; rawIndex: Map<number, number> } {
  const doc = fixtureDocument(absFile, 'https://arxiv.org/abs/x');
  const raw = [...doc.querySelectorAll('meta[name="citation_author"]')].map((m) => m.getAttribute('content') ?? '');
  const rawIndex = new Map<number, number>();
  const authors: PaperAuthor[] = [];
  raw.forEach((name, j) => {
    if (!/\p{L}/u.test(name)) return;
    rawIndex.set(j, authors.length);
    authors.push({ name: displayName(name), rawName: name, openalexId: `A${j}`, s2Id: null, institutions: [], metrics: null });
  });
  return { authors, rawIndex };
}

function catalogOf(authors: PaperAuthor[]) {
  const record: PaperRecord = {
    source: 'openalex', arxivId: 'x', openalexId: 'W1', s2Id: null, title: '', year: null, citedBy: null,
    authors, relatedOpenAlexIds: [], journalDoi: null, journalName: null,
  };
  return createPaperAuthors(createCatalog({
    openalex: { workByArxivId: async () => record } as unknown as OpenAlexClient,
    s2: { paperByArxivId: async () => { throw new CatalogError('not-found', 'no'); } } as unknown as SemanticScholarClient,
    cache: createCache({ factory: new IDBFactory() }),
  }));
}

describe('positions of the HTML view\'s names in the paper\'s author list', () => {
  it.each(Object.keys(files))('%s', async (file) => {
    const entry = files[file]!;
    const id = /html_(.+)v\d+\.html$/.exec(file)![1]!;
    const page = readHtmlPage(fixtureDocument(file, `https://arxiv.org/html/${id}`), `https://arxiv.org/html/${id}`)!;
    const { authors, rawIndex } = recordAuthors(entry.abs_page);
    const names = page.papers[0]!.authors.map((a) => a.citationName || a.name);
    const r = await catalogOf(authors)(id, names, { fullList: true });
    const persons = [...entry.author_block, ...(entry.appendix_A1 ?? [])];
    // The contract's index counts no ":" entry: 1411.4413's first appendix name is 2, not 3.
    expect(r.positions).toEqual(persons.map((p) => rawIndex.get(p.citation_author_index)));
    expect(r.slots.map((s) => s.openalex?.openalexId)).toEqual(persons.map((p) => `A${p.citation_author_index}`));
  });
});
