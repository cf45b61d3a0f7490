// @vitest-environment happy-dom
import { computed, signal, type Signal } from '@preact/signals-core';
import { fakeBrowser } from 'wxt/testing';
import type { ArxivPage, PrintedPublication } from '../../arxiv/page-model';
import { panelInsertionPoint } from '../../arxiv/readers/abs';
import type { PaperCitationsResult, PaperInstitutionsResult, RelatedPapersResult } from '../../background/protocol';
import type { PaperSummary } from '../../catalog/types';
import { RemoteError } from '../../ui/client';
import { DEFAULT_SETTINGS, type PanelId, type Visibility } from '../../shared/settings/settings';
import { createHost } from '../shadow-host';
import { paperPanels } from './paper-panels';
import type { FeatureContext } from './types';
import { fakeAsk as fakeBackground } from '@/test/fake-ask';

const ID = '2406.05546';
const XSS = '<img src=x onerror="window.__weftPwned=1">';

const related = (i: number, over: Partial<PaperSummary> = {}): PaperSummary => ({
  source: 's2', id: `p${i}`, arxivId: `2406.0000${i}`, doi: null, title: `Related paper ${i}`, authorNames: ['Ann Lee', 'Bo Li', 'Cy Xu', 'Di Wu'],
  year: 2024, citedBy: 1200 + i, catalogUrl: null, ...over,
});

const citations: PaperCitationsResult = {
  known: true, source: 's2', citedBy: 1234, openalexId: 'W9', s2Id: 'abc', published: { venue: `Nature ${XSS}`, doi: '10.1038/x?y', year: 2015, source: 'openalex' }, s2Failure: null,
  counts: { s2: { value: 1234, fetchedAt: Date.now() - 2 * 3_600_000 }, openalex: { value: 1001, fetchedAt: Date.now() - 3_600_000 } },
  fetchedAt: Date.now() - 2 * 3_600_000, stale: false,
};
const institutions: PaperInstitutionsResult = {
  known: true, basis: 'paper', authorCount: 3, fetchedAt: Date.now(), stale: false,
  groups: [
    { institution: { openalexId: 'I2', rorId: '0abcde123', name: 'Kestrel Lab', countryCode: 'GB' }, authors: [{ name: 'Ray Cao', openalexId: 'A1' }, { name: 'Bo Li', openalexId: 'A3' }] },
    { institution: { openalexId: 'I7', rorId: null, name: 'Meridian University', countryCode: null }, authors: [{ name: 'Ann Lee', openalexId: 'A2' }] },
  ],
};
const relatedPapers: RelatedPapersResult = {
  known: true, source: 's2', pool: 'recent', s2Failure: null, fetchedAt: Date.now(), stale: false,
  papers: [
    related(0, { title: `Sparse ${XSS} & $\\alpha$-nets` }),
    related(1, { arxivId: null, doi: '10.1145/3544585', title: 'Journal only' }),
    related(2, { arxivId: null, catalogUrl: 'javascript:window.__weftPwned=1', title: 'No safe link' }),
    related(3, { year: null, citedBy: null, authorNames: [] }),
    related(4), related(5), related(6),
  ],
};

/** The panel layout the background keeps (set-collapsed-panels), across the page loads of a test. */
let savedLayout: PanelId[] = [];

/** The background: the panels' answers, except for the request types a test makes fail (HTTP 500). */
function fakeAsk(failing: ReadonlySet<string> = new Set(), paperAnswer: PaperCitationsResult = citations) {
  const unlessFailing = <T,>(type: string, answer: T): T => {
    if (failing.has(type)) throw new RemoteError({ kind: 'http', message: 'HTTP 500', retryAt: null });
    return answer;
  };
  return fakeBackground({
    'paper-citations': ({ type }) => unlessFailing(type, paperAnswer),
    'paper-institutions': ({ type }) => unlessFailing(type, institutions),
    'related-papers': ({ type }) => unlessFailing(type, relatedPapers),
    'set-collapsed-panels': ({ type, ids }) => unlessFailing(type, { collapsed: (savedLayout = ids) }),
  });
}

function arxivPage(sidebar: boolean, publication: PrintedPublication | null = null): ArxivPage {
  document.body.replaceChildren();
  document.body.insertAdjacentHTML(
    'beforeend',
    '<div id="abs-outer"><div class="leftcolumn"><div id="abs"><h1 class="title">T</h1><div class="authors"></div>' +
      '<blockquote class="abstract">We study failure.</blockquote><div class="dateline">x</div></div></div></div>',
  );
  if (sidebar) {
    document.querySelector('#abs-outer')!.insertAdjacentHTML(
      'beforeend',
      '<div class="extra-services"><div class="full-text"><h2>Access Paper:</h2></div><div class="browse">context</div></div>',
    );
  }
  const authors = ['Ray Cao', 'Ann Lee', 'Bo Li'].map((name, index) => {
    const badge = createHost('weft-author');
    badge.setAttribute('data-weft-author', String(index));
    badge.setAttribute('data-openalex-id', `A${index + 1}`);
    document.querySelector('div.authors')!.append(badge);
    return { index, name, citationName: name, anchor: null, hidden: false };
  });
  const paper = {
    arxivId: ID, version: null, title: 'Training Through Failure', primaryCategory: 'cs.LG', authors,
    element: document.querySelector<HTMLElement>('#abs-outer')!, authorsElement: null, hiddenAuthors: null, locateThrough: () => undefined, publication,
  };
  const point = panelInsertionPoint(document);
  return { type: 'abs', papers: [paper], panelSlot: point && { kind: 'in-flow', ...point } };
}

/** The context a feature runs with, the reader's choices as the background answers them. */
function context(page: ArxivPage, ask: FeatureContext['ask'], abort: AbortSignal, earlier: Promise<void>, show = signal(DEFAULT_SETTINGS.show)) {
  const settings = computed(() => ({ show: show.value, listings: DEFAULT_SETTINGS.listings, collapsed: savedLayout }));
  return { page, signal: abort, ask, show, settings, earlier };
}

async function run(opts: { sidebar?: boolean; failing?: Set<string>; show?: Signal<Visibility>; citations?: PaperCitationsResult; publication?: PrintedPublication } = {}) {
  const page = arxivPage(opts.sidebar ?? true, opts.publication);
  const { ask, asked } = fakeAsk(opts.failing, opts.citations);
  const abort = new AbortController();
  await paperPanels.run(context(page, ask, abort.signal, Promise.resolve(), opts.show));
  // Weft's, not an element of that name the page may carry.
  const host = [...document.querySelectorAll<HTMLElement>('weft-panels')].find((el) => el.shadowRoot)!;
  const root = host.shadowRoot!;
  const panel = (id: string) => root.querySelector<HTMLElement>(`[data-weft-panel="${id}"]`)!;
  await vi.waitFor(() => expect(root.querySelectorAll('[data-state="loading"]')).toHaveLength(0));
  return { host, root, panel, asked, abort };
}

beforeEach(() => {
  fakeBrowser.reset();
  savedLayout = [];
});

describe('paper panels feature', () => {
  it('asks for related papers only once the badges have loaded (or after 1.5 s): the others share their requests', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { ask, asked } = fakeAsk();
      let badgesLoaded!: () => void;
      const earlier = new Promise<void>((resolve) => (badgesLoaded = resolve));
      const types = () => asked.map((r) => r.type);
      void paperPanels.run(context(arxivPage(true), ask, new AbortController().signal, earlier));
      await vi.waitFor(() => expect(types()).toEqual(['paper-citations', 'paper-institutions']));
      await vi.advanceTimersByTimeAsync(1000);
      expect(types()).not.toContain('related-papers');
      badgesLoaded();
      await vi.waitFor(() => expect(types()).toContain('related-papers'));

      asked.length = 0;
      void paperPanels.run(context(arxivPage(true), ask, new AbortController().signal, new Promise(() => undefined)));
      await vi.advanceTimersByTimeAsync(1499);
      expect(types()).not.toContain('related-papers');
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(types()).toContain('related-papers'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the shared requests early, from the page head, and not the related papers', () => {
    const head = { arxivId: ID, title: 'Training Through Failure', citationNames: [] };
    expect(paperPanels.early!(head, DEFAULT_SETTINGS.show).map((r) => r.type)).toEqual(['paper-citations', 'paper-institutions']);
  });

  it('adds one panel group in the sidebar after "Access Paper"', async () => {
    const { host } = await run();
    expect(host.parentElement!.className).toBe('extra-services');
    expect(host.previousElementSibling!.className).toBe('full-text');
    expect(document.querySelectorAll('weft-panels')).toHaveLength(1);
  });

  it('is not stopped or misled by a page’s own elements of Weft’s names', async () => {
    // Placed by the page before Weft runs: a panels element where Weft's go, and an author
    // element claiming the profile of the paper's first author.
    const page = arxivPage(true);
    document.querySelector('.extra-services')!.insertAdjacentHTML('beforeend', '<weft-panels id="fake">page</weft-panels>');
    document.querySelector('div.authors')!.insertAdjacentHTML('beforeend', '<weft-author id="fake-badge" data-weft-author="0" data-openalex-id="A1"></weft-author>');
    const { ask } = fakeAsk();
    await paperPanels.run(context(page, ask, new AbortController().signal, Promise.resolve()));
    const host = [...document.querySelectorAll<HTMLElement>('weft-panels')].find((el) => el.id !== 'fake');
    expect(host?.shadowRoot?.querySelector('[data-weft-panel="paper"]')).toBeTruthy();
    const root = host!.shadowRoot!;
    await vi.waitFor(() => expect(root.querySelectorAll('[data-state="loading"]')).toHaveLength(0));
    root.querySelector('[data-weft-institution]')!.dispatchEvent(new PointerEvent('pointerenter'));
    const lit = () => [...document.querySelectorAll('weft-author[data-weft-highlight]')].map((b) => b.id || b.getAttribute('data-weft-author'));
    await vi.waitFor(() => expect(lit()).toEqual(['0', '2']));
  });

  it('goes after the abstract on a layout without the sidebar', async () => {
    const { host } = await run({ sidebar: false });
    expect(host.previousElementSibling!.matches('blockquote.abstract')).toBe(true);
  });

  it('shows the citation count with its source, age and the paper’s catalog pages', async () => {
    const { panel } = await run();
    const paper = panel('paper');
    expect([paper.dataset.state, paper.dataset.citedBy, paper.dataset.source]).toEqual(['ready', '1234', 's2']);
    expect(paper.textContent).toContain('1,234 citations');
    expect(paper.textContent).toContain('Semantic Scholar · updated 2 h ago');
    // Both catalogs, each with its own count and age.
    expect([paper.dataset.s2CitedBy, paper.dataset.openalexCitedBy]).toEqual(['1234', '1001']);
    expect(paper.querySelector('.both')?.textContent).toBe('1,234 Semantic Scholar (2 h ago) · 1,001 OpenAlex (1 h ago)');
    expect([...paper.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [`Published in Nature ${XSS}, 2015`, 'https://doi.org/10.1038/x%3Fy'],
      ['Semantic Scholar', 'https://www.semanticscholar.org/paper/abc'],
      ['OpenAlex', 'https://openalex.org/W9'],
    ]);
    // The venue is the catalog's text, shown as text; the catalog that named it is said.
    expect(paper.querySelector('img')).toBeNull();
    expect(paper.querySelector('.published')!.textContent).toBe(`Published in Nature ${XSS}, 2015 according to OpenAlex`);
  });

  describe('"Published in": the catalogs’ version of record first, else what the abs page prints', () => {
    const printed: PrintedPublication = { venue: `Made-Up Lett. ${XSS} 12 (2026)`, doi: '10.5555/made-up.2026.12', year: null, source: 'arxiv' };
    const line = (paper: HTMLElement) => {
      const p = paper.querySelector<HTMLElement>('.published');
      return p && { text: p.textContent, href: p.querySelector('a')?.getAttribute('href') ?? null, hook: p.dataset.weftPublished };
    };

    it('shows the page’s journal reference, as text, linked to its DOI and said to be its authors’, when no catalog names one', async () => {
      const { panel } = await run({ citations: { ...citations, published: null }, publication: printed });
      expect(line(panel('paper'))).toEqual({
        text: `Published in Made-Up Lett. ${XSS} 12 (2026) according to its authors, on arXiv`, href: 'https://doi.org/10.5555/made-up.2026.12', hook: '10.5555/made-up.2026.12',
      });
      expect(panel('paper').querySelector('img')).toBeNull();
    });

    it('shows the catalog’s when one names it, though the page prints its own', async () => {
      const { panel } = await run({ publication: printed });
      expect(line(panel('paper'))?.text).toBe(`Published in Nature ${XSS}, 2015 according to OpenAlex`);
    });

    it('shows the page’s under the note of a paper no catalog has', async () => {
      const { panel } = await run({ citations: { known: false, fetchedAt: Date.now(), stale: false }, publication: { venue: 'Made-Up Lett. 3', doi: null, year: null, source: 'arxiv' } });
      expect(panel('paper').dataset.state).toBe('unmatched');
      expect(line(panel('paper'))).toEqual({ text: 'Published in Made-Up Lett. 3 according to its authors, on arXiv', href: null, hook: '' });
    });

    it('shows nothing when neither names one', async () => {
      const { panel } = await run({ citations: { ...citations, published: null } });
      expect(line(panel('paper'))).toBeNull();
      const { panel: unknown } = await run({ citations: { known: false, fetchedAt: Date.now(), stale: false } });
      expect(line(unknown('paper'))).toBeNull();
    });
  });

  it('lists institutions with their ids, countries and authors; hovering one points out its authors’ badges', async () => {
    const { panel } = await run();
    const rows = [...panel('institutions').querySelectorAll<HTMLElement>('[data-weft-institution]')];
    expect(rows.map((r) => r.dataset.weftInstitution)).toEqual(['0abcde123', 'I7']);
    expect(rows[0]!.textContent).toContain('Kestrel Lab');
    expect(rows[0]!.textContent).toContain('GB');
    expect(rows[0]!.querySelector('a')!.getAttribute('href')).toBe('https://ror.org/0abcde123');

    const who = rows[0]!.querySelector<HTMLButtonElement>('button')!;
    const list = panel('institutions').querySelector(`#${who.getAttribute('aria-controls')}`) as HTMLElement;
    expect([who.getAttribute('aria-expanded'), list.hidden]).toEqual(['false', true]);
    who.click();
    await vi.waitFor(() => expect(who.getAttribute('aria-expanded')).toBe('true'));
    expect(list.hidden).toBe(false);
    expect(list.textContent).toBe('Ray CaoBo Li');

    const lit = () => [...document.querySelectorAll('weft-author[data-weft-highlight]')].map((b) => b.getAttribute('data-weft-author'));
    rows[0]!.dispatchEvent(new PointerEvent('pointerenter'));
    await vi.waitFor(() => expect(lit()).toEqual(['0', '2']));
    rows[0]!.dispatchEvent(new PointerEvent('pointerleave'));
    expect(lit()).toEqual([]);
  });

  it('lists related papers as text, with safe links only, and reveals the rest on request', async () => {
    const { panel } = await run();
    const items = () => [...panel('related').querySelectorAll<HTMLElement>('[data-weft-related]')];
    expect(items().map((i) => i.dataset.weftRelated)).toEqual(['2406.00000', 'p1', 'p2', '2406.00003', '2406.00004']);
    const [xss, journal, unsafe, bare] = items();
    expect(xss!.querySelector('a')!.getAttribute('href')).toBe('https://arxiv.org/abs/2406.00000');
    expect(xss!.querySelector('a')!.textContent).toBe(`Sparse ${XSS} & $\\alpha$-nets`);
    expect(panel('related').querySelector('img')).toBeNull();
    expect(journal!.querySelector('a')!.getAttribute('href')).toBe('https://doi.org/10.1145/3544585');
    expect(unsafe!.querySelector('a')).toBeNull();
    expect(unsafe!.textContent).toContain('No safe link');
    expect(bare!.textContent).toBe('Related paper 3');
    expect(xss!.querySelector('.meta')!.textContent).toBe('Ann Lee, Bo Li, Cy Xu et al. · 2024 · 1,200 citations');

    const more = [...panel('related').querySelectorAll('button')].find((b) => b.textContent === 'Show 2 more')!;
    more.click();
    await vi.waitFor(() => expect(items()).toHaveLength(7));
    expect(more.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a failing panel as an error with retry while the others load; retry reloads that panel only', async () => {
    const failing = new Set(['paper-institutions']);
    const { panel, asked } = await run({ failing });
    expect([panel('paper').dataset.state, panel('institutions').dataset.state, panel('related').dataset.state]).toEqual(['ready', 'error', 'ready']);
    const retry = panel('institutions').querySelector<HTMLButtonElement>('[data-weft-action="retry"]')!;
    expect(panel('institutions').textContent).toContain('The catalogs answered with an error.');
    failing.clear();
    const before = asked.length;
    retry.click();
    await vi.waitFor(() => expect(panel('institutions').dataset.state).toBe('ready'));
    expect(asked.slice(before).map((r) => r.type)).toEqual(['paper-institutions']);
  });

  it('remembers a collapsed panel across page loads', async () => {
    const first = await run();
    const toggle = first.panel('related').querySelector<HTMLButtonElement>('h2 button')!;
    const body = first.root.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect([toggle.getAttribute('aria-expanded'), body.hidden, toggle.textContent]).toEqual(['true', false, 'Related papers']);
    toggle.click();
    await vi.waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    expect(body.hidden).toBe(true);
    expect(toggle.textContent).toBe('Related papers7'); // the count stays in sight while collapsed
    // Still loaded and hooked while collapsed.
    expect(first.panel('related').dataset.state).toBe('ready');
    await vi.waitFor(() => expect(savedLayout).toEqual(['related']));
    first.abort.abort();
    expect(document.querySelector('weft-panels')).toBeNull();

    const second = await run();
    expect(second.panel('related').querySelector('h2 button')!.getAttribute('aria-expanded')).toBe('false');
    expect(second.panel('paper').querySelector('h2 button')!.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows only the panels the reader chose; a panel shown later loads then, without a reload', async () => {
    const show = signal({ ...DEFAULT_SETTINGS.show, related: false });
    const { root, asked } = await run({ show });
    expect([...root.querySelectorAll<HTMLElement>('[data-weft-panel]')].map((p) => p.dataset.weftPanel)).toEqual(['paper', 'institutions']);
    expect(asked.map((r) => r.type)).not.toContain('related-papers'); // a hidden panel costs no request

    show.value = { ...show.value, related: true, paper: false };
    await vi.waitFor(() => expect(root.querySelector<HTMLElement>('[data-weft-panel="related"]')?.dataset.state).toBe('ready'));
    expect(root.querySelector('[data-weft-panel="paper"]')).toBeNull();
    expect(asked.filter((r) => r.type === 'related-papers')).toHaveLength(1);
  });
});
