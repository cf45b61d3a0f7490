// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://arxiv.org/abs/2406.05546" }
/**
 * Pages the browser prerenders (speculation rules, the address bar's guess): the content scripts
 * run in them from document_start, and must ask the background nothing until the reader opens
 * the page. Chromium refuses to prerender while DevTools drives it (Playwright:
 * "PrerenderingDisabledByDevTools"), so the document is simulated here.
 */
import { fakeBrowser } from 'wxt/testing';
import { absPageStarted } from '@/lib/page/abs-start';
import { pageParsed } from '@/lib/page/page-start';
import { absPage } from '@/lib/page/page-types/abs';
import { DEFAULT_SETTINGS } from '@/lib/shared/settings/settings';
import { tried } from '../ledger.mjs';

const SETTINGS = { show: DEFAULT_SETTINGS.show, listings: DEFAULT_SETTINGS.listings, collapsed: [] };
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function prerendering(value: boolean): void {
  Object.defineProperty(document, 'prerendering', { value, configurable: true });
}

/** The background's side: what was sent, answered with the settings (anything else fails). */
function background() {
  return vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((message: unknown) =>
    Promise.resolve((message as { type: string }).type === 'page-settings'
      ? { ok: true, data: SETTINGS }
      : { ok: false, error: { kind: 'internal', message: 'not in this test', retryAt: null } }),
  );
}

/** Opens the prerendered page: the browser flips document.prerendering and fires the event. */
function activate(): void {
  prerendering(false);
  document.dispatchEvent(new Event('prerenderingchange'));
}

beforeEach(() => {
  const meta = ([name, content]: [string, string]) => Object.assign(document.createElement('meta'), { name, content });
  document.head.replaceChildren(...([['citation_title', 'Training Through Failure'], ['citation_author', 'Lee, Ann'], ['citation_arxiv_id', '2406.05546']] as [string, string][]).map(meta));
  prerendering(true);
});

afterEach(() => Reflect.deleteProperty(document, 'prerendering'));

describe('[prerendered-page] a prerendered arXiv page', () => {
  it('abs page: no request, early or not, until the reader opens it; then the early requests go out', async () => {
    const sent = background();
    const start = absPageStarted({ signal: new AbortController().signal, isInvalid: false }, absPage);
    await settle();
    tried('prerendered-page');
    expect(sent).not.toHaveBeenCalled();
    activate();
    await start;
    const types = sent.mock.calls.map(([m]) => (m as { type: string }).type);
    expect(types).toEqual(expect.arrayContaining(['page-settings', 'paper-authors']));
  });

  it('HTML view, listings and search: no request until the reader opens it', async () => {
    const sent = background();
    const start = pageParsed({ signal: new AbortController().signal, isInvalid: false });
    await settle();
    tried('prerendered-page');
    expect(sent).not.toHaveBeenCalled();
    activate();
    expect((await start)?.value).toEqual(SETTINGS);
    expect(sent).toHaveBeenCalledWith({ type: 'page-settings' });
  });
});
