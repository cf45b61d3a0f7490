import { fakeBrowser } from 'wxt/testing';
import type { Cache } from '../../cache/cache';
import { dispatch, type Handlers } from '../../messaging/server';
import { createApiKeyStore } from '../../settings/api-keys';
import { settingsHandlers } from './settings';

const EXT = fakeBrowser.runtime.id;
const options = { id: EXT, url: `chrome-extension://${EXT}/options.html`, tab: { id: 4 } } as never;
const popup = { id: EXT, url: `chrome-extension://${EXT}/popup.html` } as never;
const arxivTab = { id: EXT, url: 'https://arxiv.org/abs/2406.05546', tab: { id: 1 } } as never;

const KEY = 'OaSecretKey9f3c';

function fakeCache(entries = 12) {
  let totals = { entries, bytes: entries * 1000 };
  return {
    stats: vi.fn(async () => totals),
    clear: vi.fn(async () => {
      totals = { entries: 0, bytes: 0 };
    }),
  } as unknown as Cache & Record<'stats' | 'clear', ReturnType<typeof vi.fn>>;
}

beforeEach(() => fakeBrowser.reset());

function setup() {
  const cache = fakeCache();
  const apiKeys = createApiKeyStore();
  return { cache, apiKeys, h: settingsHandlers({ cache, apiKeys }) as unknown as Handlers };
}

describe('settings handlers', () => {
  it('save a key and answer it masked, never in full', async () => {
    const { h, apiKeys } = setup();
    const saved = await dispatch(h, { type: 'settings-set-keys', openalex: KEY }, options, EXT);
    expect(saved).toMatchObject({ ok: true, data: { keys: { s2: null } } });
    expect(JSON.stringify(saved)).not.toContain(KEY);
    expect(JSON.stringify(saved)).toContain(KEY.slice(-4));
    expect(await apiKeys.getKey('openalex')()).toBe(KEY);

    const read = await dispatch(h, { type: 'settings-get' }, popup, EXT);
    expect(JSON.stringify(read)).not.toContain(KEY);
    expect(read).toMatchObject({ ok: true, data: { keys: { openalex: expect.stringMatching(/3c$/) } } });

    await dispatch(h, { type: 'settings-set-keys', openalex: '' }, options, EXT);
    expect(await apiKeys.getKey('openalex')()).toBeNull();
  });

  it('clear the cache and report what is left; followed researchers stay', async () => {
    const { h, cache } = setup();
    await fakeBrowser.storage.local.set({ follows: [{ id: 'A1' }] });
    expect(await dispatch(h, { type: 'cache-stats' }, options, EXT)).toEqual({ ok: true, data: { entries: 12, bytes: 12_000 } });
    expect(await dispatch(h, { type: 'cache-clear' }, options, EXT)).toEqual({ ok: true, data: { entries: 0, bytes: 0 } });
    expect(cache.clear).toHaveBeenCalledTimes(1);
    expect(await fakeBrowser.storage.local.get('follows')).toEqual({ follows: [{ id: 'A1' }] });
  });

  it('refuse every settings request from a content script on arXiv', async () => {
    const { h, cache, apiKeys } = setup();
    await apiKeys.save({ openalex: KEY });
    for (const message of [
      { type: 'settings-get' },
      { type: 'settings-set-keys', openalex: 'Attacker1234' },
      { type: 'cache-stats' },
      { type: 'cache-clear' },
    ]) {
      expect(await dispatch(h, message, arxivTab, EXT)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    }
    expect(cache.clear).not.toHaveBeenCalled();
    expect(cache.stats).not.toHaveBeenCalled();
    expect(await apiKeys.getKey('openalex')()).toBe(KEY);
  });
});
