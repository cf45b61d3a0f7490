import { fakeBrowser } from 'wxt/testing';
import { CatalogError } from '../../catalog/types';
import { createChecker, type CheckerDeps } from './check';
import { createLease } from './lease';
import type { FollowEntry } from '../../shared/follows/model';
import { followStore } from './store';
import { fakeOpenAlex, work } from './testing';
import { failUserWrites, freshIndexedDb } from '../user-data/testing';

const MIN = 60_000;
/** 2026-06-10 09:00 UTC */
const T0 = Date.UTC(2026, 5, 10, 9);
const TODAY = '2026-06-10';

let t = T0;
const now = () => t;

const entry = (id: string, checkedAt: number | null = T0 - MIN): FollowEntry => ({ id, name: `R ${id}`, followedAt: T0 - 2 * MIN, checkedAt, seen: {} });

async function seedFollows(entries: FollowEntry[]) {
  await followStore.update(({ inbox }) => ({ data: { follows: entries, inbox }, result: null }));
}

function checker(openalex: CheckerDeps['openalex'], opts: Partial<CheckerDeps> = {}) {
  const notify = vi.fn(async () => undefined);
  const c = createChecker({ openalex, store: followStore, lease: createLease({ now }), notify, now, ...opts });
  return { ...c, notify };
}

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
  t = T0;
});

describe('a check', () => {
  it('asks once per 100 followed researchers: 250 → 3 calls', async () => {
    await seedFollows(Array.from({ length: 250 }, (_, i) => entry(`A${i + 1}`)));
    const oa = fakeOpenAlex();
    const outcome = await checker(oa.client).check('manual');
    expect(outcome).toMatchObject({ ran: true, checked: 250, found: 0 });
    expect(oa.calls.map((c) => c.ids.length)).toEqual([100, 100, 50]);
    expect(new Set(oa.calls.flatMap((c) => c.ids)).size).toBe(250);
    expect(oa.calls[0]!.sinceYear).toBe(2026);
  });

  it('asks nothing when nobody is followed', async () => {
    const oa = fakeOpenAlex();
    expect(await checker(oa.client).check('alarm')).toEqual({ ran: false, reason: 'nobody', retryAt: null });
    expect(oa.calls).toEqual([]);
  });

  it('stores new papers and advances the watermark', async () => {
    await seedFollows([entry('A1'), entry('A2')]);
    const oa = fakeOpenAlex([work('W1', TODAY, ['A1']), work('W2', '2025-01-01', ['A2'])]);
    const c = checker(oa.client);
    t = T0 + 10 * MIN;
    expect(await c.check('manual')).toMatchObject({ ran: true, found: 1 });
    const { follows, inbox } = await followStore.read();
    expect(inbox.map((p) => p.workId)).toEqual(['W1']);
    expect(follows.map((f) => f.checkedAt)).toEqual([T0 + 10 * MIN, T0 + 10 * MIN]);
    expect(c.notify).toHaveBeenCalledOnce();
    expect(inbox[0]!.notified).toBe(true);
    expect(await followStore.readStatus()).toMatchObject({ lastSuccessAt: T0 + 10 * MIN, error: null, lastFound: 1, failures: 0 });
  });

  it('advances the watermark only after the papers are stored', async () => {
    await seedFollows([entry('A1')]);
    const oa = fakeOpenAlex([work('W1', TODAY, ['A1'])]);
    const failing = failUserWrites((r) => r.key === 'follow-inbox');
    const outcome = await checker(oa.client).check('manual');
    expect(outcome).toMatchObject({ ran: true, found: 0, error: { kind: 'internal' } });
    expect((await followStore.read()).follows[0]!.checkedAt).toBe(T0 - MIN);

    failing.mockRestore();
    t += MIN;
    expect(await checker(oa.client).check('manual')).toMatchObject({ ran: true, found: 1 });
  });

  it('loses nothing and repeats nothing when the worker dies mid-check', async () => {
    await seedFollows(Array.from({ length: 150 }, (_, i) => entry(`A${i + 1}`)));
    const works = [work('W1', TODAY, ['A5']), work('W2', TODAY, ['A120'])];
    // The first worker gets the first group's answer, then dies waiting for the second.
    const dying = fakeOpenAlex(works);
    let calls = 0;
    dying.client.worksByAuthorsSince = vi.fn(async (ids: string[]) => {
      if (++calls === 2) return new Promise<never>(() => undefined);
      return { works: works.filter((w) => w.authorIds.some((a) => ids.includes(a))), complete: true };
    });
    const first = checker(dying.client);
    void first.check('alarm');
    await vi.waitFor(async () => expect((await followStore.read()).inbox).toHaveLength(1));
    expect(first.notify).not.toHaveBeenCalled();

    // A new worker starts; the dead one's lease holds until it expires.
    const oa = fakeOpenAlex(works);
    const second = checker(oa.client);
    expect(await second.check('manual')).toMatchObject({ ran: false, reason: 'busy' });
    t += 3 * MIN;
    expect(await second.check('manual')).toMatchObject({ ran: true, found: 1 });
    const { inbox, follows } = await followStore.read();
    expect(inbox.map((p) => p.workId).sort()).toEqual(['W1', 'W2']);
    expect(follows.every((f) => f.checkedAt === t)).toBe(true);
    // Both papers are announced once, in one notification, by the run that finished.
    expect(second.notify).toHaveBeenCalledOnce();
    expect((second.notify.mock.calls[0] as unknown[])[0]).toHaveLength(2);
  });

  it('isolates one researcher whose data is malformed and checks the others', async () => {
    await seedFollows(Array.from({ length: 100 }, (_, i) => entry(`A${i + 1}`)));
    const oa = fakeOpenAlex([work('W1', TODAY, ['A3']), work('W2', TODAY, ['A90'])], (ids) =>
      ids.includes('A42') ? new CatalogError('invalid-response', 'OpenAlex works: results.3.id: not an OpenAlex W id') : null);
    const outcome = await checker(oa.client).check('manual');
    expect(outcome).toMatchObject({ ran: true, found: 2, error: null });
    const { follows, inbox } = await followStore.read();
    expect(inbox.map((p) => p.workId).sort()).toEqual(['W1', 'W2']);
    expect(follows.find((f) => f.id === 'A42')!.checkedAt).toBe(T0 - MIN);
    expect(follows.filter((f) => f.checkedAt === T0)).toHaveLength(99);
    expect((await followStore.readStatus()).problems).toEqual({ A42: expect.stringContaining('not an OpenAlex W id') });
    expect(oa.calls.length).toBeLessThanOrEqual(17);
  });

  it('stops for a spent daily budget until the reset time it states', async () => {
    await seedFollows([entry('A1')]);
    const reset = T0 + 5 * 60 * MIN;
    let spent = true;
    const oa = fakeOpenAlex([], () => (spent ? new CatalogError('budget-exhausted', 'daily budget exhausted', reset, 429) : null));
    const c = checker(oa.client);
    expect(await c.check('alarm')).toMatchObject({ ran: true, error: { kind: 'budget-exhausted' } });
    expect(await followStore.readStatus()).toMatchObject({ retryAt: reset, failures: 0 });

    t = reset - MIN;
    expect(await c.check('alarm')).toEqual({ ran: false, reason: 'budget', retryAt: reset });
    expect(await c.check('manual')).toEqual({ ran: false, reason: 'budget', retryAt: reset });
    expect(oa.calls).toHaveLength(1);

    spent = false;
    t = reset + MIN;
    expect(await c.check('alarm')).toMatchObject({ ran: true, error: null });
    expect(await followStore.readStatus()).toMatchObject({ retryAt: null });
  });

  it('backs off after rate limits, 5xx and being offline, and retries when asked', async () => {
    await seedFollows([entry('A1')]);
    let failure: CatalogError | null = new CatalogError('http', 'HTTP 503', null, 503);
    const oa = fakeOpenAlex([], () => failure);
    const c = checker(oa.client);
    await c.check('alarm');
    expect(await followStore.readStatus()).toMatchObject({ failures: 1, retryAt: T0 + 15 * MIN, error: { kind: 'http' } });
    expect((await followStore.read()).follows[0]!.checkedAt).toBe(T0 - MIN);

    t = T0 + 16 * MIN;
    failure = new CatalogError('network', 'offline');
    await c.check('alarm');
    expect(await followStore.readStatus()).toMatchObject({ failures: 2, retryAt: t + 30 * MIN });

    t += MIN;
    expect(await c.check('alarm')).toMatchObject({ ran: false, reason: 'backoff' });
    failure = null;
    expect(await c.check('manual')).toMatchObject({ ran: true, error: null });
    expect(await followStore.readStatus()).toMatchObject({ failures: 0, retryAt: null, error: null });
  });

  it('never runs two checks at once; requests during a check run once after it', async () => {
    await seedFollows([entry('A1')]);
    let active = 0;
    let most = 0;
    const oa = fakeOpenAlex();
    const inner = oa.client.worksByAuthorsSince;
    oa.client.worksByAuthorsSince = async (ids, since) => {
      most = Math.max(most, ++active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      return inner(ids, since);
    };
    const c = checker(oa.client);
    const runs = await Promise.all([c.check('alarm'), c.check('manual'), c.check('manual'), c.check('follow', ['A1'])]);
    expect(most).toBe(1);
    expect(runs.every((r) => r.ran)).toBe(true);
    expect(oa.calls).toHaveLength(2);
  });

  it('finds who a paper is by when the list cut its authors short', async () => {
    await seedFollows([entry('A1'), entry('A2')]);
    const big = work('W7', TODAY, Array.from({ length: 100 }, (_, i) => `A${1000 + i}`), { arxivId: '2606.01234', authorsTruncated: true });
    const oa = fakeOpenAlex([big]);
    oa.setFullAuthors('W7', [...big.authorIds, 'A2']);
    const outcome = await checker(oa.client).check('manual');
    expect(outcome).toMatchObject({ found: 1 });
    expect(oa.singles).toEqual(['2606.01234']);
    expect((await followStore.read()).inbox[0]!.authorIds).toEqual(['A2']);
  });

  it('checks only the researchers asked for, without counting as a full check', async () => {
    await seedFollows([entry('A1'), entry('A2', null)]);
    const oa = fakeOpenAlex();
    await checker(oa.client).check('follow', ['A2']);
    expect(oa.calls.map((c) => c.ids)).toEqual([['A2']]);
    expect((await followStore.readStatus()).lastSuccessAt).toBeNull();
  });
});

describe('cost of a check', () => {
  it('takes under 200 ms of its own for 250 researchers with 50 new works', async () => {
    await seedFollows(Array.from({ length: 250 }, (_, i) => entry(`A${i + 1}`)));
    const works = Array.from({ length: 1500 }, (_, i) =>
      work(`W${i + 1}`, i < 50 ? TODAY : '2026-02-01', [`A${(i % 250) + 1}`, `A${((i * 7) % 250) + 1}`]));
    const oa = fakeOpenAlex(works);
    const c = checker(oa.client);
    const started = performance.now();
    expect(await c.check('manual')).toMatchObject({ ran: true, found: 50 });
    expect(performance.now() - started).toBeLessThan(200);
    expect(oa.calls).toHaveLength(3);
  });
});
