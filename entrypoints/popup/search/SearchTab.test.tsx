// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing';
import { searchService } from '@/lib/background/services/search';
import { researcherService } from '@/lib/background/services/researcher';
import { createSearch } from '@/lib/background/catalog/search';
import { createRecentSearchStore } from '@/lib/background/search/recent-searches';
import { dumpRecords, freshIndexedDb } from '@/lib/background/user-data/testing';
import { createCache } from '@/lib/background/cache/cache';
import type { AuthorSuggestion, ResearcherProfile, ResearcherWork } from '@/lib/background/catalog/openalex';
import { CatalogError, type PaperSummary } from '@/lib/catalog/types';
import { dispatch, type Handlers } from '@/lib/background/server';
import { SearchTab } from './SearchTab';

const XSS = '<img src=x onerror="window.__weftPwned=1">';
const people: AuthorSuggestion[] = [
  { id: 'A1', name: 'Luo Wei', hint: 'Meridian University, JP', citedBy: 12345, works: 67 },
  { id: 'A2', name: `Mallory Luo ${XSS}`, hint: null, citedBy: null, works: null },
];
const papers: PaperSummary[] = [
  { source: 'openalex', id: 'W1', arxivId: '2406.05546', doi: null, title: 'Luo on <i>training</i>', authorNames: ['Luo Wei', 'Bo Li'], year: 2024, citedBy: 3, catalogUrl: 'https://openalex.org/W1' },
  { source: 'openalex', id: 'W2', arxivId: null, doi: null, title: '', authorNames: [], year: null, citedBy: null, catalogUrl: 'https://openalex.org/W2' },
];
const profile: ResearcherProfile = {
  source: 'openalex', openalexId: 'A1', s2Id: null, orcid: null, displayName: 'Luo Wei', hIndex: 31, citedBy: 12345, works: 67,
  lastKnownInstitutions: [{ openalexId: 'I1', rorId: null, name: 'Meridian University', countryCode: 'JP' }],
  alternativeNames: [], i10Index: 40, meanCitedness2y: null, countsByYear: [],
  topics: [{ id: 'T1', name: 'Distributed training', count: 20, subfield: null, field: 'Computer Science' }],
};
const { authorNames: _, ...paper } = papers[0]!;
const asWork = { ...paper, coAuthors: [{ openalexId: 'A3', name: 'Bo Li' }], venue: null, journalDoi: null, topicIds: [], authorCount: 2 };
const recent: ResearcherWork[] = [
  { ...asWork, authorPosition: 'first' },
  { ...asWork, id: 'W9', arxivId: null, title: 'Journal version', authorPosition: 'last' },
];

/** The real search handlers over a fake OpenAlex, behind the real dispatch; nobody is followed. */
function backgroundWith(openalex: Record<string, unknown>) {
  const cache = createCache({ factory: new IDBFactory() });
  const handlers: Partial<Handlers> = {
    ...searchService({ search: createSearch({ openalex: openalex as never, cache }), recentSearches: createRecentSearchStore() }),
    ...researcherService({ openalex: openalex as never, s2: {} as never, cache }),
    'followed-ids': async () => ({ ids: [] }),
  };
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => dispatch(handlers as Handlers, message, { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') } as never, fakeBrowser.runtime.id));
}

const catalog = () => ({
  autocomplete: vi.fn(async (entity: string) => (entity === 'authors' ? people : papers)),
  researcherProfile: vi.fn(async () => profile),
  researcherWorks: vi.fn(async () => ({ works: recent, total: recent.length })),
});

const input = () => screen.getByRole('combobox') as HTMLInputElement;
const results = () => [...document.querySelectorAll('[data-weft-result]')].map((e) => e.getAttribute('data-weft-result'));
const type = (text: string) => fireEvent.input(input(), { target: { value: text } });

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
});
afterEach(cleanup);

describe('SearchTab', () => {
  it('has a focused search box that shows grouped results as text', async () => {
    backgroundWith(catalog());
    render(<SearchTab />);
    expect(input().getAttribute('data-weft')).toBe('search');
    expect(document.activeElement).toBe(input());
    type('luo');
    await waitFor(() => expect(results()).toEqual(['researcher:A1', 'researcher:A2', 'paper:2406.05546', 'paper:W2']));
    expect(screen.getByText('Researchers')).toBeTruthy();
    expect(screen.getByText('Papers')).toBeTruthy();
    expect(document.body.textContent).toContain('Meridian University, JP');
    expect(document.body.textContent).toContain('67 works · 12,345 citations');
    expect(document.body.textContent).toContain('Luo on training');
    expect(document.body.textContent).toContain('Untitled work');
    expect(document.body.textContent).toContain(XSS); // shown literally …
    expect(document.querySelector('img')).toBeNull(); // … never as markup
    expect(screen.getByRole('status').textContent).toBe('2 researchers and 2 papers.');
  });

  it('resumes what was typed before the popup rendered: same text, same caret, its results', async () => {
    const openalex = catalog();
    backgroundWith(openalex);
    render(<SearchTab typed={{ value: 'luo w', start: 3, end: 3 }} />);
    expect(input().value).toBe('luo w');
    expect(document.activeElement).toBe(input());
    expect([input().selectionStart, input().selectionEnd]).toEqual([3, 3]);
    await waitFor(() => expect(results()).toContain('researcher:A1'));
    expect(openalex.autocomplete).toHaveBeenCalledWith('authors', 'luo w');
  });

  it('follows the keyboard with aria-activedescendant, opens a researcher and comes back to the same results', async () => {
    backgroundWith(catalog());
    render(<SearchTab />);
    type('luo');
    await waitFor(() => expect(results()).toHaveLength(4));
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const active = document.getElementById(input().getAttribute('aria-activedescendant')!);
    expect(active?.getAttribute('data-weft-result')).toBe('researcher:A1');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'Enter' });

    const view = await waitFor(() => {
      const el = document.querySelector('[data-weft-researcher="A1"][data-state="ready"]');
      expect(el).toBeTruthy();
      return el!;
    });
    expect(view.querySelector('[data-weft-field="h-index"]')?.textContent).toContain('31');
    expect(view.querySelector('[data-weft-field="last-known"]')?.textContent).toBe('Meridian University (JP)');
    expect(view.querySelector('[data-weft-position="first"]')?.getAttribute('data-count')).toBe('1');
    expect(view.querySelector('[data-weft-position="last"]')?.getAttribute('data-count')).toBe('1');
    expect(view.querySelector('[data-weft-recent-paper="2406.05546"] a')?.getAttribute('href')).toBe('https://arxiv.org/abs/2406.05546');
    expect(view.querySelector('[data-weft-recent-paper="W9"] a')?.getAttribute('href')).toBe('https://openalex.org/W1');
    expect(view.querySelector('[data-weft-coauthor="A3"]')?.parentElement?.textContent).toContain('2 papers');
    expect(document.activeElement?.id).toBe('researcher-name');
    await waitFor(() => expect(view.querySelector('header [data-weft-action="follow"]')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(document.querySelector('[data-weft-researcher]')).toBeNull();
    expect(input().value).toBe('luo');
    expect(results()).toHaveLength(4);
    expect(document.activeElement).toBe(input());
  });

  it('remembers a search that led somewhere, offers it when the popup opens again, and forgets it on Clear', async () => {
    backgroundWith(catalog());
    const first = render(<SearchTab />);
    type('  Luo ');
    await waitFor(() => expect(results()).toHaveLength(4));
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    // Kept by the background, where no arXiv page can read it.
    await waitFor(async () => expect((await dumpRecords())['recent-searches']?.value).toEqual(['Luo']));
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('Luo');
    first.unmount();

    render(<SearchTab />); // the popup opened again
    const offered = await screen.findByRole('listbox', { name: 'Recent searches' });
    expect(offered.textContent).toContain('Luo');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByText('Recent searches')).toBeNull());
    cleanup();

    render(<SearchTab />); // and again: still forgotten
    await new Promise((r) => setTimeout(r, 50)); // the background has answered the new popup
    expect(screen.queryByText('Recent searches')).toBeNull();
  });

  it('shows when a spent budget resets, with no retry', async () => {
    const c = catalog();
    c.autocomplete.mockRejectedValue(new CatalogError('budget-exhausted', 'spent', Date.now() + 3 * 3_600_000, 429));
    backgroundWith(c);
    render(<SearchTab />);
    type('luo');
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toMatch(/resets at .+\(in 3 h\)/);
    expect(notice.textContent).toMatch(/free OpenAlex API key/);
    expect(notice.querySelector('[data-weft-action="retry"]')).toBeNull();
  });

  it('offers retry after an error, and retry brings the results', async () => {
    const c = catalog();
    c.autocomplete.mockRejectedValueOnce(new CatalogError('network', 'offline')).mockRejectedValueOnce(new CatalogError('network', 'offline'));
    backgroundWith(c);
    render(<SearchTab />);
    type('luo');
    const retry = await waitFor(() => {
      const b = document.querySelector('[data-weft-action="retry"]');
      expect(b).toBeTruthy();
      return b!;
    });
    expect(screen.getByRole('alert').textContent).toContain('OpenAlex could not be reached');
    fireEvent.click(retry);
    await waitFor(() => expect(results()).toHaveLength(4));
  });

  it('opens a pasted arXiv link in a new tab without searching', async () => {
    const c = catalog();
    backgroundWith(c);
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<SearchTab />);
    fireEvent.input(input(), { target: { value: 'https://arxiv.org/abs/2406.05546v2' }, inputType: 'insertFromPaste' });
    expect(created).toHaveBeenCalledWith({ url: 'https://arxiv.org/abs/2406.05546v2' });
    await new Promise((r) => setTimeout(r, 300));
    expect(c.autocomplete).not.toHaveBeenCalled();
  });
});
