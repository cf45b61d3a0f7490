import { fakeBrowser } from 'wxt/testing';
import { DEFAULT_SETTINGS, migrateSettings, normalizeSettings, settingsFromStorage } from './settings';
import { createSettingsView, migrateStoredSettings, readSettings, updateSettings } from '../../background/settings/store';

beforeEach(() => fakeBrowser.reset());

describe('the settings object', () => {
  it('migrates the old alert settings (version 1) into the new object, keeping the reader’s choices', () => {
    expect(migrateSettings({ intervalMinutes: 60, notify: true })).toEqual({
      version: 2,
      show: { badges: true, paper: true, institutions: true, related: true },
      alerts: { intervalMinutes: 60, notify: true },
      cacheLifetime: 'normal',
    });
  });

  it('brings an interval beyond the new 24 h limit down to once a day', () => {
    expect(migrateSettings({ intervalMinutes: 7 * 24 * 60, notify: false }).alerts).toEqual({ intervalMinutes: 1440, notify: false });
    expect(migrateSettings({ intervalMinutes: 5 }).alerts.intervalMinutes).toBe(30);
  });

  it('starts from the defaults with nothing stored', () => {
    expect(migrateSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(settingsFromStorage({})).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps every good field of a damaged object and defaults only the bad ones', () => {
    const s = normalizeSettings({
      version: 2,
      show: { badges: false, paper: 'no', related: false },
      alerts: { intervalMinutes: Number.NaN, notify: true },
      cacheLifetime: 'forever',
    });
    expect(s).toEqual({ ...DEFAULT_SETTINGS, show: { badges: false, paper: true, institutions: true, related: false }, alerts: { intervalMinutes: 360, notify: true } });
  });

  it('prefers the new key over the old one once both exist', () => {
    const newer = { ...DEFAULT_SETTINGS, alerts: { intervalMinutes: 30, notify: false } };
    expect(settingsFromStorage({ settings: newer, 'alert-settings': { intervalMinutes: 720, notify: true } })).toEqual(newer);
  });

  it('keeps what it recognises of an object written by a newer Weft', () => {
    const fromTheFuture = { ...DEFAULT_SETTINGS, version: 9, cacheLifetime: 'long', theme: 'sepia' };
    expect(migrateSettings(fromTheFuture)).toEqual({ ...DEFAULT_SETTINGS, cacheLifetime: 'long' });
  });
});

describe('settings in extension storage', () => {
  it('migrates an update’s stored data once at start: the new object replaces the old key', async () => {
    await fakeBrowser.storage.local.set({ 'alert-settings': { intervalMinutes: 180, notify: true }, 'alert-settings$': { v: 1 }, apiKeys: { openalex: 'OaKey12345', s2: '' } });
    expect((await readSettings()).alerts).toEqual({ intervalMinutes: 180, notify: true }); // read before migrating: same answer
    await migrateStoredSettings();
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored.settings).toEqual({ ...DEFAULT_SETTINGS, alerts: { intervalMinutes: 180, notify: true } });
    expect(stored).not.toHaveProperty('alert-settings');
    expect(stored).not.toHaveProperty('alert-settings$');
    // Other user data is not the settings object's business.
    expect(stored.apiKeys).toEqual({ openalex: 'OaKey12345', s2: '' });
  });

  it('leaves an object written by a newer Weft untouched', async () => {
    const future = { version: 3, show: { badges: false }, newThing: 1 };
    await fakeBrowser.storage.local.set({ settings: future });
    await migrateStoredSettings();
    expect((await fakeBrowser.storage.local.get('settings')).settings).toEqual(future);
  });

  it('serialises changes: two at once both land', async () => {
    await Promise.all([
      updateSettings((s) => ({ ...s, show: { ...s.show, related: false } })),
      updateSettings((s) => ({ ...s, cacheLifetime: 'long' })),
    ]);
    expect(await readSettings()).toMatchObject({ show: { related: false, badges: true }, cacheLifetime: 'long' });
  });

  it('keeps a synchronous copy current for the cache', async () => {
    const view = createSettingsView();
    expect(view.current().cacheLifetime).toBe('normal');
    await view.ready;
    await updateSettings((s) => ({ ...s, cacheLifetime: 'short' }));
    await vi.waitFor(() => expect(view.current().cacheLifetime).toBe('short'));
  });
});
