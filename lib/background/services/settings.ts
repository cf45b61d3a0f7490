/**
 * The settings service: what pages show (content scripts read it), and the options page's
 * settings, API keys and cache. A key travels one way, into the background, and comes back
 * masked.
 */
import * as v from 'valibot';
import { testKey } from '../catalog/key-check';
import { defineRequests } from '../define-requests';
import type { BackgroundDeps } from '../deps';
import { RefusedError } from '../errors';
import { readCollapsedPanels, saveCollapsedPanels } from '../settings/panel-layout';
import { readKeyProblems } from '../settings/key-problems';
import { readSettings, updateSettings } from '../settings/store';
import { isHiddenOn } from '../tab-visibility';
import { perCatalog, SOURCE_IDS } from '../../catalog/catalogs';
import { isApiKey, maskKey, type ApiKeys, type KeyService } from '../../shared/settings/key-format';
import { CACHE_LIFETIMES, LISTING_CHOICES, PAGE_ADDITIONS, PANEL_IDS, type ListingChoice, type PageAddition, type Visibility } from '../../shared/settings/settings';

/** A key in the exact form Weft stores, or '' to remove the saved one. */
const KeyField = (service: KeyService) =>
  v.optional(v.union([v.literal(''), v.pipe(v.string(), v.check((key) => isApiKey(service, key), 'not an API key'))]));

const Service = v.picklist(SOURCE_IDS);

/** Which page additions to show or hide; the ones not named stay as they are. */
const Show = v.strictObject(
  Object.fromEntries(PAGE_ADDITIONS.map((k) => [k, v.optional(v.boolean())])) as Record<PageAddition, v.OptionalSchema<v.BooleanSchema<undefined>, undefined>>,
);

/** Listing-page choices to change; the ones not named stay as they are. */
const Listings = v.strictObject(
  Object.fromEntries(LISTING_CHOICES.map((k) => [k, v.optional(v.boolean())])) as Record<ListingChoice, v.OptionalSchema<v.BooleanSchema<undefined>, undefined>>,
);

export const settingsRequests = defineRequests({
  /** What an arXiv page shows, and which panels the reader collapsed. */
  'page-settings': { from: 'pages', fields: {} },
  'set-collapsed-panels': { from: 'pages', fields: { ids: v.pipe(v.array(v.picklist(PANEL_IDS)), v.maxLength(PANEL_IDS.length)) } },
  'settings-get': { from: 'extension', fields: {} },
  'settings-set': {
    from: 'extension',
    fields: { show: v.optional(Show), listings: v.optional(Listings), cacheLifetime: v.optional(v.picklist(CACHE_LIFETIMES)) },
  },
  'settings-set-keys': { from: 'extension', fields: perCatalog(KeyField) },
  /** No key saved for that service: the request fails (`{ valid: false }` is never the answer). */
  'settings-test-key': { from: 'extension', fields: { service: Service } },
  'cache-stats': { from: 'extension', fields: {} },
  'cache-clear': { from: 'extension', fields: {} },
});

/** Each saved key masked ("••••••••1a2b"), or null when there is none. */
export type MaskedKeys = Record<KeyService, string | null>;

const masked = (keys: ApiKeys): MaskedKeys => perCatalog((service) => (keys[service] ? maskKey(keys[service]) : null));

type Deps = Pick<BackgroundDeps, 'apiKeys' | 'cache' | 'http' | 'keyProblems'> & { follows: Pick<BackgroundDeps['follows'], 'keyChanged'> };

/** What a tab where the reader hid Weft shows: nothing (lib/background/tab-visibility.ts). */
const NOTHING_SHOWN = {
  show: Object.fromEntries(PAGE_ADDITIONS.map((k) => [k, false])) as Visibility,
  listings: Object.fromEntries(LISTING_CHOICES.map((k) => [k, false])) as Record<ListingChoice, boolean>,
};

export function settingsService({ apiKeys, cache, http, keyProblems, follows }: Deps) {
  const result = async (keys?: ApiKeys) => {
    const [saved, problems, settings, kept] = await Promise.all([keys ?? apiKeys.keys(), readKeyProblems(), readSettings(), apiKeys.kept()]);
    /** `keysUntilRestart`: the browser keeps no extension database here; saved keys last until it closes. */
    return { keys: masked(saved), problems, settings, keysUntilRestart: !kept };
  };

  return settingsRequests.answer({
    'page-settings': async (_, sender) => {
      const tabId = sender.tab?.id;
      const [settings, collapsed, hidden] = await Promise.all([readSettings(), readCollapsedPanels(), tabId !== undefined && isHiddenOn(tabId)]);
      return { ...(hidden ? NOTHING_SHOWN : { show: settings.show, listings: settings.listings }), collapsed };
    },
    'set-collapsed-panels': async ({ ids }) => ({ collapsed: await saveCollapsedPanels(ids) }),
    'settings-get': () => result(),
    'settings-set': async ({ show, listings, cacheLifetime }) => {
      await updateSettings((s) => ({
        ...s,
        show: { ...s.show, ...show },
        listings: { ...s.listings, ...listings },
        cacheLifetime: cacheLifetime ?? s.cacheLifetime,
      }));
      return result();
    },
    'settings-set-keys': async ({ openalex, s2 }) => {
      const patch = { ...(openalex !== undefined ? { openalex } : {}), ...(s2 !== undefined ? { s2 } : {}) };
      const saved = await apiKeys.save(patch);
      // A refusal was about the key it replaces.
      await Promise.all((Object.keys(patch) as KeyService[]).map((service) => keyProblems.clear(service)));
      if (openalex) await follows.keyChanged();
      return result(saved);
    },
    'settings-test-key': async ({ service }) => {
      const key = (await apiKeys.keys())[service];
      if (!key) throw new RefusedError('No key is saved for this catalog');
      const answer = await testKey(http, service, key);
      await (answer.valid ? keyProblems.clear(service) : keyProblems.refused(service));
      return answer;
    },
    'cache-stats': () => cache.stats(),
    // User data (follows, inbox, keys, corrections, recent searches) has its own database,
    // settings live in storage.local: clearing the cache keeps them all.
    'cache-clear': async () => {
      await cache.clear();
      return cache.stats();
    },
  });
}
