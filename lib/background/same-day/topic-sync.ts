/**
 * Followed topics that follow the reader to their other computers: a part of browser sync
 * (../sync/browser-sync.ts: when merges run, the quotas, the write rate). `storage.sync` holds one
 * item per topic, `topic.<id>` = `{ v: { query, categories, ring, followedAt }, t: stamp }`, and
 * one per topic removed lately (`v` null); topic-merge.ts merges them. 50 topics at their largest
 * and the most removals kept take 39 kB of the 100 kB (topic-sync.test.ts measures them).
 *
 * What the merge takes is stored with the topics' matches in one write, and pages hear of it as of
 * any change to the topics; a topic taken or removed changes which announcements are read
 * (`changed`). The categories whose announcements are read are not synced: Weft learns them from
 * the followed researchers, who stay on each computer (docs/reliability.md, User data and
 * Settings sync).
 */
import type { SyncPart } from '../sync/browser-sync';
import { mergeTopics, type TopicMerge } from './topic-merge';
import type { SameDayStore } from './store';

export const TOPIC_PREFIX = 'topic.';

export function topicSyncPart({ store, changed, now = Date.now }: { store: Pick<SameDayStore, 'replaceSyncedTopics' | 'onTopicsChange'>; changed: () => Promise<void>; now?: () => number }): SyncPart {
  return {
    prefix: TOPIC_PREFIX,
    what: 'followed topics',
    async merge(remote) {
      let merged: TopicMerge | null = null;
      await store.replaceSyncedTopics((current) => {
        merged = mergeTopics(current, remote, now());
        return merged.store ? merged : null;
      });
      const done = merged as TopicMerge | null;
      if (!done) return { write: {}, remove: [] };
      if (done.changed) await changed();
      return { write: done.write, remove: done.remove };
    },
    onReaderChange: store.onTopicsChange,
  };
}
