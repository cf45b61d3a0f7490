import { fakeBrowser } from 'wxt/testing';
import { DEFAULT_SETTINGS } from '../../shared/settings/settings';
import { createSettingsView, migrateStoredSettings, readSettings, updateSettings } from './store';

beforeEach(() => fakeBrowser.reset());

describe('settings in extension storage', () => {
  it('migrates an update’s stored data once at start: the new object replaces the old key', async () => {
    await fakeBrowser.storage.local.set({ 'alert-settings': { intervalMinutes: 180, notify: true }, 'alert-settings$': { v: 1 }, apiKeys: { openalex: 'OaKey12345', s2: '' } });
    expect((await readSettings()).alerts).toEqual({ intervalMinutes: 180, notify: true, sameDay: true, feed: 'listing' }); // read before migrating: same answer
    await migrateStoredSettings();
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored.settings).toEqual({ ...DEFAULT_SETTINGS, alerts: { intervalMinutes: 180, notify: true, sameDay: true, feed: 'listing' } });
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

  it('repairs a damaged version field by field, says so once, and stores the repaired object', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await fakeBrowser.storage.local.set({ settings: { version: 0, show: { badges: false, related: 'yes' }, cacheLifetime: 'long', alerts: 7 } });
    expect(await readSettings()).toEqual({ ...DEFAULT_SETTINGS, show: { ...DEFAULT_SETTINGS.show, badges: false }, cacheLifetime: 'long' });
    await migrateStoredSettings();
    expect(warn).toHaveBeenCalledTimes(1);
    expect((await fakeBrowser.storage.local.get('settings')).settings).toEqual({ ...DEFAULT_SETTINGS, show: { ...DEFAULT_SETTINGS.show, badges: false }, cacheLifetime: 'long' });
    await migrateStoredSettings();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('serialises changes: two at once both land', async () => {
    await Promise.all([
      updateSettings((s) => ({ ...s, show: { ...s.show, related: false } })),
      updateSettings((s) => ({ ...s, cacheLifetime: 'long' })),
    ]);
    expect(await readSettings()).toMatchObject({ show: { related: false, badges: true }, cacheLifetime: 'long' });
  });

  it('stamps the fields a change touches, later than any stamp they had even when this clock is behind', async () => {
    const ahead = Date.parse('2030-01-01T00:00:00Z');
    await fakeBrowser.storage.local.set({ 'settings.stamps': { cacheLifetime: ahead } });
    await updateSettings((s) => ({ ...s, cacheLifetime: 'long', show: { ...s.show, paper: false } }));
    const { 'settings.stamps': stamps } = await fakeBrowser.storage.local.get('settings.stamps');
    expect(stamps).toEqual({ cacheLifetime: ahead + 1, 'show.paper': expect.any(Number) });
    expect((stamps as Record<string, number>)['show.paper']).toBeLessThan(ahead);
    // A write that changes nothing stamps nothing.
    await updateSettings((s) => s);
    expect((await fakeBrowser.storage.local.get('settings.stamps'))['settings.stamps']).toEqual(stamps);
  });

  it('keeps a synchronous copy current for the cache', async () => {
    const view = createSettingsView();
    expect(view.current().cacheLifetime).toBe('normal');
    await view.ready;
    await updateSettings((s) => ({ ...s, cacheLifetime: 'short' }));
    await vi.waitFor(() => expect(view.current().cacheLifetime).toBe('short'));
  });
});
