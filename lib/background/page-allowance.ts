/**
 * What one arXiv page may make Weft spend: a daily share per tab, in OpenAlex credits (list
 * calls) and catalog requests, that no one tab can exceed (docs/reliability.md, Messages). A
 * message is weighed by what it may cost, not counted as one: before it is answered, what it
 * could cost with nothing cached (every paper it names one no catalog has, every author name an
 * autocomplete, every paper in view decided on its own) must fit what the tab has left (messages
 * still being answered count at that much until charged: one that fits only once they are
 * charged waits for them, a fast reader's many messages are not refused for costs never spent); once
 * answered, it is charged what its answer shows was needed (the papers no catalog had), and the
 * identifications by what they did spend, as the identifier tells once each ends (the papers
 * coming up, and those answered `identifying`, are decided after the answer: charged an
 * estimate until then). Each part of a paper's cost (its lookup, its
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
import type { BatchAnswer } from './identity/paper-batches';
import { freshAuthors, LISTING_CREDITS, type FreshIdentifier, type IdentifySpend } from './identity/fresh/identifier';
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
/** A paper's own page: at most this many credits (list calls) for the evidence (docs/identity.md, Cost). */
const PAGE_IDENTIFY: Cost = { requests: 5, credits: 5 };

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
 * answers (identity/paper-batches.ts, services/paper.ts), and serve its identifying later.
 */
const candidates = (names: number): Cost => ({ requests: names, credits: 0 });
const AT_MOST = costs((n, size) => Math.ceil(n / size));
const SHARE = costs((n, size) => n / size);

const figuresKey = (arxivId: string) => `${arxivId}#figures`;
/** A paper's own page: its OpenAlex work and Semantic Scholar paper, and the figures of the first authors. */
const paperLookups = ({ names, eager = 0 }: { names: readonly string[]; eager?: number }): Cost => add({ requests: 2, credits: 0 }, AT_MOST.figures(Math.min(eager, names.length)));

const candidatesKey = (arxivId: string) => `${arxivId}#candidates`;
const identifyKey = (arxivId: string) => `${arxivId}#identify`;

/** The most one paper's identification may spend when it is decided on its own (a paper the reader is looking at). */
const alone = (p: { arxivId: string; names: readonly string[] }) => LISTING_CREDITS([{ arxivId: p.arxivId, primaryCategory: null, authors: freshAuthors(p.names) }]);

interface TabSpend extends Cost {
  /** Papers (and author ids) this tab has been charged for since the worker started. */
  seen: Set<string>;
  /** Papers of this tab that OpenAlex turned out to lack: only they, and papers not yet resolved, may need identifying. */
  lacking: Set<string>;
  /** Identifications charged at an estimate while they run: what they spent replaces it once told. */
  estimated: Map<string, Cost>;
  /** What the messages being answered may cost at most, held (part of the spend above) until each is charged what it did. */
  held: Cost;
  /** Called as each message being answered is charged. */
  waiting: (() => void)[];
}

const newTab = (): TabSpend => ({ requests: 0, credits: 0, seen: new Set(), lacking: new Set(), estimated: new Map(), held: { ...FREE }, waiting: [] });
/** Identifications whose spend was told before a tab was charged for them, kept at most this many. */
const KNOWN_MAX = 5_000;

export type PageAllowance = ReturnType<typeof createPageAllowance>;

export interface PageAllowanceOptions {
  now?: () => number;
  daily?: Cost;
  /** Where the day's spend is kept; null keeps it in memory only. */
  store?: { get(): Promise<unknown>; set(value: unknown): Promise<void> } | null;
  /** Tells what each identification of papers no catalog has spent (identity/fresh/identifier.ts). */
  identifier?: Pick<FreshIdentifier, 'onSpent'>;
}

const sessionStore = {
  get: async () => (await browser.storage.session.get(STORE_KEY))[STORE_KEY],
  set: (value: unknown) => browser.storage.session.set({ [STORE_KEY]: value }),
};

export function createPageAllowance({ now = Date.now, daily = { requests: PAGE_DAILY_REQUESTS, credits: PAGE_DAILY_CREDITS }, store = sessionStore, identifier }: PageAllowanceOptions = {}) {
  let day = '';
  let tabs = new Map<number, TabSpend>();
  /** What identifications spent, by paper, told before any tab was charged for them (a paper in view is decided before its answer). */
  let known = new Map<string, Cost>();
  let loaded: Promise<void> | null = null;
  let saving: Promise<void> = Promise.resolve();

  const today = () => new Date(now()).toISOString().slice(0, 10);
  /** The day's spend, started afresh at midnight UTC (when OpenAlex's allowance resets too). */
  function current(): Map<number, TabSpend> {
    if (day !== today()) {
      day = today();
      tabs = new Map();
      known = new Map();
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
          const tab = spent.get(Number(id)) ?? newTab();
          spent.set(Number(id), { ...tab, requests: tab.requests + n(c?.requests), credits: tab.credits + n(c?.credits) });
        }
      },
      (e: unknown) => console.warn('Weft: could not read what pages spent today', e),
    );
    return loaded;
  }

  function save(): void {
    // What is only held for messages being answered is not spent: a restarted worker does not count it.
    const value = { day, tabs: Object.fromEntries([...current()].map(([id, t]) => [id, { requests: t.requests - t.held.requests, credits: t.credits - t.held.credits }])) };
    saving = saving.then(() => store?.set(value)).catch((e: unknown) => console.warn('Weft: could not keep what pages spent today', e));
  }

  function tabOf(sender: Sender): TabSpend {
    const spent = current();
    const id = sender.tab?.id ?? -1;
    let tab = spent.get(id);
    if (!tab) spent.set(id, (tab = newTab()));
    return tab;
  }

  /** An identification ended: each tab charged an estimate for its papers is charged what it spent instead (a share by authors). */
  function identified({ papers, credits }: IdentifySpend): void {
    const authors = papers.reduce((n, p) => n + p.authors, 0) || 1;
    for (const p of papers) {
      const share = (credits * p.authors) / authors;
      const spent: Cost = { requests: share, credits: share };
      let charged = false;
      for (const tab of current().values()) {
        const estimate = tab.estimated.get(p.arxivId);
        if (!estimate) continue;
        tab.estimated.delete(p.arxivId);
        tab.requests += spent.requests - estimate.requests;
        tab.credits += spent.credits - estimate.credits;
        charged = true;
      }
      if (charged) continue;
      known.set(p.arxivId, spent);
      if (known.size > KNOWN_MAX) known.delete(known.keys().next().value!);
    }
    save();
  }
  identifier?.onSpent(identified);

  /** The shared works of paper `id`, charged once to `tab`: what they spent when told already, else `estimate` until then. */
  function sharedWorks(tab: TabSpend, id: string, estimate: Cost): Cost {
    const spent = known.get(id);
    known.delete(id);
    if (!spent) tab.estimated.set(id, estimate);
    return spent ?? estimate;
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
        const looked = namesOf(named.filter((p) => isNew.has(candidatesKey(p.arxivId)) && mayLack(p.arxivId)));
        // A paper in view not decided yet may be decided on its own (identity/fresh/pipeline.ts), before the answer;
        // those coming up are decided with others, after it. A paper already charged an estimate is not
        // weighed again: a listing asks for a paper still being identified again, apart from papers with a record (listing-profiles.ts),
        // and many such messages wait at once.
        const undecided = (id: string) => mayLack(id) && isNew.has(identifyKey(id));
        const inView = r.papers.filter((p) => undecided(p.arxivId)).reduce((n, p) => n + alone(p), 0);
        const asked = new Set(r.papers.map((p) => p.arxivId));
        const coming = namesOf(r.upcoming.filter((p) => !asked.has(p.arxivId) && isNew.has(identifyKey(p.arxivId)) && mayLack(p.arxivId)));
        return [AT_MOST.resolving(resolved), AT_MOST.figures(shown), candidates(looked), { requests: inView, credits: inView }, AT_MOST.identifying(coming)].reduce(add);
      }
      case 'paper-authors':
        // Its two paper lookups and eager figures; where OpenAlex lacks the paper, the candidates' lookups too.
        return add(fresh(tab, [r.arxivId], false).length ? paperLookups(r) : FREE, fresh(tab, [candidatesKey(r.arxivId)], false).length ? candidates(namesOf([r])) : FREE);
      case 'paper-identify':
        return fresh(tab, [identifyKey(r.arxivId)], false).length ? add(PAGE_IDENTIFY, fresh(tab, [candidatesKey(r.arxivId)], false).length ? candidates(namesOf([r])) : FREE) : FREE;
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
    if (r.type === 'paper-identify') {
      const looked = fresh(tab, [candidatesKey(r.arxivId)], true).length ? candidates(namesOf([r])) : FREE;
      return add(looked, fresh(tab, [identifyKey(r.arxivId)], true).length ? sharedWorks(tab, r.arxivId, PAGE_IDENTIFY) : FREE);
    }
    if (r.type !== 'papers-authors') {
      const cost = upperBound(tab, r);
      switch (r.type) {
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
    // One answered `unresolved` (Semantic Scholar has not answered for it yet) is charged when asked again, its source known.
    const source = new Map(answers.map((a) => [a.arxivId, 'source' in a ? a.source : 'identifying' in a && !a.unresolved ? 'fresh' as const : null]));
    // A paper answered `identifying` is still being identified once the message ends: it is
    // charged an estimate, as the papers coming up are, until its identification tells what it
    // spent, so its asking again costs nothing more. Not as much as it may spend decided on its
    // own: under the catalogs' caps a reader passes dozens of papers still being identified, and
    // their bounds together paused a page that spent a third of its share.
    const lacking = new Set(unindexed);
    for (const id of unindexed) tab.lacking.add(id);
    for (const a of answers) if (source.get(a.arxivId) === 'fresh' || 'identifying' in a) tab.lacking.add(a.arxivId);
    const resolved = fresh(tab, [...r.papers.map((p) => p.arxivId), ...r.ahead], true).length;
    // Figures come from OpenAlex for its records and for the people identified; Semantic Scholar's records carry their own.
    const shown = r.papers.filter((p) => (source.get(p.arxivId) === 'openalex' || source.get(p.arxivId) === 'fresh') && fresh(tab, [figuresKey(p.arxivId)], true).length);
    // Candidates were looked up for the papers shown that OpenAlex lacks, and for those coming up that it lacks;
    // shared works asked for the papers shown that no catalog has (decided by now), and for those coming up.
    const upcoming = r.upcoming.filter((p) => lacking.has(p.arxivId));
    const looked = namesOf(byId([...r.papers.filter((p) => source.get(p.arxivId) === 's2' || source.get(p.arxivId) === 'fresh'), ...upcoming])
      .filter((p) => fresh(tab, [candidatesKey(p.arxivId)], true).length));
    const works = byId([...r.papers.filter((p) => source.get(p.arxivId) === 'fresh'), ...upcoming])
      .filter((p) => fresh(tab, [identifyKey(p.arxivId)], true).length)
      .map((p) => sharedWorks(tab, p.arxivId, SHARE.identifying(namesOf([p]))));
    return [SHARE.resolving(resolved), SHARE.figures(namesOf(shown)), candidates(looked), ...works].reduce(add);
  }

  return {
    /**
     * Runs `answer` for `r` from a page when what it may cost fits the tab's share of the day;
     * else refuses with the time the share is back (the next midnight UTC).
     */
    async spend<T>(sender: Sender, r: WeftRequest, answer: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; retryAt: number }> {
      await load();
      const tab = tabOf(sender);
      let may = upperBound(tab, r);
      const over = (spent: Cost) => (may.credits > 0 && spent.credits + may.credits > daily.credits) || (may.requests > 0 && spent.requests + may.requests > daily.requests);
      // What messages being answered may cost is held, so that messages sent together cannot all
      // pass; they mostly cost far less (what is cached, what a catalog has). So a message that
      // fits what the tab did spend waits for them to be charged; only one that cannot fit is refused.
      while (over(tab)) {
        if (over({ requests: tab.requests - tab.held.requests, credits: tab.credits - tab.held.credits })) return { ok: false, retryAt: allowanceBackAt(null, now()) };
        await new Promise<void>((resolve) => tab.waiting.push(resolve));
        may = upperBound(tab, r);
      }
      const hold = (sign: 1 | -1) => {
        for (const k of ['requests', 'credits'] as const) {
          tab[k] += sign * may[k];
          tab.held[k] += sign * may[k];
        }
      };
      hold(1);
      let value: T;
      try {
        value = await answer();
      } catch (e) {
        hold(-1);
        tab.waiting.splice(0).forEach((wake) => wake());
        throw e;
      }
      hold(-1);
      const cost = charged(tab, r, value);
      tab.requests += cost.requests;
      tab.credits += cost.credits;
      tab.waiting.splice(0).forEach((wake) => wake());
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
