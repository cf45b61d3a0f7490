import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../cache/cache';
import { searchService } from './search';
import { createSearch } from '../catalog/search';
import { createRecentSearchStore } from '../search/recent-searches';

const sender = {} as never;

function setup() {
  const openalex = {
    autocomplete: vi.fn(async (entity: string) => (entity === 'authors' ? [{ id: 'A1', name: 'Ada', hint: null, citedBy: null, works: null }] : [])),
  };
  const cache = createCache({ factory: new IDBFactory() });
  const search = createSearch({ openalex: openalex as never, cache });
  return { h: searchService({ search, recentSearches: createRecentSearchStore() }), openalex };
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
});
