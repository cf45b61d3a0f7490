// @vitest-environment happy-dom
import { fakeBrowser } from 'wxt/testing';
import { newListingHtml, rssXml, type TestEntry } from '../../../e2e/fake-announcement.mjs';
import { readAnnouncementText } from '../../shared/announcement-read';
import type { AuthorSuggestion, DigestWork } from '../catalog/openalex';
import { CatalogError, type PaperRecord } from '../../catalog/types';
import { followStore } from '../follows/store';
import { dumpRecords, freshIndexedDb, putRecords } from '../user-data/testing';
import { createArxivFetch } from './arxiv-fetch';
import { SAME_DAY_ALARM } from './schedule';
import { createSameDay } from './service';
import { MAX_TOPICS } from '../../shared/follows/topics';
import { sameDayStore } from './store';

const utc = (iso: string) => Date.parse(iso);
/** Monday 30 November 2026 announced at 20:00 EST (01:00 UTC): listed Tuesday 1 December. */
const MONDAY_EVENING = utc('2026-12-01T01:40:00Z');

const RAY = 'A1';
const author = (openalexId: string | null, name: string) => ({ name, rawName: null, openalexId, s2Id: null, institutions: [], metrics: null });
/** Ray Cao's latest works: one with Sherry Luo, in computer science. */
const RAYS_WORKS: DigestWork[] = [{ id: 'W1', arxivId: '2406.05546', fieldId: 17, authors: [author(RAY, 'Ray Cao'), author('A2', 'Sherry Luo')] }];

const entry = (id: string, authors: string[], over: Partial<TestEntry> = {}): TestEntry => ({ id, title: `Paper ${id}`, authors, categories: ['cs.DC'], abstract: 'Nothing.', ...over });
const ANNOUNCED = [
  entry('2612.00001', ['Ray Cao', 'Sherry Luo', 'New Person']), // theirs: a known co-author
  entry('2612.00002', ['Bo Ek', 'Ray Cao']), // a namesake's: Bo Ek writes with the other Ray Cao
  entry('2612.00003', ['Ray Cao', 'Nobody Known']), // the name alone
  entry('2612.00004', ['Ann Other'], { abstract: 'We train diffusion models.' }),
  entry('2612.00005', ['Ann Other']),
];

interface Served { status: number; body: string; etag?: string }

function setup({ now = MONDAY_EVENING, granted = true, serve }: { now?: number; granted?: boolean; serve?: (url: string, headers: Record<string, string>) => Served } = {}) {
  let t = now;
  const requests: { url: string; headers: Record<string, string> }[] = [];
  let listing = newListingHtml('Tuesday, 1 December 2026', [{ heading: 'New submissions', entries: ANNOUNCED }]);
  const answer = serve ?? ((url: string, headers: Record<string, string>): Served => {
    const etag = `"${listing.length}"`;
    if (headers['If-None-Match'] === etag) return { status: 304, body: '', etag };
    return url.startsWith('https://arxiv.org/list/') ? { status: 200, body: listing, etag } : { status: 404, body: '' };
  });
  const arxiv = createArxivFetch({
    fetch: (async (url: string, init: RequestInit) => {
      const headers = { ...(init.headers as Record<string, string>) };
      requests.push({ url: String(url), headers });
      const r = answer(String(url), headers);
      return new Response(r.status === 304 ? null : r.body, { status: r.status, headers: r.etag ? { etag: r.etag } : {} });
    }) as unknown as typeof fetch,
    granted: async () => granted,
    now: () => t,
    sleep: async (ms) => void (t += ms),
  });
  const profiles: Record<string, AuthorSuggestion[]> = {
    'Ray Cao': [{ id: RAY, name: 'Ray Cao', hint: null, citedBy: 5, works: 3 }, { id: 'A7', name: 'Ray Cao', hint: null, citedBy: 900, works: 80 }],
    'Bo Ek': [{ id: 'A30', name: 'Bo Ek', hint: null, citedBy: 1, works: 2 }],
  };
  const joined = [{ id: 'W9', authorIds: ['A7', 'A30'] }];
  const openalex = {
    latestWorksOf: vi.fn(async () => RAYS_WORKS),
    worksJoining: vi.fn(async ([a, b]: string[][]) => ({ works: joined.filter((w) => w.authorIds.some((i) => a!.includes(i)) && w.authorIds.some((i) => b!.includes(i))), complete: true })),
    workByArxivId: vi.fn(async (): Promise<PaperRecord> => { throw new CatalogError('not-found', 'not yet', null, 404); }),
    budgetResetAt: vi.fn(async () => 0),
  };
  const notifyPending = vi.fn(async () => undefined);
  const notifyTopics = vi.fn(async () => undefined);
  const sameDay = createSameDay({
    followStore, store: sameDayStore, readSettings: followStore.readSettings, openalex, arxiv,
    read: async (text, format, url, sieve) => readAnnouncementText(text, format, url, sieve),
    suggest: async (name) => profiles[name] ?? [],
    notifyPending, notifyTopics, granted: async () => granted, now: () => t, random: () => 0,
  });
  return {
    sameDay, openalex, requests, notifyPending, notifyTopics,
    at: (iso: number) => void (t = iso),
    republish: (html: string) => void (listing = html),
    /** The reader allows (again) what the browser withheld. */
    allow: () => void (granted = true),
  };
}

async function follow(id = RAY, name = 'Ray Cao') {
  await followStore.update(({ follows }) => ({ data: { follows: [...follows, { id, name, followedAt: 0, checkedAt: MONDAY_EVENING - 3_600_000, seen: {} }] }, result: null }));
}

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
});

describe('same-day alerts', () => {
  it('reads the evening’s announcement once: their paper inferred, a name-only match a guess, a namesake’s not shown — for one credit', async () => {
    await follow();
    const s = setup();
    await s.sameDay.followed([{ id: RAY, name: 'Ray Cao' }]);
    const out = await s.sameDay.read('alarm');
    expect(out).toMatchObject({ ran: true, found: 1, guesses: 1, requests: 1, credits: 1 });
    expect(s.requests.map((r) => r.url)).toEqual(['https://arxiv.org/list/cs/new']);
    const { inbox } = await followStore.read();
    expect(inbox.map((e) => [e.arxivId, e.authorIds, e.guessFor ?? []])).toEqual([['2612.00001', [RAY], []], ['2612.00003', [], [RAY]]]);
    expect(inbox[0]!.evidence![RAY]).toEqual({ kind: 'coauthors', coauthors: ['Sherry Luo'], sharedWorks: 1 });
    expect(s.notifyPending).toHaveBeenCalled();

    // Asked again the same evening ("Check now"): nothing is downloaded twice.
    expect(await s.sameDay.read('manual')).toEqual({ ran: false, reason: 'read' });
    expect(s.requests).toHaveLength(1);
    // The next read is Tuesday's announcement, not sooner.
    expect((await fakeBrowser.alarms.get(SAME_DAY_ALARM))!.scheduledTime).toBe(utc('2026-12-02T01:30:00Z'));
  });

  it('makes no request on a weekend once Thursday’s announcement was read', async () => {
    await follow();
    const s = setup({ now: utc('2026-12-04T02:00:00Z') }); // Thursday 21:00 EST
    await s.sameDay.followed([{ id: RAY, name: 'Ray Cao' }]);
    s.republish(newListingHtml('Friday, 4 December 2026', [{ heading: 'New submissions', entries: ANNOUNCED }]));
    expect(await s.sameDay.read('alarm')).toMatchObject({ ran: true, requests: 1 });
    s.at(utc('2026-12-05T17:00:00Z')); // Saturday noon
    expect(await s.sameDay.read('manual')).toEqual({ ran: false, reason: 'read' });
    s.at(utc('2026-12-06T17:00:00Z')); // Sunday noon
    expect(await s.sameDay.read('manual')).toEqual({ ran: false, reason: 'read' });
    expect(s.requests).toHaveLength(1);
    expect((await fakeBrowser.alarms.get(SAME_DAY_ALARM))!.scheduledTime).toBe(utc('2026-12-07T01:30:00Z')); // Sunday 20:30 EST
  });

  it('asks conditionally for the next announcement; a listing not updated yet (304) is asked again later, then read', async () => {
    await follow();
    const s = setup();
    await s.sameDay.followed([{ id: RAY, name: 'Ray Cao' }]);
    await s.sameDay.read('alarm');
    s.at(utc('2026-12-02T01:35:00Z')); // Tuesday 20:35 EST: arXiv has not rebuilt the listing yet
    expect(await s.sameDay.read('alarm')).toMatchObject({ ran: true, requests: 1, found: 0 });
    expect(s.requests[1]!.headers['If-None-Match']).toBeTruthy();
    expect(await s.sameDay.read('manual')).toEqual({ ran: false, reason: 'waiting' }); // not asked again at once
    s.at(utc('2026-12-02T02:00:00Z'));
    s.republish(newListingHtml('Wednesday, 2 December 2026', [{ heading: 'New submissions', entries: [entry('2612.00010', ['Ray Cao', 'S. Luo'])] }]));
    expect(await s.sameDay.read('alarm')).toMatchObject({ ran: true, requests: 1, found: 1 });
    expect(s.requests).toHaveLength(3);
  });

  it('says why nothing can be read: no access to arxiv.org (catalog only), or an answer that is no announcement', async () => {
    await follow();
    const refused = setup({ granted: false });
    await refused.sameDay.followed([{ id: RAY, name: 'Ray Cao' }]);
    expect(await refused.sameDay.read('manual')).toMatchObject({ ran: true, requests: 1, problem: { kind: 'no-access', address: 'arxiv.org/list/cs/new', status: null } });
    expect(refused.requests).toEqual([]);
    const settings = await followStore.readSettings();
    expect((await refused.sameDay.state(settings, [RAY])).mode).toEqual({ kind: 'catalog', why: 'no-access' });
    // Allowed again: the refused read no longer stands for the access the reader has now.
    refused.allow();
    expect((await refused.sameDay.state(settings, [RAY])).mode).toEqual({ kind: 'arxiv', source: 'listing' });

    fakeBrowser.reset();
    freshIndexedDb();
    await follow();
    const hostile = setup({ serve: () => ({ status: 200, body: '<html><body><h1>Access denied</h1></body></html>' }) });
    await hostile.sameDay.followed([{ id: RAY, name: 'Ray Cao' }]);
    expect(await hostile.sameDay.read('manual')).toMatchObject({ ran: true, found: 0, problem: { kind: 'unreadable', address: 'arxiv.org/list/cs/new', unreadable: 'not-an-announcement' } });
    expect((await followStore.read()).inbox).toEqual([]);
    expect((await hostile.sameDay.state(await followStore.readSettings(), [RAY])).mode).toEqual({ kind: 'catalog', why: 'unreadable' });
    // Downloaded once for this announcement: not again.
    expect(await hostile.sameDay.read('manual')).toEqual({ ran: false, reason: 'read' });
    expect(hostile.requests).toHaveLength(1);
  });

  it('keeps why a read failed as data, never a sentence; a problem an older Weft stored in words reads without them', async () => {
    await follow();
    const down = setup({ serve: () => ({ status: 500, body: '' }) });
    await down.sameDay.followed([{ id: RAY, name: 'Ray Cao' }]);
    const out = await down.sameDay.read('manual');
    expect(out).toMatchObject({ ran: true, problem: { kind: 'network', address: 'arxiv.org/list/cs/new', status: 500, unreadable: null, listedAs: null } });
    const problem = (await down.sameDay.state(await followStore.readSettings(), [RAY])).problem!;
    for (const value of Object.values(problem)) if (typeof value === 'string') expect(value).not.toMatch(/\s/);

    const stored = (await dumpRecords())['same-day']!;
    expect(stored.version).toBe(3);
    const old = stored.value as { status: { problem: object } };
    await putRecords({ ...stored, version: 1, value: { ...old, status: { ...old.status, problem: { kind: 'network', message: 'GET arxiv.org/list/cs/new: HTTP 503', at: 5 } } } });
    expect((await sameDayStore.read()).status.problem).toEqual({ kind: 'network', at: 5, address: null, status: null, unreadable: null, listedAs: null });
  });

  it('lists a followed topic’s matches apart, with the words that matched; one that rings counts', async () => {
    const s = setup();
    expect(await s.sameDay.followTopic('diffusion', ['cs'], true)).toEqual({ ok: true });
    expect(await s.sameDay.read('alarm')).toMatchObject({ ran: true, topicHits: 1 });
    const state = await s.sameDay.state(await followStore.readSettings(), []);
    expect(state.topicHits.map((h) => [h.arxivId, h.words])).toEqual([['2612.00004', ['diffusion']]]);
    expect(await s.sameDay.ringingCount()).toBe(1);
    expect(s.notifyTopics).toHaveBeenCalledTimes(1);
    await s.sameDay.topicSeen(null);
    expect(await s.sameDay.ringingCount()).toBe(0);
  });

  it('refuses a topic without words, or past the limit, saying which as data', async () => {
    const s = setup();
    expect(await s.sameDay.followTopic('  "" ', [], true)).toEqual({ ok: false, why: 'no-words' });
    for (let i = 0; i < MAX_TOPICS; i++) expect(await s.sameDay.followTopic(`topic ${i}`, [], true)).toEqual({ ok: true });
    expect(await s.sameDay.followTopic('one more', [], true)).toEqual({ ok: false, why: 'limit', max: MAX_TOPICS });
  });

  it('imports topics from a follows file once, leaving out those followed already and those without words', async () => {
    const s = setup();
    expect(await s.sameDay.followTopic('diffusion', [], true)).toEqual({ ok: true });
    expect(await s.sameDay.importTopics([
      { query: 'Diffusion', categories: [], ring: true },
      { query: 'graph neural', categories: ['cs.LG'], ring: false },
      { query: '  ', categories: [], ring: true },
    ])).toBe(1);
    expect((await s.sameDay.readTopics()).map((t) => [t.query, t.categories, t.ring])).toEqual([['diffusion', [], true], ['graph neural', ['cs.LG'], false]]);
  });

  it('reads one RSS request for every category when the reader chose the feeds and granted rss.arxiv.org', async () => {
    await follow();
    await fakeBrowser.storage.local.set({ settings: { version: 2, alerts: { intervalMinutes: 360, notify: false, sameDay: true, feed: 'rss' } } });
    const s = setup({
      now: utc('2026-12-01T06:00:00Z'), // Tuesday 01:00 EST: the feeds carry Monday evening's announcement
      serve: () => ({ status: 200, body: rssXml(['cs'], '2026-12-01', ANNOUNCED) }),
    });
    await s.sameDay.followed([{ id: RAY, name: 'Ray Cao' }]);
    expect(await s.sameDay.read('manual')).toMatchObject({ ran: true, found: 1, requests: 1 });
    expect(s.requests.map((r) => r.url)).toEqual(['https://rss.arxiv.org/rss/cs']);
  });
});
