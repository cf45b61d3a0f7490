import { RemoteError } from '@/lib/messaging/client';
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
    const ask = vi.fn(async () => ({ keys: { openalex: '••••••••1a2b', s2: null } }));
    const s = createOptionsState(ask as never);
    expect(await s.saveKey('openalex', '  OaKey1a2b \n')).toBe(true);
    expect(ask).toHaveBeenCalledWith({ type: 'settings-set-keys', openalex: 'OaKey1a2b' });
    expect(s.keys.value).toEqual({ status: 'ready', data: { openalex: '••••••••1a2b', s2: null } });
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

    ask.mockRejectedValueOnce(new RemoteError({ kind: 'internal', message: 'refused', retryAt: null }));
    await s.clearCache();
    expect(s.cleared.value).toEqual({ text: expect.stringMatching(/could not be cleared: refused/), alert: true });
  });
});
