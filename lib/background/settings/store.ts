/**
 * The background's access to the settings object: the only writer. Changes are serialised
 * within the worker (a read-modify-write never interleaves with another), and the first write
 * also retires the version-1 key, so the migrated object is the only copy left.
 *
 * Beside the object, the time each synced field was last changed (its stamp; ../sync/stamped.ts),
 * written with it in one call: what sync.ts needs to merge the settings with the reader's other
 * computers. A change made here stamps the fields it changes.
 *
 * Plain `browser.storage.local` (not WXT's storage items): the object carries its own version.
 * Nothing in it is secret (docs/reliability.md, Security baseline: Storage exposure); pages get it from the
 * background's page-settings answer, never from storage.
 */
import { browser } from 'wxt/browser';
import { createSerial } from '../serial';
import { changedFields, firstStamps, type Stamps } from './field-merge';
import { nextStamp } from '../sync/stamped';
import { DEFAULT_SETTINGS, hasDamagedVersion, LEGACY_ALERTS_KEY, SETTINGS_KEY, SETTINGS_VERSION, settingsFromStorage, type Settings } from '../../shared/settings/settings';

/** The stamps of the synced fields, in `storage.local`; absent until sync first ran or a field changed. */
export const STAMPS_KEY = 'settings.stamps';

/** What the store needs of a storage area (`browser.storage.local`; a fake one in tests). */
export interface StorageArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** The settings and their stamps (null: none stored yet). */
export interface StoredSettings {
  settings: Settings;
  stamps: Stamps | null;
}

const asStamps = (raw: unknown): Stamps | null => (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Stamps) : null);

export function createSettingsStore(local: StorageArea, now: () => number = Date.now) {
  const exclusive = createSerial();
  const readerChanges = new Set<() => void>();

  async function readStored(): Promise<StoredSettings> {
    const items = await local.get([SETTINGS_KEY, LEGACY_ALERTS_KEY, STAMPS_KEY]);
    return { settings: settingsFromStorage(items), stamps: asStamps(items[STAMPS_KEY]) };
  }

  async function write(next: Settings, stamps?: Stamps): Promise<void> {
    await local.set({ [SETTINGS_KEY]: next, ...(stamps ? { [STAMPS_KEY]: stamps } : {}) });
    // After the new object is safely stored: a worker killed in between still finds it first.
    // `$`: the version record WXT's storage kept beside it.
    await local.remove([LEGACY_ALERTS_KEY, `${LEGACY_ALERTS_KEY}$`]);
  }

  /** The current settings (migrated in memory when storage still holds an older version). */
  async function readSettings(): Promise<Settings> {
    return (await readStored()).settings;
  }

  /**
   * Replaces settings and stamps with what `change` makes of them (null: leave them), serialised
   * with every other change. For merging in what another computer changed.
   */
  function replaceStored(change: (current: StoredSettings) => { settings: Settings; stamps: Stamps } | null): Promise<StoredSettings> {
    return exclusive(async () => {
      const current = await readStored();
      const next = change(current);
      if (!next) return current;
      await write(next.settings, next.stamps);
      return next;
    });
  }

  /** Applies the reader's `change` to the current settings, stamps what it changed, and stores the result. */
  function updateSettings(change: (current: Settings) => Settings): Promise<Settings> {
    return exclusive(async () => {
      const { settings, stamps } = await readStored();
      const next = change(settings);
      const changed = changedFields(settings, next);
      const t = now();
      const before = stamps ?? firstStamps(settings, DEFAULT_SETTINGS, t);
      await write(next, changed.length ? { ...before, ...Object.fromEntries(changed.map((f) => [f, nextStamp(before[f], t)])) } : undefined);
      if (changed.length) for (const listener of readerChanges) listener();
      return next;
    });
  }

  /**
   * Stores the current version if storage holds an older one (or none, or a damaged one): run at
   * every worker start, so an update migrates once and every reader then finds the new shape.
   */
  function migrateStoredSettings(): Promise<void> {
    return exclusive(async () => {
      const items = await local.get([SETTINGS_KEY, LEGACY_ALERTS_KEY]);
      if (hasDamagedVersion(items[SETTINGS_KEY])) {
        console.warn('[weft] the stored settings had a damaged version; repaired field by field (damaged fields take their defaults)', items[SETTINGS_KEY]);
      }
      const version = (items[SETTINGS_KEY] as { version?: unknown } | undefined)?.version;
      // Current already, or written by a newer Weft (a downgrade): leave it as it is.
      if (typeof version === 'number' && version >= SETTINGS_VERSION && items[LEGACY_ALERTS_KEY] === undefined) return;
      await write(settingsFromStorage(items));
    });
  }

  /** Calls `listener` after each change the reader made to a synced field. */
  function onReaderChange(listener: () => void): void {
    readerChanges.add(listener);
  }

  return { readStored, readSettings, replaceStored, updateSettings, migrateStoredSettings, onReaderChange };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

/** The extension's own settings, in `browser.storage.local`. */
export const settingsStore = createSettingsStore(browser.storage.local);
export const { readSettings, updateSettings, migrateStoredSettings } = settingsStore;

/**
 * An always-available copy for synchronous readers (the cache's TTLs): defaults until storage
 * answers, then kept current by storage change events.
 */
export function createSettingsView() {
  let current: Settings = settingsFromStorage({});
  const ready = readSettings().then(
    (s) => void (current = s),
    () => undefined,
  );
  watchSettings((s) => (current = s));
  return { current: () => current, ready };
}

/** Calls `onChange` with the settings each time they are stored anew; returns the unsubscribe. */
export function watchSettings(onChange: (settings: Settings) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'local' && SETTINGS_KEY in changes) onChange(settingsFromStorage({ [SETTINGS_KEY]: changes[SETTINGS_KEY]!.newValue }));
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

export type SettingsView = ReturnType<typeof createSettingsView>;
