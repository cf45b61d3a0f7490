/**
 * Settings that follow the reader to their other computers: the synced fields of the settings
 * (SYNCED_FIELDS in lib/shared/settings/settings.ts), a part of browser sync
 * (../sync/browser-sync.ts: when merges run, the quotas, the write rate).
 *
 * `storage.sync` holds one item per field, `settings.<field>` = `{ v: value, t: stamp }`, so each
 * field is merged on its own (field-merge.ts: the newer change wins) and grows within its own
 * 8 kB; Weft's settings take 487 bytes in 9 items (sync.test.ts measures them). What the merge
 * takes from there is stored here, and pages hear of it as of any settings change.
 *
 * What stays local and why: the API keys, followed researchers, corrections and the cache never
 * go to `storage.sync`, which Weft's content scripts on arXiv pages could read and the browser's
 * sync service stores; followed researchers move with the export file (docs/reliability.md, User
 * data and Settings sync).
 */
import { SYNCED_FIELDS, DEFAULT_SETTINGS, type SettingsField } from '../../shared/settings/settings';
import type { Stamped } from '../sync/stamped';
import type { SyncPart } from '../sync/browser-sync';
import { firstStamps, mergeFields } from './field-merge';
import type { SettingsStore } from './store';

const PREFIX = 'settings.';
export const syncKey = (field: SettingsField): string => `${PREFIX}${field}`;

export function settingsSyncPart(store: SettingsStore, now: () => number = Date.now): SyncPart {
  return {
    prefix: PREFIX,
    what: 'settings',
    async merge(remote) {
      let push: Partial<Record<SettingsField, Stamped>> = {};
      const known = Object.fromEntries(SYNCED_FIELDS.flatMap((f) => (remote[f] ? [[f, remote[f]]] : []))) as Partial<Record<SettingsField, Stamped>>;
      await store.replaceStored(({ settings, stamps }) => {
        const merged = mergeFields(settings, stamps ?? firstStamps(settings, DEFAULT_SETTINGS, now()), known);
        push = merged.push;
        // Stamps are stored the first time too, so they never change by themselves later.
        return merged.adopted.length || !stamps ? { settings: merged.settings, stamps: merged.stamps } : null;
      });
      return { write: push as Record<string, Stamped>, remove: [] };
    },
    onReaderChange: store.onReaderChange,
  };
}
