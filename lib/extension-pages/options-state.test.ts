import { RemoteError } from '@/lib/ui/client';
import { NO_PROBLEMS } from '@/lib/background/settings/key-problems';
import { DEFAULT_SETTINGS } from '@/lib/shared/settings/settings';
import { createOptionsState } from './options-state';

describe('the options page state', () => {
  it('never sends a malformed key; says what is wrong instead', async () => {
    const ask = vi.fn();
    const s = createOptionsState(ask as never);
    expect(await s.saveKey('openalex', 'abcd 1234 efgh')).toBe(false);
    expect(ask).not.toHaveBeenCalled();
    expect(s.feedback.value.openalex.error).toMatch(/no spaces/);
    expect(s.feedback.value.s2.error).toBeNull();
  });

  it('saves the trimmed key and shows it masked as the background answers', async () => {
    const answer = { keys: { openalex: '••••••••1a2b', s2: null }, problems: NO_PROBLEMS, settings: DEFAULT_SETTINGS };
    const ask = vi.fn(async () => answer);
    const s = createOptionsState(ask as never);
    expect(await s.saveKey('openalex', '  OaKey1a2b \n')).toBe(true);
    expect(ask).toHaveBeenCalledWith({ type: 'settings-set-keys', openalex: 'OaKey1a2b' });
    expect(s.loaded.value).toEqual({ status: 'ready', data: answer });
    expect(s.feedback.value.openalex).toEqual({ error: null, done: expect.stringMatching(/saved/) });

    await s.removeKey('s2');
    expect(ask).toHaveBeenLastCalledWith({ type: 'settings-set-keys', s2: '' });
  });

  it('shows the emptied cache after clearing, and a failure as an alert', async () => {
    const ask = vi.fn(async ({ type }: { type: string }) => (type === 'cache-clear' ? { entries: 0, bytes: 0 } : { entries: 40, bytes: 90_000 }));
    const s = createOptionsState(ask as never);
    await s.loadStats();
    expect(s.cache.value).toEqual({ status: 'ready', data: { entries: 40, bytes: 90_000 } });
    await s.clearCache();
    expect(s.cache.value).toEqual({ status: 'ready', data: { entries: 0, bytes: 0 } });
    expect(s.cleared.value).toMatchObject({ alert: false });

    ask.mockRejectedValueOnce(new RemoteError({ kind: 'internal', message: 'IndexedDB refused', retryAt: null }));
    await s.clearCache();
    // In the reader's words, from the failure's kind: the background's diagnostic is the console's.
    expect(s.cleared.value).toEqual({ text: 'The cache could not be cleared: Weft’s background did not answer', alert: true });
  });

  it('tests the saved key and shows the catalog’s verdict; a failed test says why', async () => {
    const ask = vi.fn(async ({ type }: { type: string }) =>
      type === 'settings-test-key' ? { valid: false } : { keys: { openalex: '••••1a2b', s2: null }, problems: { openalex: 1, s2: null }, settings: DEFAULT_SETTINGS },
    );
    const s = createOptionsState(ask as never);
    await s.testKey('openalex');
    expect(s.tests.value.openalex).toEqual({ status: 'done', result: { valid: false } });
    expect(s.loaded.value).toMatchObject({ status: 'ready', data: { problems: { openalex: 1 } } }); // re-read: the refusal is recorded

    ask.mockRejectedValueOnce(new RemoteError({ kind: 'network', message: 'offline', retryAt: null }));
    await s.testKey('openalex');
    expect(s.tests.value.openalex).toEqual({ status: 'failed', message: expect.stringMatching(/did not get an answer: OpenAlex could not be reached/) });
  });

  it('changes what pages show and says so; a refused change is an alert', async () => {
    const ask = vi.fn(async () => ({ keys: { openalex: null, s2: null }, problems: NO_PROBLEMS, settings: { ...DEFAULT_SETTINGS, show: { ...DEFAULT_SETTINGS.show, related: false } } }));
    const s = createOptionsState(ask as never);
    await s.setShown('related', false, 'Related papers panel');
    expect(ask).toHaveBeenCalledWith({ type: 'settings-set', show: { related: false } });
    expect(s.changed.value).toEqual({ text: 'Related papers panel hidden on arXiv pages, open ones included.', alert: false });
    await s.setListing('onlyFollowed', true, 'Listings now mark only followed researchers.');
    expect(ask).toHaveBeenCalledWith({ type: 'settings-set', listings: { onlyFollowed: true } });
    expect(s.changed.value).toEqual({ text: 'Listings now mark only followed researchers.', alert: false });
    ask.mockRejectedValueOnce(new RemoteError({ kind: 'internal', message: 'gone', retryAt: null }));
    const saving = s.setLifetime('long', '4 days');
    expect(s.loaded.value).toMatchObject({ data: { settings: { cacheLifetime: 'long' } } }); // shown at once
    await saving;
    expect(s.changed.value).toMatchObject({ alert: true });
    expect(s.loaded.value).toMatchObject({ data: { settings: { cacheLifetime: 'normal' } } }); // undone
  });
});
