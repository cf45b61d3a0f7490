/** Test helpers for the same-day parts of browser sync (never imported by the extension). */
import { newTopicId, type TopicFollow } from '../../shared/follows/topics';
import type { UserDataKey } from '../user-data/schema';
import { createBrowserSync } from '../sync/browser-sync';
import { clone, type syncService } from '../sync/testing';
import { createSameDayStore, type UserDataAccess } from './store';
import { topicSyncPart } from './topic-sync';
import { editedWatch, type WatchChange } from './watch';
import { watchSyncPart } from './watch-sync';

/** One profile's user-data database, in memory. */
export function memoryUserData(stored: Partial<Record<UserDataKey, unknown>> = {}): UserDataAccess & { values: Map<UserDataKey, unknown> } {
  const values = new Map(Object.entries(stored) as [UserDataKey, unknown][]);
  return {
    values,
    read: async (keys) => ({ values: Object.fromEntries(keys.filter((k) => values.has(k)).map((k) => [k, clone(values.get(k))])), newer: new Set() }),
    write: async (items) => void Object.entries(items).forEach(([k, v]) => values.set(k as UserDataKey, clone(v))),
  };
}

/** A browser profile with Weft: its followed topics and watched-category edits, and their sync. */
export function browserProfile(service: ReturnType<typeof syncService>, stored: Partial<Record<UserDataKey, unknown>> = {}) {
  const data = memoryUserData(stored);
  const store = createSameDayStore(data);
  const changed = vi.fn(async () => undefined);
  const sync = service.profile();
  const engine = createBrowserSync({ parts: [topicSyncPart({ store, changed }), watchSyncPart({ store, changed })], sync });
  engine.watch();
  const edit = (query: string, change: (tp: TopicFollow) => TopicFollow | null) =>
    store.updateTopics((topics) => ({ topics: topics.flatMap((tp) => (tp.query === query ? [change(tp) ?? []].flat() : [tp])), result: null }));
  return {
    data,
    store,
    sync,
    engine,
    changed,
    /** What the reader does on the settings page (same-day/service.ts: followTopic, topic-ring, topic-unfollow, editWatch). */
    follow: (query: string, categories: string[] = [], ring = true) =>
      store.updateTopics((topics) => ({ topics: [...topics, { id: newTopicId(new Set(topics.map((tp) => tp.id))), query, categories, ring, followedAt: Date.now() }], result: null })),
    ring: (query: string, ring: boolean) => edit(query, (tp) => ({ ...tp, ring })),
    unfollow: (query: string) => edit(query, () => null),
    editWatch: (change: WatchChange) => store.updateEdits((edits) => editedWatch(edits, change)),
    /** The topics as the settings page lists them. */
    topics: async () => (await store.readTopics()).map(({ query, categories, ring }) => ({ query, categories, ring })).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)),
    /** The watched-category edits as the settings page shows them. */
    edits: async () => (await store.read()).edits,
  };
}

/**
 * The watched-category edits at their largest realistic: every one of arXiv's ~155 categories and
 * the archives that have categories (170 names) edited, each at the longest name arXiv has.
 */
export const LARGEST_EDITS = { added: Array.from({ length: 170 }, () => 'cond-mat.mes-hall'), removed: [] };
