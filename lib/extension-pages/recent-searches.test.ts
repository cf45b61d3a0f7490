import { fakeBrowser } from 'wxt/testing';
import { createRecentSearches, MAX_RECENT_SEARCHES, recentSearchesItem } from './recent-searches';

beforeEach(() => fakeBrowser.reset());

describe('recent searches', () => {
  it('are remembered in local extension storage, newest first, once each whatever the case', async () => {
    const r = createRecentSearches();
    await r.remember('luo');
    await r.remember('  transformers ');
    await r.remember('LUO');
    expect(r.list.value).toEqual(['LUO', 'transformers']);
    expect(await fakeBrowser.storage.local.get('recentSearches')).toEqual({ recentSearches: ['LUO', 'transformers'] });
  });

  it('come back when the popup opens again', async () => {
    await createRecentSearches().remember('graph neural networks');
    const reopened = createRecentSearches();
    expect(reopened.list.value).toEqual([]); // the popup renders before storage answers
    await reopened.loaded;
    expect(reopened.list.value).toEqual(['graph neural networks']);
  });

  it(`keep the ${MAX_RECENT_SEARCHES} newest`, async () => {
    const r = createRecentSearches();
    for (let i = 0; i < MAX_RECENT_SEARCHES + 3; i++) await r.remember(`query ${i}`);
    expect(r.list.value).toHaveLength(MAX_RECENT_SEARCHES);
    expect(r.list.value[0]).toBe(`query ${MAX_RECENT_SEARCHES + 2}`);
  });

  it('ignore blank queries', async () => {
    const r = createRecentSearches();
    await r.remember('   ');
    expect(r.list.value).toEqual([]);
  });

  it('can be cleared, also from storage', async () => {
    const r = createRecentSearches();
    await r.remember('luo');
    await r.clear();
    expect(r.list.value).toEqual([]);
    expect(await recentSearchesItem.getValue()).toEqual([]);
  });

  it('drop malformed stored entries', async () => {
    await fakeBrowser.storage.local.set({ recentSearches: ['ok', 42, '', '  ok  ', 'fine'] });
    const r = createRecentSearches();
    await r.loaded;
    expect(r.list.value).toEqual(['ok', 'fine']);
  });
});
