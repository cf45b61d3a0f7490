/** Everything the background's request handlers may use, built once per service-worker start. */
import { createCache, type Cache } from '../cache/cache';
import { createCatalog, type Catalog } from '../catalog/catalog';
import { createHttp } from '../catalog/http';
import { createOpenAlex, type OpenAlexClient } from '../catalog/openalex';
import { createSemanticScholar, type SemanticScholarClient } from '../catalog/semantic-scholar';

export interface BackgroundDeps {
  cache: Cache;
  openalex: OpenAlexClient;
  s2: SemanticScholarClient;
  catalog: Catalog;
}

export function createBackgroundDeps(): BackgroundDeps {
  const http = createHttp();
  const cache = createCache();
  const openalex = createOpenAlex({ http });
  const s2 = createSemanticScholar({ http });
  return { cache, openalex, s2, catalog: createCatalog({ openalex, s2, cache }) };
}
