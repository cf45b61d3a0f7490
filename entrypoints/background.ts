import { createCache } from '@/lib/cache/cache';
import { createCatalog } from '@/lib/catalog/catalog';
import { createHttp } from '@/lib/catalog/http';
import { createOpenAlex } from '@/lib/catalog/openalex';
import { createSemanticScholar } from '@/lib/catalog/semantic-scholar';
import { createHandlers } from '@/lib/background/handlers';
import { listen } from '@/lib/messaging/server';

export default defineBackground(() => {
  const http = createHttp();
  const catalog = createCatalog({
    openalex: createOpenAlex({ http }),
    s2: createSemanticScholar({ http }),
    cache: createCache(),
  });
  listen(createHandlers(catalog));
});
