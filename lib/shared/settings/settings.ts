/**
 * The reader's settings as one object in extension storage (`storage.local`, key `settings`):
 * which of Weft's additions arXiv pages show, how alerts run, how long cached answers last.
 * `storage.local` is an area content scripts can read (docs/reliability.md, User data), which
 * is safe here because nothing in this object is secret: it holds the choices a page can see
 * from what Weft shows on it. API keys, follows and corrections are kept apart, in the
 * background's user-data database (lib/background/user-data/). Content scripts never read
 * storage; they ask the background (`page-settings`).
 *
 * Versioned: every stored shape ever written is listed in `MIGRATIONS`, so an update never
 * loses a reader's choices. Version 1 is the alert settings object Weft stored before this one
 * existed (`alert-settings`: `{ intervalMinutes, notify }`).
 *
 * Plain TypeScript rather than valibot: content scripts bundle this module (its defaults)
 * and carry no validation library.
 */
import type { MessageKey } from '../i18n';
import { clampInterval, DEFAULT_INTERVAL_MINUTES, FEED_SOURCES, type AlertSettings, type FeedSource } from '../follows/model';

export const SETTINGS_KEY = 'settings';
/** Where version 1 lived; read once to migrate, then removed. */
export const LEGACY_ALERTS_KEY = 'alert-settings';
export const SETTINGS_VERSION = 2;

/**
 * The paper panels, in the order they are shown: the one list of their ids, from which their
 * show/hide settings come (synced; their defaults' type asks for each). What each panel is,
 * its request and component, is its entry in components/paper-panels.ts, whose type asks for
 * one per id; its row on the options page is its entry in `PANEL_SETTINGS`.
 */
export const PANEL_IDS = ['paper', 'institutions', 'related'] as const;
export type PanelId = (typeof PANEL_IDS)[number];
/** Each panel's show/hide row on the options page (not bundled where unread: the content scripts). */
export const PANEL_SETTINGS = {
  paper: { label: 'paperPanel', what: 'paperPanelWhat' },
  institutions: { label: 'institutionsPanel', what: 'institutionsPanelWhat' },
  related: { label: 'relatedPanel', what: 'relatedPanelWhat' },
} as const satisfies Record<PanelId, { label: MessageKey; what: MessageKey }>;
/** What Weft adds to an abstract page, each shown or hidden by the reader. */
export type PageAddition = 'badges' | PanelId;
export const PAGE_ADDITIONS: readonly PageAddition[] = ['badges', ...PANEL_IDS];
export type Visibility = Record<PageAddition, boolean>;

/**
 * What Weft adds to listing and search pages, apart from abstract pages: a reader may want
 * profiles on the paper they read and a plain listing, or the other way round.
 */
export interface ListingChoices {
  /** Author badges on /list, /catchup and /search pages. */
  badges: boolean;
  /** A quiet listing: badges only for followed researchers. */
  onlyFollowed: boolean;
}
export type ListingChoice = keyof ListingChoices;
export const LISTING_CHOICES: readonly ListingChoice[] = ['badges', 'onlyFollowed'];

export type CacheLifetime = 'short' | 'normal' | 'long';
export const CACHE_LIFETIMES: readonly CacheLifetime[] = ['short', 'normal', 'long'];
/** Factor on every cache TTL (papers 1 day, author numbers 7 days… at `normal`). */
export const CACHE_TTL_SCALE: Record<CacheLifetime, number> = { short: 0.25, normal: 1, long: 4 };

export interface Settings {
  version: typeof SETTINGS_VERSION;
  show: Visibility;
  listings: ListingChoices;
  alerts: AlertSettings;
  cacheLifetime: CacheLifetime;
}

export const DEFAULT_SETTINGS: Settings = {
  version: SETTINGS_VERSION,
  show: { badges: true, paper: true, institutions: true, related: true },
  listings: { badges: true, onlyFollowed: false },
  alerts: { intervalMinutes: DEFAULT_INTERVAL_MINUTES, notify: false, sameDay: true, feed: 'listing' },
  cacheLifetime: 'normal',
};

/**
 * A field of the settings: a value that changes as a whole, named by its path in the object
 * (`show.related`, `cacheLifetime`; a list is one field).
 */
type Fields<T> = {
  [K in keyof T & string]: T[K] extends readonly unknown[] ? K : T[K] extends object ? `${K}.${keyof T[K] & string}` : K;
}[keyof T & string];
export type SettingsField = Fields<Omit<Settings, 'version'>>;

/**
 * The settings that follow the reader to their other computers (`storage.sync`, where the
 * browser syncs extension data): each field merged on its own, the newer change winning
 * (lib/background/settings/sync.ts). A new setting follows the reader by one line here; give
 * its largest realistic value to the quota test (lib/background/settings/sync.test.ts).
 * What is not listed stays on this computer: the announcement source (`alerts.feed`) too, since
 * arXiv's RSS host is a permission each browser grants on its own.
 */
export const SYNCED_FIELDS: readonly SettingsField[] = [
  ...PAGE_ADDITIONS.map((k) => `show.${k}` as const),
  'listings.badges',
  'listings.onlyFollowed',
  'alerts.intervalMinutes',
  'alerts.notify',
  'alerts.sameDay',
  'cacheLifetime',
];

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Version 1 → 2: the alert settings move under `alerts`; everything new starts at its default. */
const MIGRATIONS: Record<number, (old: Obj) => Obj> = {
  2: (v1) => ({ ...DEFAULT_SETTINGS, alerts: { ...DEFAULT_SETTINGS.alerts, intervalMinutes: v1.intervalMinutes, notify: v1.notify } }),
};

/** The stored object's version: 1 for the unversioned alert settings. */
function versionOf(raw: Obj): number {
  return typeof raw.version === 'number' && Number.isInteger(raw.version) ? raw.version : 1;
}

/**
 * Stored settings whose version no Weft ever wrote (`0`, `-3`, `1.5`, `"2"`, null): no migration
 * can start from it, so the object is read field by field as the current shape instead.
 */
export function hasDamagedVersion(stored: unknown): boolean {
  if (!isObj(stored) || !('version' in stored)) return false;
  const { version } = stored;
  return !(typeof version === 'number' && Number.isInteger(version) && version >= 1);
}

/**
 * The current version's settings from whatever is stored, field by field: a missing or
 * damaged field takes its default, the others are kept (one bad value never resets the rest).
 */
export function normalizeSettings(raw: Obj): Settings {
  const show = isObj(raw.show) ? raw.show : {};
  // Stored before listings had badges: absent, so the defaults apply.
  const listings = isObj(raw.listings) ? raw.listings : {};
  const choice = (k: ListingChoice) => (typeof listings[k] === 'boolean' ? (listings[k] as boolean) : DEFAULT_SETTINGS.listings[k]);
  const alerts = isObj(raw.alerts) ? raw.alerts : {};
  const interval = typeof alerts.intervalMinutes === 'number' ? alerts.intervalMinutes : DEFAULT_INTERVAL_MINUTES;
  return {
    version: SETTINGS_VERSION,
    show: Object.fromEntries(PAGE_ADDITIONS.map((k) => [k, typeof show[k] === 'boolean' ? show[k] : DEFAULT_SETTINGS.show[k]])) as Visibility,
    listings: { badges: choice('badges'), onlyFollowed: choice('onlyFollowed') },
    alerts: {
      intervalMinutes: clampInterval(interval),
      notify: alerts.notify === true,
      // Stored before same-day alerts existed: absent, so they are on (they ask for no new permission).
      sameDay: alerts.sameDay !== false,
      feed: FEED_SOURCES.includes(alerts.feed as FeedSource) ? (alerts.feed as FeedSource) : DEFAULT_SETTINGS.alerts.feed,
    },
    cacheLifetime: CACHE_LIFETIMES.includes(raw.cacheLifetime as CacheLifetime) ? (raw.cacheLifetime as CacheLifetime) : DEFAULT_SETTINGS.cacheLifetime,
  };
}

/**
 * Stored settings of any version (or nothing) → the current version. A version newer than
 * this Weft knows (a downgrade) keeps the fields it recognises; so does a damaged one.
 */
export function migrateSettings(stored: unknown): Settings {
  if (!isObj(stored)) return normalizeSettings({});
  if (hasDamagedVersion(stored)) return normalizeSettings(stored);
  let raw = stored;
  for (let v = versionOf(raw) + 1; v <= SETTINGS_VERSION; v++) raw = MIGRATIONS[v]!(raw);
  return normalizeSettings(raw);
}

/** What storage holds under both keys → the object to use (the new key wins once written). */
export function settingsFromStorage(items: Record<string, unknown>): Settings {
  return migrateSettings(items[SETTINGS_KEY] ?? items[LEGACY_ALERTS_KEY]);
}
