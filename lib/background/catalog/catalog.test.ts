import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../cache/cache';
import { createCatalog, TTL } from './catalog';
import { NOT_INDEXED_TTL } from './not-indexed';
import { createPaperAuthors } from '../identity/paper-authors';
import type { OpenAlexClient } from './openalex';
import type { SemanticScholarClient } from './semantic-scholar';
import { CatalogError, type AuthorMetrics, type PaperAuthor, type PaperRecord } from '../../catalog/types';

const author = (name: string, ids: { oa?: string; s2?: string; metrics?: AuthorMetrics | null } = {}): PaperAuthor => ({
  name, rawName: null, openalexId: ids.oa ?? null, s2Id: ids.s2 ?? null, institutions: [], metrics: ids.metrics ?? null,
});
const record = (source: 'openalex' | 's2', authors: PaperAuthor[]): PaperRecord => ({
  source, arxivId: '2406.05546', openalexId: source === 'openalex' ? 'W1' : null, s2Id: source === 's2' ? 'p1' : null,
  title: 'T', year: 2024, citedBy: 3, authors, relatedOpenAlexIds: [], journalDoi: null, journalName: null,
});
const metrics = (id: string, h: number): AuthorMetrics => ({
  source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: id, hIndex: h, citedBy: 10 * h, works: h + 5,
  lastKnownInstitutions: [],
});
const notFound = () => new CatalogError('not-found', 'nope');

function setup(over: { oaWork?: () => Promise<PaperRecord>; s2Paper?: () => Promise<PaperRecord>; budgetResetAt?: number } = {}) {
  let now = 1_000_000;
  const openalex = {
    workByArxivId: vi.fn((_id: string) => (over.oaWork ?? (async () => record('openalex', [author('Ray Cao', { oa: 'A1' }), author('Bo Li', { oa: 'A2' })])))()),
    // A spent budget fails list calls as the client does: locally, before any request.
    authorsByIds: vi.fn(async (ids: string[]) => {
      if (over.budgetResetAt) throw new CatalogError('budget-exhausted', 'spent', over.budgetResetAt, 429);
      return ids.filter((id) => id !== 'A404').map((id) => metrics(id, Number(id.slice(1))));
    }),
    authorById: vi.fn(async (id: string) => metrics(id, Number(id.slice(1)))),
    budgetResetAt: vi.fn(async () => over.budgetResetAt ?? 0),
  };
  const s2 = { paperByArxivId: vi.fn((_id: string) => (over.s2Paper ?? (async () => { throw notFound(); }))()) };
  const cache = createCache({ factory: new IDBFactory(), now: () => now });
  const catalog = createCatalog({
    openalex: openalex as unknown as OpenAlexClient, s2: s2 as unknown as SemanticScholarClient, cache, now: () => now,
  });
  return { catalog, paperAuthors: createPaperAuthors(catalog), openalex, s2, cache, advance: (ms: number) => (now += ms) };
}

describe('one paper\'s authors (identity/paper-authors.ts) over the catalog', () => {
  it('pairs page authors with OpenAlex authorships by name', async () => {
    const { paperAuthors } = setup();
    const r = await paperAuthors('2406.05546', ['Cao, Ray', 'Smith, Ann', 'Li, Bo']);
    expect(r.source).toBe('openalex');
    expect(r.slots.map((s) => s.openalex?.openalexId ?? null)).toEqual(['A1', null, 'A2']);
  });

  it('falls back to Semantic Scholar when OpenAlex has no record, and caches both answers', async () => {
    const s2m = { ...metrics('x', 4), source: 's2' as const, openalexId: null, s2Id: '9' };
    const { paperAuthors, openalex, s2 } = setup({
      oaWork: async () => { throw notFound(); },
      s2Paper: async () => record('s2', [author('Ray Cao', { s2: '9', metrics: s2m })]),
    });
    const r = await paperAuthors('2406.05546', ['Cao, Ray']);
    expect(r.source).toBe('s2');
    expect(r.slots[0]!.s2?.metrics?.hIndex).toBe(4);
    await paperAuthors('2406.05546', ['Cao, Ray']);
    expect(openalex.workByArxivId).toHaveBeenCalledOnce(); // the 404 is an answer: cached
    expect(s2.paperByArxivId).toHaveBeenCalledOnce();
  });

  it('asks Semantic Scholar about authors OpenAlex leaves out', async () => {
    const { paperAuthors } = setup({
      s2Paper: async () => record('s2', [author('Ray Cao', { s2: '7' }), author('Ann Smith', { s2: '8' })]),
    });
    const r = await paperAuthors('2406.05546', ['Cao, Ray', 'Smith, Ann']);
    expect(r.slots.map((s) => [s.openalex?.openalexId ?? null, s.s2?.s2Id ?? null])).toEqual([['A1', '7'], [null, '8']]);
  });

  it('reports the failure and caches nothing when no catalog answers', async () => {
    const down = () => Promise.reject(new CatalogError('http', 'HTTP 500', null, 500));
    const { paperAuthors, openalex } = setup({ oaWork: down, s2Paper: down });
    await expect(paperAuthors('2406.05546', ['Cao, Ray'])).rejects.toMatchObject({ kind: 'http' });
    openalex.workByArxivId.mockImplementation(async () => record('openalex', [author('Ray Cao', { oa: 'A1' })]));
    const r = await paperAuthors('2406.05546', ['Cao, Ray']);
    expect(r.slots[0]!.openalex?.openalexId).toBe('A1');
  });

  it('reads no record, and asks again next time, when OpenAlex lacks the paper and Semantic Scholar cannot be asked', async () => {
    const limited = () => Promise.reject(new CatalogError('rate-limited', 'S2 429', null, 429));
    const { paperAuthors, s2 } = setup({ oaWork: async () => { throw notFound(); }, s2Paper: limited });
    // The authors are then identified from evidence (OpenAlex alone is enough for it).
    await expect(paperAuthors('2406.05546', ['Cao, Ray'])).resolves.toMatchObject({ source: null, slots: [{ openalex: null, s2: null }] });
    const s2m = { ...metrics('x', 4), source: 's2' as const, openalexId: null, s2Id: '9' };
    s2.paperByArxivId.mockImplementation(async () => record('s2', [author('Ray Cao', { s2: '9', metrics: s2m })]));
    await expect(paperAuthors('2406.05546', ['Cao, Ray'])).resolves.toMatchObject({ source: 's2' });
  });

  it('tells a page without its own author list where each name is in the fullest record', async () => {
    // OpenAlex dropped the collaboration entry; Semantic Scholar keeps it (unresolved).
    const oaWork = async () => record('openalex', [author('Ray Cao', { oa: 'A1' }), author('Bo Li', { oa: 'A2' })]);
    const s2Paper = async () => record('s2', [author('The CMS Collaboration'), author('Ray Cao', { s2: '7' }), author('Bo Li', { s2: '8' })]);
    const abs = await setup({ oaWork, s2Paper }).paperAuthors('2406.05546', ['Ray Cao', 'Bo Li']);
    expect(abs.positions).toEqual([0, 1]); // OpenAlex paired everyone: S2 was not waited for
    const html = await setup({ oaWork, s2Paper }).paperAuthors('2406.05546', ['Ray Cao', 'Bo Li'], { fullList: true });
    expect(html.positions).toEqual([1, 2]);
    expect(html.slots.map((s) => [s.openalex?.openalexId, s.s2?.s2Id])).toEqual([['A1', '7'], ['A2', '8']]);
    expect(html.laterS2).toBeNull();
  });

  it('falls back to OpenAlex positions when Semantic Scholar cannot answer', async () => {
    const down = () => Promise.reject(new CatalogError('http', 'HTTP 500', null, 500));
    const r = await setup({ s2Paper: down }).paperAuthors('2406.05546', ['Ray Cao', 'Bo Li'], { fullList: true });
    expect(r.positions).toEqual([0, 1]);
  });

  it('serves stale records at once and marks them stale', async () => {
    const { paperAuthors, advance } = setup();
    await paperAuthors('2406.05546', ['Cao, Ray']);
    advance(TTL.paper + 1);
    const r = await paperAuthors('2406.05546', ['Cao, Ray']);
    expect(r.stale).toBe(true);
  });
});

describe('catalog: papers not indexed yet', () => {
  it('asks again after hours, not a day, whether a paper of this month or the last is indexed', async () => {
    const { paperAuthors, openalex, s2, cache, advance } = setup({ oaWork: async () => { throw notFound(); } });
    advance(Date.UTC(2026, 5, 20) - 1_000_000);
    for (const id of ['2606.20501', '2406.05546']) await expect(paperAuthors(id, ['Cao, Ray'])).resolves.toMatchObject({ source: null });
    await cache.settle();
    advance(NOT_INDEXED_TTL + 1);
    for (const id of ['2606.20501', '2406.05546']) await expect(paperAuthors(id, ['Cao, Ray'])).resolves.toMatchObject({ source: null });
    await cache.settle();
    const newOneAgain = ['2606.20501', '2406.05546', '2606.20501'];
    expect(openalex.workByArxivId.mock.calls.map(([id]) => id)).toEqual(newOneAgain);
    expect(s2.paperByArxivId.mock.calls.map(([id]) => id)).toEqual(newOneAgain);
  });
});

describe('catalog.authorMetrics', () => {
  it('batches uncached authors into one list call and caches them', async () => {
    const { catalog, openalex } = setup();
    const r = await catalog.authorMetrics(['A1', 'A2', 'A404']);
    expect(Object.keys(r.value).sort()).toEqual(['A1', 'A2']);
    expect(openalex.authorsByIds).toHaveBeenCalledOnce();
    await catalog.authorMetrics(['A1', 'A2', 'A3']);
    expect(openalex.authorsByIds).toHaveBeenLastCalledWith(expect.arrayContaining(['A3']));
    expect(openalex.authorsByIds.mock.lastCall![0]).not.toContain('A1');
  });

  it('uses the free singleton endpoint while the daily budget is spent', async () => {
    const { catalog, openalex } = setup({ budgetResetAt: Date.now() + 3_600_000 });
    const r = await catalog.authorMetrics(['A5', 'A6']);
    expect(r.value.A5?.hIndex).toBe(5);
    expect(openalex.authorById).toHaveBeenCalledTimes(2);
  });

  it('reports a failing singleton as an error, never as "no profile", and keeps the authors that came', async () => {
    const { catalog, openalex } = setup({ budgetResetAt: Date.now() + 3_600_000 });
    openalex.authorById.mockImplementation(async (id: string) => {
      if (id === 'A7') throw new CatalogError('network', 'offline');
      if (id === 'A8') throw notFound();
      return metrics(id, Number(id.slice(1)));
    });
    await expect(catalog.authorMetrics(['A5', 'A7', 'A8'])).rejects.toMatchObject({ kind: 'network' });
    // Back online: only the author that failed is asked again; the unknown one is simply absent.
    openalex.authorById.mockClear();
    openalex.authorById.mockImplementation(async (id: string) => (id === 'A8' ? Promise.reject(notFound()) : metrics(id, Number(id.slice(1)))));
    const r = await catalog.authorMetrics(['A5', 'A7', 'A8']);
    expect(Object.keys(r.value).sort()).toEqual(['A5', 'A7']);
    expect(openalex.authorById.mock.calls.map(([id]) => id).sort()).toEqual(['A7', 'A8']);
  });
});
