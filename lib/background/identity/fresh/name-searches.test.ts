import { describe, expect, it } from 'vitest';
import { PRIORITY, priorityOf, type Priority } from '../../catalog/pacer';
import type { CandidateProfile } from '../../catalog/openalex';
import { createNameSearches, NAMES_PER_SEARCH } from './name-searches';

const profile = (name: string) => ({ openalexId: `A${name.length}`, displayName: name }) as CandidateProfile;

/** A fake OpenAlex whose searches answer when the test says; records each search's names and priority. */
function setup(held = () => false) {
  const calls: { names: string[]; priority: Priority; answer: (complete?: boolean) => void }[] = [];
  const timers: (() => void)[] = [];
  const kept: string[][] = [];
  const searches = createNameSearches({
    openalex: {
      at: (priority) => ({
        namesakes: (names: string[]) => new Promise((resolve) => {
          calls.push({ names, priority, answer: (complete = true) => resolve({ profiles: names.map(profile), complete }) });
        }),
      }),
    },
    keep: async (profiles) => void kept.push(profiles.map((p) => p.displayName)),
    held,
    setTimer: (fn) => void timers.push(fn),
  });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const fire = async () => {
    for (const fn of timers.splice(0)) fn();
    await tick();
  };
  return { searches, calls, kept, fire, tick };
}

const names = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `Person ${from + i}`);

describe('name searches', () => {
  it('pools the names asked within a moment into searches of 40, one at a time, each name a share of its credits', async () => {
    const { searches, calls, kept, fire, tick } = setup();
    const found = names(100).map((n) => searches.find(n, n, PRIORITY.ahead));
    await fire();
    // One search in flight; the other names wait for it.
    expect(calls.map((c) => c.names.length)).toEqual([NAMES_PER_SEARCH]);
    calls[0]!.answer();
    await tick();
    expect(calls.map((c) => c.names.length)).toEqual([NAMES_PER_SEARCH, NAMES_PER_SEARCH]);
    calls[1]!.answer();
    await tick();
    calls[2]!.answer();
    const answers = await Promise.all(found);
    expect(calls.map((c) => c.names.length)).toEqual([40, 40, 20]);
    expect(answers[0]).toEqual({ profiles: calls[0]!.names.map(profile), credits: 10 / 40 });
    expect(answers[99]!.credits).toBe(10 / 20);
    expect(kept).toHaveLength(3);
  });

  it('asks a name once however many ask for it, and the next search takes the most urgent names first', async () => {
    const { searches, calls, fire, tick } = setup();
    searches.find('a', 'Ann Lee', PRIORITY.ahead);
    await fire();
    const late = names(50, 100).map((n) => searches.find(n, n, PRIORITY.passed));
    const sooner = searches.find('b', 'Bo Li', PRIORITY.ahead + 1);
    expect(searches.find('b', 'Bo Li', PRIORITY.ahead)).toBe(sooner);
    calls[0]!.answer();
    await tick();
    expect(calls[1]!.names[0]).toBe('Bo Li');
    // The call goes at the priority of the most urgent name in it.
    expect(priorityOf(calls[1]!.priority)).toBe(PRIORITY.ahead + 1);
    expect(calls[1]!.names).toHaveLength(NAMES_PER_SEARCH);
    calls[1]!.answer();
    await tick();
    calls[2]!.answer();
    await Promise.all([...late, sooner]);
  });

  it('holds searches for names less urgent while a paper in view is being identified, not those of a paper in view', async () => {
    let waits = true;
    const { searches, calls, fire } = setup(() => waits);
    const ahead = searches.find('a', 'Ann Lee', PRIORITY.ahead);
    await fire();
    await fire();
    expect(calls).toEqual([]);
    const large = searches.find('c', 'Cy Ng', PRIORITY.view);
    await fire();
    expect(calls.map((c) => c.names)).toEqual([['Cy Ng', 'Ann Lee']]);
    calls[0]!.answer();
    await Promise.all([ahead, large]);
    searches.find('b', 'Bo Li', PRIORITY.ahead);
    await fire();
    expect(calls).toHaveLength(1);
    waits = false;
    await fire();
    expect(calls[1]!.names).toEqual(['Bo Li']);
  });

  it('answers nothing for the names of a search cut short or failed, so their autocompletes answer', async () => {
    const { searches, calls, kept, fire } = setup();
    const found = searches.find('a', 'Ann Lee', PRIORITY.ahead);
    await fire();
    calls[0]!.answer(false);
    expect(await found).toBeUndefined();
    expect(kept).toEqual([]);
  });
});
