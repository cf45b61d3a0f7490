import type { MaskedKeys, SettingsResponses } from '../../messaging/requests/settings';
import { requireExtensionPage, type AreaHandlers } from '../../messaging/server';
import { maskKey, type ApiKeys } from '../../settings/key-format';
import type { BackgroundDeps } from '../deps';

const masked = (keys: ApiKeys): MaskedKeys => ({
  openalex: keys.openalex ? maskKey(keys.openalex) : null,
  s2: keys.s2 ? maskKey(keys.s2) : null,
});

/** The options page's requests: API keys (answered masked) and the cache. Weft's own pages only. */
export function settingsHandlers({ apiKeys, cache }: Pick<BackgroundDeps, 'apiKeys' | 'cache'>): AreaHandlers<keyof SettingsResponses> {
  return {
    'settings-get': async (_, sender) => {
      requireExtensionPage(sender);
      return { keys: masked(await apiKeys.keys()) };
    },
    'settings-set-keys': async ({ openalex, s2 }, sender) => {
      requireExtensionPage(sender);
      const saved = await apiKeys.save({
        ...(openalex !== undefined ? { openalex } : {}),
        ...(s2 !== undefined ? { s2 } : {}),
      });
      return { keys: masked(saved) };
    },
    'cache-stats': async (_, sender) => {
      requireExtensionPage(sender);
      return cache.stats();
    },
    // Followed researchers, the inbox and settings live in extension storage: clearing keeps them.
    'cache-clear': async (_, sender) => {
      requireExtensionPage(sender);
      await cache.clear();
      return cache.stats();
    },
  };
}
