/**
 * Requests of the options page: the reader's API keys and the cache. Weft's own pages only
 * (see the handlers); a key travels one way, into the background, and comes back masked.
 */
import * as v from 'valibot';
import { isApiKey, type KeyService } from '../../settings/key-format';

/** A key in the exact form Weft stores, or '' to remove the saved one. */
const KeyField = (service: KeyService) =>
  v.optional(v.union([v.literal(''), v.pipe(v.string(), v.check((key) => isApiKey(service, key), 'not an API key'))]));

export const settingsRequests = [
  v.strictObject({ type: v.literal('settings-get') }),
  v.strictObject({ type: v.literal('settings-set-keys'), openalex: KeyField('openalex'), s2: KeyField('s2') }),
  v.strictObject({ type: v.literal('cache-stats') }),
  v.strictObject({ type: v.literal('cache-clear') }),
] as const;

/** Each saved key masked ("••••••••1a2b"), or null when there is none. */
export type MaskedKeys = Record<KeyService, string | null>;

export interface SettingsResult {
  keys: MaskedKeys;
}

/** What the cache holds: entries and their approximate size in bytes. */
export interface CacheStats {
  entries: number;
  bytes: number;
}

export interface SettingsResponses {
  'settings-get': SettingsResult;
  'settings-set-keys': SettingsResult;
  'cache-stats': CacheStats;
  'cache-clear': CacheStats;
}
