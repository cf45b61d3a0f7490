/**
 * The reader's own data under faults, through the whole background: where it lives (never where
 * a content script can read it), what a page can make Weft spend (follow loops, floods), a spent
 * allowance's pause, an interrupted mark-seen, a bad import, data of a newer Weft.
 */
import { fakeBrowser } from 'wxt/testing';
import type { FollowsState } from '@/lib/background/protocol';
import { dispatch } from '@/lib/background/server';
import { createSenderLimit } from '@/lib/background/sender-limit';
import { SENDER_BURST } from '@/lib/shared/limits';
import { dumpRecords, failUserWrites, putRecords, refusingIndexedDb } from '@/lib/background/user-data/testing';
import { SHAPE_VERSION } from '@/lib/background/user-data/schema';
import { DIGEST_GROUP } from '@/lib/background/same-day/digest';
import { OA_HOST } from '../../e2e/fake-apis.mjs';
import { tried } from '../ledger.mjs';
import { edited, FROM_ARXIV, FROM_POPUP, ID, startBackground, toResponse, type Background, type Route } from './background';

const today = () => new Date().toISOString().slice(0, 10);
const isList = (u: URL) => u.host === OA_HOST && /^\/(authors|works)\/?$/.test(u.pathname);
const listCalls = (bg: Background, from = 0) => bg.requests.slice(from).filter(isList).length;
/** A check for new papers (works since a year), as against learning a researcher's latest works. */
const isCheck = (u: URL) => isList(u) && /publication_year:>/.test(u.searchParams.get('filter') ?? '');

const state = async (bg: Background) => {
  const r = await bg.ask<FollowsState>({ type: 'follows-state' }, FROM_POPUP);
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
};
/** Waits until every followed researcher has a watermark and no check is running. */
const settled = (bg: Background) =>
  vi.waitFor(async () => {
    const s = await state(bg);
    expect(s.follows.every((f) => f.checkedAt !== null) && !s.status.checking).toBe(true);
  }, { timeout: 5000 });

/** A work OpenAlex first indexed today, by `authorId`. */
function newWork(k: number, authorId: string) {
  return {
    id: `https://openalex.org/W48${String(k).padStart(8, '0')}`, doi: null, title: `Gap result ${k}`, display_name: `Gap result ${k}`,
    publication_year: Number(today().slice(0, 4)), publication_date: today(), created_date: today(), type: 'preprint',
    cited_by_count: 0, related_works: [], locations: [], is_authors_truncated: false,
    authorships: [{ author_position: 'first', author: { id: `https://openalex.org/${authorId}`, display_name: `Person ${authorId}` }, institutions: [], raw_author_name: `Person ${authorId}` }],
  };
}

/** List calls answer OpenAlex's "Insufficient budget" 429, with `retryAfter` seconds when given. */
const spentAllowance = (retryAfter?: string): Route => (u, _, fake) => {
  if (!isList(u)) return undefined;
  fake.setTwists({ budgetSpent: true });
  const r = fake.respond('GET', u.href);
  fake.setTwists({ budgetSpent: false });
  return toResponse(retryAfter ? { ...r, headers: { ...r.headers, 'retry-after': retryAfter } } : r);
};

describe('user data under faults', () => {
  it('[user-data-out-of-page-reach] keys, follows, the inbox, corrections and recent searches never in storage.local; an earlier copy there moves once; "Clear cache" keeps them', async () => {
    // What an earlier Weft left where content scripts can read it.
    const A = 'A5000000001';
    await fakeBrowser.storage.local.set({
      apiKeys: { openalex: 'OldOaKey123', s2: '' }, 'apiKeys$': { v: 1 },
      follows: [{ id: A, name: 'Kept Person', followedAt: 1, checkedAt: 1, seen: {} }], 'follows$': { v: 1 },
      corrections: [{ arxivId: ID, index: 0, name: 'X, Y', openalexId: A, coauthors: null, at: 1 }],
      recentSearches: ['OldPrivateQuery'], 'recentSearches$': { v: 1 },
      settings: { version: 2 },
    });
    const bg = startBackground();
    const B = bg.catalog.people[1]!.openalexId!;
    expect(await bg.ask({ type: 'follow', id: B, name: 'New Person' })).toMatchObject({ ok: true });
    expect(await bg.ask({ type: 'settings-set-keys', s2: 'S2SecretKey99' }, FROM_POPUP)).toMatchObject({ ok: true });
    expect(await bg.ask({ type: 'remember-search', query: 'NewPrivateQuery' }, FROM_POPUP)).toMatchObject({ ok: true });
    await settled(bg);
    expect(await bg.ask({ type: 'cache-clear' }, FROM_POPUP)).toMatchObject({ ok: true });

    const local = JSON.stringify(await fakeBrowser.storage.local.get(null));
    for (const secret of ['OldOaKey123', 'S2SecretKey99', A, B, ID, 'PrivateQuery']) expect(local).not.toContain(secret);
    expect(await fakeBrowser.storage.local.get('settings')).toEqual({ settings: { version: 2 } }); // not secret: stays
    expect(await bg.deps.apiKeys.keys()).toEqual({ openalex: 'OldOaKey123', s2: 'S2SecretKey99' });
    const kept = (await state(bg)).follows.map((f) => f.id).sort();
    expect(await bg.deps.corrections.list()).toHaveLength(1);
    expect(await bg.ask({ type: 'recent-searches' }, FROM_POPUP)).toEqual({ ok: true, data: { queries: ['NewPrivateQuery', 'OldPrivateQuery'] } });
    const followsLost = [A, B].filter((id) => !kept.includes(id)).length;
    tried('user-data-out-of-page-reach', { followsLost });
    expect(followsLost).toBe(0);
    // What a content script is told: ids, nothing more.
    expect(await bg.ask({ type: 'followed-ids' })).toEqual({ ok: true, data: { ids: expect.arrayContaining([A, B]) } });
    expect(await bg.ask({ type: 'recent-searches' })).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
  });

  it('[user-data-idb-unavailable] IndexedDB refused to the extension (Firefox, "Never remember history"): follows, keys and the inbox are still kept; keys never in storage.local, and the reader told they last until a restart', async () => {
    // A key an earlier Weft kept in storage.local here: it leaves storage.local.
    await fakeBrowser.storage.local.set({ apiKeys: { openalex: '', s2: 'OldS2KeyInLocal99' }, 'apiKeys$': { v: 1 } });
    const bg = startBackground({ idb: refusingIndexedDb() });
    const A = bg.catalog.people[0]!.openalexId!;
    expect(await bg.ask({ type: 'follow', id: A, name: 'Kept Anyway' })).toMatchObject({ ok: true });
    expect(await bg.ask({ type: 'settings-set-keys', openalex: 'OaKeyKept42' }, FROM_POPUP)).toMatchObject({ ok: true, data: { keysUntilRestart: true } });
    await settled(bg);
    const local = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(local).not.toContain('OaKeyKept42');
    expect(local).not.toContain('OldS2KeyInLocal99');
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain('OaKeyKept42');
    expect(await bg.deps.apiKeys.keys()).toEqual({ openalex: 'OaKeyKept42', s2: 'OldS2KeyInLocal99' });
    bg.fake.addWork(newWork(4, A));
    expect(await bg.ask({ type: 'check-now' }, FROM_POPUP)).toMatchObject({ ok: true, data: { ran: true, found: 1 } });
    const s = await state(bg);
    expect(s.inbox.map((p) => p.title)).toEqual(['Gap result 4']);
    expect(await bg.deps.apiKeys.keys()).toMatchObject({ openalex: 'OaKeyKept42' });
    tried('user-data-idb-unavailable', { followsLost: s.follows.some((f) => f.id === A) ? 0 : 1 });
  });

  it('[user-data-newer-shape] follows and corrections stored by a newer Weft: read as far as they can be, never overwritten', async () => {
    const future = [{ id: 'A5000000002', name: 'Future Person', followedAt: 1, checkedAt: 1, seen: {}, tags: ['x'] }, { id: 'A5000000003', name: { v3: true } }];
    const bg = startBackground();
    const newer = SHAPE_VERSION.follows + 1;
    await putRecords({ key: 'follows', version: newer, value: future }, { key: 'corrections', version: 5, value: { byPaper: {} } });
    expect((await state(bg)).follows.map((f) => f.id)).toEqual(['A5000000002']);
    expect(await bg.ask({ type: 'follow', id: 'A5000000009', name: 'x' })).toMatchObject({ ok: false, error: { kind: 'bad-request', message: /newer version of Weft/ } });
    expect(await bg.ask({ type: 'unfollow', id: 'A5000000002' })).toMatchObject({ ok: false });
    const records = await dumpRecords();
    expect(records.follows).toEqual({ key: 'follows', version: newer, value: future });
    expect(records.corrections).toEqual({ key: 'corrections', version: 5, value: { byPaper: {} } });
    tried('user-data-newer-shape', { followsLost: 0 });
  });

  it('[mark-seen-interrupted] the write of a mark-seen failing midway: nothing half-done, the paper alerted once', async () => {
    const bg = startBackground();
    const A = bg.catalog.people[0]!.openalexId!;
    expect(await bg.ask({ type: 'follow', id: A, name: 'Someone' })).toMatchObject({ ok: true });
    await settled(bg);
    bg.fake.addWork(newWork(1, A));
    expect(await bg.ask({ type: 'check-now' }, FROM_POPUP)).toMatchObject({ ok: true, data: { found: 1 } });
    const [paper] = (await state(bg)).inbox;
    // The inbox's part is stored, the researcher's seen works are not: the worker stopped.
    const failing = failUserWrites((r) => r.key === 'follows');
    expect(await bg.ask({ type: 'mark-seen', papers: [paper!.workId] }, FROM_POPUP)).toMatchObject({ ok: false });
    failing.mockRestore();
    expect((await state(bg)).inbox.map((p) => p.workId)).toEqual([paper!.workId]); // still unseen, not lost
    expect(await bg.ask({ type: 'check-now' }, FROM_POPUP)).toMatchObject({ ok: true, data: { found: 0 } });
    expect(await bg.ask({ type: 'mark-seen', papers: [paper!.workId] }, FROM_POPUP)).toMatchObject({ ok: true });
    expect(await bg.ask({ type: 'check-now' }, FROM_POPUP)).toMatchObject({ ok: true, data: { found: 0 } });
    const inbox = (await state(bg)).inbox;
    tried('mark-seen-interrupted', { duplicateAlerts: inbox.length });
    expect(inbox).toEqual([]);
  });

  it('[import-date-out-of-range] followedAt 1e16 or before 1970 in an imported file: refused, nothing imported, export still works', async () => {
    const bg = startBackground();
    for (const followedAt of [1e16, -1, '+275760-09-14T00:00:00.000Z']) {
      const text = JSON.stringify({ format: 'weft-follows', version: 2, follows: [{ id: 'A5000000004' }, { id: 'A5000000005', followedAt }] });
      const r = await bg.ask<{ ok: boolean }>({ type: 'import-follows', text }, FROM_POPUP);
      expect(r).toMatchObject({ ok: true, data: { ok: false, problem: { kind: 'field', list: 'follows', entry: 2, field: 'followedAt', need: 'date' } } });
    }
    expect((await state(bg)).follows).toEqual([]);
    tried('import-date-out-of-range');
  });

  it('[hostile-import-file] an oversized file, __proto__ keys, control characters, 5,000 corrections: nothing polluted or dropped, the reader’s own corrections kept, the reader told what was left out', async () => {
    const bg = startBackground();
    // The reader's own corrections, made here.
    for (const index of [0, 1, 2]) {
      expect(await bg.ask({ type: 'author-correct', arxivId: ID, index, names: bg.names, openalexId: null, everywhere: false })).toMatchObject({ ok: true });
    }
    const own = await bg.deps.corrections.list();
    const importText = (text: string) => bg.ask<{ ok: boolean; corrections?: { added: number; keptYours: number; overLimit: number }; message?: string }>({ type: 'import-follows', text }, FROM_POPUP);

    // Oversized: refused before anything is read.
    expect(await importText(' '.repeat(1_000_001))).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    // __proto__ keys at every level, and names with control and direction-override characters.
    const hostile = '{"format":"weft-follows","version":2,"__proto__":{"polluted":1},"follows":[{"id":"A5000000007","name":"Evil\\u0000\\u001b[31m Name\\u202e\\u2066x","__proto__":{"polluted":2}}],'
      + `"corrections":[{"__proto__":{"polluted":3},"arxivId":"${ID}","index":7,"name":"Tab\\tName\\u0007","openalexId":null,"coauthors":["Co\\u0000Author"],"constructor":{"prototype":{"polluted":4}}}]}`;
    expect(Object.hasOwn(JSON.parse(hostile) as object, '__proto__')).toBe(true); // a real own key named __proto__
    expect(await importText(hostile)).toMatchObject({ ok: true, data: { ok: true, added: 1, corrections: { added: 1 } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    const followed = (await state(bg)).follows.find((f) => f.id === 'A5000000007')!;
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    const unsafe = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    expect(followed.name).not.toMatch(unsafe);
    expect(Object.keys(followed).sort()).toEqual(Object.keys((await state(bg)).follows[0]!).sort());
    const imported = (await bg.deps.corrections.list()).find((c) => c.index === 7)!;
    expect(imported.name).not.toMatch(unsafe);
    expect(imported.coauthors!.join()).not.toMatch(unsafe);
    expect(Object.keys(imported).sort()).toEqual(['arxivId', 'at', 'coauthors', 'index', 'name', 'openalexId']);

    // 5,000 corrections, one of them for an author the reader corrected here: every one of the
    // reader's own is kept, and the answer says how many of the file's were left out, and why.
    const many = Array.from({ length: 5000 }, (_, k) => ({ arxivId: `2501.${String(100_000 + k).slice(1)}`, index: 0, name: `N${k}, P`, openalexId: `A${5_100_000_000 + k}`, coauthors: null, at: 1 }));
    many[0] = { arxivId: ID, index: 1, name: 'X, Y', openalexId: 'A5100009999', coauthors: null, at: 1 };
    const r = await importText(JSON.stringify({ format: 'weft-follows', version: 2, follows: [], corrections: many }));
    expect(r, JSON.stringify(r).slice(0, 300)).toMatchObject({ ok: true, data: { ok: true, corrections: { keptYours: 1 } } });
    const after = await bg.deps.corrections.list();
    for (const c of own) expect(after).toContainEqual(c);
    expect(after).toContainEqual(expect.objectContaining({ arxivId: ID, index: 7 }));
    expect(after).toHaveLength(5000);
    if (r.ok) expect(r.data.corrections!.added + r.data.corrections!.keptYours + r.data.corrections!.overLimit).toBe(5000);
    tried('hostile-import-file');
  });

  it('[follow-unfollow-loop] 50 follow/unfollow rounds and a burst of 30 follows: first checks coalesced, re-follows free; unfollow keeps the unseen papers and Undo brings them back', async () => {
    const bg = startBackground();
    const A = bg.catalog.people[0]!.openalexId!;
    const from = bg.requests.length;
    for (let i = 0; i < 50; i++) {
      expect(await bg.ask({ type: 'follow', id: A, name: 'Looped' })).toMatchObject({ ok: true });
      expect(await bg.ask({ type: 'unfollow', id: A })).toMatchObject({ ok: true });
    }
    await bg.ask({ type: 'follow', id: A, name: 'Looped' });
    for (let i = 0; i < 30; i++) await bg.ask({ type: 'follow', id: `A59980000${String(i).padStart(2, '0')}`, name: `Burst ${i}` });
    await settled(bg);
    // 31 researchers: one or two first checks of ≤100, not 131; and what same-day alerts learn of
    // them, a call per DIGEST_GROUP researchers of each such batch, not one each.
    const checks = bg.requests.slice(from).filter(isCheck).length;
    expect(checks).toBeLessThanOrEqual(2);
    expect(listCalls(bg, from) - checks).toBeLessThanOrEqual(checks + Math.floor(31 / DIGEST_GROUP));

    bg.fake.addWork(newWork(2, A));
    expect(await bg.ask({ type: 'check-now' }, FROM_POPUP)).toMatchObject({ ok: true, data: { found: 1 } });
    const afterCheck = bg.requests.length;
    const watermark = (await state(bg)).follows.find((f) => f.id === A)!.checkedAt;
    for (let i = 0; i < 20; i++) {
      await bg.ask({ type: 'unfollow', id: A });
      await bg.ask({ type: 'follow', id: A, name: 'Looped' });
    }
    await bg.ask({ type: 'unfollow', id: A });
    expect((await state(bg)).inbox).toEqual([]); // hidden while not followed…
    await bg.ask({ type: 'follow', id: A, name: 'Looped' }); // …and back with Undo
    const s = await state(bg);
    expect(s.inbox.map((p) => p.title)).toEqual(['Gap result 2']);
    expect(s.follows.find((f) => f.id === A)).toMatchObject({ newCount: 1, checkedAt: watermark });
    await new Promise((r) => setTimeout(r, 500)); // longer than first checks are held to coalesce
    await settled(bg);
    expect(listCalls(bg, afterCheck)).toBe(0); // restored as they were: nothing to check
    tried('follow-unfollow-loop', { followsLost: s.follows.length === 31 ? 0 : 1 });
  });

  it('[msg-flood] thousands of ids in one message refused before any request; a page flooding requests is held to its allowance', async () => {
    const bg = startBackground();
    const from = bg.requests.length;
    const ids = Array.from({ length: 5000 }, (_, i) => `A${5_000_000_000 + i}`);
    expect(await bg.ask({ type: 'author-metrics', ids })).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(await bg.ask({ type: 'paper-authors', arxivId: ID, names: Array.from({ length: 7000 }, () => 'A, B'), eager: 100 })).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(await bg.ask({ type: 'mark-seen', papers: Array.from({ length: 501 }, (_, i) => `W${i + 1}`) }, FROM_POPUP)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(bg.requests.length).toBe(from);

    let t = Date.now();
    const limit = createSenderLimit({ now: () => t });
    const flood = (n: number, sender: object = FROM_ARXIV) =>
      Promise.all(Array.from({ length: n }, () => dispatch(bg.handlers, { type: 'followed-ids' }, sender as never, fakeBrowser.runtime.id, limit)));
    const first = await flood(SENDER_BURST + 50);
    expect(first.filter((r) => r.ok)).toHaveLength(SENDER_BURST);
    expect(first.filter((r) => !r.ok)).toEqual(Array(50).fill({ ok: false, error: { kind: 'rate-limited', message: expect.any(String), retryAt: expect.any(Number) } }));
    // another tab, and Weft's own pages, are not held back by it; the page gets more as time passes
    expect((await flood(10, { ...FROM_ARXIV, tab: { id: 8 } })).every((r) => r.ok)).toBe(true);
    expect((await flood(10, FROM_POPUP)).every((r) => r.ok)).toBe(true);
    t += 1000;
    expect((await flood(20)).filter((r) => r.ok).length).toBeGreaterThanOrEqual(5);
    tried('msg-flood');
  });
});

describe('the check pause under faults', () => {
  it('[check-pause-new-key] checks paused by a spent allowance: saving a key ends the pause, "Check now" runs', async () => {
    const spent = spentAllowance();
    let route: Route | undefined = spent;
    const bg = startBackground({ route: (u, i, f) => route?.(u, i, f) });
    const A = bg.catalog.people[0]!.openalexId!;
    await bg.ask({ type: 'follow', id: A, name: 'Someone' });
    await vi.waitFor(async () => expect((await state(bg)).status.retryAt).toBeGreaterThan(Date.now() + 5 * 60_000));
    expect(await bg.ask({ type: 'check-now' }, FROM_POPUP)).toMatchObject({ ok: true, data: { ran: false, reason: 'budget' } });
    route = undefined; // the new key's allowance is there
    expect(await bg.ask({ type: 'settings-set-keys', openalex: 'FreshOaKey42' }, FROM_POPUP)).toMatchObject({ ok: true });
    expect((await state(bg)).status.retryAt).toBeNull();
    expect(await bg.ask({ type: 'check-now' }, FROM_POPUP)).toMatchObject({ ok: true, data: { ran: true, error: null } });
    tried('check-pause-new-key');
  });

  it('[retry-after-huge] "Insufficient budget" with Retry-After: 999999999: checks wait until just past the next UTC midnight, not for years', async () => {
    const bg = startBackground({ route: spentAllowance('999999999') });
    const A = bg.catalog.people[0]!.openalexId!;
    await bg.ask({ type: 'follow', id: A, name: 'Someone' });
    await vi.waitFor(async () => expect((await state(bg)).status.retryAt).not.toBeNull());
    const d = new Date();
    const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
    const { retryAt } = (await state(bg)).status;
    expect(retryAt).toBeGreaterThan(Date.now());
    expect(retryAt).toBeLessThanOrEqual(midnight + 15 * 60_000);
    tried('retry-after-huge');
  });

  it('[follow-during-pause] a researcher followed while checks are paused: the first check after the pause alerts their papers of the gap', async () => {
    let paused = true;
    let later = 0;
    const real = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => real() + later);
    const spent = spentAllowance();
    const bg = startBackground({ route: (u, i, f) => (paused ? spent(u, i, f) : edited(f, u, () => undefined)) });
    const A = bg.catalog.people[2]!.openalexId!;
    expect(await bg.ask({ type: 'follow', id: A, name: 'Followed In The Gap' })).toMatchObject({ ok: true });
    await settled(bg); // the first check could not run: the follow time is the watermark
    bg.fake.addWork(newWork(3, A)); // published during the pause
    paused = false;
    later = 24 * 3_600_000; // the allowance is back
    const r = await bg.ask<{ ran: boolean; found: number }>({ type: 'check-now' }, FROM_POPUP);
    expect(r).toMatchObject({ ok: true, data: { ran: true, found: 1 } });
    expect((await state(bg)).inbox.map((p) => p.title)).toEqual(['Gap result 3']);
    tried('follow-during-pause');
  });
});
