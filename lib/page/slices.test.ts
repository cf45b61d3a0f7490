import { inSlices } from './slices';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A clock that each item of work moves on by `costMs`. */
function work(costMs: number) {
  let t = 0;
  const done: number[] = [];
  return { done, now: () => t, fn: (i: number) => { t += costMs; done.push(i); } };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('inSlices', () => {
  it('does as much as fits in the time budget at once, the rest in later tasks, in order', async () => {
    const w = work(3);
    const yields = vi.spyOn(globalThis, 'setTimeout');
    inSlices(items(10), w.fn, new AbortController().signal, { budgetMs: 8, now: w.now });
    expect(w.done).toEqual([0, 1, 2]); // 9 ms ≥ 8: the page gets a turn
    await vi.runAllTimersAsync();
    expect(w.done).toEqual(items(10));
    expect(yields).toHaveBeenCalledTimes(3); // slices of 3, 3, 3 and 1
  });

  it('always makes progress, even when one item outlasts the budget', async () => {
    const w = work(50);
    inSlices(items(3), w.fn, new AbortController().signal, { budgetMs: 8, now: w.now });
    expect(w.done).toEqual([0]);
    await vi.runAllTimersAsync();
    expect(w.done).toEqual([0, 1, 2]);
  });

  it('stops between slices once aborted', async () => {
    const w = work(5);
    const stop = new AbortController();
    inSlices(items(10), w.fn, stop.signal, { budgetMs: 8, now: w.now });
    stop.abort();
    await vi.runAllTimersAsync();
    expect(w.done).toEqual([0, 1]);
  });
});
