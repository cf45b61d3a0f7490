/**
 * Requests of the options page: the reader's settings, API keys and the cache. Weft's own pages
 * only (see the handlers); a key travels one way, into the background, and comes back masked.
 */
import * as v from 'valibot';
import type { KeyTest } from '../catalog/key-check';
import { isApiKey, type KeyService } from '../../shared/settings/key-format';
import type { KeyProblems } from '../settings/key-problems';
import { CACHE_LIFETIMES, PAGE_ADDITIONS, type PageAddition, type Settings } from '../../shared/settings/settings';

/** A key in the exact form Weft stores, or '' to remove the saved one. */
const KeyField = (service: KeyService) =>
  v.optional(v.union([v.literal(''), v.pipe(v.string(), v.check((key) => isApiKey(service, key), 'not an API key'))]));

const Service = v.picklist(['openalex', 's2'] as const satisfies readonly KeyService[]);

/** Which page additions to show or hide; the ones not named stay as they are. */
const Show = v.strictObject(
  Object.fromEntries(PAGE_ADDITIONS.map((k) => [k, v.optional(v.boolean())])) as Record<PageAddition, v.OptionalSchema<v.BooleanSchema<undefined>, undefined>>,
);

export const settingsRequests = [
  v.strictObject({ type: v.literal('settings-get') }),
  v.strictObject({ type: v.literal('settings-set'), show: v.optional(Show), cacheLifetime: v.optional(v.picklist(CACHE_LIFETIMES)) }),
  v.strictObject({ type: v.literal('settings-set-keys'), openalex: KeyField('openalex'), s2: KeyField('s2') }),
  v.strictObject({ type: v.literal('settings-test-key'), service: Service }),
  v.strictObject({ type: v.literal('cache-stats') }),
  v.strictObject({ type: v.literal('cache-clear') }),
] as const;

/** Each saved key masked ("••••••••1a2b"), or null when there is none. */
export type MaskedKeys = Record<KeyService, string | null>;

export interface SettingsResult {
  keys: MaskedKeys;
  /** When a catalog last refused each saved key (cleared by a new key or a passing test). */
  problems: KeyProblems;
  settings: Settings;
}

/** What the cache holds: entries and their approximate size in bytes. */
export interface CacheStats {
  entries: number;
  bytes: number;
}

export interface SettingsResponses {
  'settings-get': SettingsResult;
  'settings-set': SettingsResult;
  'settings-set-keys': SettingsResult;
  /** No key saved for that service: `{ valid: false }` is never the answer, the request fails. */
  'settings-test-key': KeyTest;
  'cache-stats': CacheStats;
  'cache-clear': CacheStats;
}
