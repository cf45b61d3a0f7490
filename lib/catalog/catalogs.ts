/**
 * One descriptor per catalog: what Weft relies on about OpenAlex and Semantic Scholar beyond
 * their endpoints — the name readers know, where the API answers, where the catalog's own pages
 * are, what its keys look like and how it refuses one, how fast it may be asked, and which
 * figures it is shown first for. The hosts and key names (hosts.ts), the names (types.ts), the
 * order of figures (sources.ts), the key checks and the options page's key rows, and the HTTP
 * layer's pace all read it; a fact about a catalog is written here and nowhere else.
 */

/** The kinds of figure two catalogs both give (sources.ts). */
export type Figure = 'author' | 'citations';

/** How fast a catalog is asked: the HTTP layer's limits for its host (pacer.ts HostLimits). */
export interface Pace {
  /** Requests open at once. */
  concurrency: number;
  /** Requests in any 1 s window. */
  perSecond: number;
  /** How long nothing may come back while requests are open before the waiting ones fail. */
  stallMs: number;
  /** A request is taken to reach the host within this long of its sending. */
  deliveryMs?: number;
}

export interface Catalog {
  name: string;
  /** Where the API answers: the only origin Weft sends this catalog's requests to. */
  apiBase: string;
  /** Where the catalog's own pages are (profiles, papers): the host of the links Weft renders. */
  siteHost: string;
  /** The reader's own key: the query parameter or the header a request carries it in, and its form. */
  key: ({ param: string } | { header: string }) & {
    /** The characters its keys are made of; loose on purpose, catalogs change their formats. */
    chars: RegExp;
    /** Where on the catalog's site the reader gets a key. */
    helpPath: string;
    /** The HTTP status the catalog answers a refused key with. */
    refusedStatus: number;
  };
  /** Without a key, and with the reader's own. */
  pace: { keyless: Pace; keyed: Pace };
  /** The figures this catalog is shown first for. */
  firstFor: readonly Figure[];
}

/**
 * The catalogs (docs/catalog-apis.md, Keys, credits and the daily allowance; Keys and the shared
 * pool). Pace: OpenAlex takes 10 requests a second without a key and 30 with a free one; its
 * answers take 60-600 ms, so six open at once keep the pace without piling up. Semantic
 * Scholar's keyless pool is shared by everyone and "best quality possible is 1 RPS"; a key gets
 * 1 a second of its own. Its answers take up to 1.2 s: a request is taken to reach it within
 * 0.6 s of its sending, so the next may follow a second after that rather than after the answer
 * (an abstract page's two requests to it come 0.6 s sooner). It may hang, and anything waiting
 * for it gives up soonest (docs/reliability.md, Network robustness).
 *
 * First for: author figures from OpenAlex, whose profiles Weft links, follows and corrects; a
 * paper's citations from Semantic Scholar, which merges a preprint with its journal version
 * (OpenAlex often keeps two records, each with part of the citations).
 */
export const CATALOGS = {
  openalex: {
    name: 'OpenAlex',
    apiBase: 'https://api.openalex.org',
    siteHost: 'openalex.org',
    key: {
      param: 'api_key',
      // Letters and digits, some with - or _.
      chars: /^[A-Za-z0-9_.-]+$/,
      helpPath: '/settings/api',
      refusedStatus: 401,
    },
    pace: {
      keyless: { concurrency: 6, perSecond: 10, stallMs: 30_000 },
      keyed: { concurrency: 8, perSecond: 30, stallMs: 30_000 },
    },
    firstFor: ['author'],
  },
  s2: {
    name: 'Semantic Scholar',
    apiBase: 'https://api.semanticscholar.org',
    siteHost: 'www.semanticscholar.org',
    key: {
      header: 'x-api-key',
      chars: /^[A-Za-z0-9]+$/,
      helpPath: '/product/api#api-key-form',
      refusedStatus: 403,
    },
    pace: {
      keyless: { concurrency: 1, perSecond: 1, stallMs: 10_000, deliveryMs: 600 },
      keyed: { concurrency: 1, perSecond: 1, stallMs: 10_000, deliveryMs: 600 },
    },
    firstFor: ['citations'],
  },
} as const satisfies Record<string, Catalog>;

export type SourceId = keyof typeof CATALOGS;

/** The catalogs' ids, in the order the options page lists them. */
export const SOURCE_IDS = Object.keys(CATALOGS) as SourceId[];

/** One value per catalog, made from its id. */
export function perCatalog<T>(make: (source: SourceId) => T): Record<SourceId, T> {
  return Object.fromEntries(SOURCE_IDS.map((source) => [source, make(source)])) as Record<SourceId, T>;
}
