import { describe, expect, it } from 'vitest';
import { PRIORITY, priorityOf, type Priority } from '../../catalog/pacer';
import type { AuthorSuggestion, CandidateProfile } from '../../catalog/openalex';
import { AUTOCOMPLETE_WINDOW, createNameLookups, NAMES_PER_SEARCH, SEARCH_AFTER_MS, SEARCH_BACKLOG } from './name-lookups';

const profile = (name: string, k = 0) => ({ openalexId: `A${name.length}${k}`, displayName: name, citedBy: k, works: 1, lastKnownInstitutions: [] }) as unknown as CandidateProfile;
const hit = (name: string): AuthorSuggestion => ({ id: `A${name.length}9`, name, hint: null, citedBy: 0, works: 1 });

/** A fake OpenAlex whose searches and autocompletes answer when the test says; a clock the test moves. */
function setup(held: (atLeast: number) => boolean = () => false) {
  const searches: { names: string[]; priority: Priority; answer: (complete?: boolean) => void }[] = [];
  const autocompletes: { name: string; priority: Priority; answer: () => void; fail: () => void }[] = [];
  const timers: (() => void)[] = [];
  const kept: string[][] = [];
  let t = 0;
  const lookups = createNameLookups({
    openalex: {
      at: (priority) => ({
        namesakes: (names: string[]) => new Promise((resolve) => {
          searches.push({ names, priority, answer: (complete = true) => resolve({ profiles: names.map((n) => profile(n)), complete }) });
        }),
        autocomplete: ((_: 'authors', name: string) => new Promise((resolve, reject) => {
          autocompletes.push({ name, priority, answer: () => resolve([hit(name)]), fail: () => reject(new Error('refused')) });
        })) as never,
      }),
    },
    keep: async (profiles) => void kept.push(profiles.map((p) => p.displayName)),
    held,
    now: () => t,
    setTimer: (fn) => void timers.push(fn),
  });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  /** Time passes: `ms`, and the queue looks again. */
  const later = async (ms = 0) => {
    t += ms;
    await tick();
    for (const fn of timers.splice(0)) fn();
    await tick();
  };
  const find = (name: string, priority: Priority, collaboration = false) => lookups.find(name, name, priority, collaboration);
  return { lookups, find, searches, autocompletes, kept, later, tick };
}

const names = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `Person ${from + i}`);

describe('name lookups', () => {
  it('looks up the names of a reader the autocompletes keep pace with by autocomplete, a window at a time, for no credits', async () => {
    const { find, searches, autocompletes, later } = setup();
    const found = names(30).map((n) => find(n, PRIORITY.ahead));
    await later();
    expect(autocompletes).toHaveLength(AUTOCOMPLETE_WINDOW);
    // Names ahead of the reader wait as long as they must: never a search.
    await later(10 * SEARCH_AFTER_MS);
    expect(searches).toEqual([]);
    for (let round = 0; round < 3; round++) {
      expect(autocompletes.length).toBeLessThanOrEqual(AUTOCOMPLETE_WINDOW);
      for (const a of autocompletes.splice(0)) a.answer();
      await later();
    }
    expect(await found[29]).toEqual({ hits: [hit('Person 29')], credits: 0 });
    expect(searches).toEqual([]);
  });

  it('a few names of the reader waiting are left to the autocompletes: they are done sooner', async () => {
    const { find, searches, autocompletes, later } = setup();
    names(AUTOCOMPLETE_WINDOW, 100).map((n) => find(n, PRIORITY.ahead));
    await later();
    // Names in view go into the host's queue past the window of those ahead, a window of their own.
    names(AUTOCOMPLETE_WINDOW + SEARCH_BACKLOG - 1).map((n) => find(n, PRIORITY.view));
    await later(SEARCH_AFTER_MS);
    expect(autocompletes).toHaveLength(2 * AUTOCOMPLETE_WINDOW);
    expect(searches).toEqual([]);
  });

  it('when the reader’s names wait behind the autocompletes, one search takes the most urgent forty, each a share of its ten credits', async () => {
    const { find, searches, autocompletes, kept, later } = setup();
    const ahead = names(20, 100).map((n) => find(n, PRIORITY.ahead));
    await later();
    const inView = names(60).map((n) => find(n, PRIORITY.view));
    await later();
    expect(searches).toEqual([]);
    await later(SEARCH_AFTER_MS);
    // Ten of them went into the host's queue past the ten ahead; the other fifty wait.
    expect(autocompletes.map((a) => a.name)).toEqual([...names(AUTOCOMPLETE_WINDOW, 100), ...names(AUTOCOMPLETE_WINDOW)]);
    expect(searches.map((s) => s.names)).toEqual([names(NAMES_PER_SEARCH, AUTOCOMPLETE_WINDOW)]);
    expect(priorityOf(searches[0]!.priority)).toBe(PRIORITY.view);
    searches[0]!.answer();
    expect(await inView[AUTOCOMPLETE_WINDOW]).toEqual({ hits: [expect.objectContaining({ name: `Person ${AUTOCOMPLETE_WINDOW}` })], credits: 10 / NAMES_PER_SEARCH });
    expect(kept).toHaveLength(1);
    // The next search takes the rest of the reader's names and fills its forty from those ahead.
    await later(SEARCH_AFTER_MS);
    expect(searches[1]!.names).toEqual([...names(10, 50), ...names(10, 110)]);
    void ahead;
  });

  it('a reader a whole search ahead of the autocompletes is caught up by searches alone: freed places take no more names one at a time', async () => {
    const { find, searches, autocompletes, later, tick } = setup();
    const inView = names(2 * AUTOCOMPLETE_WINDOW + 2 * NAMES_PER_SEARCH).map((n) => find(n, PRIORITY.view));
    await later();
    await later(SEARCH_AFTER_MS);
    expect(autocompletes).toHaveLength(2 * AUTOCOMPLETE_WINDOW);
    expect(searches.map((s) => s.names)).toEqual([names(NAMES_PER_SEARCH, 2 * AUTOCOMPLETE_WINDOW)]);
    // Forty more wait: the autocompletes answered are not followed by others.
    for (const a of autocompletes.slice(0, 5)) a.answer();
    await later();
    expect(autocompletes).toHaveLength(2 * AUTOCOMPLETE_WINDOW);
    searches[0]!.answer();
    await tick();
    await later();
    expect(searches.map((s) => s.names)).toEqual([names(NAMES_PER_SEARCH, 2 * AUTOCOMPLETE_WINDOW), names(NAMES_PER_SEARCH, 2 * AUTOCOMPLETE_WINDOW + NAMES_PER_SEARCH)]);
    searches[1]!.answer();
    expect(await inView.at(-1)).toMatchObject({ credits: 10 / NAMES_PER_SEARCH });
  });

  it('a name raised while it waits counts as reached: the queue follows its priority', async () => {
    const { find, searches, later } = setup();
    const boxes = names(40).map(() => ({ value: PRIORITY.ahead as number }));
    names(40).forEach((n, i) => void find(n, boxes[i]!));
    await later(10 * SEARCH_AFTER_MS);
    expect(searches).toEqual([]);
    for (const b of boxes) b.value = PRIORITY.near;
    await later();
    expect(searches).toHaveLength(1);
  });

  it('names of entries the reader scrolled past still loading count as reached, and go before the look-ahead', async () => {
    const { find, searches, later } = setup();
    names(AUTOCOMPLETE_WINDOW + 5, 100).forEach((n) => void find(n, PRIORITY.ahead));
    await later();
    names(SEARCH_BACKLOG).forEach((n) => void find(n, PRIORITY.passed));
    await later(SEARCH_AFTER_MS);
    expect(searches.map((s) => s.names)).toEqual([[...names(SEARCH_BACKLOG), ...names(5, 100 + AUTOCOMPLETE_WINDOW)]]);
  });

  it('searches a collaboration’s names always, pooled, one search at a time, and asks a name once however many ask', async () => {
    const { find, searches, autocompletes, later, tick } = setup();
    const found = names(100).map((n) => find(n, PRIORITY.ahead, true));
    expect(find('Person 3', PRIORITY.ahead, true)).toBe(found[3]);
    await later(50);
    expect(autocompletes).toEqual([]);
    expect(searches.map((s) => s.names.length)).toEqual([NAMES_PER_SEARCH]);
    searches[0]!.answer();
    await tick();
    await later(50);
    searches[1]!.answer();
    await tick();
    await later(50);
    searches[2]!.answer();
    const answers = await Promise.all(found);
    expect(searches.map((s) => s.names.length)).toEqual([40, 40, 20]);
    expect(answers[99]!.credits).toBe(10 / 20);
  });

  it('a collaboration’s search leaves the reader’s few names to their autocompletes, sooner answered', async () => {
    const { find, searches, autocompletes, later } = setup();
    names(3).forEach((n) => void find(n, PRIORITY.view));
    void find('Ann Lee', PRIORITY.ahead, true);
    await later(50);
    expect(autocompletes.map((a) => a.name)).toEqual(names(3));
    expect(searches.map((s) => s.names)).toEqual([['Ann Lee']]);
  });

  it('holds searches further down while the reader’s screen is identified, and the next screen’s while the first screen is', async () => {
    /** The most urgent paper being identified. */
    let identifying: number = PRIORITY.first;
    const { find, searches, later } = setup((atLeast) => identifying >= atLeast);
    const ahead = find('Ann Lee', PRIORITY.ahead, true);
    const near = find('Di Wu', PRIORITY.near, true);
    await later(50);
    await later(50);
    expect(searches).toEqual([]);
    // The first screen is done; a paper in view (a later screen) is being identified.
    identifying = PRIORITY.view;
    await later(250);
    expect(searches.map((s) => s.names)).toEqual([['Di Wu', 'Ann Lee']]);
    searches[0]!.answer();
    await Promise.all([ahead, near]);
    const further = find('Bo Li', PRIORITY.ahead, true);
    await later(250);
    expect(searches).toHaveLength(1);
    // A name in view is searched whatever is being identified.
    const inView = find('Cy Ng', PRIORITY.view, true);
    await later(50);
    expect(searches[1]!.names).toEqual(['Cy Ng', 'Bo Li']);
    searches[1]!.answer();
    await Promise.all([further, inView]);
  });

  it('leaves the names of a search cut short or failed to the autocompletes, and passes on an autocomplete’s failure', async () => {
    const { find, searches, autocompletes, kept, later } = setup();
    const found = find('Ann Lee', PRIORITY.ahead, true);
    const refused = find('Bo Li', PRIORITY.ahead);
    await later(50);
    searches[0]!.answer(false);
    await later();
    expect(kept).toEqual([]);
    expect(autocompletes.map((a) => a.name).sort()).toEqual(['Ann Lee', 'Bo Li']);
    autocompletes.find((a) => a.name === 'Ann Lee')!.answer();
    autocompletes.find((a) => a.name === 'Bo Li')!.fail();
    expect(await found).toEqual({ hits: [hit('Ann Lee')], credits: 0 });
    await expect(refused).rejects.toThrow('refused');
  });
});
