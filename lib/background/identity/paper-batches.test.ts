import { IDBFactory } from 'fake-indexeddb';
import type { Mock } from 'vitest';
import { createCache } from '../cache/cache';
import { createCatalog } from '../catalog/catalog';
import { NOT_INDEXED_TTL } from '../catalog/not-indexed';
import type { IdentifyFresh, ListedPaper } from '../catalog/fresh-papers';
import { NO_PROFILE } from '../../catalog/identity';
import type { OpenAlexClient } from '../catalog/openalex';
import { createPaperAuthors } from './paper-authors';
import { createPaperBatches, type PaperAnswer, type SlotAnswer } from './paper-batches';
import { PRIORITY, priorityOf, type Priority } from '../catalog/pacer';
import type { SemanticScholarClient } from '../catalog/semantic-scholar';
import { CatalogError, type AuthorMetrics, type PaperAuthor, type PaperRecord } from '../../catalog/types';

/** Every author unmatched, without a request. */
const unmatchedFresh: IdentifyFresh = (papers) => papers.map(async (p) => p.names.map(() => NO_PROFILE));

// A small world: papers by id, each with its catalog authors ("Ann Lee" → A-id from the name).
const idOf = (name: string) => `A${[...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1e7, 7)}`;
const author = (name: string, s2 = false): PaperAuthor => ({
  name, rawName: null, openalexId: s2 ? null : idOf(name), s2Id: s2 ? `9${idOf(name).slice(1)}` : null,
  institutions: s2 ? [] : [{ openalexId: 'I1', rorId: null, name: `${name}'s lab`, countryCode: null }],
  metrics: s2 ? { ...metrics(idOf(name)), source: 's2', openalexId: null, s2Id: `9${idOf(name).slice(1)}`, hIndex: 7 } : null,
});
const record = (source: 'openalex' | 's2', arxivId: string, names: string[]): PaperRecord => ({
  source, arxivId, openalexId: source === 'openalex' ? `W${arxivId.replace(/\D/g, '')}` : null, s2Id: source === 's2' ? 'p' : null,
  title: 'T', year: 2026, citedBy: 1, authors: names.map((n) => author(n, source === 's2')), relatedOpenAlexIds: [], journalDoi: null, journalName: null,
});
function metrics(id: string): AuthorMetrics {
  return { source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: id, hIndex: Number(id.slice(1)) % 50, citedBy: 100, works: 10, lastKnownInstitutions: [] };
}
const names = (paper: number, n: number) => Array.from({ length: n }, (_, k) => `Person ${paper}-${k}`);
const listed = (arxivId: string, authors: string[]): ListedPaper => ({ arxivId, names: authors, category: 'cs.DC' });

interface World {
  openalex: Map<string, string[]>;
  s2: Map<string, string[]>;
  /** The venue each catalog's record names, by arXiv id (none by default). */
  venues?: Map<string, string>;
}

/** A catalog's record of a paper of `world`, with its venue and DOI when the world names one. */
const recordIn = (world: World, source: 'openalex' | 's2', id: string): PaperRecord => {
  const venue = world.venues?.get(id) ?? null;
  return { ...record(source, id, world[source].get(id)!), journalName: venue, journalDoi: venue && `10.5555/${id}` };
};

/** Holds `lookup`'s answers until the function returned is called. */
function holdAnswers<K, V>(lookup: Mock<(ids: K[]) => Promise<V>>): () => void {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const answer = lookup.getMockImplementation()!;
  lookup.mockImplementation(async (ids: K[]) => {
    await released;
    return answer(ids);
  });
  return release;
}

function setup(world: World, over: { identifyFresh?: IdentifyFresh; budgetResetAt?: number; authorsBudget429?: boolean; oaDown?: boolean; s2Down?: boolean; now?: () => number } = {}) {
  const openalex = {
    worksByArxivIds: vi.fn(async (ids: string[]) => {
      if (over.oaDown) throw new CatalogError('http', 'OpenAlex 500', null, 500);
      if (over.budgetResetAt) throw new CatalogError('budget-exhausted', 'spent', over.budgetResetAt, 429);
      return new Map(ids.flatMap((id) => (world.openalex.has(id) ? [[id, recordIn(world, 'openalex', id)] as const] : [])));
    }),
    workByArxivId: vi.fn(async (id: string) => {
      if (!world.openalex.has(id)) throw new CatalogError('not-found', '404', null, 404);
      return record('openalex', id, world.openalex.get(id)!);
    }),
    authorsByIds: vi.fn(async (ids: string[]) => {
      // While the budget is known to be spent the client refuses list calls itself, before any request.
      if (over.budgetResetAt || over.authorsBudget429) throw new CatalogError('budget-exhausted', 'spent', Date.now() + 3_600_000, 429);
      return ids.map(metrics);
    }),
    authorById: vi.fn(async (id: string) => metrics(id)),
    budgetResetAt: vi.fn(async () => over.budgetResetAt ?? 0),
    /** The priorities the calls went at. */
    asked: [] as number[],
    at: (priority: Priority): unknown => (openalex.asked.push(priorityOf(priority)), openalex),
  };
  const s2 = {
    papersByArxivIds: vi.fn(async (ids: string[]) => {
      if (over.s2Down) throw new CatalogError('http', 'S2 500', null, 500);
      return new Map(ids.map((id) => [id, world.s2.has(id) ? recordIn(world, 's2', id) : null]));
    }),
    paperByArxivId: vi.fn(async (id: string) => {
      if (!world.s2.has(id)) throw new CatalogError('not-found', '404', null, 404);
      return record('s2', id, world.s2.get(id)!);
    }),
    at: (): unknown => s2,
  };
  const now = over.now ?? Date.now;
  const cache = createCache({ factory: new IDBFactory(), now });
  const clients = { openalex: openalex as unknown as OpenAlexClient, s2: s2 as unknown as SemanticScholarClient };
  const catalog = createCatalog({ ...clients, cache, now });
  const identifyFresh = vi.fn(over.identifyFresh ?? unmatchedFresh);
  const batches = createPaperBatches({ ...clients, cache, catalog, identifyFresh, now });
  const requests = () => openalex.worksByArxivIds.mock.calls.length + openalex.workByArxivId.mock.calls.length
    + openalex.authorsByIds.mock.calls.length + openalex.authorById.mock.calls.length + s2.papersByArxivIds.mock.calls.length + s2.paperByArxivId.mock.calls.length;
  return { batches, openalex, s2, cache, catalog, identifyFresh, requests };
}

const slots = (a: PaperAnswer) => ('slots' in a ? a.slots : []);
const ids = (a: PaperAnswer) => slots(a).map((s) => (s.state === 'ready' ? s.metrics.openalexId ?? s.s2Id : s.state));

describe('paper batches (listing pages)', () => {
  it('answers the papers in view from one DOI call and one author call, each author once, labelled as the record', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee', 'Bo Li']], ['2606.00002', ['Bo Li', 'Cy Ng']]]), s2: new Map() };
    const { batches, openalex } = setup(world);
    const [one, two] = (await batches.authorsOf({
      papers: [listed('2606.00001', ['Lee, Ann', 'Bo Li']), listed('2606.00002', ['B. Li', 'Cy Ng', 'Dee Unlisted'])],
      ahead: [],
      followed: null,
    })).papers;
    expect(openalex.worksByArxivIds).toHaveBeenCalledOnce();
    expect(openalex.authorsByIds).toHaveBeenCalledOnce();
    expect(openalex.authorsByIds.mock.calls[0]![0].sort()).toEqual([idOf('Ann Lee'), idOf('Bo Li'), idOf('Cy Ng')].sort());
    expect(ids(one!)).toEqual([idOf('Ann Lee'), idOf('Bo Li')]);
    expect(ids(two!)).toEqual([idOf('Bo Li'), idOf('Cy Ng'), 'unmatched']);
    expect(slots(one!)[0]).toMatchObject({ state: 'ready', match: 'record', institutions: [{ name: "Ann Lee's lab" }] });
    expect(one).toMatchObject({ source: 'openalex', stale: false });
  });

  it('identifies the upcoming papers no catalog has in one batch, before the reader gets there', async () => {
    const world = { openalex: new Map([['2606.00002', ['Ann Lee']]]), s2: new Map([['2606.00003', ['Bo Li']]]) };
    const { batches, identifyFresh } = setup(world);
    const upcoming = ['2606.00002', '2606.00003', '2606.00004', '2606.00005'].map((id, k) => listed(id, names(k, 3)));
    const { unindexed } = await batches.authorsOf({ papers: [listed('2606.00001', names(9, 2))], ahead: upcoming.map((p) => p.arxivId), upcoming, followed: null });
    // The page is told which papers ahead OpenAlex lacks (it introduces such papers early).
    expect(unindexed).toEqual(['2606.00003', '2606.00004', '2606.00005']);
    const asked = () => identifyFresh.mock.calls.map((c) => [c[0].map((p) => p.arxivId), c[1]?.priority]);
    await vi.waitFor(() => expect(asked()).toHaveLength(3));
    // The paper in view on its own (while S2 is asked, and again once it is known new: the
    // identity engine joins the two); the upcoming ones neither catalog has, together, their
    // requests giving way to those the reader is looking at.
    expect(asked()).toEqual([[['2606.00001'], PRIORITY.view], [['2606.00001'], PRIORITY.view], [['2606.00004', '2606.00005'], PRIORITY.ahead]]);
  });

  it('resolves the papers ahead in the same calls and fills the author call up to 100 ids with their authors', async () => {
    const world = { openalex: new Map(Array.from({ length: 40 }, (_, k) => [`2606.${String(k).padStart(5, '0')}`, names(k, 6)])), s2: new Map() };
    const { batches, openalex } = setup(world);
    const all = [...world.openalex.keys()];
    const answers = (await batches.authorsOf({ papers: [listed(all[0]!, names(0, 6))], ahead: all.slice(1), followed: null })).papers;
    expect(answers).toHaveLength(1);
    expect(openalex.worksByArxivIds.mock.calls.map((c) => c[0].length)).toEqual([40]);
    expect(openalex.authorsByIds.mock.calls.map((c) => c[0].length)).toEqual([100]);
    // The next papers down are answered from the cache: their authors came with that call.
    const before = openalex.authorsByIds.mock.calls.length;
    for (let k = 1; k < 16; k++) await batches.authorsOf({ papers: [listed(all[k]!, names(k, 6))], ahead: all.slice(k + 1), followed: null });
    expect(openalex.authorsByIds.mock.calls.length).toBe(before);
    expect(openalex.worksByArxivIds).toHaveBeenCalledOnce();
  });

  it('asks Semantic Scholar once for every paper OpenAlex lacks, near and ahead, and shows its figures as the record', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']]]), s2: new Map([['2606.00002', ['Sam Roe']], ['2606.00003', ['Tia Poe']]]) };
    const { batches, s2 } = setup(world);
    const [one, two] = (await batches.authorsOf({
      papers: [listed('2606.00001', ['Ann Lee']), listed('2606.00002', ['Sam Roe'])], ahead: ['2606.00003'], followed: null, priority: PRIORITY.near,
    })).papers;
    expect(s2.papersByArxivIds.mock.calls.map((c) => c[0])).toEqual([['2606.00002', '2606.00003']]);
    expect(two).toMatchObject({ source: 's2' });
    expect(slots(two!)[0]).toMatchObject({ state: 'ready', match: 'record', metrics: { source: 's2', hIndex: 7 } });
    expect(one).toMatchObject({ source: 'openalex' });
  });

  it('asks Semantic Scholar with OpenAlex, not after it, about a first screen no catalog was asked about, in one call', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']]]), s2: new Map([['2606.00002', ['Sam Roe']], ['2606.00003', ['Tia Poe']]]) };
    const { batches, openalex, s2, identifyFresh } = setup(world);
    // OpenAlex answers only once Semantic Scholar has been asked.
    const works = openalex.worksByArxivIds.getMockImplementation()!;
    openalex.worksByArxivIds.mockImplementation(async (ids: string[]) => {
      await vi.waitFor(() => expect(s2.papersByArxivIds).toHaveBeenCalled());
      return works(ids);
    });
    const papers = [listed('2606.00001', ['Ann Lee']), listed('2606.00002', ['Sam Roe']), listed('2606.00004', ['Bo Li'])];
    const answer = await batches.authorsOf({ papers, ahead: ['2606.00003'], followed: null });
    expect(s2.papersByArxivIds.mock.calls.map((c) => c[0])).toEqual([['2606.00001', '2606.00002', '2606.00004', '2606.00003']]);
    expect(answer.papers).toMatchObject([{ source: 'openalex' }, { source: 's2' }, { source: 'fresh' }]);
    // The paper OpenAlex has never goes to the fresh-paper identity, though S2 was asked about it first.
    const identified = identifyFresh.mock.calls.flatMap((c) => c[0].map((p) => p.arxivId));
    expect(identified).toContain('2606.00004');
    expect(identified).not.toContain('2606.00001');
  });

  it('carries the version of record each paper\'s record names, from the calls it makes anyway: none of its own', async () => {
    const world = {
      openalex: new Map([['2606.00001', ['Ann Lee']], ['2606.00002', ['Bo Li']]]),
      s2: new Map([['2606.00003', ['Cy Ng']]]),
      venues: new Map([['2606.00001', 'Journal of Made-Up Networking'], ['2606.00003', 'Made-Up Conference']]),
    };
    const { batches, requests } = setup(world);
    const papers = ['2606.00001', '2606.00002', '2606.00003', '2606.00004'];
    const answer = await batches.authorsOf({ papers: papers.map((id) => listed(id, ['Ann Lee'])), ahead: [], followed: null });
    expect(answer.papers.map((p) => ('slots' in p ? p.published : 'no answer'))).toEqual([
      { venue: 'Journal of Made-Up Networking', doi: '10.5555/2606.00001', year: 2026, source: 'openalex' },
      null,
      { venue: 'Made-Up Conference', doi: '10.5555/2606.00003', year: 2026, source: 's2' },
      null, // no catalog has it
    ]);
    // The DOI list, Semantic Scholar's batch, the author list: as without the field.
    expect(requests()).toBe(3);
  });

  it('hands the papers neither catalog has to the fresh-paper identity, and shows what it found with its label', async () => {
    const world = { openalex: new Map(), s2: new Map() };
    const shared = { kind: 'coauthors' as const, sharedWorks: 2, coauthors: ['Bo Li'] };
    const identifyFresh: IdentifyFresh = (papers) => papers.map(async (p) => p.names.map((n, i) => (i === 0
      ? { match: 'inferred' as const, openalexId: idOf(n), s2Id: null, evidence: [shared], candidates: [], note: null }
      : { match: null, openalexId: null, s2Id: null, evidence: [], candidates: [], note: { kind: 'several-in-field' as const, name: 'Bo Li', profiles: 2, field: null } })));
    const { batches, identifyFresh: seam } = setup(world, { identifyFresh });
    const [fresh] = (await batches.authorsOf({ papers: [listed('2606.00009', ['Ann Lee', 'Bo Li'])], ahead: ['2606.00010'], followed: null })).papers;
    expect(seam).toHaveBeenCalledWith([listed('2606.00009', ['Ann Lee', 'Bo Li'])], { priority: PRIORITY.view });
    expect(fresh).toMatchObject({ source: 'fresh' });
    expect(slots(fresh!)).toMatchObject([{ state: 'ready', match: 'inferred', metrics: { openalexId: idOf('Ann Lee') } }, { state: 'unmatched' }]);
    // with what each rests on, for the card
    expect(slots(fresh!)).toMatchObject([{ identity: { evidence: [shared] } }, { identity: { note: { kind: 'several-in-field', name: 'Bo Li', profiles: 2 } } }]);
  });

  it('answers papers with a record without waiting for the new papers asked with them, which wait when asked alone', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']]]), s2: new Map() };
    let decide!: () => void;
    const decided = new Promise<void>((r) => (decide = r));
    const identifyFresh: IdentifyFresh = (papers) => unmatchedFresh(papers).map(async (one) => {
      await decided;
      return one;
    });
    const { batches } = setup(world, { identifyFresh });
    const mixed = await batches.authorsOf({ papers: [listed('2606.00001', ['Ann Lee']), listed('2606.00009', ['Bo Li'])], ahead: [], followed: null });
    expect(mixed.papers).toMatchObject([{ source: 'openalex', slots: [{ state: 'ready', match: 'record' }] }, { arxivId: '2606.00009', identifying: true }]);
    let alone: PaperAnswer[] | null = null;
    const asked = batches.authorsOf({ papers: [listed('2606.00009', ['Bo Li'])], ahead: [], followed: null }).then((a) => (alone = a.papers));
    await new Promise((r) => setTimeout(r, 50));
    expect(alone).toBeNull();
    decide();
    await asked;
    expect(alone).toMatchObject([{ source: 'fresh', slots: [{ state: 'unmatched' }] }]);
  });

  it('answers a new paper as soon as it is decided, without waiting for the new papers asked with it', async () => {
    const world = { openalex: new Map(), s2: new Map() };
    let decideLarge!: () => void;
    const large = new Promise<void>((r) => (decideLarge = r));
    // The second paper (a collaboration's hundred names) takes long; the first is decided at once.
    const identifyFresh: IdentifyFresh = (papers) => unmatchedFresh(papers).map(async (one, k) => {
      if (papers[k]!.names.length > 1) await large;
      return one;
    });
    const { batches } = setup(world, { identifyFresh });
    const both = [listed('2606.00009', ['Bo Li']), listed('2606.00010', names(10, 100))];
    const first = await batches.authorsOf({ papers: both, ahead: [], followed: null });
    expect(first.papers).toMatchObject([{ source: 'fresh', slots: [{ state: 'unmatched' }] }, { arxivId: '2606.00010', identifying: true }]);
    // asked again alone, it waits for its decision
    let again: PaperAnswer[] | null = null;
    const asked = batches.authorsOf({ papers: [both[1]!], ahead: [], followed: null }).then((a) => (again = a.papers));
    await new Promise((r) => setTimeout(r, 50));
    expect(again).toBeNull();
    decideLarge();
    await asked;
    expect(again).toMatchObject([{ source: 'fresh', slots: Array.from({ length: 100 }, () => ({ state: 'unmatched' })) }]);
  });

  it("sends its batch calls before every new paper's lookups but the first screen's, in the order of their own priorities", async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']]]), s2: new Map() };
    const at = async (priority: number) => {
      const { batches, openalex } = setup(world);
      await batches.authorsOf({ papers: [listed('2606.00001', ['Ann Lee'])], ahead: [], followed: null, priority });
      expect(openalex.asked.length).toBeGreaterThan(0);
      expect(new Set(openalex.asked).size).toBe(1);
      return openalex.asked[0]!;
    };
    const [ahead, near, view, first] = [await at(PRIORITY.ahead), await at(PRIORITY.near), await at(PRIORITY.view), await at(PRIORITY.first)];
    // A skimming reader's entries ahead answer before the names of the new papers in view are looked up.
    expect(ahead).toBeGreaterThan(PRIORITY.view);
    expect(ahead).toBeLessThan(near);
    expect(near).toBeLessThan(view);
    expect(view).toBeLessThan(PRIORITY.first);
    expect(first).toBeGreaterThan(PRIORITY.first);
  });

  it('answers the papers asked for without waiting for the lookups of the papers ahead', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']]]), s2: new Map() };
    const { batches, openalex } = setup(world);
    await batches.authorsOf({ papers: [listed('2606.00001', ['Ann Lee'])], ahead: [], followed: null });
    // The next block's DOI call waits behind the reader's lookups (here: forever).
    const resolveWorks = openalex.worksByArxivIds.getMockImplementation()!;
    openalex.worksByArxivIds.mockImplementation((ids: string[]) => (ids.includes('2606.00050') ? new Promise<never>(() => {}) : resolveWorks(ids)));
    const ahead = Array.from({ length: 100 }, (_, k) => `2606.${String(k + 10).padStart(5, '0')}`);
    const answer = await batches.authorsOf({ papers: [listed('2606.00001', ['Ann Lee'])], ahead, followed: null });
    expect(answer.papers).toMatchObject([{ source: 'openalex', slots: [{ state: 'ready' }] }]);
    expect(openalex.worksByArxivIds).toHaveBeenLastCalledWith(ahead);
  });

  it('identifies from evidence the authors of a paper OpenAlex lacks while Semantic Scholar cannot be asked', async () => {
    const { batches, identifyFresh } = setup({ openalex: new Map(), s2: new Map() }, { s2Down: true });
    const [paper] = (await batches.authorsOf({ papers: [listed('2606.00009', ['Ann Lee'])], ahead: [], followed: null })).papers;
    expect(identifyFresh).toHaveBeenCalledWith([listed('2606.00009', ['Ann Lee'])], { priority: PRIORITY.view });
    expect(paper).toMatchObject({ source: 'fresh' });
  });

  it("starts the free lookups of the reader's papers OpenAlex lacks while Semantic Scholar is asked, once", async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']]]), s2: new Map([['2606.00003', ['Bo Li']]]) };
    const { batches, identifyFresh } = setup(world);
    const prepare = vi.fn();
    identifyFresh.prepare = prepare;
    const papers = ['2606.00001', '2606.00002', '2606.00003'].map((id, k) => listed(id, names(k, 2)));
    await batches.authorsOf({ papers, ahead: [], followed: null, priority: PRIORITY.near });
    // Not the paper OpenAlex has; both the others, before S2 said which of them it has.
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(prepare.mock.calls[0]![0].map((p: ListedPaper) => p.arxivId)).toEqual(['2606.00002', '2606.00003']);
    // Asked again, S2's answers are known: nothing to start.
    await batches.authorsOf({ papers, ahead: [], followed: null, priority: PRIORITY.near });
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('decides the papers in view OpenAlex lacks while Semantic Scholar is asked, without waiting for its answer', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']]]), s2: new Map([['2606.00003', ['Bo Li']]]) };
    const { batches, identifyFresh, s2 } = setup(world);
    const answerS2 = holdAnswers(s2.papersByArxivIds);
    const papers = ['2606.00001', '2606.00002', '2606.00003'].map((id, k) => listed(id, names(k, 2)));
    const answer = batches.authorsOf({ papers, ahead: [], followed: null });
    await vi.waitFor(() => expect(identifyFresh).toHaveBeenCalled());
    expect(identifyFresh.mock.calls[0]![0].map((p) => p.arxivId)).toEqual(['2606.00002', '2606.00003']);
    // The paper with a record is answered meanwhile; the two S2 has not answered for are to be asked again.
    expect((await answer).papers).toMatchObject([{ source: 'openalex' }, { arxivId: '2606.00002', identifying: true, unresolved: true }, { arxivId: '2606.00003', identifying: true, unresolved: true }]);
    const again = batches.authorsOf({ papers: papers.slice(1), ahead: [], followed: null });
    answerS2();
    // S2 has the third: shown as its record; the second is new, and its decision is joined. One S2 call in all.
    expect((await again).papers).toMatchObject([{ source: 'fresh' }, { source: 's2' }]);
    expect(s2.papersByArxivIds).toHaveBeenCalledTimes(1);
  });

  it("answers the papers OpenAlex has without waiting for Semantic Scholar's answer about those it lacks", async () => {
    // Semantic Scholar takes about a request a second, and a listing's misses queue for it: the
    // papers asked with one of them must not.
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']], ['2606.00002', ['Sam Roe']]]), s2: new Map([['2606.00003', ['Bo Li']]]) };
    const { batches, s2 } = setup(world);
    const answerS2 = holdAnswers(s2.papersByArxivIds);
    const papers = [listed('2606.00001', ['Ann Lee']), listed('2606.00003', ['Bo Li']), listed('2606.00002', ['Sam Roe'])];
    const first = await batches.authorsOf({ papers, ahead: [], followed: null, priority: PRIORITY.near });
    expect(first.papers).toMatchObject([
      { source: 'openalex', slots: [{ state: 'ready', match: 'record' }] },
      { arxivId: '2606.00003', identifying: true, unresolved: true },
      { source: 'openalex', slots: [{ state: 'ready', match: 'record' }] },
    ]);
    // Asked alone, it waits for the answer: each request answers something, so asking again ends.
    let alone: PaperAnswer[] | null = null;
    const asked = batches.authorsOf({ papers: [papers[1]!], ahead: [], followed: null, priority: PRIORITY.near }).then((a) => (alone = a.papers));
    await new Promise((r) => setTimeout(r, 50));
    expect(alone).toBeNull();
    answerS2();
    await asked;
    expect(alone).toMatchObject([{ source: 's2', slots: [{ state: 'ready', match: 'record' }] }]);
  });

  it('by default shows every author of a fresh paper as no profile, without a request for them', async () => {
    const { batches, openalex } = setup({ openalex: new Map(), s2: new Map() });
    const [fresh] = (await batches.authorsOf({ papers: [listed('2606.00009', ['Ann Lee', 'Bo Li'])], ahead: [], followed: null })).papers;
    expect(slots(fresh!).map((s) => s.state)).toEqual(['unmatched', 'unmatched']);
    expect(openalex.authorsByIds).not.toHaveBeenCalled();
  });

  it('makes no request on a second reading (every answer, misses included, is cached)', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']]]), s2: new Map([['2606.00002', ['Sam Roe']]]) };
    const { batches, requests, cache } = setup(world);
    const ask = async () => (await batches.authorsOf({
      papers: [listed('2606.00001', ['Ann Lee']), listed('2606.00002', ['Sam Roe']), listed('2606.00003', ['Fay Few'])], ahead: [], followed: null,
    })).papers;
    // The same answers (fetched a moment apart: the cache keeps the time it stored them).
    const undated = (answers: PaperAnswer[]) => answers.map((a) => ({ ...a, fetchedAt: 0 }));
    const cold = undated(await ask());
    const made = requests();
    await cache.settle();
    expect(undated(await ask())).toEqual(cold);
    expect(requests()).toBe(made);
  });

  it('asks again after hours, as the abs page does, whether OpenAlex has a paper of this month or the last', async () => {
    let t = Date.UTC(2026, 5, 20);
    const { batches, openalex, cache } = setup({ openalex: new Map(), s2: new Map() }, { now: () => t });
    const ask = () => batches.authorsOf({ papers: [listed('2606.20501', ['Ann Lee']), listed('2406.05546', ['Bo Li'])], ahead: [], followed: null });
    await ask();
    await cache.settle();
    t += NOT_INDEXED_TTL + 1;
    await ask();
    await cache.settle();
    // The new paper's miss has expired (asked again in the background); the older one's holds a day.
    await vi.waitFor(() => expect(openalex.worksByArxivIds.mock.calls.map(([ids]) => ids)).toEqual([['2606.20501', '2406.05546'], ['2606.20501']]), { timeout: 60_000 });
  });

  it('shares the abs page\'s cache: a paper seen on a listing opens warm, and a DOI-list miss is not taken for OpenAlex\'s 404', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']]]), s2: new Map([['2606.00002', ['Sam Roe']]]) };
    const { batches, catalog, openalex, cache } = setup(world);
    await batches.authorsOf({ papers: [listed('2606.00001', ['Ann Lee']), listed('2606.00002', ['Sam Roe'])], ahead: [], followed: null });
    await cache.settle();
    const seen = await createPaperAuthors(catalog)('2606.00001', ['Lee, Ann']);
    expect(seen.slots[0]!.openalex?.openalexId).toBe(idOf('Ann Lee'));
    expect((await catalog.authorMetrics([idOf('Ann Lee')])).value[idOf('Ann Lee')]).toBeTruthy();
    expect(openalex.workByArxivId).not.toHaveBeenCalled();
    expect(openalex.authorsByIds).toHaveBeenCalledOnce();
    // The abs page still asks the singleton, which finds merged preprints the list does not.
    await createPaperAuthors(catalog)('2606.00002', ['Roe, Sam']);
    expect(openalex.workByArxivId).toHaveBeenCalledWith('2606.00002');
  });

  it('shares calls between requests that arrive together (several scroll batches, several tabs)', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']], ['2606.00002', ['Bo Li']]]), s2: new Map() };
    const { batches, openalex } = setup(world);
    await Promise.all([
      batches.authorsOf({ papers: [listed('2606.00001', ['Ann Lee'])], ahead: [], followed: null }),
      batches.authorsOf({ papers: [listed('2606.00002', ['Bo Li']), listed('2606.00001', ['Ann Lee'])], ahead: [], followed: null }),
    ]);
    expect(openalex.worksByArxivIds).toHaveBeenCalledOnce();
    expect(openalex.authorsByIds).toHaveBeenCalledOnce();
  });

  it('in a quiet listing fetches only followed researchers\' figures', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee', 'Bo Li']]]), s2: new Map([['2606.00002', ['Sam Roe']]]) };
    const { batches, openalex } = setup(world);
    const [one, two] = (await batches.authorsOf({
      papers: [listed('2606.00001', ['Ann Lee', 'Bo Li']), listed('2606.00002', ['Sam Roe'])], ahead: [], followed: new Set([idOf('Bo Li')]),
    })).papers;
    expect(openalex.authorsByIds.mock.calls).toEqual([[[idOf('Bo Li')]]]);
    expect(slots(one!).map((s: SlotAnswer) => s.state)).toEqual(['not-followed', 'ready']);
    expect(slots(two!).map((s: SlotAnswer) => s.state)).toEqual(['not-followed']);
  });

  it('falls back to Semantic Scholar while OpenAlex fails, and reports the failure when neither answers', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']]]), s2: new Map([['2606.00001', ['Ann Lee']]]) };
    const [viaS2] = (await setup(world, { oaDown: true }).batches.authorsOf({ papers: [listed('2606.00001', ['Ann Lee'])], ahead: [], followed: null })).papers;
    expect(viaS2).toMatchObject({ source: 's2' });
    const [failed] = (await setup(world, { oaDown: true, s2Down: true }).batches.authorsOf({ papers: [listed('2606.00001', ['Ann Lee'])], ahead: [], followed: null })).papers;
    expect(failed).toMatchObject({ error: { kind: 'http', message: 'OpenAlex 500' } });
  });

  it('uses the free singletons for the papers in view while the daily budget is spent, and nothing for those ahead', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee']], ['2606.00002', ['Bo Li']]]), s2: new Map() };
    const { batches, openalex } = setup(world, { budgetResetAt: Date.now() + 3_600_000 });
    const [one] = (await batches.authorsOf({ papers: [listed('2606.00001', ['Ann Lee'])], ahead: ['2606.00002'], followed: null })).papers;
    expect(ids(one!)).toEqual([idOf('Ann Lee')]);
    expect(openalex.workByArxivId.mock.calls).toEqual([['2606.00001']]);
    expect(openalex.authorById.mock.calls.map((c) => c[0])).toEqual([idOf('Ann Lee')]);
    expect(openalex.worksByArxivIds).not.toHaveBeenCalled();
  });

  it('falls back to the free singletons when the author call itself finds the budget spent', async () => {
    const world = { openalex: new Map([['2606.00001', ['Ann Lee', 'Bo Li']]]), s2: new Map() };
    const { batches, openalex } = setup(world, { authorsBudget429: true });
    const [one] = (await batches.authorsOf({ papers: [listed('2606.00001', ['Ann Lee', 'Bo Li'])], ahead: [], followed: null })).papers;
    expect(ids(one!)).toEqual([idOf('Ann Lee'), idOf('Bo Li')]);
    expect(openalex.authorById.mock.calls.map((c) => c[0]).sort()).toEqual([idOf('Ann Lee'), idOf('Bo Li')].sort());
  });
});
