/**
 * The reader's optional API keys (OpenAlex, Semantic Scholar): user data in the user-data
 * database (user-data/user-data.ts), where content scripts cannot read them, never in the
 * cache, so clearing cached data keeps them. Only the background reads them back in full;
 * pages see them masked. Keys never go into logs.
 */
import { perCatalog } from '../../catalog/catalogs';
import { isApiKey, type ApiKeys, type KeyService } from '../../shared/settings/key-format';
import { USER_DATA } from '../user-data/schema';
import { readUserData, userDataInDatabase, writeUserData } from '../user-data/user-data';

export const NO_KEYS: ApiKeys = perCatalog(() => '');

/** Stored keys as read back; anything damaged counts as no key. */
function readable(raw: unknown): ApiKeys {
  const stored = (raw ?? {}) as Partial<Record<KeyService, unknown>>;
  return perCatalog((service) => {
    const key = stored[service];
    return typeof key === 'string' && isApiKey(service, key) ? key : '';
  });
}

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;

/**
 * The background's view of the keys: an in-memory copy, loaded once and replaced by each save
 * (this store is the only writer), so a request never waits on the database once the worker
 * is up.
 */
export function createApiKeyStore() {
  let current: ApiKeys | undefined;
  const loaded = readUserData([USER_DATA.apiKeys]).then(
    ({ values }) => (current ??= readable(values[USER_DATA.apiKeys])),
    () => (current ??= NO_KEYS),
  );

  const keys = async (): Promise<ApiKeys> => current ?? loaded;

  return {
    keys,
    /** False where the browser keeps no extension database: keys then last until the browser closes. */
    kept: () => userDataInDatabase().catch(() => true),
    /** For the catalog clients' `getKey`: the key, or null when the reader has none. */
    getKey: (service: KeyService) => async (): Promise<string | null> => (await keys())[service] || null,
    /** Saves the keys given ('' removes one); the others stay. Keys must pass `isApiKey`. */
    async save(patch: Partial<ApiKeys>): Promise<ApiKeys> {
      const next = { ...(await keys()), ...patch };
      await writeUserData({ [USER_DATA.apiKeys]: next });
      current = next;
      return next;
    },
  };
}
