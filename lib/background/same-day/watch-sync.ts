/**
 * The reader's edits to the watched categories (categories added to, or removed from, those Weft
 * learned from the followed researchers: watch.ts) follow the reader to their other computers: a
 * part of browser sync (../sync/browser-sync.ts: when merges run, the quotas, the write rate).
 *
 * `storage.sync` holds one item, `watch.edits` = `{ v: { added, removed }, t: stamp }`, merged as
 * a whole: the newer list wins (../sync/stamped.ts). Not category by category, because the reader
 * sees and edits them as one list on the settings page and *Reset* is a statement about the whole
 * of it; edits are rare and made on one computer at a time; and one item per category would need
 * a stamp and a "neither" state kept for every category ever edited, beside the topics in the
 * 512 items. The cost: two computers editing different categories offline keep only the later
 * list. Every arXiv category and archive in one list takes 3.5 kB of the 8 kB an item
 * (watch-sync.test.ts measures it).
 *
 * The stamp is stored with the edits in one write (store.ts); what the merge takes is stored
 * likewise, pages hear of it as of any same-day change, and it changes which announcements are
 * read (`changed`). The learned categories themselves stay on each computer, with the followed
 * researchers they come from (docs/reliability.md, User data and Settings sync).
 */
import * as v from 'valibot';
import { isCategory } from '../../arxiv/categories';
import { json, mergeItem, type ItemMerge, type Stamped } from '../sync/stamped';
import type { SyncPart } from '../sync/browser-sync';
import type { SameDayStore } from './store';
import type { WatchEdits } from './watch';

export const WATCH_PREFIX = 'watch.';
/** The one item's name (`watch.edits`). */
export const EDITS_ITEM = 'edits';

const Names = v.pipe(v.array(v.string()), v.check((names) => names.every(isCategory) && new Set(names).size === names.length));
const EditsSchema = v.strictObject({ added: Names, removed: Names });

/** Synced edits as this Weft would keep them; null when damaged or holding what only a newer Weft knows. */
export function asEdits(value: unknown): WatchEdits | null {
  const r = v.safeParse(EditsSchema, value);
  return r.success && !r.output.added.some((c) => r.output.removed.includes(c)) ? r.output : null;
}

/**
 * The stamp of edits stored before they synced (an update from a Weft without it): edits the
 * reader made count as made now, so they win over a new computer's none; none are stamped 0 and
 * win over nothing.
 */
const firstStamp = (edits: WatchEdits, now: number): number => (edits.added.length + edits.removed.length ? now : 0);

export function watchSyncPart({ store, changed, now = Date.now }: { store: Pick<SameDayStore, 'update' | 'onEditsChange'>; changed: () => Promise<void>; now?: () => number }): SyncPart {
  return {
    prefix: WATCH_PREFIX,
    what: 'watched-category edits',
    async merge(remote) {
      // Set inside the store's serialised change (so never narrowed away here).
      const merged: { done: ItemMerge<WatchEdits> | null; changed: boolean } = { done: null, changed: false };
      await store.update((d) => {
        const t = d.editsStamp ?? firstStamp(d.edits, now());
        const done = mergeItem({ v: d.edits, t }, remote[EDITS_ITEM], asEdits);
        merged.done = done;
        if (done && 'take' in done) {
          merged.changed = json(done.take) !== json(d.edits);
          return { data: { ...d, edits: done.take, editsStamp: done.t }, result: null };
        }
        // The first stamp is stored too, so it never changes by itself later.
        return d.editsStamp === null ? { data: { ...d, editsStamp: t }, result: null } : null;
      });
      const { done } = merged;
      if (merged.changed) await changed();
      const write: Record<string, Stamped> = done && 'write' in done ? { [EDITS_ITEM]: done.write } : {};
      return { write, remove: [] };
    },
    onReaderChange: store.onEditsChange,
  };
}
