// @vitest-environment happy-dom
import { fakeBrowser } from 'wxt/testing';
import { ask } from '../../ui/client';
import { pausedUntil } from '../../ui/page-paused';
import { pausedNotice } from './paused-notice';
import type { FeatureContext } from './types';

describe('the paused notice', () => {
  it('says "Weft paused on this page", with when it resumes, once the background answers page-paused to any request', async () => {
    pausedUntil.value = null;
    const abort = new AbortController();
    void pausedNotice.run({ signal: abort.signal } as unknown as FeatureContext);
    const notice = () => [...document.body.children].find((el) => el.hasAttribute('data-weft-paused'))?.shadowRoot?.textContent ?? null;
    expect(notice()).toBeNull();
    const at = Date.now() + 3 * 3_600_000;
    fakeBrowser.runtime.onMessage.addListener(() => Promise.resolve({ ok: false, error: { kind: 'page-paused', message: 'paused', retryAt: at } }));
    await expect(ask({ type: 'paper-citations', arxivId: '2406.05546' })).rejects.toMatchObject({ kind: 'page-paused' });
    expect(notice(), notice() ?? "").toMatch(/Weft paused on this page.*resumes at .+ \(in 3 h\)/);
    abort.abort();
    expect(notice()).toBeNull();
  });
});
