/**
 * The reader's optional API keys (OpenAlex, Semantic Scholar): user settings in extension
 * storage, never in the cache, so clearing cached data keeps them. Only the background reads
 * them back in full; pages see them masked. Keys never go into logs.
 */
import { storage } from 'wxt/utils/storage';
import { isApiKey, type ApiKeys, type KeyService } from '../../shared/settings/key-format';

export const NO_KEYS: ApiKeys = { openalex: '', s2: '' };

/**
 * Storage version. Bump it with a migration whenever the stored shape changes: the reader's
 * keys must survive every update.
 */
export const apiKeysItem = storage.defineItem<ApiKeys>('local:apiKeys', { fallback: NO_KEYS, version: 1, migrations: {} });

/** Stored keys as read back; anything damaged counts as no key. */
function readable(raw: unknown): ApiKeys {
  const stored = (raw ?? {}) as Partial<Record<KeyService, unknown>>;
  const one = (service: KeyService) => {
    const key = stored[service];
    return typeof key === 'string' && isApiKey(service, key) ? key : '';
  };
  return { openalex: one('openalex'), s2: one('s2') };
}

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;

/**
 * The background's view of the keys: an in-memory copy, loaded once and kept current by
 * storage change events, so a request never waits on storage once the worker is up.
 */
export function createApiKeyStore(item = apiKeysItem) {
  let current: ApiKeys | undefined;
  const loaded = item.getValue().then(
    (raw) => (current ??= readable(raw)),
    () => (current ??= NO_KEYS),
  );
  item.watch((raw) => {
    current = readable(raw);
  });

  const keys = async (): Promise<ApiKeys> => current ?? loaded;

  return {
    keys,
    /** For the catalog clients' `getKey`: the key, or null when the reader has none. */
    getKey: (service: KeyService) => async (): Promise<string | null> => (await keys())[service] || null,
    /** Saves the keys given ('' removes one); the others stay. Keys must pass `isApiKey`. */
    async save(patch: Partial<ApiKeys>): Promise<ApiKeys> {
      const next = { ...(await keys()), ...patch };
      await item.setValue(next);
      current = next;
      return next;
    },
  };
}
