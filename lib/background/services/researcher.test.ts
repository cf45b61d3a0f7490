import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../cache/cache';
import type { ResearcherProfile, ResearcherWork } from '../catalog/openalex';
import { CatalogError } from '../../catalog/types';
import { researcherService } from './researcher';

const sender = {} as never;
const RESET = Date.UTC(2026, 7, 22);

const profile = (id: string): ResearcherProfile => ({
  source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: 'Ada Lovelace', hIndex: 12, citedBy: 3400, works: 61,
  lastKnownInstitutions: [], alternativeNames: [], i10Index: 14, meanCitedness2y: null, countsByYear: [],
  topics: [{ id: 'T1', name: 'Analytical engines', count: 9, subfield: null, field: null }],
});
const work = (id: string, position: ResearcherWork['authorPosition']): ResearcherWork => ({
  source: 'openalex', id, arxivId: '2406.05546', doi: null, title: 'Notes', year: 2024, citedBy: 3, catalogUrl: `https://openalex.org/${id}`,
  authorPosition: position, coAuthors: [{ openalexId: 'A2', name: 'Charles Babbage' }], venue: null, journalDoi: null, topicIds: [], authorCount: 2,
});

function setup() {
  const openalex = {
    researcherProfile: vi.fn(async (id: string) => profile(id)),
    researcherWorks: vi.fn(async () => ({ works: [work('W1', 'first'), work('W2', 'last')], total: 2 })),
  };
  const cache = createCache({ factory: new IDBFactory() });
  return { h: researcherService({ openalex: openalex as never, s2: {} as never, cache }), openalex };
}

describe("the popup's researcher", () => {
  it('is the profile and the newest works, with freshness, from the researcher page\'s own answers', async () => {
    const { h, openalex } = setup();
    const r = await h.researcher({ type: 'researcher', id: 'A1' }, sender);
    expect(r.profile).toMatchObject({ displayName: 'Ada Lovelace', hIndex: 12 });
    expect(r.stale).toBe(false);
    expect(r.recent).toMatchObject({ status: 'ready', works: [{ id: 'W1', authorPosition: 'first' }, { id: 'W2', authorPosition: 'last' }], stale: false });
    const page = await h['researcher-works']({ type: 'researcher-works', id: 'A1', order: 'recent', page: 1 }, sender);
    expect(page.works.map((w) => w.id)).toEqual(['W1', 'W2']);
    await h['researcher-profile']({ type: 'researcher-profile', id: 'A1' }, sender);
    expect(openalex.researcherWorks).toHaveBeenCalledOnce();
    expect(openalex.researcherProfile).toHaveBeenCalledOnce();
  });

  it('still shows the profile when the works are out of budget, saying when it resets', async () => {
    const { h, openalex } = setup();
    openalex.researcherWorks.mockRejectedValueOnce(new CatalogError('budget-exhausted', 'OpenAlex daily budget is spent', RESET, 429));
    const r = await h.researcher({ type: 'researcher', id: 'A1' }, sender);
    expect(r.profile.hIndex).toBe(12);
    expect(r.recent).toEqual({ status: 'unavailable', error: { kind: 'budget-exhausted', message: 'OpenAlex daily budget is spent', retryAt: RESET } });
    // Failures are not cached: the next look asks again.
    const again = await h.researcher({ type: 'researcher', id: 'A1' }, sender);
    expect(again.recent.status).toBe('ready');
    expect(openalex.researcherProfile).toHaveBeenCalledOnce();
  });

  it('fails as a whole when the profile cannot be read, not-found for an id OpenAlex does not know', async () => {
    const { h, openalex } = setup();
    openalex.researcherProfile.mockRejectedValueOnce(new CatalogError('network', 'offline'));
    await expect(h.researcher({ type: 'researcher', id: 'A7' }, sender)).rejects.toMatchObject({ kind: 'network' });
    openalex.researcherProfile.mockRejectedValueOnce(new CatalogError('not-found', 'no such author'));
    await expect(h.researcher({ type: 'researcher', id: 'A404' }, sender)).rejects.toMatchObject({ kind: 'not-found' });
  });
});
