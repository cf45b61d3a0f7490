import { fakeBrowser } from 'wxt/testing';
import { MAX_RECENT_SEARCHES } from '../../shared/limits';
import { dumpRecords, failUserWrites, freshIndexedDb, putRecords, refusingIndexedDb } from '../user-data/testing';
import { createRecentSearchStore } from './recent-searches';

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
});

describe('the recent-search store', () => {
  it('keeps the newest first, once each whatever the case, normalised', async () => {
    const store = createRecentSearchStore();
    await store.remember('luo');
    await store.remember('  graph   neural networks ');
    expect(await store.remember('LUO')).toEqual(['LUO', 'graph neural networks']);
    // A fresh worker finds them in the user-data database; storage.local never held them.
    expect(await createRecentSearchStore().list()).toEqual(['LUO', 'graph neural networks']);
    expect((await dumpRecords())['recent-searches']).toEqual({ key: 'recent-searches', version: 1, value: ['LUO', 'graph neural networks'] });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it(`keeps the ${MAX_RECENT_SEARCHES} newest`, async () => {
    const store = createRecentSearchStore();
    for (let i = 0; i < MAX_RECENT_SEARCHES + 3; i++) await store.remember(`query ${i}`);
    const list = await store.list();
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]).toBe(`query ${MAX_RECENT_SEARCHES + 2}`);
    expect(list).not.toContain('query 2');
  });

  it('loses none of several searches remembered at once', async () => {
    const store = createRecentSearchStore();
    await Promise.all(['a', 'b', 'c'].map((q) => store.remember(q)));
    expect(await store.list()).toEqual(['c', 'b', 'a']);
  });

  it('ignores a blank query', async () => {
    const store = createRecentSearchStore();
    await store.remember('luo');
    expect(await store.remember('   ')).toEqual(['luo']);
  });

  it('clears', async () => {
    const store = createRecentSearchStore();
    await store.remember('luo');
    expect(await store.clear()).toEqual([]);
    expect(await createRecentSearchStore().list()).toEqual([]);
  });

  it('drops malformed stored entries and keeps the rest', async () => {
    await putRecords({ key: 'recent-searches', version: 1, value: ['ok', 42, '', '  ok  ', 'OK', 'fine'] });
    expect(await createRecentSearchStore().list()).toEqual(['ok', 'fine']);
    await putRecords({ key: 'recent-searches', version: 1, value: { not: 'a list' } });
    expect(await createRecentSearchStore().list()).toEqual([]);
  });

  it('keeps the list as it was when the write fails', async () => {
    const store = createRecentSearchStore();
    await store.remember('luo');
    const failing = failUserWrites();
    await expect(store.remember('transformers')).rejects.toThrow(/quota/);
    failing.mockRestore();
    expect(await store.list()).toEqual(['luo']);
  });

  it('never replaces a list a newer Weft stored', async () => {
    await putRecords({ key: 'recent-searches', version: 2, value: [{ q: 'luo', at: 1 }] });
    await expect(createRecentSearchStore().remember('transformers')).rejects.toThrow(/newer version of Weft/);
    expect((await dumpRecords())['recent-searches']).toEqual({ key: 'recent-searches', version: 2, value: [{ q: 'luo', at: 1 }] });
  });
});

describe('recent searches an earlier Weft kept in storage.local', () => {
  it('move into the database once, and the popup’s old storage item is removed', async () => {
    await fakeBrowser.storage.local.set({ recentSearches: ['transformers', 'luo'], 'recentSearches$': { v: 1 }, settings: { version: 2 } });
    const store = createRecentSearchStore();
    expect(await store.list()).toEqual(['transformers', 'luo']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ settings: { version: 2 } });
    expect(await store.remember('graphs')).toEqual(['graphs', 'transformers', 'luo']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ settings: { version: 2 } });
  });

  it('stay under their old name where IndexedDB is not offered, and move once it opens', async () => {
    refusingIndexedDb();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await createRecentSearchStore().remember('luo');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ recentSearches: ['luo'], 'recentSearches$': { v: 1 } });
    freshIndexedDb(); // the reader switched history back on
    expect(await createRecentSearchStore().list()).toEqual(['luo']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});
