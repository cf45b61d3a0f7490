import { createBatcher } from './batcher';
import { PRIORITY } from './pacer';

function setup(max = 3, fail = false, latencyMs = 0) {
  const calls: string[][] = [];
  const batcher = createBatcher<string, string>({
    max,
    windowMs: 5,
    load: async (keys) => {
      calls.push(keys);
      await new Promise((r) => setTimeout(r, latencyMs));
      if (fail) throw new Error('down');
      // "x…" keys are unknown to the catalog
      return new Map(keys.filter((k) => !k.startsWith('x')).map((k) => [k, k.toUpperCase()]));
    },
  });
  return { batcher, calls };
}

const all = (answers: Map<string, Promise<string | undefined>>) =>
  Promise.all([...answers].map(async ([k, p]) => [k, await p] as const)).then((e) => new Map(e));

describe('batcher', () => {
  it('sends full calls at once and the rest when the window closes', async () => {
    const { batcher, calls } = setup(3);
    const answers = batcher.get(['a', 'b', 'c', 'd', 'e']);
    await Promise.resolve();
    expect(calls).toEqual([['a', 'b', 'c']]);
    expect(await all(answers)).toEqual(new Map([['a', 'A'], ['b', 'B'], ['c', 'C'], ['d', 'D'], ['e', 'E']]));
    expect(calls).toEqual([['a', 'b', 'c'], ['d', 'e']]);
  });

  it('puts keys asked for by several callers within the window into one call', async () => {
    const { batcher, calls } = setup(10);
    const one = batcher.get(['a', 'b']);
    const two = batcher.get(['c']);
    await Promise.all([all(one), all(two)]);
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('never asks for a key twice while it is waiting or in flight', async () => {
    const { batcher, calls } = setup(10, false, 30);
    const first = batcher.get(['a', 'b']);
    await new Promise((r) => setTimeout(r, 10)); // in flight now
    const again = batcher.get(['b', 'c']);
    expect(batcher.has('b')).toBe(true);
    await Promise.all([all(first), all(again)]);
    expect(calls.flat().sort()).toEqual(['a', 'b', 'c']);
  });

  it('answers undefined for keys the catalog does not have, and rejects every key of a failed call', async () => {
    const { batcher } = setup(10);
    expect(await all(batcher.get(['a', 'x1']))).toEqual(new Map([['a', 'A'], ['x1', undefined]]));
    const failing = setup(10, true).batcher.get(['a']);
    await expect(failing.get('a')).rejects.toThrow('down');
  });

  it('asks again after a call has finished (the cache, not the batcher, keeps answers)', async () => {
    const { batcher, calls } = setup(10);
    await all(batcher.get(['a']));
    expect(batcher.has('a')).toBe(false);
    await all(batcher.get(['a']));
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('without a limit on calls, keeps keys asked after a call went waiting for their window when it ends, for the callers still to come', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const calls: string[][] = [];
      const batcher = createBatcher<string, string>({
        max: 2,
        windowMs: 50,
        load: async (keys) => {
          calls.push(keys);
          return new Map(keys.map((k) => [k, k.toUpperCase()]));
        },
      });
      // A full call goes at once; the key asked next waits for its window, not for that call's end.
      const first = batcher.get(['a', 'b']);
      const next = batcher.get(['c']);
      expect(await all(first)).toEqual(new Map([['a', 'A'], ['b', 'B']]));
      const more = batcher.get(['d']);
      expect(calls).toEqual([['a', 'b']]);
      await vi.advanceTimersByTimeAsync(50);
      expect(calls).toEqual([['a', 'b'], ['c', 'd']]);
      expect(await Promise.all([all(next), all(more)])).toEqual([new Map([['c', 'C']]), new Map([['d', 'D']])]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with one call at a time, puts every key asked while it is out into the next call, at the most urgent priority', async () => {
    const calls: { keys: string[]; priority: number }[] = [];
    const answer: (() => void)[] = [];
    const batcher = createBatcher<string, string>({
      max: 10,
      windowMs: 5,
      maxCalls: 1,
      load: async (keys, priority) => {
        calls.push({ keys, priority: priority.value });
        await new Promise<void>((r) => answer.push(r));
        return new Map(keys.map((k) => [k, k.toUpperCase()]));
      },
    });
    const first = batcher.get(['a'], PRIORITY.ahead);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // Three requests while the first call is out, over more than a window each.
    const later = [batcher.get(['b'], PRIORITY.ahead), batcher.get(['c', 'a'], PRIORITY.near), batcher.get(['d'], PRIORITY.view)];
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(1);
    answer[0]!();
    expect(await all(first)).toEqual(new Map([['a', 'A']]));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ keys: ['b', 'c', 'd'], priority: PRIORITY.view });
    answer[1]!();
    expect(await Promise.all(later.map(all))).toEqual([new Map([['b', 'B']]), new Map([['c', 'C'], ['a', 'A']]), new Map([['d', 'D']])]);
  });
});
