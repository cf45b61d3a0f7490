import { fakeBrowser } from 'wxt/testing';
import { registerFollowAlerts } from './alarms';
import { followFile } from '../../shared/follows/file';
import { createLease } from './lease';
import { MAX_FOLLOWS, type FollowEntry } from '../../shared/follows/model';
import { CHECK_ALARM } from './schedule';
import { createFollowService } from './service';
import { followStore } from './store';
import { fakeOpenAlex, work } from './testing';
import { dumpRecords, freshIndexedDb, putRecords } from '../user-data/testing';

const MIN = 60_000;
/** 2026-06-10 09:00 UTC */
const T0 = Date.UTC(2026, 5, 10, 9);
const TODAY = '2026-06-10';

let t = T0;
const now = () => t;

/** The follow service as the background runs it (listeners registered), on a fake OpenAlex. */
function setup(works = [work('W100', '2025-03-02', ['A1'])]) {
  const oa = fakeOpenAlex(works);
  // First checks at once: none left waiting to run into the next test.
  const service = createFollowService({ openalex: oa.client, lease: createLease({ now }), now, firstCheckDelayMs: 0 });
  registerFollowAlerts(service);
  return { oa, service };
}

const badge = () => fakeBrowser.action.getBadgeText({});
const storedFollows = async () => (await followStore.read()).follows;
/** Waits for the first check that follows a follow (it runs in the background). */
const baselined = (id: string) =>
  vi.waitFor(async () => {
    expect((await storedFollows()).find((f) => f.id === id)?.checkedAt).not.toBeNull();
    expect((await followStore.readStatus()).lastRunAt).not.toBeNull(); // and the check has finished
  });

/** Stores follow data as an earlier session of this Weft left it. */
const stored = (follows: unknown, inbox?: unknown) =>
  putRecords({ key: 'follows', version: 1, value: follows }, ...(inbox === undefined ? [] : [{ key: 'follow-inbox' as const, version: 1, value: inbox }]));

// A first check a test started runs in the background: it ends before the next test's storage.
afterEach(async () => {
  await new Promise((r) => setTimeout(r, 10));
  await vi.waitFor(async () => expect(await createLease({ now }).held()).toBe(false));
});

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
  // Not in the fake browser: the optional-permission event the background listens to.
  vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => undefined);
  t = T0;
});

describe('following', () => {
  it('follows, lists and unfollows a researcher', async () => {
    const { service } = setup();
    expect(await service.follow('A1', '  Ray\n Cao ')).toEqual({ followed: true, limitReached: false });
    expect(await service.followedIds()).toEqual(['A1']);
    await baselined('A1');
    expect((await service.state()).follows).toEqual([
      { id: 'A1', name: 'Ray Cao', followedAt: T0, checkedAt: T0, newCount: 0, unreadable: false },
    ]);
    t += MIN;
    await service.follow('A1', 'Someone Else'); // already followed: nothing changes
    expect(await storedFollows()).toMatchObject([{ name: 'Ray Cao', followedAt: T0 }]);
    await service.unfollow('A1');
    expect(await service.followedIds()).toEqual([]);
  });

  it('keeps the follow list in the user-data database, where content scripts cannot read it', async () => {
    const { service } = setup();
    await service.follow('A1', 'Ray Cao');
    expect((await dumpRecords()).follows?.value).toMatchObject([{ id: 'A1', name: 'Ray Cao' }]);
    expect(await fakeBrowser.storage.local.get(null)).not.toHaveProperty('follows');
  });

  it('refuses to follow more than the limit', async () => {
    const many: FollowEntry[] = Array.from({ length: MAX_FOLLOWS }, (_, i) => ({ id: `A${i + 1}`, name: 'x', followedAt: T0, checkedAt: T0, seen: {} }));
    await stored(many);
    const { service } = setup();
    expect(await service.follow('A999999', 'One Too Many')).toEqual({ followed: false, limitReached: true });
    expect(await storedFollows()).toHaveLength(MAX_FOLLOWS);
  });
});

describe('alerts, end to end in the background', () => {
  it('shows nothing after following, then a paper created today, with its count and badge', async () => {
    const { oa, service } = setup();
    await service.follow('A1', 'Ray Cao');
    await baselined('A1');

    t += 5 * MIN;
    expect(await service.check('manual')).toMatchObject({ ran: true, found: 0 });
    let state = await service.state();
    expect(state.inbox).toEqual([]);
    expect(state.follows[0]!.newCount).toBe(0);
    expect(await badge()).toBe('');

    oa.works.push(work('W200', TODAY, ['A1'], { arxivId: '2606.00001' }));
    t += 5 * MIN;
    expect(await service.check('manual')).toMatchObject({ ran: true, found: 1 });
    state = await service.state();
    expect(state.inbox.map((p) => p.arxivId)).toEqual(['2606.00001']);
    expect(state.follows[0]!.newCount).toBe(1);
    await vi.waitFor(async () => expect(await badge()).toBe('1'));
  });

  it('does not flag what already existed when a researcher was followed', async () => {
    const { service } = setup([work('W300', TODAY, ['A1'])]);
    await service.follow('A1', 'Ray Cao');
    await baselined('A1');
    t += MIN;
    expect(await service.check('manual')).toMatchObject({ found: 0 });
  });

  it('takes an unfollowed researcher’s unseen papers out of the count', async () => {
    const { oa, service } = setup();
    await service.follow('A1', 'Ray Cao');
    await service.follow('A2', 'Li Ming');
    await baselined('A1');
    await baselined('A2');
    oa.works.push(work('W1', TODAY, ['A1']), work('W2', TODAY, ['A2']), work('W3', TODAY, ['A1', 'A2']));
    await service.check('manual');
    await vi.waitFor(async () => expect(await badge()).toBe('3'));

    await service.unfollow('A1');
    const state = await service.state();
    expect(state.inbox.map((p) => p.workId).sort()).toEqual(['W2', 'W3']);
    expect(state.follows).toMatchObject([{ id: 'A2', newCount: 2 }]);
    await vi.waitFor(async () => expect(await badge()).toBe('2'));
  });

  it('marks papers seen for good', async () => {
    const { oa, service } = setup();
    await service.follow('A1', 'Ray Cao');
    await baselined('A1');
    oa.works.push(work('W1', TODAY, ['A1']), work('W2', TODAY, ['A1']));
    await service.check('manual');
    await service.markSeen(['W1']);
    expect((await service.state()).inbox.map((p) => p.workId)).toEqual(['W2']);
    t += MIN;
    await service.check('manual');
    expect((await service.state()).inbox.map((p) => p.workId)).toEqual(['W2']);
    await service.markSeen(null);
    expect((await service.state()).inbox).toEqual([]);
    await vi.waitFor(async () => expect(await badge()).toBe(''));
  });

  it('shows one notification per check that found something, and never twice', async () => {
    fakeBrowser.permissions.contains = vi.fn(async () => true);
    const { oa, service } = setup();
    await service.updateSettings({ notify: true });
    await service.follow('A1', 'Ray Cao');
    await baselined('A1');
    oa.works.push(work('W1', TODAY, ['A1']), work('W2', TODAY, ['A1']));
    await service.check('manual');
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([expect.stringMatching(/^weft-inbox:/)]);
    await fakeBrowser.notifications.clear(Object.keys(await fakeBrowser.notifications.getAll())[0]!);
    t += MIN;
    await service.check('manual');
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });

  it('shows no notification when they are off', async () => {
    fakeBrowser.permissions.contains = vi.fn(async () => true);
    const { oa, service } = setup();
    await service.follow('A1', 'Ray Cao');
    await baselined('A1');
    oa.works.push(work('W1', TODAY, ['A1']));
    await service.check('manual');
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
    // Switching them on later does not announce papers found while they were off.
    await service.updateSettings({ notify: true });
    t += MIN;
    await service.check('manual');
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });
});

describe('export and import', () => {
  it('merges an imported list, ignoring researchers already followed and repeats', async () => {
    const { oa, service } = setup();
    await service.follow('A1', 'Ray Cao');
    await baselined('A1');
    const file = JSON.stringify({
      format: 'weft-follows', version: 1,
      follows: [{ id: 'A1', name: 'Ray Cao' }, { id: 'https://openalex.org/A2', name: 'Li Ming', followedAt: '2026-01-02T00:00:00Z' }, { id: 'A2', name: 'Li Ming' }],
    });
    expect(await service.importFile(file)).toEqual({ ok: true, added: 1, alreadyFollowed: 2 });
    expect(await storedFollows()).toMatchObject([{ id: 'A1' }, { id: 'A2', name: 'Li Ming', followedAt: Date.UTC(2026, 0, 2) }]);
    // Imported researchers get their first (silent) check at once.
    await baselined('A2');
    expect(oa.calls.at(-1)!.ids).toEqual(['A2']);
  });

  it.each([
    ['not JSON', 'this is not json', { kind: 'not-json' }],
    ['another file', JSON.stringify({ hello: 'world' }), { kind: 'not-weft' }],
    ['a bad id', JSON.stringify({ format: 'weft-follows', version: 1, follows: [{ id: 'A1' }, { id: 'javascript:alert(1)' }] }), { kind: 'not-author-id', list: 'follows', entry: 2, value: 'javascript:alert(1)' }],
    ['a newer version', JSON.stringify({ format: 'weft-follows', version: 9, follows: [] }), { kind: 'newer', version: 9 }],
    ['too many', JSON.stringify({ format: 'weft-follows', version: 1, follows: Array.from({ length: MAX_FOLLOWS + 1 }, (_, i) => ({ id: `A${i + 1}` })) }), { kind: 'too-many', list: 'follows', count: MAX_FOLLOWS + 1, max: MAX_FOLLOWS }],
  ])('rejects %s, saying why as data, and changes nothing', async (_, text, problem) => {
    const { service } = setup();
    await service.follow('A1', 'Ray Cao');
    await baselined('A1');
    const before = await dumpRecords();
    const r = await service.importFile(text);
    expect(r).toEqual({ ok: false, problem });
    expect(await dumpRecords()).toEqual(before);
  });

  it('rejects an import that would pass the limit, changing nothing', async () => {
    const many: FollowEntry[] = Array.from({ length: MAX_FOLLOWS - 1 }, (_, i) => ({ id: `A${i + 1}`, name: 'x', followedAt: T0, checkedAt: T0, seen: {} }));
    await stored(many);
    const { service } = setup();
    const r = await service.importFile(JSON.stringify({ format: 'weft-follows', version: 1, follows: [{ id: 'A5000' }, { id: 'A5001' }] }));
    expect(r).toEqual({ ok: false, problem: { kind: 'over-limit', total: MAX_FOLLOWS + 1, max: MAX_FOLLOWS } });
    expect(await storedFollows()).toHaveLength(MAX_FOLLOWS - 1);
  });

  it('moves a list to another browser: export there, import here', async () => {
    const { service } = setup();
    await service.follow('A1', 'Ray Cao');
    t += MIN;
    await service.follow('A2', 'Li “Ming” <b>');
    const file = followFile((await service.state()).follows);
    // The first checks end in this browser: none may write into the next one's database.
    await baselined('A1');
    await baselined('A2');
    fakeBrowser.reset();
    freshIndexedDb();
    const fresh = setup().service;
    expect(await fresh.importFile(file)).toEqual({ ok: true, added: 2, alreadyFollowed: 0 });
    expect((await storedFollows()).map(({ id, name, followedAt }) => ({ id, name, followedAt }))).toEqual([
      { id: 'A2', name: 'Li “Ming” <b>', followedAt: T0 + MIN },
      { id: 'A1', name: 'Ray Cao', followedAt: T0 },
    ]);
  });
});

describe('stored data', () => {
  it('drops a damaged entry and keeps the others', async () => {
    await stored([
      { id: 'A1', name: 'Ray Cao', followedAt: T0, checkedAt: null, seen: {} },
      { id: 'https://evil.example', name: 3 },
      { id: 'A2', name: 'Li Ming', followedAt: T0, checkedAt: T0, seen: { W1: TODAY } },
    ]);
    const { service } = setup();
    expect(await service.followedIds()).toEqual(['A1', 'A2']);
  });

  it('moves follows an earlier Weft kept in storage.local (with or without version metadata) into the database, once', async () => {
    await fakeBrowser.storage.local.set({
      follows: [{ id: 'A1', name: 'Ray Cao', followedAt: T0, checkedAt: T0, seen: {} }],
      'follow-inbox': [],
      'follow-inbox$': { v: 1 },
      settings: { version: 2 },
    });
    const { service } = setup();
    expect(await service.followedIds()).toEqual(['A1']);
    await service.follow('A2', 'Li Ming');
    expect(await service.followedIds()).toEqual(['A1', 'A2']);
    // Only the user data left storage.local; the settings stay.
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ settings: { version: 2 } });
  });

  it('keeps follows a newer Weft stored: read as far as they can be, never overwritten', async () => {
    const future = [{ id: 'A1', name: 'Ray Cao', followedAt: T0, checkedAt: T0, seen: {}, groups: ['x'] }, { id: 'A2', name: { given: 'Li' } }];
    await putRecords({ key: 'follows', version: 3, value: future });
    const { service } = setup();
    expect(await service.followedIds()).toEqual(['A1']);
    await expect(service.follow('A3', 'Someone')).rejects.toThrow(/newer version of Weft/);
    await expect(service.unfollow('A1')).rejects.toThrow(/newer version of Weft/);
    expect((await dumpRecords()).follows).toEqual({ key: 'follows', version: 3, value: future });
  });
});

describe('worker start', () => {
  /** A worker that queues first checks and is stopped before they run. */
  const stoppedWorker = (oa: ReturnType<typeof fakeOpenAlex>) =>
    createFollowService({ openalex: oa.client, lease: createLease({ now }), now, firstCheckDelayMs: 2 ** 31 - 1 });

  it('alerts the papers of a follow whose first check was lost with a stopped worker', async () => {
    const oa = fakeOpenAlex([work('W100', '2025-03-02', ['A1'])]);
    await stoppedWorker(oa).follow('A1', 'Ray Cao');
    t += 10 * MIN;
    oa.works.push(work('W200', TODAY, ['A1'], { arxivId: '2606.00001' }));

    t += 10 * MIN;
    const { service } = setup(oa.works); // the next worker, started for "Check now"
    expect(await service.check('manual')).toMatchObject({ ran: true, found: 1 });
    expect((await service.state()).inbox.map((p) => p.arxivId)).toEqual(['2606.00001']);
    await vi.waitFor(async () => expect(await badge()).toBe('1'));
  });

  it('alerts them too when the next worker is started by the check alarm', async () => {
    const oa = fakeOpenAlex([work('W100', '2025-03-02', ['A1'])]);
    await stoppedWorker(oa).follow('A1', 'Ray Cao');
    oa.works.push(work('W200', TODAY, ['A1']));
    t += 30 * MIN;
    const { service } = setup(oa.works);
    expect(await service.check('alarm')).toMatchObject({ ran: true, found: 1 });
  });

  it('leaves a first check the running worker owes alone: what existed at the follow is not new', async () => {
    const { service } = setup([work('W300', TODAY, ['A1'])]);
    await Promise.all([service.follow('A1', 'Ray Cao'), service.start()]);
    await baselined('A1');
    t += MIN;
    await service.check('manual');
    expect((await service.state()).inbox).toEqual([]);
  });

  it('recreates a missing alarm, due one interval after the last check', async () => {
    await followStore.updateStatus((s) => ({ ...s, lastSuccessAt: T0 - 60 * MIN }));
    const { service } = setup();
    await service.start();
    expect(await fakeBrowser.alarms.get(CHECK_ALARM)).toMatchObject({ periodInMinutes: 360, scheduledTime: T0 + 300 * MIN });
  });

  it('recomputes the toolbar badge from storage', async () => {
    await stored(
      [{ id: 'A1', name: 'Ray Cao', followedAt: T0, checkedAt: T0, seen: {} }],
      [
        { workId: 'W1', arxivId: null, title: 'x', authorNames: [], authorCount: 0, year: 2026, createdDate: TODAY, foundAt: T0, authorIds: ['A1'], notified: true },
        { workId: 'W2', arxivId: null, title: 'y', authorNames: [], authorCount: 0, year: 2026, createdDate: TODAY, foundAt: T0, authorIds: ['A9'], notified: true },
      ],
    );
    await fakeBrowser.action.setBadgeText({ text: '' });
    await setup().service.start();
    expect(await badge()).toBe('1');
  });

  it('reschedules when the reader changes the interval', async () => {
    const { service } = setup();
    await service.start();
    expect(await service.updateSettings({ intervalMinutes: 45 })).toEqual({ intervalMinutes: 45, notify: false, sameDay: true, feed: 'listing' });
    expect(await fakeBrowser.alarms.get(CHECK_ALARM)).toMatchObject({ periodInMinutes: 45 });
    expect((await service.updateSettings({ intervalMinutes: 5 })).intervalMinutes).toBe(30);
  });
});
