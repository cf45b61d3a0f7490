import { RemoteError } from '@/lib/ui/client';
import { NO_PROBLEMS } from '@/lib/background/settings/key-problems';
import { DEFAULT_SETTINGS } from '@/lib/shared/settings/settings';
import { createOptionsState } from './options-state';
import type { SettingsResult } from '@/lib/background/protocol';
import { fakeAsk } from '@/test/fake-ask';

/** The background's answer about keys and settings. */
const settings = (over: Partial<SettingsResult> = {}): SettingsResult => ({
  keys: { openalex: null, s2: null }, problems: NO_PROBLEMS, settings: DEFAULT_SETTINGS, keysUntilRestart: false, ...over,
});

describe('the options page state', () => {
  it('never sends a malformed key; says what is wrong instead', async () => {
    const { ask, mock } = fakeAsk({});
    const s = createOptionsState(ask);
    expect(await s.saveKey('openalex', 'abcd 1234 efgh')).toBe(false);
    expect(mock).not.toHaveBeenCalled();
    expect(s.feedback.value.openalex.error).toMatch(/no spaces/);
    expect(s.feedback.value.s2.error).toBeNull();
  });

  it('saves the trimmed key and shows it masked as the background answers', async () => {
    const answer = settings({ keys: { openalex: '••••••••1a2b', s2: null } });
    const { ask, mock } = fakeAsk({ 'settings-set-keys': () => answer });
    const s = createOptionsState(ask);
    expect(await s.saveKey('openalex', '  OaKey1a2b \n')).toBe(true);
    expect(mock).toHaveBeenCalledWith({ type: 'settings-set-keys', openalex: 'OaKey1a2b' });
    expect(s.loaded.value).toEqual({ status: 'ready', data: answer });
    expect(s.feedback.value.openalex).toEqual({ error: null, done: expect.stringMatching(/saved/) });

    await s.removeKey('s2');
    expect(mock).toHaveBeenLastCalledWith({ type: 'settings-set-keys', s2: '' });
  });

  it('shows the emptied cache after clearing, and a failure as an alert', async () => {
    const { ask, mock } = fakeAsk({ 'cache-stats': () => ({ entries: 40, bytes: 90_000 }), 'cache-clear': () => ({ entries: 0, bytes: 0 }) });
    const s = createOptionsState(ask);
    await s.loadStats();
    expect(s.cache.value).toEqual({ status: 'ready', data: { entries: 40, bytes: 90_000 } });
    await s.clearCache();
    expect(s.cache.value).toEqual({ status: 'ready', data: { entries: 0, bytes: 0 } });
    expect(s.cleared.value).toMatchObject({ alert: false });

    mock.mockRejectedValueOnce(new RemoteError({ kind: 'internal', message: 'IndexedDB refused', retryAt: null }));
    await s.clearCache();
    // In the reader's words, from the failure's kind: the background's diagnostic is the console's.
    expect(s.cleared.value).toEqual({ text: 'The cache could not be cleared: Weft’s background did not answer', alert: true });
  });

  it('tests the saved key and shows the catalog’s verdict; a failed test says why', async () => {
    const { ask, mock } = fakeAsk({
      'settings-test-key': () => ({ valid: false }),
      'settings-get': () => settings({ keys: { openalex: '••••1a2b', s2: null }, problems: { openalex: 1, s2: null } }),
    });
    const s = createOptionsState(ask);
    await s.testKey('openalex');
    expect(s.tests.value.openalex).toEqual({ status: 'done', result: { valid: false } });
    expect(s.loaded.value).toMatchObject({ status: 'ready', data: { problems: { openalex: 1 } } }); // re-read: the refusal is recorded

    mock.mockRejectedValueOnce(new RemoteError({ kind: 'network', message: 'offline', retryAt: null }));
    await s.testKey('openalex');
    expect(s.tests.value.openalex).toEqual({ status: 'failed', message: expect.stringMatching(/did not get an answer: OpenAlex could not be reached/) });
  });

  it('changes what pages show and says so; a refused change is an alert', async () => {
    const { ask, mock } = fakeAsk({
      'settings-set': () => settings({ settings: { ...DEFAULT_SETTINGS, show: { ...DEFAULT_SETTINGS.show, related: false } } }),
    });
    const s = createOptionsState(ask);
    await s.setShown('related', false, 'Related papers panel');
    expect(mock).toHaveBeenCalledWith({ type: 'settings-set', show: { related: false } });
    expect(s.changed.value).toEqual({ text: 'Related papers panel hidden on arXiv pages, open ones included.', alert: false });
    await s.setListing('onlyFollowed', true, 'Listings now mark only followed researchers.');
    expect(mock).toHaveBeenCalledWith({ type: 'settings-set', listings: { onlyFollowed: true } });
    expect(s.changed.value).toEqual({ text: 'Listings now mark only followed researchers.', alert: false });
    mock.mockRejectedValueOnce(new RemoteError({ kind: 'internal', message: 'gone', retryAt: null }));
    const saving = s.setLifetime('long', '4 days');
    expect(s.loaded.value).toMatchObject({ data: { settings: { cacheLifetime: 'long' } } }); // shown at once
    await saving;
    expect(s.changed.value).toMatchObject({ alert: true });
    expect(s.loaded.value).toMatchObject({ data: { settings: { cacheLifetime: 'normal' } } }); // undone
  });
});
