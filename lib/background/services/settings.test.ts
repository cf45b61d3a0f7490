import { fakeBrowser } from 'wxt/testing';
import type { Cache } from '../cache/cache';
import { dispatch, type Handlers } from '../server';
import { createHttp } from '../catalog/http';
import { createApiKeyStore } from '../settings/api-keys';
import { createKeyProblemLog } from '../settings/key-problems';
import { settingsService } from './settings';
import { dumpRecords, freshIndexedDb, putRecords } from '../user-data/testing';

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

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
});

/** Catalog answers to the key tests, by host. */
function setup(answers: Record<string, () => Response> = {}) {
  const cache = fakeCache();
  const apiKeys = createApiKeyStore();
  const urls: string[] = [];
  const http = createHttp({
    maxRetries: 0,
    fetch: async (input) => {
      urls.push(String(input));
      return answers[new URL(String(input)).host]!();
    },
  });
  const follows = { keyChanged: vi.fn(async () => undefined) };
  const h = settingsService({ cache, apiKeys, http, keyProblems: createKeyProblemLog(), follows }) as unknown as Handlers;
  return { cache, apiKeys, h, urls, follows };
}

const jsonAnswer = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('settings handlers', () => {
  it('save a key and answer it masked, never in full', async () => {
    const { h, apiKeys } = setup();
    const saved = await dispatch(h, { type: 'settings-set-keys', openalex: KEY }, options, EXT);
    expect(saved).toMatchObject({ ok: true, data: { keys: { s2: null } } });
    expect(JSON.stringify(saved)).not.toContain(KEY);
    expect(JSON.stringify(saved)).toContain(KEY.slice(-4));
    expect(await apiKeys.getKey('openalex')()).toBe(KEY);
    // Nowhere a content script can read it.
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(KEY);

    const read = await dispatch(h, { type: 'settings-get' }, popup, EXT);
    expect(JSON.stringify(read)).not.toContain(KEY);
    expect(read).toMatchObject({ ok: true, data: { keys: { openalex: expect.stringMatching(/3c$/) } } });

    await dispatch(h, { type: 'settings-set-keys', openalex: '' }, options, EXT);
    expect(await apiKeys.getKey('openalex')()).toBeNull();
  });

  it('clear the cache and report what is left; followed researchers stay', async () => {
    const { h, cache } = setup();
    await putRecords({ key: 'follows', version: 1, value: [{ id: 'A1' }] });
    const before = await dumpRecords();
    expect(await dispatch(h, { type: 'cache-stats' }, options, EXT)).toEqual({ ok: true, data: { entries: 12, bytes: 12_000 } });
    expect(await dispatch(h, { type: 'cache-clear' }, options, EXT)).toEqual({ ok: true, data: { entries: 0, bytes: 0 } });
    expect(cache.clear).toHaveBeenCalledTimes(1);
    expect(await dumpRecords()).toEqual(before);
  });

  it('refuse every settings request from a content script on arXiv', async () => {
    const { h, cache, apiKeys } = setup();
    await apiKeys.save({ openalex: KEY });
    for (const message of [
      { type: 'settings-get' },
      { type: 'settings-set', show: { badges: false } },
      { type: 'settings-test-key', service: 'openalex' },
      { type: 'settings-set-keys', openalex: 'Attacker1234' },
      { type: 'cache-stats' },
      { type: 'cache-clear' },
    ]) {
      expect(await dispatch(h, message, arxivTab, EXT)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    }
    expect(cache.clear).not.toHaveBeenCalled();
    expect(cache.stats).not.toHaveBeenCalled();
    expect(await apiKeys.getKey('openalex')()).toBe(KEY);
    expect(await fakeBrowser.storage.local.get('settings')).toEqual({});
  });

  it('change what pages show and the cache lifetime, keeping the alert settings', async () => {
    const { h } = setup();
    await fakeBrowser.storage.local.set({ 'alert-settings': { intervalMinutes: 60, notify: true } });
    const r = await dispatch(h, { type: 'settings-set', show: { related: false }, cacheLifetime: 'long' }, options, EXT);
    expect(r).toMatchObject({ ok: true, data: { settings: { show: { related: false, badges: true }, cacheLifetime: 'long', alerts: { intervalMinutes: 60, notify: true } } } });
    expect(await dispatch(h, { type: 'settings-set', cacheLifetime: 'forever' }, options, EXT)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
  });

  it('change what listing pages show apart from abstract pages, and tell pages both', async () => {
    const { h } = setup();
    const r = await dispatch(h, { type: 'settings-set', listings: { onlyFollowed: true } }, options, EXT);
    expect(r).toMatchObject({ ok: true, data: { settings: { listings: { badges: true, onlyFollowed: true }, show: { badges: true } } } });
    expect(await dispatch(h, { type: 'page-settings' }, arxivTab, EXT)).toMatchObject({ ok: true, data: { listings: { badges: true, onlyFollowed: true }, show: { badges: true } } });
    expect(await dispatch(h, { type: 'settings-set', listings: { everything: false } }, options, EXT)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
  });

  it('test the saved OpenAlex key: its allowance, or "invalid" (remembered until a new key is saved)', async () => {
    let status = 200;
    const { h, apiKeys, urls } = setup({
      'api.openalex.org': () => jsonAnswer(status, status === 200 ? { rate_limit: { credits_limit: 10_000, credits_used: 12, credits_remaining: 9988, resets_in_seconds: 60 } } : { error: 'Invalid or missing API key' })(),
    });
    expect(await dispatch(h, { type: 'settings-test-key', service: 'openalex' }, options, EXT)).toMatchObject({ ok: false, error: { kind: 'bad-request', message: /No key/ } });
    await apiKeys.save({ openalex: KEY });
    expect(await dispatch(h, { type: 'settings-test-key', service: 'openalex' }, options, EXT)).toMatchObject({ ok: true, data: { valid: true, budget: { used: 12, remaining: 9988 } } });
    expect(urls).toEqual([`https://api.openalex.org/rate-limit?api_key=${KEY}`]);

    status = 401;
    expect(await dispatch(h, { type: 'settings-test-key', service: 'openalex' }, options, EXT)).toEqual({ ok: true, data: { valid: false } });
    expect(await dispatch(h, { type: 'settings-get' }, options, EXT)).toMatchObject({ ok: true, data: { problems: { openalex: expect.any(Number), s2: null } } });
    await dispatch(h, { type: 'settings-set-keys', openalex: 'OtherKey12345' }, options, EXT);
    expect(await dispatch(h, { type: 'settings-get' }, options, EXT)).toMatchObject({ ok: true, data: { problems: { openalex: null } } });
  });

  it('report a Semantic Scholar key answered 403 as invalid', async () => {
    const { h, apiKeys } = setup({ 'api.semanticscholar.org': jsonAnswer(403, { message: 'Forbidden' }) });
    await apiKeys.save({ s2: 'S2key67890' });
    expect(await dispatch(h, { type: 'settings-test-key', service: 's2' }, options, EXT)).toEqual({ ok: true, data: { valid: false } });
    expect(await apiKeys.getKey('s2')()).toBe('S2key67890'); // reported, not dropped
  });
});
