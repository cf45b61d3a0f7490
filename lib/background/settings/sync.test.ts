import { DEFAULT_SETTINGS, SYNCED_FIELDS, type Settings, type SettingsField } from '../../shared/settings/settings';
import { MAX_INTERVAL_MINUTES } from '../../shared/follows/model';
import { createSettingsStore, type StorageArea } from './store';
import { settingsSyncPart, syncKey } from './sync';
import { createBrowserSync, itemBytes, MIN_WRITE_INTERVAL_MS, SYNC_QUOTA } from '../sync/browser-sync';
import { clone, syncService } from '../sync/testing';

/** One profile's `storage.local`. */
function memoryArea(): StorageArea & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (keys) => Object.fromEntries(keys.filter((k) => data.has(k)).map((k) => [k, clone(data.get(k))])),
    set: async (items) => void Object.entries(items).forEach(([k, v]) => data.set(k, clone(v))),
    remove: async (keys) => void keys.forEach((k) => data.delete(k)),
  };
}

/** A browser profile with Weft: its own local storage, its settings store and its sync. */
function browserProfile(service: ReturnType<typeof syncService>, stored: Record<string, unknown> = {}) {
  const local = memoryArea();
  for (const [k, v] of Object.entries(stored)) local.data.set(k, clone(v));
  const store = createSettingsStore(local);
  const sync = service.profile();
  const settingsSync = createBrowserSync({ parts: [settingsSyncPart(store)], sync });
  settingsSync.watch();
  return { local, store, sync, settingsSync, read: () => store.readSettings() };
}

/** Lets the merges the events started (and any write held back by the write rate) finish. */
async function settle(...profiles: ReturnType<typeof browserProfile>[]) {
  for (let round = 0; round < 3; round++) {
    await vi.advanceTimersByTimeAsync(MIN_WRITE_INTERVAL_MS);
    for (const p of profiles) await p.settingsSync.merge();
  }
}

const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeEach(() => {
  vi.useFakeTimers();
  at('2026-07-01T09:00:00Z');
});
afterEach(() => vi.useRealTimers());

describe('settings that follow the reader between computers', () => {
  it('carries a change from the laptop to the desktop and one from the desktop back, each to open pages’ settings', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const desktop = browserProfile(service);
    await Promise.all([laptop.settingsSync.merge(), desktop.settingsSync.merge()]);

    await laptop.store.updateSettings((s) => ({ ...s, show: { ...s.show, related: false } }));
    await settle(laptop);
    service.run();
    await settle(desktop);
    expect((await desktop.read()).show.related).toBe(false);

    at('2026-07-01T10:00:00Z');
    await desktop.store.updateSettings((s) => ({ ...s, alerts: { ...s.alerts, intervalMinutes: 60 } }));
    await settle(desktop);
    service.run();
    await settle(laptop);
    expect(await laptop.read()).toEqual(await desktop.read());
    expect((await laptop.read()).alerts.intervalMinutes).toBe(60);
    expect((await laptop.read()).show.related).toBe(false);
  });

  it('merges changes made on both computers while offline field by field: the newer change of each field wins, on both', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const desktop = browserProfile(service);
    await Promise.all([laptop.settingsSync.merge(), desktop.settingsSync.merge()]);

    // Offline: both change the cache lifetime (the desktop later), and each one other setting.
    at('2026-07-01T09:10:00Z');
    await laptop.store.updateSettings((s) => ({ ...s, cacheLifetime: 'long' }));
    at('2026-07-01T09:20:00Z');
    await desktop.store.updateSettings((s) => ({ ...s, cacheLifetime: 'short', listings: { ...s.listings, onlyFollowed: true } }));
    at('2026-07-01T09:30:00Z');
    await laptop.store.updateSettings((s) => ({ ...s, show: { ...s.show, badges: false } }));
    await settle(laptop, desktop);

    // Online: the laptop's writes reach the service last, so it holds the older lifetime for a while.
    service.run([service.devices[1]!, service.devices[0]!]);
    expect(service.server.get(syncKey('cacheLifetime'))).toMatchObject({ v: 'long' });
    await settle(laptop, desktop);
    service.run();
    await settle(laptop, desktop);

    const want: Settings = {
      ...DEFAULT_SETTINGS,
      cacheLifetime: 'short',
      listings: { badges: true, onlyFollowed: true },
      show: { ...DEFAULT_SETTINGS.show, badges: false },
    };
    expect(await laptop.read()).toEqual(want);
    expect(await desktop.read()).toEqual(want);
    expect(service.server.get(syncKey('cacheLifetime'))).toMatchObject({ v: 'short' });
  });

  it('keeps a reader’s settings from before sync over a new computer’s defaults, and writes nothing but the synced settings there', async () => {
    const service = syncService();
    const before = { ...DEFAULT_SETTINGS, show: { ...DEFAULT_SETTINGS.show, institutions: false }, alerts: { ...DEFAULT_SETTINGS.alerts, intervalMinutes: 720, notify: true } };
    const laptop = browserProfile(service, { settings: before, 'paperPanels.collapsed': ['related'], firstRunShownAt: 1 });
    const desktop = browserProfile(service);
    await desktop.settingsSync.merge();
    await laptop.settingsSync.merge();
    await settle(laptop, desktop);
    service.run();
    await settle(laptop, desktop);
    expect(await desktop.read()).toEqual(before);
    expect([...service.server.keys()].sort()).toEqual(['settings.alerts.intervalMinutes', 'settings.alerts.notify', 'settings.show.institutions']);
    // The panel layout is this screen's, not the reader's everywhere.
    expect(desktop.local.data.has('paperPanels.collapsed')).toBe(false);
  });

  it('neither takes nor overwrites a value this Weft cannot keep (a damaged item, or one a newer Weft wrote)', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    await laptop.settingsSync.merge();
    const strange = { v: 'forever', t: Date.parse('2026-07-02T00:00:00Z') };
    service.server.set(syncKey('cacheLifetime'), strange);
    service.server.set(syncKey('show.paper'), 'not a stamped value');
    service.run();
    await settle(laptop);
    expect(await laptop.read()).toEqual(DEFAULT_SETTINGS);
    expect(service.server.get(syncKey('cacheLifetime'))).toEqual(strange);
  });

  it('writes to browser sync at most once per write interval however fast the reader changes settings, and the last change gets there', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    await laptop.settingsSync.merge();
    for (let k = 0; k < 40; k++) {
      await laptop.store.updateSettings((s) => ({ ...s, show: { ...s.show, related: k % 2 === 0 } }));
      await vi.advanceTimersByTimeAsync(250);
    }
    await settle(laptop);
    // 40 changes over 10 s: a write at once, then one each interval.
    expect(laptop.sync.writes).toBeLessThanOrEqual(1 + Math.ceil(10_000 / MIN_WRITE_INTERVAL_MS) + 1);
    expect(await laptop.sync.get([syncKey('show.related')])).toMatchObject({ [syncKey('show.related')]: { v: false } });
    // Within Chrome's rates, kept up for an hour.
    expect((60_000 / MIN_WRITE_INTERVAL_MS)).toBeLessThanOrEqual(SYNC_QUOTA.writesPerMinute);
    expect((3_600_000 / MIN_WRITE_INTERVAL_MS)).toBeLessThanOrEqual(SYNC_QUOTA.writesPerHour);
  });

  it('fits the sync quotas with the largest realistic settings', () => {
    // Each synced field at its largest: the longest value it takes, stamped in the far future.
    const LARGEST: Record<SettingsField, unknown> = {
      'show.badges': false,
      'show.paper': false,
      'show.institutions': false,
      'show.related': false,
      'listings.badges': false,
      'listings.onlyFollowed': false,
      'alerts.intervalMinutes': MAX_INTERVAL_MINUTES,
      'alerts.notify': false,
      'alerts.sameDay': false,
      'alerts.feed': 'listing',
      cacheLifetime: 'normal',
    };
    const t = Date.parse('2999-12-31T23:59:59Z');
    const sizes = SYNCED_FIELDS.map((field) => {
      if (!(field in LARGEST)) throw new Error(`give the synced field ${field} its largest realistic value here`);
      return itemBytes(syncKey(field), { v: LARGEST[field], t });
    });
    expect(Math.max(...sizes)).toBeLessThanOrEqual(SYNC_QUOTA.bytesPerItem);
    expect(SYNCED_FIELDS.length).toBeLessThanOrEqual(SYNC_QUOTA.items);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(SYNC_QUOTA.bytes);
    // As measured: 9 items, at most 60 bytes each, 487 bytes in all (0.5 % of the total quota; with
    // the topics and the watched-category edits: same-day/topic-sync.test.ts).
  });

  it('keeps a change here when browser sync refuses the write, and writes it when sync works again', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const write = laptop.sync.set.bind(laptop.sync);
    let refuse = true;
    laptop.sync.set = async (items) => {
      if (refuse) throw new Error('MAX_WRITE_OPERATIONS_PER_MINUTE quota exceeded');
      return write(items);
    };
    await laptop.store.updateSettings((s) => ({ ...s, cacheLifetime: 'long' }));
    await laptop.settingsSync.merge();
    expect((await laptop.read()).cacheLifetime).toBe('long');
    expect(warn).toHaveBeenCalled();
    refuse = false;
    await vi.advanceTimersByTimeAsync(60_000);
    await laptop.settingsSync.merge();
    expect(await laptop.sync.get([syncKey('cacheLifetime')])).toMatchObject({ [syncKey('cacheLifetime')]: { v: 'long' } });
  });
});
