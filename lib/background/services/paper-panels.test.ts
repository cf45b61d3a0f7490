import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../cache/cache';
import { createCatalog } from '../catalog/catalog';
import { createPaperAuthors } from '../identity/paper-authors';
import type { OpenAlexClient } from '../catalog/openalex';
import type { SemanticScholarClient } from '../catalog/semantic-scholar';
import { CatalogError, type PaperAuthor, type PaperRecord, type PaperSummary } from '../../catalog/types';
import { dispatch, type Handlers } from '../server';
import type { BackgroundDeps } from '../deps';
import { paperService } from './paper';

const ID = '2406.05546';
const TITLE = 'Training Through Failure';
const EXT = 'weft';
const sender = { id: EXT, url: `https://arxiv.org/abs/${ID}`, tab: { id: 1 } } as never;

const inst = { openalexId: 'I1', rorId: '0abcde123', name: 'Kestrel Lab', countryCode: 'GB' };
const author = (name: string, id: string): PaperAuthor => ({ name, rawName: null, openalexId: id, s2Id: null, institutions: [inst], metrics: null });
const record = (source: 'openalex' | 's2', citedBy: number): PaperRecord => ({
  source, arxivId: ID, openalexId: source === 'openalex' ? 'W9' : null, s2Id: source === 's2' ? 'abc' : null, title: TITLE, year: 2024,
  citedBy, authors: [author('Ray Cao', 'A1'), author('Bo Li', 'A2')], relatedOpenAlexIds: ['W11', 'W12'], journalDoi: null, journalName: null,
});
const summary = (source: 'openalex' | 's2', id: string, arxivId: string | null, title = `Paper ${id}`): PaperSummary => ({
  source, id, arxivId, doi: null, title, authorNames: ['A. Author'], year: 2025, citedBy: 4, catalogUrl: null,
});
/** A failing service answers after a moment (with its retries, seconds in real life). */
const down = () => new Promise<never>((_, reject) => setTimeout(() => reject(new CatalogError('http', 'HTTP 500', null, 500)), 20));

/** Fake clients that count their calls, over the real catalog and cache. */
function setup(opts: { s2Down?: boolean; oaDown?: boolean } = {}) {
  const openalex = {
    workByArxivId: vi.fn(() => (opts.oaDown ? down() : Promise.resolve(record('openalex', 57)))),
    worksByIds: vi.fn(async (ids: string[]) => ids.map((id) => summary('openalex', id, null))),
    authorsByIds: vi.fn(async () => []),
    authorById: vi.fn(),
    budgetResetAt: () => 0,
  };
  const s2 = {
    paperByArxivId: vi.fn(() => (opts.s2Down ? down() : Promise.resolve(record('s2', 71)))),
    recommendations: vi.fn(async () => [summary('s2', 'self', ID, TITLE), summary('s2', 'r1', '2406.00001'), summary('s2', 'r2', null)]),
  };
  const cache = createCache({ factory: new IDBFactory() });
  const deps = { openalex: openalex as unknown as OpenAlexClient, s2: s2 as unknown as SemanticScholarClient, cache };
  const catalog = createCatalog(deps);
  const h = paperService({ ...deps, catalog } as BackgroundDeps);
  /** What a page view asks: the badges' author list, then the three panels at once. */
  const pageView = () =>
    Promise.all([
      createPaperAuthors(catalog)(ID, ['Cao, Ray', 'Li, Bo']).catch(() => null),
      h['paper-citations']({ type: 'paper-citations', arxivId: ID }, sender).catch((e: unknown) => e),
      h['paper-institutions']({ type: 'paper-institutions', arxivId: ID }, sender).catch((e: unknown) => e),
      h['related-papers']({ type: 'related-papers', arxivId: ID, title: TITLE }, sender).catch((e: unknown) => e),
    ]);
  const calls = () => ({
    oaWork: openalex.workByArxivId.mock.calls.length, oaWorks: openalex.worksByIds.mock.calls.length,
    s2Paper: s2.paperByArxivId.mock.calls.length, s2Recs: s2.recommendations.mock.calls.length,
  });
  return { h, cache, openalex, s2, pageView, calls };
}

describe('panel handlers', () => {
  it('answer plain data with its age, each panel on its own', async () => {
    const { pageView } = setup();
    const [, paper, institutions, related] = await pageView();
    expect(paper).toMatchObject({ known: true, source: 's2', citedBy: 71, openalexId: 'W9', s2Id: 'abc', stale: false });
    expect(typeof (paper as { fetchedAt: unknown }).fetchedAt).toBe('number');
    expect(institutions).toMatchObject({ known: true, basis: 'paper', groups: [{ institution: inst, authors: [{ name: 'Ray Cao' }, { name: 'Bo Li' }] }] });
    // The paper itself (same arXiv id and title) is not recommended to its readers.
    expect(related).toMatchObject({ known: true, source: 's2', papers: [{ id: 'r1' }, { id: 'r2' }] });
  });

  it('add one request to a page view (S2 recommendations), and none on a warm one', async () => {
    const { pageView, calls, cache } = setup();
    await pageView();
    expect(calls()).toEqual({ oaWork: 1, oaWorks: 0, s2Paper: 1, s2Recs: 1 });
    await cache.settle();
    await pageView();
    expect(calls()).toEqual({ oaWork: 1, oaWorks: 0, s2Paper: 1, s2Recs: 1 });
  });

  it('fall back to OpenAlex with one works batch when S2 fails, without asking S2 for recommendations', async () => {
    const { pageView, calls } = setup({ s2Down: true });
    const [, paper, , related] = await pageView();
    expect(paper).toMatchObject({ source: 'openalex', citedBy: 57, s2Failure: 'http' });
    expect(related).toMatchObject({ source: 'openalex', s2Failure: 'http', papers: [{ id: 'W11' }, { id: 'W12' }] });
    expect(calls()).toEqual({ oaWork: 1, oaWorks: 1, s2Paper: 1, s2Recs: 0 });
  });

  it('revalidate goes past the cache', async () => {
    const { h, calls, cache } = setup();
    await h['paper-citations']({ type: 'paper-citations', arxivId: ID }, sender);
    await cache.settle();
    await h['paper-citations']({ type: 'paper-citations', arxivId: ID, revalidate: true }, sender);
    expect(calls()).toMatchObject({ s2Paper: 2, oaWork: 2 });
  });

  it('report one panel’s failure as a typed error while the others answer', async () => {
    const { h } = setup({ oaDown: true });
    const handlers = h as unknown as Handlers;
    const institutions = await dispatch(handlers, { type: 'paper-institutions', arxivId: ID }, sender, EXT);
    expect(institutions).toEqual({ ok: false, error: { kind: 'http', message: 'HTTP 500', retryAt: null, status: 500 } });
    const paper = await dispatch(handlers, { type: 'paper-citations', arxivId: ID }, sender, EXT);
    expect(paper).toMatchObject({ ok: true, data: { source: 's2', citedBy: 71, openalexId: null } });
  });
});
