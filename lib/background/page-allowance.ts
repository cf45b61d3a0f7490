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
import type { PaperAuthorsResult, WeftRequest } from './protocol';
import type { BatchAnswer } from './catalog/paper-batches';
import type { ListedPaper } from './catalog/fresh-papers';
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
    /** The shared works of `names` authors of papers no catalog has, on a listing. */
    identifying: (names: number): Cost => ({ requests: calls(names, AUTHORS_PER_CREDIT), credits: calls(names, AUTHORS_PER_CREDIT) }),
  };
}
/**
 * The free lookups of `names` authors of papers OpenAlex lacks, an autocomplete each: they start
 * as soon as OpenAlex says it lacks a paper the reader is looking at, before Semantic Scholar
 * answers (catalog/paper-batches.ts, services/paper.ts), and serve its identifying later.
 */
const candidates = (names: number): Cost => ({ requests: names, credits: 0 });
const AT_MOST = costs((n, size) => Math.ceil(n / size));
const SHARE = costs((n, size) => n / size);

const figuresKey = (arxivId: string) => `${arxivId}#figures`;
/** A paper's own page: its OpenAlex work and Semantic Scholar paper, and the figures of the first authors. */
const paperLookups = ({ names, eager = 0 }: { names: readonly string[]; eager?: number }): Cost => add({ requests: 2, credits: 0 }, AT_MOST.figures(Math.min(eager, names.length)));

const candidatesKey = (arxivId: string) => `${arxivId}#candidates`;
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
        // Resolving a paper (its DOI lookup), its authors' figures, their candidates and their
        // shared works are weighed apart, each once.
        const named = byId([...r.papers, ...r.upcoming]);
        const isNew = new Set(fresh(tab, [...r.papers.flatMap((p) => [p.arxivId, figuresKey(p.arxivId)]), ...r.ahead, ...named.flatMap((p) => [candidatesKey(p.arxivId), identifyKey(p.arxivId)])], false));
        const resolved = new Set([...r.papers.map((p) => p.arxivId), ...r.ahead].filter((id) => isNew.has(id))).size;
        const shown = namesOf(r.papers.filter((p) => isNew.has(figuresKey(p.arxivId))));
        // A paper resolved before and found in a catalog needs no identifying: only the others may.
        const mayLack = (id: string) => !tab.seen.has(id) || tab.lacking.has(id);
        const toIdentify = (key: (id: string) => string) => namesOf(named.filter((p) => isNew.has(key(p.arxivId)) && mayLack(p.arxivId)));
        return [AT_MOST.resolving(resolved), AT_MOST.figures(shown), candidates(toIdentify(candidatesKey)), AT_MOST.identifying(toIdentify(identifyKey))].reduce(add);
      }
      case 'paper-authors':
        // Its two paper lookups and eager figures; where OpenAlex lacks the paper, the candidates' lookups too.
        return add(fresh(tab, [r.arxivId], false).length ? paperLookups(r) : FREE, fresh(tab, [candidatesKey(r.arxivId)], false).length ? candidates(namesOf([r])) : FREE);
      case 'paper-identify':
        return fresh(tab, [identifyKey(r.arxivId)], false).length
          ? add({ requests: PAGE_IDENTIFY_CREDITS, credits: PAGE_IDENTIFY_CREDITS }, fresh(tab, [candidatesKey(r.arxivId)], false).length ? candidates(namesOf([r])) : FREE)
          : FREE;
      case 'author-metrics':
        return AT_MOST.figures(fresh(tab, r.ids, false).length);
      case 'papers-passed': // only gives way to other work
        return FREE;
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
    if (r.type === 'paper-authors') {
      const lookups = fresh(tab, [r.arxivId], true).length ? paperLookups(r) : FREE;
      // Found in OpenAlex: no candidates were looked up.
      const lacked = (answer as PaperAuthorsResult).source !== 'openalex' && fresh(tab, [candidatesKey(r.arxivId)], true).length > 0;
      return add(lookups, lacked ? candidates(namesOf([r])) : FREE);
    }
    if (r.type !== 'papers-authors') {
      const cost = upperBound(tab, r);
      switch (r.type) {
        case 'paper-identify':
          fresh(tab, [identifyKey(r.arxivId), candidatesKey(r.arxivId)], true);
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
    // Candidates were looked up for the papers shown that OpenAlex lacks, and for those coming up that it lacks;
    // shared works asked for the papers shown that no catalog has, and for those coming up.
    const upcoming = r.upcoming.filter((p) => lacking.has(p.arxivId));
    const charge = (papers: ListedPaper[], key: (id: string) => string) => namesOf(byId(papers).filter((p) => fresh(tab, [key(p.arxivId)], true).length));
    const looked = charge([...r.papers.filter((p) => source.get(p.arxivId) === 's2' || source.get(p.arxivId) === 'fresh'), ...upcoming], candidatesKey);
    const identified = charge([...r.papers.filter((p) => source.get(p.arxivId) === 'fresh'), ...upcoming], identifyKey);
    return [SHARE.resolving(resolved), SHARE.figures(namesOf(shown)), candidates(looked), SHARE.identifying(identified)].reduce(add);
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
