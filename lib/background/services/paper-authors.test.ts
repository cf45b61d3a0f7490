import type { Catalog } from '../catalog/catalog';
import type { PaperAnswer } from '../identity/paper-batches';
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
  const paperAuthors = vi.fn(async () => ({
    source: 'openalex', openalexWorkId: 'W1', slots: [{ openalex: pa('A1'), s2: null }, { openalex: pa('A2'), s2: null }], positions: [3, null],
    fetchedAt: 5, stale: false, laterS2,
  }));
  const catalog = {
    authorMetrics: vi.fn(async (ids: string[]) => {
      if (metricsFail) throw new Error('down');
      return { value: Object.fromEntries(ids.map((id) => [id, m(id)])), fetchedAt: 6, stale: false };
    }),
  };
  return { h: paperService({ catalog: catalog as unknown as Catalog, paperAuthors, corrections: { list: async () => saved } } as unknown as BackgroundDeps), catalog, paperAuthors };
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
    const { h, paperAuthors } = handlers(null);
    const r = await h['paper-authors']({ ...request, fullList: true }, sender);
    expect(paperAuthors).toHaveBeenCalledWith('2406.05546', ['A, B', 'C, D'], { revalidate: false, fullList: true, onNoOpenAlexRecord: expect.any(Function) });
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

describe('papers-authors handler: the reader\'s corrections, as on the abs page', () => {
  const names = ['Ray Cao', 'Sherry Luo', 'Steve Gan'];
  const slot = (id: string) => ({ state: 'ready' as const, match: 'record' as const, metrics: m(id), institutions: [{ id: 'I1', name: 'Uni', countryCode: null, ror: null }], s2Id: '9' });
  function listing(saved: Correction[], followed: string[] = []) {
    const authorsOf = vi.fn(async () => ({
      papers: [
        { arxivId: '2406.05546', source: 'openalex' as const, slots: [slot('A1'), slot('A2'), { state: 'unmatched' as const }], fetchedAt: 5, stale: false },
        { arxivId: '2406.99901', source: 'openalex' as const, slots: [slot('A4'), slot('A5')], fetchedAt: 5, stale: false },
        { arxivId: '2406.99902', identifying: true as const },
      ],
      unindexed: [],
    }));
    const catalog = { authorMetrics: vi.fn(async (ids: string[]) => ({ value: Object.fromEntries(ids.map((id) => [id, m(id)])), fetchedAt: 3, stale: true })) };
    const deps = {
      catalog, paperBatches: { authorsOf }, corrections: { list: async () => saved },
      follows: { followedIds: async () => followed }, sameDay: { noteSightings: async () => undefined },
    };
    const h = paperService(deps as unknown as BackgroundDeps);
    const ask = (onlyFollowed = false) => h['papers-authors']({
      type: 'papers-authors',
      papers: [
        { arxivId: '2406.05546', names, category: 'cs.DC' },
        { arxivId: '2406.99901', names: ['Sherry Luo', 'Wen Li'], category: 'cs.DC' },
        { arxivId: '2406.99902', names: ['Sherry Luo'], category: 'cs.DC' },
      ],
      ahead: [], upcoming: [], onlyFollowed,
    }, sender);
    return { ask, catalog, authorsOf };
  }
  const shown = (p: PaperAnswer) => ('slots' in p ? p.slots.map((s) => (s.state === 'ready' ? `${s.match} ${s.metrics.openalexId}` : s.state)) : p);

  it('shows the profile the reader chose, with its numbers, and no profile where the reader said none fits', async () => {
    const { ask, catalog } = listing([
      { arxivId: '2406.05546', index: 1, name: 'Luo, Sherry', openalexId: 'A9', coauthors: null, at: 1 },
      { arxivId: '2406.05546', index: 0, name: 'Cao, Ray', openalexId: null, coauthors: null, at: 2 },
    ]);
    const r = await ask();
    expect(shown(r.papers[0]!)).toEqual(['unmatched', 'reader A9', 'unmatched']);
    // Only the corrected paper changed; its chosen profile's numbers came in one batch.
    expect(shown(r.papers[1]!)).toEqual(['record A4', 'record A5']);
    expect(catalog.authorMetrics).toHaveBeenCalledTimes(1);
    expect(catalog.authorMetrics).toHaveBeenCalledWith(['A9'], undefined);
    // The record's institutions belong to the record's person; the no-profile card says why.
    expect(r.papers[0]).toMatchObject({ slots: [{ identity: { note: { kind: 'reader-none' } } }, { institutions: [] }, {}] });
    expect(r.papers[0]).toMatchObject({ fetchedAt: 3, stale: true });
    expect(r.papers[2]).toEqual({ arxivId: '2406.99902', identifying: true });
  });

  it('extends a correction to the same name beside one of its co-authors on other papers', async () => {
    const { ask } = listing([{ arxivId: '2406.05546', index: 1, name: 'Luo, Sherry', openalexId: 'A9', coauthors: ['li wen'], at: 1 }]);
    const r = await ask();
    expect(shown(r.papers[1]!)).toEqual(['reader A9', 'record A5']);
  });

  it('asks for nothing more when the reader has no corrections', async () => {
    const { ask, catalog, authorsOf } = listing([]);
    const r = await ask();
    expect(r).toEqual(await authorsOf.mock.results[0]!.value);
    expect(catalog.authorMetrics).not.toHaveBeenCalled();
  });

  it('on a quiet listing, fetches a chosen profile only when the reader follows it', async () => {
    const saved = [
      { arxivId: '2406.05546', index: 1, name: 'Luo, Sherry', openalexId: 'A9', coauthors: null, at: 1 },
      { arxivId: '2406.99901', index: 1, name: 'Li, Wen', openalexId: 'A8', coauthors: null, at: 1 },
    ];
    const { ask, catalog } = listing(saved, ['A8']);
    const r = await ask(true);
    expect(shown(r.papers[0]!)).toEqual(['record A1', 'not-followed', 'unmatched']);
    expect(shown(r.papers[1]!)).toEqual(['record A4', 'reader A8']);
    expect(catalog.authorMetrics).toHaveBeenCalledWith(['A8'], undefined);
  });
});
