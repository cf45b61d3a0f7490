/**
 * What one arXiv page may make Weft spend: a daily share per tab, in OpenAlex credits (list
 * calls) and catalog requests, that no one tab can exceed (docs/reliability.md, Messages). A
 * message is weighed by what it may cost, not counted as one: before it is answered, what it
 * could cost with nothing cached (every paper it names one no catalog has, every author name an
 * autocomplete) must fit what the tab has left; once answered, it is charged what its answer
 * shows was needed (the papers no catalog had). Each part of a paper's cost (its lookup, its
 * authors' figures, identifying them) is weighed once per tab: reading a listing again, or
 * scrolling back, costs the tab nothing more, and a paper found in a catalog is not weighed for
 * identifying when it comes into view. A tab past its share is answered `page-paused` (until
 * the next midnight UTC) and says so on the page; its requests that cost nothing (settings,
 * followed ids) still go. Weft's own pages are not limited.
 *
 * The spend is kept in `storage.session` (trusted contexts only), so a stopped and restarted
 * worker does not give a page its share again; a store that fails to read or write leaves the
 * count in memory.
 */
import { browser } from 'wxt/browser';
import type { Sender } from './define-requests';
import type { WeftRequest } from './protocol';
import type { BatchAnswer } from './catalog/paper-batches';
import { allowanceBackAt } from './catalog/allowance';
import { EAGER_AUTHORS, OPENALEX_MAX_OR_VALUES, PAGE_DAILY_CREDITS, PAGE_DAILY_REQUESTS, S2_BATCH_MAX } from '../shared/limits';

export interface Cost {
  /** Catalog requests (free or not). */
  requests: number;
  /** OpenAlex credits: list calls. */
  credits: number;
}

const FREE: Cost = { requests: 0, credits: 0 };
const STORE_KEY = 'weft.pageSpend';
/** Papers no catalog has: a listing spends at most 4 credits per 100 authors identified (docs/identity.md, Cost). */
const AUTHORS_PER_CREDIT = 25;
/** A paper's own page: at most this many credits for the evidence (docs/identity.md, Cost). */
const PAGE_IDENTIFY_CREDITS = 5;

const add = (a: Cost, b: Cost): Cost => ({ requests: a.requests + b.requests, credits: a.credits + b.credits });
/** Each paper once, whichever part of a message names it. */
const byId = <P extends { arxivId: string }>(papers: readonly P[]): P[] => [...new Map(papers.map((p) => [p.arxivId, p])).values()];
const namesOf = (papers: readonly { names: readonly string[] }[]) => papers.reduce((n, p) => n + Math.min(p.names.length, EAGER_AUTHORS), 0);

/**
 * The costs of a message's parts, with `calls(n, size)` the list calls for `n` items of `size`
 * a call: whole calls when weighing what a message may cost, a share of a call once it is
 * answered (calls are filled across messages and tabs).
 */
function costs(calls: (n: number, size: number) => number) {
  return {
    /** Papers resolved: their DOIs, 100 per OpenAlex call, those OpenAlex lacks in one Semantic Scholar batch. */
    resolving: (papers: number): Cost => ({ requests: calls(papers, OPENALEX_MAX_OR_VALUES) + calls(papers, S2_BATCH_MAX), credits: calls(papers, OPENALEX_MAX_OR_VALUES) }),
    /** Author figures, 100 per list call. */
    figures: (ids: number): Cost => ({ requests: calls(ids, OPENALEX_MAX_OR_VALUES), credits: calls(ids, OPENALEX_MAX_OR_VALUES) }),
    /** Identifying `names` authors of papers no catalog has, on a listing: an autocomplete each, then the shared works. */
    identifying: (names: number): Cost => ({ requests: names + calls(names, AUTHORS_PER_CREDIT), credits: calls(names, AUTHORS_PER_CREDIT) }),
  };
}
const AT_MOST = costs((n, size) => Math.ceil(n / size));
const SHARE = costs((n, size) => n / size);

const figuresKey = (arxivId: string) => `${arxivId}#figures`;
const identifyKey = (arxivId: string) => `${arxivId}#identify`;

interface TabSpend extends Cost {
  /** Papers (and author ids) this tab has been charged for since the worker started. */
  seen: Set<string>;
  /** Papers of this tab that OpenAlex turned out to lack: only they, and papers not yet resolved, may need identifying. */
  lacking: Set<string>;
}

export type PageAllowance = ReturnType<typeof createPageAllowance>;

export interface PageAllowanceOptions {
  now?: () => number;
  daily?: Cost;
  /** Where the day's spend is kept; null keeps it in memory only. */
  store?: { get(): Promise<unknown>; set(value: unknown): Promise<void> } | null;
}

const sessionStore = {
  get: async () => (await browser.storage.session.get(STORE_KEY))[STORE_KEY],
  set: (value: unknown) => browser.storage.session.set({ [STORE_KEY]: value }),
};

export function createPageAllowance({ now = Date.now, daily = { requests: PAGE_DAILY_REQUESTS, credits: PAGE_DAILY_CREDITS }, store = sessionStore }: PageAllowanceOptions = {}) {
  let day = '';
  let tabs = new Map<number, TabSpend>();
  let loaded: Promise<void> | null = null;
  let saving: Promise<void> = Promise.resolve();

  const today = () => new Date(now()).toISOString().slice(0, 10);
  /** The day's spend, started afresh at midnight UTC (when OpenAlex's allowance resets too). */
  function current(): Map<number, TabSpend> {
    if (day !== today()) {
      day = today();
      tabs = new Map();
    }
    return tabs;
  }

  function load(): Promise<void> {
    loaded ??= (store?.get() ?? Promise.resolve(undefined)).then(
      (raw) => {
        const saved = raw as { day?: unknown; tabs?: Record<string, Partial<Cost>> } | undefined;
        if (saved?.day !== today() || typeof saved.tabs !== 'object' || !saved.tabs) return;
        const spent = current();
        for (const [id, c] of Object.entries(saved.tabs)) {
          const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);
          const tab = spent.get(Number(id)) ?? { requests: 0, credits: 0, seen: new Set<string>(), lacking: new Set<string>() };
          spent.set(Number(id), { ...tab, requests: tab.requests + n(c?.requests), credits: tab.credits + n(c?.credits) });
        }
      },
      (e: unknown) => console.warn('Weft: could not read what pages spent today', e),
    );
    return loaded;
  }

  function save(): void {
    const value = { day, tabs: Object.fromEntries([...current()].map(([id, t]) => [id, { requests: t.requests, credits: t.credits }])) };
    saving = saving.then(() => store?.set(value)).catch((e: unknown) => console.warn('Weft: could not keep what pages spent today', e));
  }

  function tabOf(sender: Sender): TabSpend {
    const spent = current();
    const id = sender.tab?.id ?? -1;
    let tab = spent.get(id);
    if (!tab) spent.set(id, (tab = { requests: 0, credits: 0, seen: new Set(), lacking: new Set() }));
    return tab;
  }

  /** The part of `ids` this tab has not been charged for; marks them. */
  function fresh(tab: TabSpend, ids: readonly string[], mark: boolean): string[] {
    const out = [...new Set(ids)].filter((id) => !tab.seen.has(id));
    if (mark) for (const id of out) tab.seen.add(id);
    return out;
  }

  /** What `r` may cost at most, with nothing cached, for the part of it new to this tab. */
  function upperBound(tab: TabSpend, r: WeftRequest): Cost {
    switch (r.type) {
      case 'papers-authors': {
        // Resolving a paper (its DOI lookup), its authors' figures and identifying them are weighed apart, each once.
        const isNew = new Set(fresh(tab, [...r.papers.flatMap((p) => [p.arxivId, figuresKey(p.arxivId), identifyKey(p.arxivId)]), ...r.ahead, ...r.upcoming.map((p) => identifyKey(p.arxivId))], false));
        const resolved = new Set([...r.papers.map((p) => p.arxivId), ...r.ahead].filter((id) => isNew.has(id))).size;
        const named = namesOf(r.papers.filter((p) => isNew.has(figuresKey(p.arxivId))));
        // A paper resolved before and found in a catalog needs no identifying: only the others may.
        const mayLack = (id: string) => !tab.seen.has(id) || tab.lacking.has(id);
        const identified = namesOf(byId([...r.papers, ...r.upcoming]).filter((p) => isNew.has(identifyKey(p.arxivId)) && mayLack(p.arxivId)));
        return [AT_MOST.resolving(resolved), AT_MOST.figures(named), AT_MOST.identifying(identified)].reduce(add);
      }
      case 'paper-authors':
        return fresh(tab, [r.arxivId], false).length ? add({ requests: 2, credits: 0 }, AT_MOST.figures(Math.min(r.eager ?? 0, r.names.length))) : FREE;
      case 'paper-identify':
        return fresh(tab, [identifyKey(r.arxivId)], false).length ? { requests: Math.min(r.names.length, EAGER_AUTHORS) + PAGE_IDENTIFY_CREDITS, credits: PAGE_IDENTIFY_CREDITS } : FREE;
      case 'author-metrics':
        return AT_MOST.figures(fresh(tab, r.ids, false).length);
      case 'author-candidates':
      case 'author-correct':
      case 'follow':
        return { requests: 2, credits: 1 };
      case 'paper-s2-authors':
      case 'paper-citations':
      case 'paper-institutions':
      case 'related-papers':
        return fresh(tab, [`${r.arxivId}#${r.type}`], false).length ? { requests: 2, credits: 0 } : FREE;
      default:
        return FREE;
    }
  }

  /** What answering `r` did cost at most, now that the answer says which papers no catalog had. */
  function charged(tab: TabSpend, r: WeftRequest, answer: unknown): Cost {
    if (r.type !== 'papers-authors') {
      const cost = upperBound(tab, r);
      switch (r.type) {
        case 'paper-authors':
        case 'paper-identify':
          fresh(tab, [r.type === 'paper-identify' ? identifyKey(r.arxivId) : r.arxivId], true);
          break;
        case 'author-metrics':
          fresh(tab, r.ids, true);
          break;
        case 'paper-s2-authors':
        case 'paper-citations':
        case 'paper-institutions':
        case 'related-papers':
          fresh(tab, [`${r.arxivId}#${r.type}`], true);
          break;
      }
      return cost;
    }
    const { papers: answers, unindexed } = answer as BatchAnswer;
    const source = new Map(answers.map((a) => [a.arxivId, 'source' in a ? a.source : null]));
    const lacking = new Set(unindexed);
    for (const id of unindexed) tab.lacking.add(id);
    for (const p of r.papers) if (source.get(p.arxivId) === 'fresh') tab.lacking.add(p.arxivId);
    const resolved = fresh(tab, [...r.papers.map((p) => p.arxivId), ...r.ahead], true).length;
    // Figures come from OpenAlex for its records and for the people identified; Semantic Scholar's records carry their own.
    const shown = r.papers.filter((p) => (source.get(p.arxivId) === 'openalex' || source.get(p.arxivId) === 'fresh') && fresh(tab, [figuresKey(p.arxivId)], true).length);
    // Identified: the papers shown that no catalog has, and those coming up that OpenAlex lacks.
    const identified = byId([...r.papers.filter((p) => source.get(p.arxivId) === 'fresh'), ...r.upcoming.filter((p) => lacking.has(p.arxivId))])
      .filter((p) => fresh(tab, [identifyKey(p.arxivId)], true).length);
    return [SHARE.resolving(resolved), SHARE.figures(namesOf(shown)), SHARE.identifying(namesOf(identified))].reduce(add);
  }

  return {
    /**
     * Runs `answer` for `r` from a page when what it may cost fits the tab's share of the day;
     * else refuses with the time the share is back (the next midnight UTC).
     */
    async spend<T>(sender: Sender, r: WeftRequest, answer: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; retryAt: number }> {
      await load();
      const tab = tabOf(sender);
      const may = upperBound(tab, r);
      if ((may.credits && tab.credits + may.credits > daily.credits) || (may.requests && tab.requests + may.requests > daily.requests)) {
        return { ok: false, retryAt: allowanceBackAt(null, now()) };
      }
      // Held while the answer is made, so that messages sent together cannot all pass the check.
      tab.requests += may.requests;
      tab.credits += may.credits;
      let value: T;
      try {
        value = await answer();
      } catch (e) {
        tab.requests -= may.requests;
        tab.credits -= may.credits;
        throw e;
      }
      const cost = charged(tab, r, value);
      tab.requests += Math.min(cost.requests, may.requests) - may.requests;
      tab.credits += Math.min(cost.credits, may.credits) - may.credits;
      if (cost.requests || cost.credits) save();
      return { ok: true, value };
    },
    /** What the tab of `sender` has spent today (tests, diagnostics). */
    spent: (sender: Sender): Cost => {
      const { requests, credits } = tabOf(sender);
      return { requests, credits };
    },
  };
}
