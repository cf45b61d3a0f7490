// @vitest-environment happy-dom
// The badges and panels features on an HTML view (the 2406.05546v1 fixture page, read in place):
// hooks at the record's positions, the page's own theme, the panels outside the article.
import { computed, signal } from '@preact/signals-core';
import { fakeBrowser } from 'wxt/testing';
import { readHtmlPage } from '../../arxiv/readers/html';
import { fixturesAvailable, hasFixture, loadFixture } from '../../arxiv/readers/test-helpers';
import { DEFAULT_SETTINGS } from '../../shared/settings/settings';
import type { PageTheme } from '../page-theme';
import { authorBadges } from './author-badges';
import { paperPanels } from './paper-panels';
import type { FeatureContext } from './types';

const FILE = 'html/html_2406.05546v1.html';
const URL_ = 'https://arxiv.org/html/2406.05546v1';
const available = fixturesAvailable('html-view features') && hasFixture(FILE);

const metrics = (id: string) => ({
  source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: id, hIndex: 7, citedBy: 70, works: 9, lastKnownInstitutions: [],
});
/** The record places the page's four persons at 1, 2 and 4 (after a collaboration entry); Steve Gan it cannot place. */
const POSITIONS = [1, 2, null, 4];

function fakeAsk() {
  const asked: Record<string, unknown>[] = [];
  const ask = vi.fn(async (req: Record<string, unknown>) => {
    asked.push(req);
    if (req.type === 'paper-authors') {
      const slots = POSITIONS.map((position, i) => {
        const id = position === null ? null : `A${i}`;
        return {
          openalex: id && { name: 'x', rawName: null, openalexId: id, s2Id: null, institutions: [], metrics: null },
          s2: null,
          identity: { match: id && 'record', openalexId: id, s2Id: null, evidence: [], candidates: [], note: null },
          position,
        };
      });
      const eagerMetrics = { metrics: { A0: metrics('A0'), A1: metrics('A1'), A3: metrics('A3') }, fetchedAt: 1, stale: false };
      return { source: 'openalex', openalexWorkId: 'W1', slots, s2Paired: true, fetchedAt: 1, stale: false, eagerMetrics };
    }
    throw Object.assign(new Error('not in this test'), { kind: 'http' });
  });
  return { ask: ask as never, asked };
}

/** The fixture page's body as the live document's (its head, with the theme script, is left out). */
function openFixture() {
  document.body.replaceWith(document.importNode(loadFixture(FILE, URL_).body, true));
  return readHtmlPage(document, URL_)!;
}

function context(ask: never, abort: AbortSignal, theme = signal<PageTheme>('light')): FeatureContext {
  const show = signal(DEFAULT_SETTINGS.show);
  return { page: openFixture(), signal: abort, ask, show, settings: computed(() => ({ show: show.value, listings: DEFAULT_SETTINGS.listings, collapsed: [] })), earlier: Promise.resolve(), theme };
}

beforeEach(() => {
  fakeBrowser.reset();
  // The badges ask whom the reader follows through the messaging channel itself.
  fakeBrowser.runtime.onMessage.addListener(async () => ({ ok: true, data: { ids: [] } }));
});

describe.skipIf(!available)('author badges and paper panels on an HTML view', () => {
  it('marks each person with their position in the paper\'s list, and follows the page\'s theme', async () => {
    const { ask, asked } = fakeAsk();
    const abort = new AbortController();
    const theme = signal<PageTheme>('dark');
    await authorBadges.run(context(ask, abort.signal, theme));
    const hosts = () => [...document.querySelectorAll('weft-author')];
    await vi.waitFor(() => expect(hosts().map((h) => h.getAttribute('data-state'))).toEqual(['ready', 'ready', 'unmatched', 'ready']));
    expect(hosts().map((h) => h.getAttribute('data-weft-author'))).toEqual(['1', '2', null, '4']);
    expect(hosts().map((h) => h.getAttribute('data-match'))).toEqual(['record', 'record', null, 'record']);
    // Each badge right after its name, inside the author block.
    expect(hosts().every((h) => h.closest('.ltx_authors'))).toBe(true);
    expect(asked.find((r) => r.type === 'paper-authors')).toMatchObject({ fullList: true, names: ['Ray Cao', 'Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh'] });

    expect(hosts().map((h) => h.getAttribute('data-weft-theme'))).toEqual(['dark', 'dark', 'dark', 'dark']);
    theme.value = 'light';
    expect(hosts().map((h) => h.getAttribute('data-weft-theme'))).toEqual(['light', 'light', 'light', 'light']);
    abort.abort();
    expect(hosts()).toHaveLength(0);
  });

  it('puts the panels outside the text column, on the page\'s theme, and takes them away on abort', async () => {
    const { ask } = fakeAsk();
    const abort = new AbortController();
    const theme = signal<PageTheme>('light');
    void paperPanels.run(context(ask, abort.signal, theme));
    await vi.waitFor(() => expect(document.querySelector('weft-panels')).not.toBeNull());
    const host = document.querySelector<HTMLElement>('weft-panels')!;
    expect(host.parentElement).toBe(document.body);
    expect(host.closest('.ltx_page_main')).toBeNull();
    expect(host.shadowRoot!.querySelectorAll('[data-weft-panel]')).toHaveLength(3);
    theme.value = 'dark';
    expect(host.getAttribute('data-weft-theme')).toBe('dark');
    abort.abort();
    expect(document.querySelector('weft-panels')).toBeNull();
  });
});
