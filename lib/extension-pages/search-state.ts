/**
 * The popup's search, as signals with no DOM: what was typed, the results of the latest query
 * only, the keyboard selection, the arXiv-id shortcut and the recent searches.
 *
 * Typing is debounced; each new query cancels the one before (its late answer is dropped, so
 * results never belong to an older query). Blank queries and arXiv ids send nothing.
 */
import { batch, computed, signal } from '@preact/signals';
import { formatArxivId, parseArxivId } from '@/lib/arxiv/ids';
import { arxivAbsUrl } from '@/lib/arxiv/urls';
import type { AuthorSuggestion } from '@/lib/background/catalog/openalex';
import type { PaperSummary } from '@/lib/catalog/types';
import type { ask as askBackground } from '@/lib/ui/client';
import type { PaperHitsResult, ResearcherHitsResult, WireError } from '@/lib/background/protocol';
import { normaliseQuery } from '@/lib/shared/search-query';
import { failureOf } from '@/lib/ui/describe-failure';
import { displayText } from '@/lib/ui/plain-text';
import { paperUrl } from '@/lib/catalog/links';
import type { RecentSearches } from './recent-searches';
import { t } from '@/lib/shared/i18n';
import { formatCount } from '@/lib/ui/format';

export const DEBOUNCE_MS = 200;

export interface Hits {
  researchers: AuthorSuggestion[];
  papers: PaperSummary[];
  /** When the older of the two answers was fetched from OpenAlex. */
  fetchedAt: number;
  /** One group failed while the other answered: shown with the group that did. */
  partial: { group: 'researchers' | 'papers'; failure: WireError } | null;
}

export type Results =
  | { status: 'idle' }
  /** `previous`: the last answer, still shown (dimmed, inert) so the list does not jump. */
  | { status: 'loading'; query: string; previous: Hits | null }
  | { status: 'ready'; query: string; hits: Hits }
  | { status: 'error'; query: string; failure: WireError };

/** An arXiv paper named in the box; `label` keeps a version the reader gave. */
export interface ArxivEntry {
  kind: 'arxiv';
  id: string;
  label: string;
  url: string;
}

/** Something Enter or a click can open. */
export type Entry =
  | ArxivEntry
  | { kind: 'recent'; query: string }
  | { kind: 'researcher'; hit: AuthorSuggestion }
  | { kind: 'paper'; hit: PaperSummary; url: string | null };

export interface SearchDeps {
  ask: typeof askBackground;
  recent: RecentSearches;
  openTab: (url: string) => void;
  openResearcher: (id: string, name: string) => void;
  debounceMs?: number;
}


export function createSearchState({ ask, recent, openTab, openResearcher, debounceMs = DEBOUNCE_MS }: SearchDeps) {
  /** The text in the box, as typed. */
  const query = signal('');
  const results = signal<Results>({ status: 'idle' });
  /** Index into `entries` of the highlighted option; -1 for none. */
  const activeIndex = signal(-1);

  /** An arXiv id or URL in the box opens that paper instead of searching. */
  const arxivTarget = computed<ArxivEntry | null>(() => {
    const parsed = parseArxivId(query.value);
    if (!parsed) return null;
    const label = formatArxivId(parsed.id, parsed.version);
    return { kind: 'arxiv', id: parsed.id, label, url: arxivAbsUrl(label) };
  });

  const entries = computed<Entry[]>(() => {
    if (arxivTarget.value) return [arxivTarget.value];
    const r = results.value;
    if (r.status === 'ready') {
      return [
        ...r.hits.researchers.map((hit): Entry => ({ kind: 'researcher', hit })),
        ...r.hits.papers.map((hit): Entry => ({ kind: 'paper', hit, url: paperUrl({ arxivId: hit.arxivId, catalogUrl: hit.catalogUrl }) })),
      ];
    }
    if (normaliseQuery(query.value) === '') return recent.list.value.map((q): Entry => ({ kind: 'recent', query: q }));
    return [];
  });

  /** What a screen reader hears once a query settles (counts, nothing found, failure). */
  const announcement = computed(() => {
    if (arxivTarget.value) return t('enterOpens', arxivTarget.value.label);
    const r = results.value;
    if (r.status === 'error') return t('searchFailed', r.query);
    if (r.status !== 'ready') return '';
    const { researchers, papers, partial } = r.hits;
    if (!researchers.length && !papers.length && !partial) return t('noResults', r.query);
    const found = t('foundCounts', formatCount(researchers.length, 'researcherCount', 'researchersCount'), formatCount(papers.length, 'paperCount', 'papersCount'));
    return partial ? `${found} ${t(partial.group === 'papers' ? 'papersNotLoaded' : 'researchersNotLoaded')}` : found;
  });

  /** The query whose results are shown or on their way ('' when none). */
  let current = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | null = null;

  function cancel(): void {
    clearTimeout(timer);
    timer = undefined;
    inFlight?.abort();
    inFlight = null;
  }

  function hitsOf(r: Results): Hits | null {
    if (r.status === 'ready') return r.hits;
    return r.status === 'loading' ? r.previous : null;
  }

  async function run(q: string): Promise<void> {
    const controller = new AbortController();
    inFlight = controller;
    const [people, papers] = await Promise.allSettled([ask({ type: 'search-researchers', q }), ask({ type: 'search-papers', q })]);
    if (controller.signal.aborted) return; // a newer query (or a cleared box) took over
    inFlight = null;
    batch(() => {
      results.value = settle(q, people, papers);
      activeIndex.value = -1;
    });
  }

  /** Starts a search for `q` after the debounce (at once with `immediate`), unless it is the current one. */
  function schedule(q: string, { immediate = false, force = false } = {}): void {
    if (q === current && !force) return;
    cancel();
    current = q;
    batch(() => {
      activeIndex.value = -1;
      results.value = q ? { status: 'loading', query: q, previous: hitsOf(results.value) } : { status: 'idle' };
    });
    if (!q) return;
    if (immediate) void run(q);
    else timer = setTimeout(() => void run(q), debounceMs);
  }

  /** The box changed; `pasted` when the change came from a paste (an arXiv id then opens at once). */
  function input(value: string, { pasted = false, immediate = false } = {}): void {
    query.value = value;
    const target = arxivTarget.value;
    if (target) {
      schedule('');
      if (pasted) choose(target);
      return;
    }
    schedule(normaliseQuery(value), { immediate });
  }

  function clear(): void {
    query.value = '';
    schedule('');
  }

  function retry(): void {
    schedule(current, { immediate: true, force: true });
  }

  /** Opens an entry: a paper in a new tab, a researcher in the popup, a recent search in the box. */
  function choose(entry: Entry): void {
    switch (entry.kind) {
      case 'recent':
        input(entry.query, { immediate: true });
        return;
      case 'arxiv':
        void recent.remember(entry.label);
        openTab(entry.url);
        return;
      case 'paper':
        void recent.remember(query.value);
        if (entry.url) openTab(entry.url);
        return;
      case 'researcher':
        void recent.remember(query.value);
        openResearcher(entry.hit.id, displayText(entry.hit.name) || t('unnamedResearcher'));
        return;
    }
  }

  /** The pointer is over option `index`. */
  function highlight(index: number): void {
    if (index >= 0 && index < entries.value.length) activeIndex.value = index;
  }

  /** Keyboard on the search box; true when the key was used (the caller prevents its default). */
  function key(name: string): boolean {
    const n = entries.value.length;
    switch (name) {
      case 'ArrowDown':
        if (!n) return false;
        activeIndex.value = (activeIndex.value + 1) % n;
        return true;
      case 'ArrowUp':
        if (!n) return false;
        activeIndex.value = activeIndex.value <= 0 ? n - 1 : activeIndex.value - 1;
        return true;
      case 'Enter': {
        // Without a highlighted option, Enter takes the first result (not a recent search).
        const entry = entries.value[Math.max(activeIndex.value, 0)];
        if (!entry || (activeIndex.value < 0 && entry.kind === 'recent')) return false;
        choose(entry);
        return true;
      }
      case 'Escape':
        if (query.value === '') return false; // let Escape close the popup
        clear();
        return true;
      default:
        return false;
    }
  }

  return {
    query,
    results,
    activeIndex,
    entries,
    arxivTarget,
    announcement,
    recent: recent.list,
    input,
    key,
    highlight,
    choose,
    retry,
    clear,
    clearRecent: recent.clear,
    dispose: cancel,
  };
}

export type SearchState = ReturnType<typeof createSearchState>;

function settle(q: string, people: PromiseSettledResult<ResearcherHitsResult>, papers: PromiseSettledResult<PaperHitsResult>): Results {
  if (people.status === 'rejected' && papers.status === 'rejected') {
    const failures = [failureOf(people.reason), failureOf(papers.reason)];
    // A spent budget says more (when it resets) than whatever else went wrong.
    return { status: 'error', query: q, failure: failures.find((f) => f.kind === 'budget-exhausted') ?? failures[0]! };
  }
  const answered = [people, papers].flatMap((r) => (r.status === 'fulfilled' ? [r.value.fetchedAt] : []));
  let partial: Hits['partial'] = null;
  if (people.status === 'rejected') partial = { group: 'researchers', failure: failureOf(people.reason) };
  if (papers.status === 'rejected') partial = { group: 'papers', failure: failureOf(papers.reason) };
  return {
    status: 'ready',
    query: q,
    hits: {
      researchers: people.status === 'fulfilled' ? people.value.results : [],
      papers: papers.status === 'fulfilled' ? papers.value.results : [],
      fetchedAt: Math.min(...answered),
      partial,
    },
  };
}
