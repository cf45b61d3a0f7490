// @vitest-environment happy-dom
// The badges and panels features on an HTML view (a made-up page, and a shared fixture page when
// it is beside the repo, read in place): hooks at the record's positions, the page's own theme,
// the panels outside the article.
import { computed, signal } from '@preact/signals-core';
import { fakeBrowser } from 'wxt/testing';
import { readHtmlPage } from '../../arxiv/readers/html';
import { loadFixture, present, sharedPagesAvailable } from '../../arxiv/readers/test-helpers';
import type { AuthorSlot } from '../../background/protocol';
import type { AuthorMetrics } from '../../catalog/types';
import { DEFAULT_SETTINGS } from '../../shared/settings/settings';
import type { PageTheme } from '../page-theme';
import { authorBadges } from './author-badges';
import { paperPanels } from './paper-panels';
import type { FeatureContext } from './types';
import { answerMessages, fakeAsk } from '@/test/fake-ask';

sharedPagesAvailable('html-view features');

/** An HTML view, its persons, and where the catalog record places each (null: it cannot). */
const PAGES = present([
  {
    file: 'testdata/html/html_2607.90001v1.html', url: 'https://arxiv.org/html/2607.90001v1',
    names: ['Mira Okonkwo-Hale', 'Teodor Väisänen', '王芳', 'Paul Lindqvist Jr.', 'Ana Sofía Ruiz'], positions: [0, 1, null, 3, 4],
  },
  {
    // After a collaboration entry in the record; Steve Gan it cannot place.
    file: 'html/html_2406.05546v1.html', url: 'https://arxiv.org/html/2406.05546v1',
    names: ['Ray Cao', 'Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh'], positions: [1, 2, null, 4],
  },
]);

const metrics = (id: string): AuthorMetrics => ({
  source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: id, hIndex: 7, citedBy: 70, works: 9, lastKnownInstitutions: [],
});

/** The background: the paper's authors at `positions`, with the figures of each placed one. */
function background(positions: (number | null)[]) {
  return fakeAsk({
    'paper-authors': () => {
      const slots = positions.map((position, i): AuthorSlot => {
        const id = position === null ? null : `A${i}`;
        return {
          openalex: id === null ? null : { name: 'x', rawName: null, openalexId: id, s2Id: null, institutions: [], metrics: null },
          s2: null,
          identity: { match: id === null ? null : 'record', openalexId: id, s2Id: null, evidence: [], candidates: [], note: null },
          position,
        };
      });
      const placed = slots.flatMap((slot) => (slot.openalex?.openalexId ? [slot.openalex.openalexId] : []));
      const eagerMetrics = { metrics: Object.fromEntries(placed.map((id) => [id, metrics(id)])), fetchedAt: 1, stale: false };
      return { source: 'openalex', openalexWorkId: 'W1', slots, s2Paired: true, fetchedAt: 1, stale: false, eagerMetrics };
    },
  });
}

/** The page's body as the live document's (its head, with the theme script, is left out). */
function open(file: string, url: string) {
  document.body.replaceWith(document.importNode(loadFixture(file, url).body, true));
  return readHtmlPage(document, url)!;
}

function context(page: ReturnType<typeof open>, ask: FeatureContext['ask'], abort: AbortSignal, theme = signal<PageTheme>('light')): FeatureContext {
  const show = signal(DEFAULT_SETTINGS.show);
  return { page, signal: abort, ask, show, settings: computed(() => ({ show: show.value, listings: DEFAULT_SETTINGS.listings, collapsed: [] })), earlier: Promise.resolve(), theme };
}

beforeEach(() => {
  fakeBrowser.reset();
  // The badges ask whom the reader follows through the messaging channel itself.
  answerMessages({ 'followed-ids': () => ({ ids: [] }) });
});

describe.each(PAGES)('author badges and paper panels on the HTML view $file', ({ file, url, names, positions }) => {
  it('marks each person with their position in the paper\'s list, and follows the page\'s theme', async () => {
    const { ask, asked } = background(positions);
    const abort = new AbortController();
    const theme = signal<PageTheme>('dark');
    await authorBadges.run(context(open(file, url), ask, abort.signal, theme));
    const hosts = () => [...document.querySelectorAll('weft-author')];
    const each = (value: string) => positions.map(() => value);
    await vi.waitFor(() => expect(hosts().map((h) => h.getAttribute('data-state'))).toEqual(positions.map((p) => (p === null ? 'unmatched' : 'ready'))));
    expect(hosts().map((h) => h.getAttribute('data-weft-author'))).toEqual(positions.map((p) => (p === null ? null : String(p))));
    expect(hosts().map((h) => h.getAttribute('data-match'))).toEqual(positions.map((p) => (p === null ? null : 'record')));
    // Each badge right after its name, inside the author block.
    expect(hosts().every((h) => h.closest('.ltx_authors'))).toBe(true);
    expect(asked.find((r) => r.type === 'paper-authors')).toMatchObject({ fullList: true, names });

    expect(hosts().map((h) => h.getAttribute('data-weft-theme'))).toEqual(each('dark'));
    theme.value = 'light';
    expect(hosts().map((h) => h.getAttribute('data-weft-theme'))).toEqual(each('light'));
    abort.abort();
    expect(hosts()).toHaveLength(0);
  });

  it('puts each badge on the page already drawn, whatever slice places it (its hooks say "ready" from a warm cache at once)', async () => {
    const { ask } = background(positions);
    const abort = new AbortController();
    const page = open(file, url);
    // A slow machine: every slice's time is up after one author.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10));
    const placedEmpty: string[] = [];
    const watch = new MutationObserver((records) => {
      for (const node of records.flatMap((r) => [...r.addedNodes])) {
        if (node instanceof HTMLElement && node.localName === 'weft-author' && !node.shadowRoot?.textContent?.trim()) placedEmpty.push(node.getAttribute('data-state') ?? '');
      }
    });
    watch.observe(document.body, { childList: true, subtree: true });
    await authorBadges.run(context(page, ask, abort.signal));
    await vi.waitFor(() => expect(document.querySelectorAll('weft-author[data-state="ready"]')).toHaveLength(positions.filter((p) => p !== null).length));
    watch.disconnect();
    vi.restoreAllMocks();
    expect(placedEmpty).toEqual([]);
    abort.abort();
  });

  it('puts the panels outside the text column, on the page\'s theme, and takes them away on abort', async () => {
    const { ask } = background(positions);
    const abort = new AbortController();
    const theme = signal<PageTheme>('light');
    void paperPanels.run(context(open(file, url), ask, abort.signal, theme));
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
