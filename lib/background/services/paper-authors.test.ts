import type { Catalog } from '../catalog/catalog';
import type { AuthorMetrics, PaperAuthor } from '../../catalog/types';
import type { BackgroundDeps } from '../deps';
import type { Correction } from '../identity/corrections';
import { paperService } from './paper';

const pa = (oa: string | null, s2: string | null = null): PaperAuthor => ({
  name: 'x', rawName: null, openalexId: oa, s2Id: s2, institutions: [], metrics: null,
});
const m = (id: string): AuthorMetrics => ({
  source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: id, hIndex: 1, citedBy: 2, works: 3, lastKnownInstitutions: [],
});

function handlers(laterS2: Promise<(PaperAuthor | null)[] | null> | null, metricsFail = false, saved: Correction[] = []) {
  const catalog = {
    paperAuthors: vi.fn(async () => ({
      source: 'openalex', openalexWorkId: 'W1', slots: [{ openalex: pa('A1'), s2: null }, { openalex: pa('A2'), s2: null }], positions: [3, null],
      fetchedAt: 5, stale: false, laterS2,
    })),
    authorMetrics: vi.fn(async (ids: string[]) => {
      if (metricsFail) throw new Error('down');
      return { value: Object.fromEntries(ids.map((id) => [id, m(id)])), fetchedAt: 6, stale: false };
    }),
  };
  return { h: paperService({ catalog: catalog as unknown as Catalog, corrections: { list: async () => saved } } as unknown as BackgroundDeps), catalog };
}

const request = { type: 'paper-authors' as const, arxivId: '2406.05546', names: ['A, B', 'C, D'], eager: 1 };
const sender = {} as never;

describe('paper-authors handler', () => {
  it('returns the first authors\' metrics with the author list', async () => {
    const { h, catalog } = handlers(null);
    const r = await h['paper-authors'](request, sender);
    expect(catalog.authorMetrics).toHaveBeenCalledWith(['A1'], false);
    expect(r.eagerMetrics && 'metrics' in r.eagerMetrics && Object.keys(r.eagerMetrics.metrics)).toEqual(['A1']);
  });

  it('adds Semantic Scholar profile ids when they arrive in time', async () => {
    const { h } = handlers(Promise.resolve([pa(null, '77'), null]));
    const r = await h['paper-authors'](request, sender);
    expect(r.slots.map((s) => s.s2?.s2Id ?? null)).toEqual(['77', null]);
  });

  it('tells each slot its position in the paper\'s author list', async () => {
    const { h, catalog } = handlers(null);
    const r = await h['paper-authors']({ ...request, fullList: true }, sender);
    expect(catalog.paperAuthors).toHaveBeenCalledWith('2406.05546', ['A, B', 'C, D'], false, true, expect.any(Function));
    expect(r.slots.map((s) => s.position)).toEqual([3, null]);
  });

  it('applies a correction made on the paper\'s abs page to the name the record puts at that position', async () => {
    // The reader said author 3 of the paper's list is A9; the HTML view prints that person first.
    const saved: Correction[] = [{ arxivId: '2406.05546', index: 3, name: 'A, B', openalexId: 'A9', coauthors: null, at: 1 }];
    const html = await handlers(null, false, saved).h['paper-authors']({ ...request, fullList: true }, sender);
    expect(html.slots.map((s) => [s.identity.match, s.identity.openalexId])).toEqual([['reader', 'A9'], ['record', 'A2']]);
    // A page with its own list: author 3 is nobody here.
    const abs = await handlers(null, false, saved).h['paper-authors'](request, sender);
    expect(abs.slots.map((s) => s.identity.openalexId)).toEqual(['A1', 'A2']);
  });

  it('does not wait for a slow Semantic Scholar', async () => {
    const { h } = handlers(new Promise(() => {}));
    const r = await h['paper-authors'](request, sender);
    expect(r.slots.every((s) => s.s2 === null)).toBe(true);
  });

  it('reports a metrics failure without failing the author list', async () => {
    const { h } = handlers(null, true);
    const r = await h['paper-authors'](request, sender);
    expect(r.slots).toHaveLength(2);
    expect(r.eagerMetrics).toMatchObject({ error: { kind: 'internal' } });
  });
});
