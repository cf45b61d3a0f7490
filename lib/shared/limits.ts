/** Limits Weft relies on in more than one place, each written once. */

/** OpenAlex accepts at most this many values in one OR filter (docs/catalog-apis.md, Works lists and filters). */
export const OPENALEX_MAX_OR_VALUES = 100;
/** Authors of a paper resolved with the page; the rest when the reader reaches them. */
export const EAGER_AUTHORS = 100;
/** The longest author list a page may send (1411.4413 names 2,832). */
export const MAX_PAGE_AUTHORS = 6000;
/** OpenAlex author ids in one author-metrics request. */
export const MAX_AUTHOR_IDS = 500;
/** A person's name, as text: at most this many characters. */
export const MAX_NAME_CHARS = 300;
/** The reader's corrections Weft keeps, far above what anyone corrects by hand; a file with more is refused. */
export const MAX_CORRECTIONS = 5000;
/** A paper title sent by a page: at most this many characters. */
export const MAX_TITLE_CHARS = 2000;
/** A search query: at most this many code points. */
export const MAX_QUERY_CHARS = 200;
/** Recent searches kept for the popup (the background keeps them, the popup shows them). */
export const MAX_RECENT_SEARCHES = 8;
/** Ids in one Semantic Scholar `POST /graph/v1/paper/batch` (docs/catalog-apis.md, Semantic Scholar). */
export const S2_BATCH_MAX = 500;
/**
 * Papers a listing names in one papers-authors request, and papers it resolves ahead of the
 * reader: one Semantic Scholar batch's worth, so the papers OpenAlex lacks take one call.
 */
export const MAX_BATCH_PAPERS = S2_BATCH_MAX;
/**
 * Listing entries just below the ones the reader is about to see: their authors fill the
 * next author call, and their papers that no catalog has yet are identified ahead of the reader
 * (about 200 authors).
 */
export const FILL_AHEAD = 40;
/** An entry's author list on a listing or search page (arXiv shows at most 101, search 25). */
export const MAX_ENTRY_AUTHORS = 200;
/**
 * The largest catalog answer read, in bytes; a bigger body is an `invalid-response`, cut off
 * while it streams in (docs/reliability.md, Network robustness). `single`: one record (a work
 * with 6,000 authorships is about 6 MB). `list`: a page of results (200 OpenAlex works of large
 * collaborations, 100 authorships each, come to about 20 MB; a Semantic Scholar batch of 500).
 */
export const MAX_RESPONSE_BYTES = { single: 8 * 1024 * 1024, list: 32 * 1024 * 1024 } as const;
/**
 * The latest time a JavaScript Date can hold (epoch ms, ECMA-262 time values): a stored or
 * imported time beyond it could never be written out again (`toISOString` throws).
 */
export const MAX_TIME_MS = 8.64e15;
/**
 * Requests one arXiv page (one tab's frame) may make at once, then per second: several times
 * what the largest listing or abs page sends, low enough that a flooding page cannot spend the
 * OpenAlex allowance (docs/reliability.md, Messages). Beyond it the answer is "rate-limited".
 */
export const SENDER_BURST = 300;
export const SENDER_PER_SECOND = 10;
/**
 * What one arXiv tab may make Weft spend in a day (docs/reliability.md, Messages): OpenAlex
 * credits, 70 % of the keyless day's 1,000 (a 2,000-entry listing read to the end spends about
 * 350, decided in small groups to keep up with the reader under the catalogs' caps; a 400-entry
 * /new listing, 80 % new papers, about 200: faults/unit/page-spend.test.ts), and catalog
 * requests (free autocompletes included). Past either the page is answered "page-paused" until
 * midnight UTC.
 */
export const PAGE_DAILY_CREDITS = 700;
export const PAGE_DAILY_REQUESTS = 10_000;
/**
 * How long opening one of the background's IndexedDB databases may take before it is given up
 * (the cache then runs network-only, user data answers with an error and is tried again).
 * Opening takes milliseconds; an upgrade under way is waited for, whatever its length.
 */
export const IDB_OPEN_TIMEOUT_MS = 5_000;
