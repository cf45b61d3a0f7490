/** Everything the background's request handlers may use, built once per service-worker start. */
import { createCache, type Cache } from '../cache/cache';
import { createCatalog, type Catalog } from '../catalog/catalog';
import { createHttp } from '../catalog/http';
import { createOpenAlex, type OpenAlexClient } from '../catalog/openalex';
import { createSemanticScholar, type SemanticScholarClient } from '../catalog/semantic-scholar';
import { createFollowService, type FollowService } from '../follows/service';
import { createApiKeyStore, type ApiKeyStore } from '../settings/api-keys';

export interface BackgroundDeps {
  cache: Cache;
  openalex: OpenAlexClient;
  s2: SemanticScholarClient;
  catalog: Catalog;
  /** Followed researchers and new-paper alerts (the only writer of follow data). */
  follows: FollowService;
  /** The reader's optional API keys (read by the catalog clients, written from the options page). */
  apiKeys: ApiKeyStore;
}

export function createBackgroundDeps(): BackgroundDeps {
  const http = createHttp();
  const cache = createCache();
  const apiKeys = createApiKeyStore();
  const openalex = createOpenAlex({ http, getKey: apiKeys.getKey('openalex') });
  const s2 = createSemanticScholar({ http, getKey: apiKeys.getKey('s2') });
  return { cache, openalex, s2, catalog: createCatalog({ openalex, s2, cache }), follows: createFollowService({ openalex }), apiKeys };
}
