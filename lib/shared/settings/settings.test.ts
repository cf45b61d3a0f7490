import { fakeBrowser } from 'wxt/testing';
import { DEFAULT_SETTINGS, migrateSettings, normalizeSettings, settingsFromStorage } from './settings';

beforeEach(() => fakeBrowser.reset());

/** Same-day alerts came later than the alert settings: on, from arXiv's listings, unless chosen otherwise. */
const SAME_DAY = { sameDay: true, feed: 'listing' } as const;

describe('the settings object', () => {
  it('migrates the old alert settings (version 1) into the new object, keeping the reader’s choices', () => {
    expect(migrateSettings({ intervalMinutes: 60, notify: true })).toEqual({
      version: 2,
      show: { badges: true, paper: true, institutions: true, related: true },
      listings: { badges: true, onlyFollowed: false },
      alerts: { intervalMinutes: 60, notify: true, ...SAME_DAY },
      cacheLifetime: 'normal',
    });
  });

  it('brings an interval beyond the new 24 h limit down to once a day', () => {
    expect(migrateSettings({ intervalMinutes: 7 * 24 * 60, notify: false }).alerts).toEqual({ intervalMinutes: 1440, notify: false, ...SAME_DAY });
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
    expect(s).toEqual({ ...DEFAULT_SETTINGS, show: { badges: false, paper: true, institutions: true, related: false }, alerts: { intervalMinutes: 360, notify: true, ...SAME_DAY } });
  });

  it('gives an object stored before listings had badges the listing defaults, and keeps a stored choice', () => {
    const before: Record<string, unknown> = { ...DEFAULT_SETTINGS, show: { ...DEFAULT_SETTINGS.show, badges: false } };
    delete before.listings;
    expect(normalizeSettings(before)).toEqual({
      ...DEFAULT_SETTINGS, show: { ...DEFAULT_SETTINGS.show, badges: false }, listings: { badges: true, onlyFollowed: false },
    });
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, listings: { badges: false, onlyFollowed: 'yes' } }).listings).toEqual({ badges: false, onlyFollowed: false });
  });

  it('prefers the new key over the old one once both exist', () => {
    const newer = { ...DEFAULT_SETTINGS, alerts: { intervalMinutes: 30, notify: false, sameDay: false, feed: 'rss' as const } };
    expect(settingsFromStorage({ settings: newer, 'alert-settings': { intervalMinutes: 720, notify: true } })).toEqual(newer);
  });

  it('turns same-day alerts on for settings stored before them, keeps a choice, and mends a bad one', () => {
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, alerts: { intervalMinutes: 60, notify: false } }).alerts).toEqual({ intervalMinutes: 60, notify: false, ...SAME_DAY });
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, alerts: { sameDay: false, feed: 'rss' } }).alerts).toMatchObject({ sameDay: false, feed: 'rss' });
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, alerts: { sameDay: 'no', feed: 'export.arxiv.org' } }).alerts).toMatchObject(SAME_DAY);
  });

  it('keeps what it recognises of an object written by a newer Weft', () => {
    const fromTheFuture = { ...DEFAULT_SETTINGS, version: 9, cacheLifetime: 'long', theme: 'sepia' };
    expect(migrateSettings(fromTheFuture)).toEqual({ ...DEFAULT_SETTINGS, cacheLifetime: 'long' });
  });

  it('reads a damaged version (0, negative, fractional, a string, null) field by field instead of throwing', () => {
    for (const version of [0, -3, 1.5, '2', null, Number.NaN]) {
      expect(migrateSettings({ version, show: { related: false }, cacheLifetime: 'short', alerts: { notify: true, intervalMinutes: 60 } })).toEqual({
        ...DEFAULT_SETTINGS,
        show: { ...DEFAULT_SETTINGS.show, related: false },
        cacheLifetime: 'short',
        alerts: { intervalMinutes: 60, notify: true, ...SAME_DAY },
      });
    }
    expect(migrateSettings({ version: 0, show: 'garbage', alerts: [] })).toEqual(DEFAULT_SETTINGS);
  });
});

