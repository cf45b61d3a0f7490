/** Everything the background's request handlers may use, built once per service-worker start. */
import { createCache, type Cache } from './cache/cache';
import { createCatalog, type Catalog } from './catalog/catalog';
import { createFreshIdentifier, type FreshIdentifier } from './identity/fresh/identifier';
import { freshForListings } from './identity/fresh/for-listings';
import { createPaperBatches, type PaperBatches } from './identity/paper-batches';
import { createPaperAuthors, type PaperAuthors } from './identity/paper-authors';
import { createHttp, type Http } from './catalog/http';
import { PRIORITY } from './catalog/pacer';
import { withGrantedHosts } from './catalog/granted-hosts';
import { createOpenAlex, type OpenAlexClient } from './catalog/openalex';
import { createBudgetMemory, sessionBudgetStore } from './catalog/openalex/budget';
import { createSemanticScholar, type SemanticScholarClient } from './catalog/semantic-scholar';
import { createFollowService, type FollowService } from './follows/service';
import { createSameDay, type SameDay } from './same-day/service';
import { createArxivFetch } from './same-day/arxiv-fetch';
import { readAnnouncement } from './same-day/parse-host';
import { sameDayStore } from './same-day/store';
import { followStore } from './follows/store';
import { createSearch, type Search } from './catalog/search';
import { createRecentSearchStore, type RecentSearchStore } from './search/recent-searches';
import { createCorrections, type Corrections } from './identity/corrections';
import { createApiKeyStore, type ApiKeyStore } from './settings/api-keys';
import { createKeyProblemLog, type KeyProblemLog } from './settings/key-problems';
import { CACHE_TTL_SCALE } from '../shared/settings/settings';
import { createSettingsView } from './settings/store';

export interface BackgroundDeps {
  http: Http;
  cache: Cache;
  openalex: OpenAlexClient;
  s2: SemanticScholarClient;
  catalog: Catalog;
  /** Many papers' authors at once (listing and search pages). */
  paperBatches: PaperBatches;
  /** One paper's authors (its abs page and HTML view): a batch of one, asked with singletons. */
  paperAuthors: PaperAuthors;
  /** Followed researchers and new-paper alerts (the only writer of follow data). */
  follows: FollowService;
  /** Same-day alerts from arXiv's announcements, and followed topics (docs/same-day-alerts.md). */
  sameDay: SameDay;
  /** The reader's optional API keys (read by the catalog clients, written from the options page). */
  apiKeys: ApiKeyStore;
  /** When a catalog refused a saved key (shown on the options page and in the popup). */
  keyProblems: KeyProblemLog;
  /** OpenAlex autocomplete, cached (popup search, correction candidates). */
  search: Search;
  /** The popup's recent searches (user data). */
  recentSearches: RecentSearchStore;
  /** The reader's corrections of who an author is (user data). */
  corrections: Corrections;
  /** Who the authors of papers no catalog has yet are, from evidence (docs/identity.md). */
  fresh: FreshIdentifier;
}

export function createBackgroundDeps(): BackgroundDeps {
  // Called through a closure: a detached `fetch` throws "Illegal invocation" in browsers.
  const http = createHttp({ fetch: withGrantedHosts((input, init) => fetch(input, init)) });
  const settings = createSettingsView();
  const cache = createCache({ ttlScale: () => CACHE_TTL_SCALE[settings.current().cacheLifetime] });
  const apiKeys = createApiKeyStore();
  const keyProblems = createKeyProblemLog();
  const openalex = createOpenAlex({
    http,
    getKey: apiKeys.getKey('openalex'),
    onKeyRejected: () => void keyProblems.refused('openalex'),
    budget: createBudgetMemory(sessionBudgetStore),
  });
  const s2 = createSemanticScholar({ http, getKey: apiKeys.getKey('s2'), onKeyRejected: () => void keyProblems.refused('s2') });
  const catalog = createCatalog({ openalex, s2, cache });
  const search = createSearch({ openalex, cache });
  const corrections = createCorrections();
  const fresh = createFreshIdentifier({ openalex, cache });
  const paperAuthors = createPaperAuthors(catalog);
  const paperBatches = createPaperBatches({ openalex, s2, cache, catalog, identifyFresh: freshForListings(fresh, cache) });
  // Checks for followed researchers' new papers, from the catalog or the day's announcement, go
  // before work ahead of a reader, after what they see.
  const alertsOpenAlex = openalex.at(PRIORITY.near);
  // Same-day alerts build on following (they add to its inbox) and it calls them back through hooks.
  const sameDayHooks = { ready: null as SameDay | null };
  const follows = createFollowService({
    openalex: alertsOpenAlex,
    hooks: {
      onFollowed: async (list) => sameDayHooks.ready?.followed(list),
      afterCheck: async (trigger) => sameDayHooks.ready?.confirmLater(follows.recordTakesOver, trigger === 'manual'),
      extraUnseen: async () => (await sameDayHooks.ready?.ringingCount()) ?? 0,
    },
  });
  // arXiv's announcement is read through its own polite fetch, not the catalogs' HTTP layer.
  const sameDay = createSameDay({
    followStore, store: sameDayStore, readSettings: followStore.readSettings, openalex: alertsOpenAlex, arxiv: createArxivFetch(), read: readAnnouncement,
    suggest: async (name) => (await search.researchers(name)).value,
    notifyPending: follows.notifyPending,
  });
  sameDayHooks.ready = sameDay;
  return {
    http, cache, openalex, s2, catalog, paperBatches, paperAuthors, follows, sameDay, apiKeys, keyProblems, search,
    recentSearches: createRecentSearchStore(), corrections, fresh,
  };
}
