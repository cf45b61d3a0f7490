import { MAX_TOPIC_CATEGORIES, MAX_TOPIC_QUERY_CHARS, MAX_TOPICS } from '../../shared/follows/topics';
import { SYNCED_FIELDS } from '../../shared/settings/settings';
import { USER_DATA, type UserDataKey } from '../user-data/schema';
import { onUserDataChange } from '../user-data/user-data';
import { freshIndexedDb } from '../user-data/testing';
import { createBrowserSync, itemBytes, SYNC_QUOTA } from '../sync/browser-sync';
import { online, settle, syncService } from '../sync/testing';
import { createSameDayStore } from './store';
import { browserProfile, LARGEST_EDITS } from './sync-testing';
import { MAX_REMOVALS, REMOVAL_KEPT_MS } from './topic-merge';
import { TOPIC_PREFIX, topicSyncPart } from './topic-sync';
import { EDITS_ITEM, WATCH_PREFIX } from './watch-sync';

const at = (iso: string) => vi.setSystemTime(new Date(iso));
const topic = (query: string, ring = true, categories: string[] = []) => ({ query, categories, ring });

beforeEach(() => {
  vi.useFakeTimers();
  at('2026-07-01T09:00:00Z');
});
afterEach(() => vi.useRealTimers());

describe('followed topics that follow the reader between computers', () => {
  it('carries a topic followed on the laptop to the desktop and one followed on the desktop back; an unfollow carries too', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const desktop = browserProfile(service);
    await laptop.follow('diffusion model', ['cs.LG']);
    await online(service, laptop, desktop);
    expect(await desktop.topics()).toEqual([topic('diffusion model', true, ['cs.LG'])]);
    expect(desktop.changed).toHaveBeenCalled();

    at('2026-07-01T10:00:00Z');
    await desktop.follow('graph neural', [], false);
    await online(service, laptop, desktop);
    expect(await laptop.topics()).toEqual([topic('diffusion model', true, ['cs.LG']), topic('graph neural', false)]);

    at('2026-07-01T11:00:00Z');
    await desktop.unfollow('diffusion model');
    await online(service, laptop, desktop);
    expect(await laptop.topics()).toEqual([topic('graph neural', false)]);
    expect(await desktop.topics()).toEqual([topic('graph neural', false)]);
  });

  it('merges edits of the same topic made on both computers offline: the later one wins, on both', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const desktop = browserProfile(service);
    await laptop.follow('diffusion');
    await online(service, laptop, desktop);

    at('2026-07-01T09:10:00Z');
    await desktop.ring('diffusion', false);
    at('2026-07-01T09:20:00Z');
    await laptop.ring('diffusion', true);
    await laptop.ring('diffusion', false);
    at('2026-07-01T09:30:00Z');
    await laptop.ring('diffusion', true);
    // The desktop's older edit reaches the service last.
    await settle(laptop, desktop);
    service.run([service.devices[0]!, service.devices[1]!]);
    await online(service, laptop, desktop);
    expect(await laptop.topics()).toEqual([topic('diffusion', true)]);
    expect(await desktop.topics()).toEqual([topic('diffusion', true)]);
  });

  it('keeps an unfollow over an older edit from the other computer, and an edit made after an unfollow brings the topic back', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const desktop = browserProfile(service);
    await laptop.follow('diffusion');
    await laptop.follow('graphs');
    await online(service, laptop, desktop);

    // Offline: the desktop changes "diffusion", then the laptop unfollows it (later).
    at('2026-07-01T09:10:00Z');
    await desktop.ring('diffusion', false);
    at('2026-07-01T09:20:00Z');
    await laptop.unfollow('diffusion');
    // …and the other way round for "graphs": unfollowed on the laptop, changed later on the desktop.
    at('2026-07-01T09:30:00Z');
    await laptop.unfollow('graphs');
    at('2026-07-01T09:40:00Z');
    await desktop.ring('graphs', false);
    await online(service, laptop, desktop);
    expect(await laptop.topics()).toEqual([topic('graphs', false)]);
    expect(await desktop.topics()).toEqual([topic('graphs', false)]);

    // The desktop, still holding what it had, does not undo the unfollow later.
    at('2026-07-02T09:00:00Z');
    await desktop.engine.merge();
    service.run();
    await online(service, laptop, desktop);
    expect(await laptop.topics()).toEqual([topic('graphs', false)]);
  });

  it('keeps both topics when two computers gave different topics the same id before topics synced, their matches with them', async () => {
    const service = syncService();
    const hit = (topicId: string) => ({ topicId, arxivId: '2607.00001', title: 'A paper', authorNames: [], authorCount: 1, categories: ['cs.LG'], words: ['graphs'], listedAs: '2026-07-01', announcedAt: 1, foundAt: 1, notified: true });
    const laptop = browserProfile(service, {
      [USER_DATA.topics]: [{ id: 't3', query: 'graphs', categories: [], ring: true, followedAt: 3 }],
      [USER_DATA.sameDay]: { topicHits: [hit('t3')], topicSeen: { 't3 2607.00002': '2026-06-30' } },
    });
    const desktop = browserProfile(service, { [USER_DATA.topics]: [{ id: 't3', query: 'diffusion', categories: ['cs'], ring: false, followedAt: 3 }] });
    await online(service, laptop, desktop);

    const both = [topic('diffusion', false, ['cs']), topic('graphs')];
    expect(await laptop.topics()).toEqual(both);
    expect(await desktop.topics()).toEqual(both);
    const ids = (await laptop.store.readTopics()).map((tp) => tp.id).sort();
    expect(ids).toEqual((await desktop.store.readTopics()).map((tp) => tp.id).sort());
    expect(new Set(ids).size).toBe(2);
    expect(ids).not.toContain('t3');
    const graphs = (await laptop.store.readTopics()).find((tp) => tp.query === 'graphs')!;
    const data = await laptop.store.read();
    expect(data.topicHits.map((h) => h.topicId)).toEqual([graphs.id]);
    expect(data.topicSeen).toEqual({ [`${graphs.id} 2607.00002`]: '2026-06-30' });
  });

  it('makes one topic of the same topic followed on both computers (moved by the export file before)', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const desktop = browserProfile(service);
    await laptop.follow('Diffusion model', ['cs.LG', 'stat.ML']);
    await laptop.follow('graphs', ['cs.LG']);
    await desktop.follow('diffusion model', ['stat.ML', 'cs.LG']);
    await desktop.follow('graphs', ['math.CO']);
    await online(service, laptop, desktop);
    const topics = await laptop.topics();
    expect(topics.map((tp) => tp.query.toLowerCase()).sort()).toEqual(['diffusion model', 'graphs', 'graphs']);
    expect(await desktop.topics()).toEqual(topics);
  });

  it('forgets a removal after a while, in storage.sync too, and neither takes nor overwrites a topic this Weft cannot keep', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const desktop = browserProfile(service);
    await laptop.follow('diffusion');
    await online(service, laptop, desktop);
    await laptop.unfollow('diffusion');
    await online(service, laptop, desktop);
    const removals = () => [...service.server].filter(([, item]) => (item as { v: unknown }).v === null);
    expect(removals()).toHaveLength(1);

    const newer = { v: { query: 'graphs', categories: [], ring: true, followedAt: 1, mutedUntil: 5 }, t: Date.now() + 1 };
    service.server.set(`${TOPIC_PREFIX}t123456789012345`, newer);
    service.server.set(`${TOPIC_PREFIX}t223456789012345`, 'not a stamped value');
    at(new Date(Date.now() + REMOVAL_KEPT_MS + 2 * 86_400_000).toISOString());
    await online(service, laptop, desktop);
    expect(removals()).toEqual([]);
    expect((await laptop.store.readSyncedTopics()).removed).toEqual({});
    expect(await laptop.topics()).toEqual([]);
    expect(service.server.get(`${TOPIC_PREFIX}t123456789012345`)).toEqual(newer);
  });

  it('tells open pages of a merged change (the topics’ record is written, which announce.ts announces)', async () => {
    // The real database, which settles on real timers.
    vi.useRealTimers();
    freshIndexedDb();
    const service = syncService();
    const laptop = browserProfile(service);
    await laptop.follow('diffusion');
    await laptop.engine.merge();
    const desktop = createSameDayStore();
    const engine = createBrowserSync({ parts: [topicSyncPart({ store: desktop, changed: async () => undefined })], sync: service.profile() });
    const written: UserDataKey[][] = [];
    const stop = onUserDataChange((keys) => written.push(keys));
    service.run();
    await engine.merge();
    stop();
    expect((await desktop.readTopics()).map((tp) => tp.query)).toEqual(['diffusion']);
    expect(written.flat()).toContain(USER_DATA.topics);
  });

  it('fits the sync quotas with 50 topics at their largest, the most removals kept, the largest watched-category edits and the settings', () => {
    const t = Date.parse('2999-12-31T23:59:59Z');
    // The longest query, in a script of three bytes a character, and with quotes (escaped in JSON);
    // the most categories, at the longest name arXiv has.
    const query = `"${'拡散'.repeat((MAX_TOPIC_QUERY_CHARS - 2) / 2)}"`;
    const largest = { v: { query, categories: Array(MAX_TOPIC_CATEGORIES).fill('cond-mat.mes-hall'), ring: false, followedAt: t }, t };
    const topicBytes = itemBytes(`${TOPIC_PREFIX}t999999999999999`, largest);
    const removalBytes = itemBytes(`${TOPIC_PREFIX}t999999999999999`, { v: null, t });
    // Each settings field at its largest is at most 60 bytes (settings/sync.test.ts).
    const editsBytes = itemBytes(`${WATCH_PREFIX}${EDITS_ITEM}`, { v: LARGEST_EDITS, t });
    const total = MAX_TOPICS * topicBytes + MAX_REMOVALS * removalBytes + editsBytes + SYNCED_FIELDS.length * 60;
    expect(topicBytes).toBeLessThanOrEqual(SYNC_QUOTA.bytesPerItem);
    expect(MAX_TOPICS + MAX_REMOVALS + 1 + SYNCED_FIELDS.length).toBeLessThanOrEqual(SYNC_QUOTA.items);
    expect(total).toBeLessThanOrEqual(SYNC_QUOTA.bytes);
    // As measured: a topic at its largest takes 673 bytes, a removal 51, all of it 43 kB (42 % of the total quota).
    expect([topicBytes, removalBytes, Math.round(total / 1000)]).toEqual([673, 51, 43]);
  });
});
