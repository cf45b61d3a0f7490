/**
 * Papers no catalog has, identified as a listing's reader approaches them (docs/identity.md,
 * Listings under the catalogs' limits). Under OpenAlex's per-second cap a block of forty papers
 * takes many seconds of lookups; decided as one batch, its nearest paper would wait for its
 * farthest. So each paper's candidates (step 1, a free request per name) are looked up on their
 * own, at the paper's priority: the nearest come first, and a paper the reader reaches jumps the
 * queue. The papers whose candidates are in are then decided together (steps 2–4, the credits:
 * shared works and profiles, one call for many papers) as soon as one of them is wanted soon,
 * enough of them wait to fill those calls, nothing else is being looked up, or a few seconds have
 * passed.
 */
import { PRIORITY, raise, type PriorityBox } from '../../catalog/pacer';
import type { CreditBudget, FreshIdentifier, FreshIdentities, FreshPaper } from './identifier';

/**
 * Authors that fill a shared-works call: 100 candidate ids a side, about 2.4 candidates per
 * author (docs/identity.md, Cost).
 */
const FLUSH_AUTHORS = 80;
/** How far within its priority class a paper's place in the page order lifts it (less than a class). */
const NEARER = 0.5;
/**
 * The longest a paper whose candidates are in waits for company before it is decided: none when
 * the reader is looking at it, a moment when it is on the next screen, more when further down.
 */
const FLUSH_WAIT_MS = { near: 1_000, ahead: 3_000 };

interface Entry {
  paper: FreshPaper;
  priority: PriorityBox;
  /** Once decided together with others: that decision's priority, raised with this paper's. */
  group: PriorityBox | null;
  decided: Promise<FreshIdentities>;
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
  /** Papers whose candidates are in, waiting to be decided, with what settles them. */
  let ready: { entry: Entry; settle: (p: Promise<FreshIdentities>) => void }[] = [];
  let preparing = 0;
  let cancelTimer: (() => void) | null = null;
  let timerAt = Infinity;
  /** Papers started so far: the earlier, the nearer the reader (pages ask in page order). */
  let started = 0;

  function flush(): void {
    cancelTimer?.();
    cancelTimer = null;
    timerAt = Infinity;
    if (ready.length === 0) return;
    const group = ready;
    ready = [];
    const priority: PriorityBox = { value: Math.max(...group.map(({ entry }) => entry.priority.value)) };
    for (const { entry } of group) entry.group = priority;
    // The reader is looking at one of them: every level of shared works at once (identifier.ts).
    const decided = fresh.identify(group.map(({ entry }) => entry.paper), { credits, priority, eager: priority.value >= PRIORITY.view });
    for (const { settle } of group) settle(decided);
  }

  /** Decides what is ready now, or arms the timer (see the top). */
  function consider(): void {
    if (ready.length === 0) return;
    const most = Math.max(...ready.map(({ entry }) => entry.priority.value));
    const authors = ready.reduce((n, { entry }) => n + entry.paper.authors.length, 0);
    if (most >= PRIORITY.view || authors >= FLUSH_AUTHORS || preparing === 0) return flush();
    const at = Date.now() + (most >= PRIORITY.near ? FLUSH_WAIT_MS.near : FLUSH_WAIT_MS.ahead);
    if (at >= timerAt) return;
    cancelTimer?.();
    timerAt = at;
    cancelTimer = setTimer(flush, at - Date.now());
  }

  function start(paper: FreshPaper, priority: number): Entry {
    // Within its class, a paper nearer the reader goes first: so a group's decision (its
    // shared-works calls) goes before the lookups of papers further down, not behind all of them.
    const box: PriorityBox = { value: priority + NEARER * (1 - Math.min(1, started++ / 1e6)) };
    let settle!: (p: Promise<FreshIdentities>) => void;
    const decided = new Promise<FreshIdentities>((resolve) => (settle = resolve));
    const entry: Entry = { paper, priority: box, group: null, decided };
    entries.set(paper.arxivId, entry);
    preparing++;
    void fresh.prepare([paper], box).then(
      () => {
        preparing--;
        ready.push({ entry, settle });
        consider();
      },
      (error: unknown) => {
        preparing--;
        settle(Promise.reject(error));
        consider();
      },
    );
    const done = () => {
      if (entries.get(paper.arxivId) === entry) entries.delete(paper.arxivId);
    };
    decided.then(done, done);
    return entry;
  }

  return {
    /**
     * Lowers papers still waiting for their candidates to `priority` (the reader scrolled far
     * past them); papers being decided keep theirs.
     */
    lower(ids: string[], priority: number): void {
      for (const id of ids) {
        const entry = entries.get(id);
        if (entry && !entry.group && entry.priority.value > priority) entry.priority.value = priority;
      }
    },

    /**
     * Identities for `papers`, decided with whatever else is on its way; `priority` (pacer.ts
     * PRIORITY) says how soon the reader will look at them, and raises papers already on their way.
     */
    async identify(papers: FreshPaper[], priority: number): Promise<FreshIdentities> {
      const out = await fresh.decided(papers);
      const waiting = papers.filter((p) => !out.papers.has(p.arxivId)).map((p) => {
        const known = entries.get(p.arxivId);
        if (!known || JSON.stringify(known.paper) !== JSON.stringify(p)) return start(p, priority);
        raise(known.priority, priority);
        if (known.group) raise(known.group, priority);
        return known;
      });
      consider();
      for (const found of await Promise.all(waiting.map((e) => e.decided))) {
        for (const p of papers) {
          const identities = found.papers.get(p.arxivId);
          if (!identities || out.papers.has(p.arxivId)) continue;
          out.papers.set(p.arxivId, identities);
          for (const i of identities) {
            const profile = i.openalexId ? found.profiles.get(i.openalexId) : undefined;
            if (profile) out.profiles.set(i.openalexId!, profile);
          }
        }
      }
      return out;
    },
  };
}

export type FreshPipeline = ReturnType<typeof createFreshPipeline>;
