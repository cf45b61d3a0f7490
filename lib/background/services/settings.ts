import { testKey } from '../catalog/key-check';
import type { MaskedKeys, SettingsResponses, SettingsResult } from '../requests/settings';
import { RefusedError, requireExtensionPage, type AreaHandlers } from '../server';
import { maskKey, type ApiKeys, type KeyService } from '../../shared/settings/key-format';
import { readKeyProblems } from '../settings/key-problems';
import { readSettings, updateSettings } from '../settings/store';
import type { BackgroundDeps } from '../deps';

const masked = (keys: ApiKeys): MaskedKeys => ({
  openalex: keys.openalex ? maskKey(keys.openalex) : null,
  s2: keys.s2 ? maskKey(keys.s2) : null,
});

type Deps = Pick<BackgroundDeps, 'apiKeys' | 'cache' | 'http' | 'keyProblems'>;

/** The options page's requests: settings, API keys (answered masked) and the cache. Weft's own pages only. */
export function settingsHandlers({ apiKeys, cache, http, keyProblems }: Deps): AreaHandlers<keyof SettingsResponses> {
  const result = async (keys?: ApiKeys): Promise<SettingsResult> => {
    const [saved, problems, settings] = await Promise.all([keys ?? apiKeys.keys(), readKeyProblems(), readSettings()]);
    return { keys: masked(saved), problems, settings };
  };

  return {
    'settings-get': async (_, sender) => {
      requireExtensionPage(sender);
      return result();
    },
    'settings-set': async ({ show, cacheLifetime }, sender) => {
      requireExtensionPage(sender);
      await updateSettings((s) => ({ ...s, show: { ...s.show, ...show }, cacheLifetime: cacheLifetime ?? s.cacheLifetime }));
      return result();
    },
    'settings-set-keys': async ({ openalex, s2 }, sender) => {
      requireExtensionPage(sender);
      const patch = { ...(openalex !== undefined ? { openalex } : {}), ...(s2 !== undefined ? { s2 } : {}) };
      const saved = await apiKeys.save(patch);
      // A refusal was about the key it replaces.
      await Promise.all((Object.keys(patch) as KeyService[]).map((service) => keyProblems.clear(service)));
      return result(saved);
    },
    'settings-test-key': async ({ service }, sender) => {
      requireExtensionPage(sender);
      const key = (await apiKeys.keys())[service];
      if (!key) throw new RefusedError('No key is saved for this catalog');
      const answer = await testKey(http, service, key);
      await (answer.valid ? keyProblems.clear(service) : keyProblems.refused(service));
      return answer;
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
