/**
 * Settings that follow the reader to their other computers: the synced fields of the settings
 * (SYNCED_FIELDS in lib/shared/settings/settings.ts) mirrored in `storage.sync`, which the browser
 * copies between the computers where the reader signed in with sync on (and keeps on this one
 * otherwise, offline included).
 *
 * `storage.local` stays what Weft reads: it always answers, at once. `storage.sync` holds one item
 * per field, `settings.<field>` = `{ v: value, t: stamp }`, so each field is merged on its own
 * (field-merge.ts: the newer change wins) and grows within its own 8 kB. A merge runs when the
 * worker starts, when another computer's change arrives, and after the reader changes a setting
 * here; what it takes from there is stored here (pages hear of it as of any settings change),
 * what is newer here is written there.
 *
 * Within the browsers' quotas: Chrome allows 8,192 bytes an item, 102,400 in all and 512 items, and
 * 120 writes a minute and 1,800 an hour; Weft's settings take 487 bytes in 9 items (sync.test.ts
 * measures them), an item too large for the quota stays on this computer, and writes are at least
 * `MIN_WRITE_INTERVAL_MS` apart, however fast the reader clicks (several changes go out in one
 * write). A failed write (a quota, sync switched off) is tried again later and never holds up a
 * change here.
 *
 * What stays local and why: the API keys, follows, corrections and the cache never go to
 * `storage.sync`, which Weft's content scripts on arXiv pages could read and the browser's sync
 * service stores; follows move with the export file (docs/reliability.md, User data and Settings sync).
 */
import { browser } from 'wxt/browser';
import { SYNCED_FIELDS, DEFAULT_SETTINGS, type SettingsField } from '../../shared/settings/settings';
import { asStamped, firstStamps, mergeFields, type Stamped } from './field-merge';
import { settingsStore, type SettingsStore } from './store';

/** Chrome's `storage.sync` quotas (Firefox's are the same sizes, with no write rate). */
export const SYNC_QUOTA = { bytesPerItem: 8192, bytes: 102_400, items: 512, writesPerMinute: 120, writesPerHour: 1800 } as const;
/** 1,440 writes an hour at most: within both of Chrome's write rates. */
export const MIN_WRITE_INTERVAL_MS = 2500;
/** A write that failed is tried again after this long (or at the next merge). */
const RETRY_MS = 60_000;

const PREFIX = 'settings.';
export const syncKey = (field: SettingsField): string => `${PREFIX}${field}`;
const SYNC_KEYS = SYNCED_FIELDS.map(syncKey);

/** The bytes an item counts against the quotas, as Chrome measures it: its key and its value as JSON. */
export const itemBytes = (key: string, value: unknown): number => new TextEncoder().encode(key + JSON.stringify(value)).length;

/** What the merge needs of `storage.sync` (`browser.storage.sync`; a fake one in tests). */
export interface SyncArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  onChanged: { addListener(listener: (changes: Record<string, unknown>) => void): void };
}

interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
}

export function createSettingsSync({ store, sync, timers = { now: Date.now, setTimeout: (run, ms) => setTimeout(run, ms) } }: { store: SettingsStore; sync: SyncArea; timers?: Timers }) {
  let lastWrite = -Infinity;
  let pending: unknown = null;
  let running: Promise<void> = Promise.resolve();

  async function readRemote(): Promise<Partial<Record<SettingsField, Stamped>>> {
    const items = await sync.get(SYNC_KEYS);
    const out: Partial<Record<SettingsField, Stamped>> = {};
    for (const field of SYNCED_FIELDS) {
      const item = asStamped(items[syncKey(field)]);
      if (item) out[field] = item;
    }
    return out;
  }

  /** The items to write, leaving out any the per-item quota would refuse (it stays here). */
  function itemsFor(push: Partial<Record<SettingsField, Stamped>>): Record<string, Stamped> {
    const items: Record<string, Stamped> = {};
    for (const [field, value] of Object.entries(push) as [SettingsField, Stamped][]) {
      const key = syncKey(field);
      if (itemBytes(key, value) <= SYNC_QUOTA.bytesPerItem) items[key] = value;
      else console.warn(`Weft: the setting ${field} is too large to sync; it stays on this computer`);
    }
    return items;
  }

  function later(ms: number): void {
    if (pending !== null) return;
    pending = timers.setTimeout(() => {
      pending = null;
      void merge();
    }, ms);
  }

  async function mergeOnce(): Promise<void> {
    const remote = await readRemote();
    let push: Partial<Record<SettingsField, Stamped>> = {};
    await store.replaceStored(({ settings, stamps }) => {
      const merged = mergeFields(settings, stamps ?? firstStamps(settings, DEFAULT_SETTINGS, timers.now()), remote);
      push = merged.push;
      // Stamps are stored the first time too, so they never change by themselves later.
      return merged.adopted.length || !stamps ? { settings: merged.settings, stamps: merged.stamps } : null;
    });
    const items = itemsFor(push);
    if (!Object.keys(items).length) return;
    const wait = lastWrite + MIN_WRITE_INTERVAL_MS - timers.now();
    if (wait > 0) return later(wait);
    lastWrite = timers.now();
    try {
      await sync.set(items);
    } catch (e) {
      console.warn('Weft: could not write the settings to browser sync; trying again later', e);
      later(RETRY_MS);
    }
  }

  /** Merges this computer's settings with `storage.sync`, one merge at a time. Never rejects. */
  function merge(): Promise<void> {
    running = running.then(mergeOnce).catch((e: unknown) => console.warn('Weft: could not merge the settings with browser sync', e));
    return running;
  }

  /** Merges when another computer's change arrives, and after the reader changed a setting here. */
  function watch(): void {
    sync.onChanged.addListener((changes) => {
      if (Object.keys(changes).some((key) => key.startsWith(PREFIX))) void merge();
    });
    store.onReaderChange(() => void merge());
  }

  return { merge, watch };
}

/**
 * The background's settings sync: watching from the worker's start (registered synchronously),
 * first merging once the stored settings have their current shape.
 */
export function registerSettingsSync(migrated: Promise<void>): void {
  const sync = createSettingsSync({
    store: settingsStore,
    sync: {
      get: (keys) => browser.storage.sync.get(keys),
      set: (items) => browser.storage.sync.set(items),
      onChanged: { addListener: (listener) => browser.storage.onChanged.addListener((changes, area) => area === 'sync' && listener(changes)) },
    },
  });
  sync.watch();
  void migrated.finally(() => sync.merge());
}
