/**
 * The background's access to the settings object: the only writer. Changes are serialised
 * within the worker (a read-modify-write never interleaves with another), and the first write
 * also retires the version-1 key, so the migrated object is the only copy left.
 *
 * Plain `browser.storage.local` (not WXT's storage items): the object carries its own version.
 * Nothing in it is secret (docs/reliability.md, Storage exposure); pages get it from the
 * background's page-settings answer, never from storage.
 */
import { browser } from 'wxt/browser';
import { createSerial } from '../serial';
import { hasDamagedVersion, LEGACY_ALERTS_KEY, SETTINGS_KEY, SETTINGS_VERSION, settingsFromStorage, type Settings } from '../../shared/settings/settings';

const exclusive = createSerial();

/** The current settings (migrated in memory when storage still holds an older version). */
export async function readSettings(): Promise<Settings> {
  return settingsFromStorage(await browser.storage.local.get([SETTINGS_KEY, LEGACY_ALERTS_KEY]));
}

async function write(next: Settings): Promise<void> {
  await browser.storage.local.set({ [SETTINGS_KEY]: next });
  // After the new object is safely stored: a worker killed in between still finds it first.
  // `$`: the version record WXT's storage kept beside it.
  await browser.storage.local.remove([LEGACY_ALERTS_KEY, `${LEGACY_ALERTS_KEY}$`]);
}

/** Applies `change` to the current settings and stores the result. */
export function updateSettings(change: (current: Settings) => Settings): Promise<Settings> {
  return exclusive(async () => {
    const next = change(await readSettings());
    await write(next);
    return next;
  });
}

/**
 * Stores the current version if storage holds an older one (or none, or a damaged one): run at
 * every worker start, so an update migrates once and every reader then finds the new shape.
 */
export function migrateStoredSettings(): Promise<void> {
  return exclusive(async () => {
    const items = await browser.storage.local.get([SETTINGS_KEY, LEGACY_ALERTS_KEY]);
    if (hasDamagedVersion(items[SETTINGS_KEY])) {
      console.warn('[weft] the stored settings had a damaged version; repaired field by field (damaged fields take their defaults)', items[SETTINGS_KEY]);
    }
    const version = (items[SETTINGS_KEY] as { version?: unknown } | undefined)?.version;
    // Current already, or written by a newer Weft (a downgrade): leave it as it is.
    if (typeof version === 'number' && version >= SETTINGS_VERSION && items[LEGACY_ALERTS_KEY] === undefined) return;
    await write(settingsFromStorage(items));
  });
}

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
