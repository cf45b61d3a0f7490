import { signal } from '@preact/signals';
import type { AuthorSuggestion } from '@/lib/background/catalog/openalex';
import type { PaperHitsResult, ResearcherHitsResult } from '@/lib/background/protocol';
import type { PaperSummary } from '@/lib/catalog/types';
import { RemoteError } from '@/lib/ui/client';
import type { RecentSearches } from './recent-searches';
import { createSearchState, DEBOUNCE_MS, type SearchDeps } from './search-state';

const person = (id: string, name = `Person ${id}`): AuthorSuggestion => ({ id, name, hint: null, citedBy: 1, works: 1 });
const paper = (id: string, arxivId: string | null): PaperSummary => ({
  source: 'openalex', id, arxivId, doi: null, title: `Paper ${id}`, authorNames: [], year: 2024, citedBy: 0,
  catalogUrl: `https://openalex.org/${id}`,
});

interface Call {
  type: string;
  q: string;
  /** With the answer of the request's type (the protocol's). */
  resolve: (v: ResearcherHitsResult | PaperHitsResult) => void;
  reject: (e: unknown) => void;
}

/** A background whose answers the test releases one by one. */
function setup() {
  const calls: Call[] = [];
  const ask = vi.fn(
    (req: { type: string; q: string }) => new Promise((resolve, reject) => calls.push({ ...req, resolve, reject })),
  ) as unknown as SearchDeps['ask'];
  const list = signal<string[]>([]);
  const recent = {
    list,
    remember: vi.fn(async (q: string) => void (list.value = [q, ...list.value.filter((x) => x !== q)])),
    clear: vi.fn(async () => void (list.value = [])),
    loaded: Promise.resolve(),
  } satisfies RecentSearches;
  const openTab = vi.fn();
  const openResearcher = vi.fn();
  const s = createSearchState({ ask, recent, openTab, openResearcher });
  /** Answers the pending calls for q (researchers, papers). */
  const answer = async (q: string, people: AuthorSuggestion[], papers: PaperSummary[]) => {
    for (const c of calls.filter((c) => c.q === q)) {
      c.resolve(c.type === 'search-researchers' ? { results: people, fetchedAt: 100, stale: false } : { results: papers, fetchedAt: 100, stale: false });
    }
    await vi.advanceTimersByTimeAsync(0);
  };
  const fail = async (q: string, type: string, error: RemoteError) => {
    calls.find((c) => c.q === q && c.type === type)!.reject(error);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { s, calls, ask, recent, openTab, openResearcher, answer, fail };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('typing', () => {
  it('asks nothing until typing pauses, then asks both catalogs once for the last query', async () => {
    const { s, calls } = setup();
    for (const text of ['l', 'lu', 'luo']) {
      s.input(text);
      await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 50);
    }
    expect(calls).toHaveLength(0);
    expect(s.results.value.status).toBe('loading');
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.map((c) => [c.type, c.q])).toEqual([['search-researchers', 'luo'], ['search-papers', 'luo']]);
  });

  it('shows researchers then papers, with the contract ids', async () => {
    const { s, answer } = setup();
    s.input('luo');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await answer('luo', [person('A1')], [paper('W1', '2406.05546'), paper('W2', null)]);
    expect(s.results.value.status).toBe('ready');
    expect(s.entries.value.map((e) => e.kind)).toEqual(['researcher', 'paper', 'paper']);
    expect(s.announcement.value).toBe('1 researcher and 2 papers.');
  });

  it('sends the query trimmed, and nothing for spaces or an unchanged query', async () => {
    const { s, calls } = setup();
    s.input('   ');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(0);
    expect(s.results.value.status).toBe('idle');
    s.input('  luo  ');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    s.input('  luo ');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(calls.map((c) => c.q)).toEqual(['luo', 'luo']);
  });

  it('cuts a 500-character paste to the bounded query', async () => {
    const { s, calls } = setup();
    s.input('z'.repeat(500));
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(calls[0]!.q).toHaveLength(200);
  });

  it('says so when nothing matches', async () => {
    const { s, answer } = setup();
    s.input('qqqq');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await answer('qqqq', [], []);
    expect(s.entries.value).toEqual([]);
    expect(s.announcement.value).toBe('No results for “qqqq”.');
  });
});

describe('stale answers', () => {
  it('drops the answer to an older query that arrives after the newer one', async () => {
    const { s, answer } = setup();
    s.input('lu');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    s.input('luo');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await answer('luo', [person('A2', 'Luo')], []);
    await answer('lu', [person('A9', 'Lu')], []);
    const r = s.results.value;
    expect(r.status === 'ready' && r.query).toBe('luo');
    expect(s.entries.value.map((e) => e.kind === 'researcher' && e.hit.id)).toEqual(['A2']);
  });

  it('keeps the previous results on screen while the next query loads, but not selectable', async () => {
    const { s, answer } = setup();
    s.input('lu');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await answer('lu', [person('A9')], []);
    s.input('luo');
    const r = s.results.value;
    expect(r.status === 'loading' && r.previous?.researchers.map((p) => p.id)).toEqual(['A9']);
    expect(s.entries.value).toEqual([]);
    expect(s.key('Enter')).toBe(false);
  });

  it('ignores an answer that arrives after the box was cleared', async () => {
    const { s, answer } = setup();
    s.input('luo');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(s.key('Escape')).toBe(true);
    await answer('luo', [person('A1')], []);
    expect(s.query.value).toBe('');
    expect(s.results.value.status).toBe('idle');
  });
});

describe('failures', () => {
  it('shows an error with retry when both catalogs fail, and retry asks again at once', async () => {
    const { s, calls, fail, answer } = setup();
    s.input('luo');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await fail('luo', 'search-researchers', new RemoteError({ kind: 'network', message: 'offline', retryAt: null }));
    await fail('luo', 'search-papers', new RemoteError({ kind: 'network', message: 'offline', retryAt: null }));
    expect(s.results.value).toMatchObject({ status: 'error', failure: { kind: 'network' } });
    calls.length = 0;
    s.retry();
    expect(calls).toHaveLength(2);
    await answer('luo', [person('A1')], []);
    expect(s.results.value.status).toBe('ready');
  });

  it('prefers the budget failure, which says when it resets', async () => {
    const { s, fail } = setup();
    s.input('luo');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await fail('luo', 'search-researchers', new RemoteError({ kind: 'timeout', message: 'slow', retryAt: null }));
    await fail('luo', 'search-papers', new RemoteError({ kind: 'budget-exhausted', message: 'spent', retryAt: 42 }));
    expect(s.results.value).toMatchObject({ status: 'error', failure: { kind: 'budget-exhausted', retryAt: 42 } });
  });

  it('shows the group that answered when the other failed', async () => {
    const { s, calls, fail } = setup();
    s.input('luo');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    calls.find((c) => c.type === 'search-researchers')!.resolve({ results: [person('A1')], fetchedAt: 1, stale: false });
    await fail('luo', 'search-papers', new RemoteError({ kind: 'http', message: 'HTTP 500', retryAt: null }));
    expect(s.results.value).toMatchObject({ status: 'ready', hits: { partial: { group: 'papers', failure: { kind: 'http' } } } });
    expect(s.entries.value).toHaveLength(1);
    expect(s.announcement.value).toBe('1 researcher and 0 papers. Papers could not be loaded.');
  });
});

describe('keyboard', () => {
  async function withResults() {
    const t = setup();
    t.s.input('luo');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    await t.answer('luo', [person('A1', 'Luo Wei')], [paper('W1', '2406.05546'), paper('W2', null)]);
    return t;
  }

  it('moves with ↓ and ↑, wrapping at both ends', async () => {
    const { s } = await withResults();
    expect(s.activeIndex.value).toBe(-1);
    s.key('ArrowDown');
    s.key('ArrowDown');
    expect(s.activeIndex.value).toBe(1);
    s.key('ArrowDown');
    s.key('ArrowDown');
    expect(s.activeIndex.value).toBe(0);
    s.key('ArrowUp');
    expect(s.activeIndex.value).toBe(2);
  });

  it('opens a paper on arXiv, or its catalog page when it has no arXiv id, and remembers the query', async () => {
    const { s, openTab, recent } = await withResults();
    s.key('ArrowDown');
    s.key('ArrowDown');
    expect(s.key('Enter')).toBe(true);
    expect(openTab).toHaveBeenLastCalledWith('https://arxiv.org/abs/2406.05546');
    s.key('ArrowDown');
    s.key('Enter');
    expect(openTab).toHaveBeenLastCalledWith('https://openalex.org/W2');
    expect(recent.remember).toHaveBeenCalledWith('luo');
  });

  it('opens a researcher inside the popup', async () => {
    const { s, openResearcher, openTab } = await withResults();
    s.key('ArrowDown');
    s.key('Enter');
    expect(openResearcher).toHaveBeenCalledWith('A1', 'Luo Wei');
    expect(openTab).not.toHaveBeenCalled();
  });

  it('opens the first result on Enter when none is highlighted', async () => {
    const { s, openResearcher } = await withResults();
    expect(s.key('Enter')).toBe(true);
    expect(openResearcher).toHaveBeenCalledWith('A1', 'Luo Wei');
  });

  it('clears the box on Esc, and lets a second Esc through (to close the popup)', async () => {
    const { s } = await withResults();
    expect(s.key('Escape')).toBe(true);
    expect(s.query.value).toBe('');
    expect(s.entries.value).toEqual([]);
    expect(s.key('Escape')).toBe(false);
  });

  it('leaves other keys to the text box', async () => {
    const { s } = await withResults();
    expect(s.key('ArrowLeft')).toBe(false);
    expect(s.key('a')).toBe(false);
  });
});

describe('arXiv ids and links', () => {
  it.each([
    ['2406.05546', 'https://arxiv.org/abs/2406.05546'],
    ['arXiv:2406.05546v2', 'https://arxiv.org/abs/2406.05546v2'],
    ['https://arxiv.org/abs/2406.05546', 'https://arxiv.org/abs/2406.05546'],
    ['https://arxiv.org/pdf/2406.05546v1.pdf', 'https://arxiv.org/abs/2406.05546v1'],
    ['arxiv.org/abs/hep-th/9901001', 'https://arxiv.org/abs/hep-th/9901001'],
    ['  math.GT/0309136 ', 'https://arxiv.org/abs/math.GT/0309136'],
  ])('a pasted %s opens the paper at once, with no search', async (text, url) => {
    const { s, calls, openTab, recent } = setup();
    s.input(text, { pasted: true });
    expect(openTab).toHaveBeenCalledWith(url);
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(0);
    expect(recent.remember).toHaveBeenCalledWith(url.slice('https://arxiv.org/abs/'.length));
  });

  it('a typed id offers the paper as the only option, opened with Enter', async () => {
    const { s, calls, openTab } = setup();
    s.input('2406.05546');
    expect(openTab).not.toHaveBeenCalled();
    expect(s.entries.value).toMatchObject([{ kind: 'arxiv', id: '2406.05546' }]);
    expect(s.announcement.value).toBe('Enter opens arXiv paper 2406.05546.');
    s.key('Enter');
    expect(openTab).toHaveBeenCalledWith('https://arxiv.org/abs/2406.05546');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(0);
  });

  it.each(['2406.0554', 'https://example.org/abs/2406.05546', 'attention 2406.05546', '1234.5678'])(
    'searches for %s as text',
    async (text) => {
      const { s, calls, openTab } = setup();
      s.input(text, { pasted: true });
      await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
      expect(openTab).not.toHaveBeenCalled();
      expect(calls).toHaveLength(2);
    },
  );
});

describe('recent searches', () => {
  it('are offered while the box is empty; choosing one searches for it at once', async () => {
    const { s, calls, recent } = setup();
    recent.list.value = ['transformers', 'luo'];
    expect(s.entries.value.map((e) => e.kind === 'recent' && e.query)).toEqual(['transformers', 'luo']);
    s.key('ArrowDown');
    s.key('ArrowDown');
    s.key('Enter');
    expect(s.query.value).toBe('luo');
    expect(calls.map((c) => c.q)).toEqual(['luo', 'luo']);
  });

  it('are not opened by Enter without a highlighted one', () => {
    const { s, recent, calls } = setup();
    recent.list.value = ['luo'];
    expect(s.key('Enter')).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('a recent arXiv id offers the paper rather than searching for it', async () => {
    const { s, calls, recent } = setup();
    recent.list.value = ['2406.05546'];
    s.key('ArrowDown');
    s.key('Enter');
    expect(s.entries.value).toMatchObject([{ kind: 'arxiv', id: '2406.05546' }]);
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(calls).toHaveLength(0);
  });

  it('can be cleared', async () => {
    const { s, recent } = setup();
    recent.list.value = ['luo'];
    await s.clearRecent();
    expect(s.entries.value).toEqual([]);
  });
});
