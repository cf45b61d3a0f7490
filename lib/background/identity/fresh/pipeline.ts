/**
 * Papers no catalog has, identified as a listing's reader approaches them (docs/identity.md,
 * Listings under the catalogs' limits). Under OpenAlex's per-second cap a block of forty papers
 * takes many seconds of lookups; decided as one batch, its nearest paper would wait for its
 * farthest. So each paper's candidates (step 1: its names, name-lookups.ts) are looked up on their
 * own, at the paper's priority: the nearest come first, and a paper the reader reaches jumps the
 * queue. The papers whose candidates are in are then decided together (steps 2–4, the credits:
 * shared works and profiles, one call for many papers) as soon as one of them is wanted now or soon,
 * enough of them wait to fill those calls, nothing else is being looked up, or a few seconds have
 * passed.
 */
import { PRIORITY, raise, type PriorityBox } from '../../catalog/pacer';
import { isLargePaper, type CreditBudget, type FreshIdentifier, type FreshIdentities, type FreshPaper } from './identifier';

/**
 * Authors that fill a shared-works call: 100 candidate ids a side, about 2.4 candidates per
 * author (docs/identity.md, Cost).
 */
const FLUSH_AUTHORS = 80;
/** How far within its priority class a paper's place in the page order lifts it (less than a class). */
const NEARER = 0.5;
/**
 * The longest a paper whose candidates are in waits for company before it is decided: when the
 * reader is looking at it, only for the papers whose candidates came in the same answer (a name
 * search answers for several papers at once); a second when it is on the next screen, more when
 * further down.
 */
const FLUSH_WAIT_MS = { view: 0, near: 1_000, ahead: 3_000 };
/**
 * Decisions of small papers under way at once. Each takes a round trip or two of shared-works
 * calls; the papers ready meanwhile wait for the next, together: a reader who outpaces the host
 * gets a few full calls instead of a call per paper per level (a paper's own hold a handful of
 * its 200 candidate ids).
 */
const DECIDING_AT_ONCE = 2;

interface Entry {
  paper: FreshPaper;
  /** How soon the reader wants it: the priority of its lookups, and of the decision it goes into. */
  priority: PriorityBox;
  /** Once decided together with others: that decision's priority, raised with this paper's. */
  group: PriorityBox | null;
  decided: Promise<FreshIdentities>;
  settle: (p: Promise<FreshIdentities>) => void;
  /** Its candidates are in. */
  prepared: boolean;
  /** Someone waits for its identities (not only for its candidates: see `prepare`). */
  wanted: boolean;
}

export interface FreshPipelineOptions {
  credits: CreditBudget;
  setTimer?: (fn: () => void, ms: number) => () => void;
}

const defaultTimer = (fn: () => void, ms: number) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

export function createFreshPipeline(fresh: Pick<FreshIdentifier, 'identify' | 'decided' | 'prepare'>, { credits, setTimer = defaultTimer }: FreshPipelineOptions) {
  /** Papers on their way, by id. */
  const entries = new Map<string, Entry>();
  /** Papers wanted whose candidates are in, waiting to be decided. */
  let ready: Entry[] = [];
  let preparing = 0;
  /** Decisions of small papers under way (see DECIDING_AT_ONCE). */
  let deciding = 0;
  let cancelTimer: (() => void) | null = null;
  let timerAt = Infinity;
  /** Papers started so far: the earlier, the nearer the reader (pages ask in page order). */
  let started = 0;

  function flush(): void {
    cancelTimer?.();
    cancelTimer = null;
    timerAt = Infinity;
    if (ready.length === 0) return;
    // A paper too large for one profile call takes many calls of its own: decided with the
    // others, it would hold them back.
    const large = ready.filter((entry) => isLargePaper(entry.paper));
    const rest = ready.filter((entry) => !isLargePaper(entry.paper));
    for (const entry of large) decide([entry]);
    // The small ones wait for a decision to end (see DECIDING_AT_ONCE).
    ready = deciding >= DECIDING_AT_ONCE ? rest : [];
    if (rest.length === 0 || ready.length > 0) return;
    deciding++;
    const done = () => {
      deciding--;
      consider();
    };
    decide(rest).then(done, done);
  }

  function decide(group: Entry[]): Promise<FreshIdentities> {
    const priority: PriorityBox = { value: Math.max(...group.map((entry) => entry.priority.value)) };
    for (const entry of group) entry.group = priority;
    // The reader is looking at one of them: every level of shared works at once (identifier.ts),
    // with the credits each paper would have had decided on its own (they are spent as needed:
    // together, their calls are fuller and fewer).
    const eager = priority.value >= PRIORITY.view;
    const budget: CreditBudget = eager ? (papers) => papers.reduce((n, p) => n + credits([p]), 0) : credits;
    const decided = fresh.identify(group.map((entry) => entry.paper), { credits: budget, priority, eager });
    for (const entry of group) entry.settle(decided);
    return decided;
  }

  /** Decides what is ready now, or arms the timer (see the top). */
  function consider(): void {
    if (ready.length === 0) return;
    // A paper of many authors is decided on its own, never waiting for the others' decisions.
    if (deciding >= DECIDING_AT_ONCE && !ready.some((entry) => isLargePaper(entry.paper))) return;
    const most = Math.max(...ready.map((entry) => entry.priority.value));
    const authors = ready.reduce((n, entry) => n + entry.paper.authors.length, 0);
    if (authors >= FLUSH_AUTHORS || preparing === 0) return flush();
    const at = Date.now() + (most >= PRIORITY.view ? FLUSH_WAIT_MS.view : most >= PRIORITY.near ? FLUSH_WAIT_MS.near : FLUSH_WAIT_MS.ahead);
    if (at >= timerAt) return;
    cancelTimer?.();
    timerAt = at;
    cancelTimer = setTimer(flush, at - Date.now());
  }

  function start(paper: FreshPaper, priority: number, wanted: boolean): Entry {
    // Within its class, a paper nearer the reader goes first: so a group's decision (its
    // shared-works calls) goes before the lookups of papers further down, not behind all of them.
    const nearer = NEARER * (1 - Math.min(1, started++ / 1e6));
    const box: PriorityBox = { value: priority + nearer };
    let settle!: (p: Promise<FreshIdentities>) => void;
    const decided = new Promise<FreshIdentities>((resolve) => (settle = resolve));
    const entry: Entry = { paper, priority: box, group: null, decided, settle, prepared: false, wanted };
    entries.set(paper.arxivId, entry);
    const done = () => {
      if (entries.get(paper.arxivId) === entry) entries.delete(paper.arxivId);
    };
    preparing++;
    void fresh.prepare([paper], box).then(
      () => {
        preparing--;
        entry.prepared = true;
        if (entry.wanted) ready.push(entry);
        else done(); // only looked up ahead: a later `identify` finds its candidates in the cache
        consider();
      },
      (error: unknown) => {
        preparing--;
        if (entry.wanted) settle(Promise.reject(error));
        else done();
        consider();
      },
    );
    decided.then(done, done);
    return entry;
  }

  /** The paper's entry, started (wanted or only looked up) or raised to `priority`. */
  function enter(paper: FreshPaper, priority: number, wanted: boolean): Entry {
    const known = entries.get(paper.arxivId);
    if (!known || JSON.stringify(known.paper) !== JSON.stringify(paper)) return start(paper, priority, wanted);
    raise(known.priority, priority);
    if (known.group) raise(known.group, priority);
    if (wanted && !known.wanted) {
      known.wanted = true;
      if (known.prepared) ready.push(known);
    }
    return known;
  }

  return {
    /**
     * Lowers papers still waiting for their candidates to `priority` (the reader scrolled far
     * past them); papers being decided keep theirs.
     */
    lower(ids: string[], priority: number): void {
      for (const id of ids) {
        const entry = entries.get(id);
        if (!entry || entry.group) continue;
        entry.priority.value = Math.min(entry.priority.value, priority);
      }
    },

    /**
     * Looks up the candidates of `papers` (step 1, free) at `priority`, in page order as
     * `identify` does, without deciding them: they may yet turn out to be in a catalog.
     */
    prepare(papers: FreshPaper[], priority: number): void {
      for (const p of papers) enter(p, priority, false);
    },

    /**
     * Per paper, in the order given, the decision it is part of (with the others decided with
     * it), each settling on its own; `priority` (pacer.ts PRIORITY) says how soon the reader
     * will look at them, and raises papers already on their way.
     */
    identify(papers: FreshPaper[], priority: number): Promise<FreshIdentities>[] {
      const entered = fresh.decided(papers).then((known) => {
        const waiting = new Map(papers.filter((p) => !known.papers.has(p.arxivId)).map((p) => [p.arxivId, enter(p, priority, true)] as const));
        consider();
        return { known, waiting };
      });
      return papers.map((p) => entered.then(({ known, waiting }) => waiting.get(p.arxivId)?.decided ?? known));
    },
  };
}

export type FreshPipeline = ReturnType<typeof createFreshPipeline>;
