import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../cache/cache';
import type { AuthoredWork, AuthorProfile } from '../catalog/openalex';
import { CatalogError } from '../../catalog/types';
import { searchService } from './search';
import { createSearch } from '../catalog/search';
import { createRecentSearchStore } from '../search/recent-searches';

const sender = {} as never;
const RESET = Date.UTC(2026, 7, 22);

const profile = (id: string): AuthorProfile => ({
  source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: 'Ada Lovelace', hIndex: 12, citedBy: 3400,
  works: 61, lastKnownInstitutions: [], topics: ['Analytical engines'], countsByYear: [],
});
const work = (id: string, position: AuthoredWork['authorPosition']): AuthoredWork => ({
  source: 'openalex', id, arxivId: '2406.05546', doi: null, title: 'Notes', authorNames: ['Ada Lovelace', 'Charles Babbage'],
  year: 2024, citedBy: 3, catalogUrl: `https://openalex.org/${id}`, authorPosition: position,
  coAuthors: [{ openalexId: 'A2', name: 'Charles Babbage' }],
});

function setup() {
  const openalex = {
    autocomplete: vi.fn(async (entity: string) => (entity === 'authors' ? [{ id: 'A1', name: 'Ada', hint: null, citedBy: null, works: null }] : [])),
    authorProfile: vi.fn(async (id: string) => profile(id)),
    recentWorks: vi.fn(async () => [work('W1', 'first'), work('W2', 'last')]),
  };
  const cache = createCache({ factory: new IDBFactory() });
  const search = createSearch({ openalex: openalex as never, cache });
  return { h: searchService({ openalex: openalex as never, cache, search, recentSearches: createRecentSearchStore() }), openalex };
}

describe('search handlers', () => {
  it('answer a repeated search from the cache, with no second catalog call', async () => {
    const { h, openalex } = setup();
    const first = await h['search-researchers']({ type: 'search-researchers', q: 'ada' }, sender);
    const again = await h['search-researchers']({ type: 'search-researchers', q: 'ada' }, sender);
    expect(first.results.map((r) => r.id)).toEqual(['A1']);
    expect(again).toEqual(first);
    expect(openalex.autocomplete).toHaveBeenCalledOnce();
  });

  it('make one catalog call per endpoint for a new query', async () => {
    const { h, openalex } = setup();
    await Promise.all([
      h['search-researchers']({ type: 'search-researchers', q: 'ada' }, sender),
      h['search-papers']({ type: 'search-papers', q: 'ada' }, sender),
    ]);
    expect(openalex.autocomplete.mock.calls.map((c) => c[0]).sort()).toEqual(['authors', 'works']);
  });

  it('describe a researcher: profile, position counts, co-authors, with freshness', async () => {
    const { h } = setup();
    const r = await h.researcher({ type: 'researcher', id: 'A1' }, sender);
    expect(r.profile.displayName).toBe('Ada Lovelace');
    expect(r.stale).toBe(false);
    expect(r.recent).toMatchObject({
      status: 'ready',
      positions: { first: 1, middle: 0, last: 1, unplaced: 0, works: 2 },
      coAuthors: [{ id: 'A2', name: 'Charles Babbage', sharedWorks: 2 }],
      stale: false,
    });
  });

  it('still show the profile when the recent works are out of budget, saying when it resets', async () => {
    const { h, openalex } = setup();
    openalex.recentWorks.mockRejectedValueOnce(new CatalogError('budget-exhausted', 'OpenAlex daily budget is spent', RESET, 429));
    const r = await h.researcher({ type: 'researcher', id: 'A1' }, sender);
    expect(r.profile.hIndex).toBe(12);
    expect(r.recent).toEqual({ status: 'unavailable', error: { kind: 'budget-exhausted', message: 'OpenAlex daily budget is spent', retryAt: RESET } });
    // Failures are not cached: the next look asks again.
    const again = await h.researcher({ type: 'researcher', id: 'A1' }, sender);
    expect(again.recent.status).toBe('ready');
    expect(openalex.authorProfile).toHaveBeenCalledOnce();
  });

  it('fail as a whole when the profile cannot be read', async () => {
    const { h, openalex } = setup();
    openalex.authorProfile.mockRejectedValueOnce(new CatalogError('not-found', 'no such author'));
    await expect(h.researcher({ type: 'researcher', id: 'A404' }, sender)).rejects.toMatchObject({ kind: 'not-found' });
  });
});
