import { fakeBrowser } from 'wxt/testing';
import { createRecentSearchStore } from '@/lib/background/search/recent-searches';
import { dispatch, type Handlers } from '@/lib/background/server';
import { searchService } from '@/lib/background/services/search';
import { freshIndexedDb } from '@/lib/background/user-data/testing';
import { ask } from '@/lib/ui/client';
import { MAX_RECENT_SEARCHES } from '@/lib/shared/limits';
import { createRecentSearches } from './recent-searches';

const POPUP = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };

/** The real search requests behind the real dispatch, as the popup reaches them; returns what the background was asked. */
function background() {
  const asked: unknown[] = [];
  const handlers = searchService({ search: {} as never, recentSearches: createRecentSearchStore() });
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
    asked.push(message);
    return dispatch(handlers as Handlers, message, POPUP as never, fakeBrowser.runtime.id);
  });
  return asked;
}

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
});

describe('recent searches in the popup', () => {
  it('are kept by the background, newest first, once each whatever the case, never in storage.local', async () => {
    background();
    const r = createRecentSearches(ask);
    await r.remember('luo');
    await r.remember('  transformers ');
    await r.remember('LUO');
    expect(r.list.value).toEqual(['LUO', 'transformers']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('come back when the popup opens again', async () => {
    background();
    await createRecentSearches(ask).remember('graph neural networks');
    const reopened = createRecentSearches(ask);
    expect(reopened.list.value).toEqual([]); // the popup renders before the background answers
    await reopened.loaded;
    expect(reopened.list.value).toEqual(['graph neural networks']);
  });

  it(`keep the ${MAX_RECENT_SEARCHES} newest`, async () => {
    background();
    const r = createRecentSearches(ask);
    for (let i = 0; i < MAX_RECENT_SEARCHES + 3; i++) await r.remember(`query ${i}`);
    expect(r.list.value).toHaveLength(MAX_RECENT_SEARCHES);
    expect(r.list.value[0]).toBe(`query ${MAX_RECENT_SEARCHES + 2}`);
  });

  it('send nothing for a blank query', async () => {
    const asked = background();
    const r = createRecentSearches(ask);
    await r.remember('   ');
    expect(asked).toEqual([{ type: 'recent-searches' }]);
    expect(r.list.value).toEqual([]);
  });

  it('can be cleared, also when the popup opens again', async () => {
    background();
    const r = createRecentSearches(ask);
    await r.remember('luo');
    await r.clear();
    expect(r.list.value).toEqual([]);
    const reopened = createRecentSearches(ask);
    await reopened.loaded;
    expect(reopened.list.value).toEqual([]);
  });

  it('stay as shown when the background cannot be reached', async () => {
    background();
    const r = createRecentSearches(ask);
    await r.remember('luo');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeBrowser.runtime.onMessage.removeAllListeners(); // the worker is gone: no answer
    await r.remember('transformers');
    await r.clear();
    expect(r.list.value).toEqual(['luo']);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
