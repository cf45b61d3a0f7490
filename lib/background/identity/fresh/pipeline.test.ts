import { PRIORITY, priorityOf, type Priority } from '../../catalog/pacer';
import { ONE_CALL_AUTHORS, type CreditBudget, type FreshIdentities, type FreshPaper } from './identifier';
import { createFreshPipeline } from './pipeline';

const paper = (k: number, authors = 4): FreshPaper => ({
  arxivId: `2606.${String(20000 + k)}`,
  primaryCategory: 'cs.LG',
  authors: Array.from({ length: authors }, (_, i) => ({ index: i, name: `Person ${k}-${i}` })),
});

/** A fake identifier whose candidate lookups finish when the test says, and which records each decision's papers. */
function setup() {
  const lookups = new Map<string, { priority: Priority; done: () => void }>();
  const decisions: { ids: string[]; priority: number }[] = [];
  /** The credits each decision may spend. */
  const budgets: (number | undefined)[] = [];
  const timers: (() => void)[] = [];
  /** What decisions wait for before they end (the test may hold them). */
  const hold: { current: Promise<void> } = { current: Promise.resolve() };
  const fresh = {
    decided: async (): Promise<FreshIdentities> => ({ papers: new Map(), profiles: new Map() }),
    prepare: (papers: FreshPaper[], priority: Priority) => new Promise<void>((resolve) => lookups.set(papers[0]!.arxivId, { priority, done: resolve })),
    identify: async (papers: FreshPaper[], { priority, credits }: { priority?: Priority; credits?: CreditBudget } = {}): Promise<FreshIdentities> => {
      // The class only: within it, the nearer paper goes first.
      decisions.push({ ids: papers.map((p) => p.arxivId), priority: Math.floor(priorityOf(priority)) });
      budgets.push(credits?.(papers));
      await hold.current;
      return { papers: new Map(papers.map((p) => [p.arxivId, []])), profiles: new Map() };
    },
  };
  // The wait of a paper in view (a moment, for the papers answered with it) passes; longer waits end when the test says.
  const setTimer = (fn: () => void, ms: number) => {
    if (ms > 0) return (timers.push(fn), () => void timers.splice(timers.indexOf(fn), 1));
    const t = setTimeout(fn, 0);
    return () => clearTimeout(t);
  };
  const pipeline = createFreshPipeline(fresh, { credits: () => 5, setTimer });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { pipeline, lookups, decisions, budgets, timers, settle, hold, finish: (k: number) => lookups.get(paper(k).arxivId)!.done() };
}

describe('fresh pipeline (listings)', () => {
  it('decides a paper the reader is looking at as soon as its candidates are in', async () => {
    const { pipeline, decisions, finish, settle } = setup();
    const ahead = Promise.all(pipeline.identify([1, 2, 3].map((k) => paper(k)), PRIORITY.ahead));
    await settle();
    const seen = Promise.all(pipeline.identify([paper(0)], PRIORITY.view));
    await settle();
    finish(0);
    await seen;
    expect(decisions).toEqual([{ ids: [paper(0).arxivId], priority: PRIORITY.view }]);
    [1, 2, 3].forEach(finish);
    await ahead;
  });

  it('decides the papers in view whose candidates came in the same answer together, with the credits each would have had alone', async () => {
    const { pipeline, decisions, budgets, finish, settle } = setup();
    const seen = Promise.all(pipeline.identify([0, 1, 2].map((k) => paper(k)), PRIORITY.view));
    await settle();
    [0, 1, 2].forEach(finish);
    await seen;
    expect(decisions).toEqual([{ ids: [0, 1, 2].map((k) => paper(k).arxivId), priority: PRIORITY.view }]);
    expect(budgets).toEqual([15]);
  });

  it('while two decisions are under way, the papers ready meanwhile wait and are decided together', async () => {
    const { pipeline, decisions, finish, settle, hold } = setup();
    let release!: () => void;
    hold.current = new Promise((r) => (release = r));
    const seen = Promise.all(pipeline.identify([0, 1, 2, 3, 4].map((k) => paper(k)), PRIORITY.view));
    await settle();
    for (const k of [0, 1, 2, 3, 4]) {
      finish(k);
      // Its moment of waiting for company passes before the next comes in.
      await settle();
      await settle();
    }
    expect(decisions.map((d) => d.ids.length)).toEqual([1, 1]);
    release();
    await seen;
    expect(decisions.map((d) => d.ids.length)).toEqual([1, 1, 3]);
  });

  it('decides a paper of many authors on its own, as soon as the reader wants it', async () => {
    const { pipeline, decisions, finish, settle } = setup();
    const big = paper(1, ONE_CALL_AUTHORS + 1);
    const both = Promise.all(pipeline.identify([big, paper(2)], PRIORITY.near));
    await settle();
    finish(1);
    finish(2);
    await both;
    // Its decision is many calls: decided with the others, it would hold them back.
    expect(decisions).toEqual([{ ids: [big.arxivId], priority: PRIORITY.near }, { ids: [paper(2).arxivId], priority: PRIORITY.near }]);
  });

  it('looks up the candidates of papers a catalog may yet have without deciding them, and decides them at once once wanted', async () => {
    const { pipeline, lookups, decisions, finish, settle } = setup();
    pipeline.prepare([paper(0), paper(1)], PRIORITY.near);
    await settle();
    expect(priorityOf(lookups.get(paper(0).arxivId)!.priority)).toBeGreaterThan(priorityOf(lookups.get(paper(1).arxivId)!.priority));
    finish(1);
    await settle();
    expect(decisions).toEqual([]);
    // The reader's paper turns out to be in no catalog: its lookups, under way, are raised; no second lookup.
    const seen = Promise.all(pipeline.identify([paper(0)], PRIORITY.view));
    await settle();
    expect(priorityOf(lookups.get(paper(0).arxivId)!.priority)).toBeGreaterThanOrEqual(PRIORITY.view);
    finish(0);
    await seen;
    expect(decisions).toEqual([{ ids: [paper(0).arxivId], priority: PRIORITY.view }]);
  });

  it('decides the papers further down together, sharing their calls', async () => {
    const { pipeline, decisions, finish, settle } = setup();
    const ahead = Promise.all(pipeline.identify([1, 2, 3].map((k) => paper(k)), PRIORITY.ahead));
    await settle();
    finish(1);
    finish(2);
    await settle();
    // Still looking up the third: the first two wait for company.
    expect(decisions).toEqual([]);
    finish(3);
    await ahead;
    expect(decisions).toEqual([{ ids: [1, 2, 3].map((k) => paper(k).arxivId), priority: PRIORITY.ahead }]);
  });

  it('puts a nearer paper before a farther one of the same priority, so a decision goes before farther lookups', async () => {
    const { pipeline, lookups, settle } = setup();
    void Promise.all(pipeline.identify([1, 2].map((k) => paper(k)), PRIORITY.ahead));
    await settle();
    const [near, far] = [1, 2].map((k) => priorityOf(lookups.get(paper(k).arxivId)!.priority));
    expect(near).toBeGreaterThan(far!);
    expect(Math.floor(far!)).toBe(PRIORITY.ahead);
  });

  it('decides what waits once enough authors fill the calls, or after a while', async () => {
    const { pipeline, decisions, finish, settle, timers } = setup();
    const many = Promise.all(pipeline.identify(Array.from({ length: 30 }, (_, k) => paper(k, 10)), PRIORITY.ahead));
    await settle();
    for (let k = 0; k < 8; k++) finish(k);
    await settle();
    expect(decisions.map((d) => d.ids.length)).toEqual([8]); // 80 authors: a full call
    finish(8);
    await settle();
    expect(decisions).toHaveLength(1);
    timers.shift()!(); // a few seconds later
    await settle();
    expect(decisions.map((d) => d.ids.length)).toEqual([8, 1]);
    for (let k = 9; k < 30; k++) finish(k);
    await many;
  });

  it('raises a paper being looked up ahead when the reader reaches it, and decides it without waiting for its block', async () => {
    const { pipeline, lookups, decisions, finish, settle } = setup();
    const block = Promise.all(pipeline.identify([1, 2, 3].map((k) => paper(k)), PRIORITY.ahead));
    await settle();
    const reached = Promise.all(pipeline.identify([paper(2)], PRIORITY.view));
    await settle();
    expect(Math.floor(priorityOf(lookups.get(paper(2).arxivId)!.priority))).toBe(PRIORITY.view);
    expect(Math.floor(priorityOf(lookups.get(paper(1).arxivId)!.priority))).toBe(PRIORITY.ahead);
    finish(2);
    await reached;
    expect(decisions).toEqual([{ ids: [paper(2).arxivId], priority: PRIORITY.view }]);
    finish(1);
    finish(3);
    await block;
    expect(decisions[1]!.ids).toEqual([paper(1).arxivId, paper(3).arxivId]);
  });
});
