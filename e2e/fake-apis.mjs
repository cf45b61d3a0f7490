// A small fake of OpenAlex and Semantic Scholar (and arxiv.org abs pages) for the end-to-end
// tests. One answering function (FakeApis#answer) serves Chromium at the browser's network layer
// (Playwright's context.route, which also intercepts the extension service worker's fetches) and
// Firefox through a local intercepting proxy (e2e/firefox/proxy.mjs).
//
// It answers the calls Weft makes (see README "e2e") the way the real services do:
//   OpenAlex  GET /works/doi:10.48550/arxiv.<id>   (also /works/https://doi.org/…, /works/W…)
//                 unknown or versioned → 404 with an HTML body
//             GET /works?filter=ids.openalex:W1|W2…  GET /works?filter=doi:D1|D2…  GET /authors?filter=id:A1|A2…
//             GET /authors?filter=display_name.search:<name>|<name>…  (every word of one of the names)
//                 (openalex:, openalex_id:, ids.openalex: equivalent; ≤100 values, else 400)
//                 envelope {meta, results, group_by}; results sorted by cited_by_count desc —
//                 NOT in the order asked — unless sort= names publication_date, publication_year
//                 or cited_by_count (`:desc` honoured); per_page (default 25, 1…200) and page honoured;
//                 select= honoured (top-level fields only; unknown → 400)
//             GET /authors/A…   GET /autocomplete/authors?q=…   GET /autocomplete/works?q=…
//   Semantic Scholar
//             GET  /graph/v1/paper/{ARXIV:<id>|arXiv:<id>|DOI:10.48550/arXiv.<id>|URL:…|CorpusId:n|paperId}
//                  fields= honoured (paperId always, title by default, authors → authorId+name,
//                  authors.hIndex etc. add subfields, unknown → 400); versioned arXiv id → 404
//             POST /graph/v1/paper/batch {ids}   POST /graph/v1/author/batch {ids}   GET /graph/v1/author/<id>
//             GET  /recommendations/v1/papers/forpaper/<id>?from=recent|all-cs
//   arxiv.org GET /abs/<id>[vN] → the page registered for <id>; GET /html/<id>[vN][/] → the HTML
//             view registered for <id> (`htmlPages`), whose stylesheet /static/browse/<v>/css/
//             arxiv-html-papers-<date>.css is `htmlCss`; a page registered by its path
//             ("/list/cs.DC/new", "/search/") → that page; anything else → 404
//   arXiv's announcement (same-day alerts; `setAnnouncement`): GET arxiv.org/list/<cat>/new and
//             rss.arxiv.org/rss|atom/<cats> (`+`-joined; an archive takes its categories) → the
//             entries of the categories asked, as arXiv's listing markup or feed service writes them,
//             with an ETag and 304 on a matching If-None-Match; without an announcement an empty
//             day. Every such request is recorded in `feedRequests` ({url, status, at, ifNoneMatch}).
//   any other URL → aborted (and recorded when the extension asked for it).
//
// Twists (constructor option or setTwists()): offline (every catalog request fails as with no
// network), down: 'all' | 'openalex' | 's2' | false (500s),
// openalexMissing (OpenAlex has no record of the paper: 404 HTML), slowMs (delay every API
// answer), xssAuthor (that author's OpenAlex display_name carries an <img onerror> payload),
// unmatched: [i…] (those page authors are absent from the OpenAlex authorships and have
// authorId null in S2), budgetSpent (OpenAlex's daily budget is used up: list calls answer the
// quoted "Insufficient budget" 429; singletons and autocomplete, which are free, still answer),
// merged: { <old A id>: <surviving A id> } (GET /authors/<old> answers the surviving profile, as
// fetch() sees OpenAlex's 301 once followed; filters know only the surviving id),
// keys: { openalex?: [...], s2?: [...] } (the API keys each catalog accepts: a request carrying
// another key answers OpenAlex 401 {"error":"Invalid or missing API key"} / S2 403
// {"message":"Forbidden"}, as the real ones do; keyless requests are unaffected).
//
// OpenAlex GET /rate-limit?api_key=KEY answers the key's daily allowance in /rate-limit's shape
// (credits_limit 10,000; credits_used = list calls made with that key so far; resets_at next
// midnight UTC), 401 without an accepted key.
//
// Every API request is recorded in `requests` ({method, url, host, path, status, initiator
// ('sw' | 'extension-page' | 'page'), apiKey (the x-api-key header, or null), tStart, tEnd}) so
// tests can count them.

import { createHash } from 'node:crypto';
import { displayName } from './pages.mjs';
import { atomXml, newListingHtml, rssXml } from './fake-announcement.mjs';

export const OA_HOST = 'api.openalex.org';
export const S2_HOST = 'api.semanticscholar.org';
export const API_HOSTS = [OA_HOST, S2_HOST];
/** Answered 204 and never recorded: fetched from the service worker to know the routes are live. */
export const CANARY_URL = `https://${OA_HOST}/__weft_e2e_canary__`;
export const XSS = '<img src=x onerror="window.__weftPwned=1">';

const OA_404 = `<!doctype html>
<html lang=en>
<title>404 Not Found</title>
<h1>Not Found</h1>
<p>The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.</p>
`;

// Quoted OpenAlex 429 for a spent budget (fixtures/api/openalex/error-429-insufficient-budget.QUOTED.txt)
const OA_BUDGET_429 = {
  status: 429,
  contentType: 'application/json',
  headers: { 'retry-after': '57539', 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '0', 'x-ratelimit-credits-required': '10' },
  body: JSON.stringify({
    error: 'Rate limit exceeded',
    message: 'Insufficient budget. This request costs $0.001 but you only have $0 remaining. Resets at midnight UTC. Need more? Add funds at https://openalex.org/pricing',
    retryAfter: 57505, costUsd: 0.001, creditsRequired: 10, creditsRemaining: 0,
  }),
};

const INSTITUTIONS = [
  ['I4210091001', '05k7w9q31', 'Northbridge Institute of Technology', 'DE', 'education'],
  ['I4210091002', '02m4x8v12', 'University of Lakeshore', 'US', 'education'],
  ['I4210091003', '03t6c2h57', 'Kestrel Research Laboratory', 'GB', 'facility'],
  ['I4210091004', '01r8q5d64', 'Amsel Polytechnic University', 'NL', 'education'],
  ['I4210091005', '04b9n3f28', 'Institute for Distributed Systems', 'FR', 'facility'],
  ['I4210091006', '00v2z7k43', 'Meridian University', 'JP', 'education'],
  ['I4210091007', '06p1s4j95', 'Saltmarsh Computing Centre', 'CA', 'company'],
].map(([id, ror, name, cc, type]) => ({
  id: `https://openalex.org/${id}`, display_name: name, ror: `https://ror.org/${ror}`, country_code: cc, type,
  lineage: [`https://openalex.org/${id}`],
}));

const WORK_FIELDS = ['id', 'doi', 'title', 'display_name', 'publication_year', 'publication_date', 'ids', 'language',
  'primary_location', 'type', 'indexed_in', 'open_access', 'authorships', 'primary_topic', 'topics', 'countries_distinct_count',
  'institutions_distinct_count', 'cited_by_count', 'is_retracted', 'is_paratext', 'locations_count', 'locations',
  'best_oa_location', 'referenced_works_count', 'referenced_works', 'related_works', 'cited_by_api_url',
  'counts_by_year', 'updated_date', 'created_date', 'is_authors_truncated', 'authors_count'];
const AUTHOR_FIELDS = ['id', 'orcid', 'display_name', 'display_name_alternatives', 'works_count', 'cited_by_count',
  'summary_stats', 'ids', 'affiliations', 'last_known_institutions', 'topics', 'counts_by_year', 'works_api_url',
  'updated_date', 'created_date'];
const S2_PAPER_FIELDS = ['paperId', 'corpusId', 'externalIds', 'url', 'title', 'abstract', 'venue', 'publicationVenue',
  'year', 'referenceCount', 'citationCount', 'influentialCitationCount', 'isOpenAccess', 'openAccessPdf',
  'fieldsOfStudy', 's2FieldsOfStudy', 'publicationTypes', 'publicationDate', 'journal', 'citationStyles', 'authors',
  'citations', 'references', 'embedding', 'tldr'];
const S2_AUTHOR_FIELDS = ['authorId', 'externalIds', 'url', 'name', 'affiliations', 'homepage', 'paperCount',
  'citationCount', 'hIndex', 'papers'];

const hex40 = (s) => createHash('sha1').update(s).digest('hex');
const pad = (n, w) => String(n).padStart(w, '0');
const bare = (id) => String(id ?? '').trim().replace(/^https?:\/\/openalex\.org\//i, '').replace(/^openalex:/i, '').toUpperCase();
const normDoi = (d) => String(d).trim().replace(/^doi:/i, '').replace(/^https?:\/\/(dx\.)?doi\.org\//i, '').toLowerCase();
const fold = (s) => String(s).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const hostOf = (u) => { try { return new URL(u).host; } catch { return '?'; } };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Build the catalog for one paper: every field of every author differs from the others
 * (OpenAlex h-index ≠ i10 ≠ S2 hIndex …), so a test catches a number taken from the wrong field.
 * @param {object} o
 * @param {string} o.arxivId
 * @param {string} o.title
 * @param {{first:string,last:string}[]} o.authors  page authors, in page order
 * @param {number} [o.seed]
 * @param {number[]} [o.unmatched]  page positions absent from the catalogs
 * @param {number|null} [o.xssAuthor]  page position whose OpenAlex display_name carries XSS
 */
export function buildCatalog({ arxivId, title, authors, seed = 1, unmatched = [], xssAuthor = null }) {
  const wid = `W4${pad(seed, 3)}${pad(Number.parseInt(hex40(arxivId).slice(0, 6), 16) % 1e6, 6)}`;
  const paperId = hex40(`s2:${arxivId}:${seed}`);
  const people = authors.map((a, i) => {
    const name = displayName(a);
    const h = 5 + ((i * 7 + seed) % 40); // 5…44
    const matched = !unmatched.includes(i);
    return {
      index: i,
      name,
      matched,
      openalexId: matched ? `A5${pad(seed, 3)}${pad(i, 6)}` : null,
      s2Id: matched ? `2${pad(seed, 3)}${pad(i, 6)}` : null,
      catalogName: i === xssAuthor ? `${name} ${XSS}` : name,
      orcid: i % 3 === 0 ? `https://orcid.org/0000-000${(seed + i) % 10}-${pad(1000 + i, 4)}-${pad((i * 37) % 10000, 4)}` : null,
      h,
      i10: h + 3 + (i % 5), // never equals h or S2 hIndex
      cited: 10_000 + i * 137 + seed * 11, // > every other count
      works: 60 + ((i * 13) % 900), // 60…959
      s2h: h + 1,
      s2cited: 10_000 + i * 137 + seed * 11 + 1 + (i % 7),
      s2papers: 60 + ((i * 13) % 900) + 2 + (i % 3),
      institution: INSTITUTIONS[(i + seed) % INSTITUTIONS.length],
      lastKnown: INSTITUTIONS[(i + seed + 3) % INSTITUTIONS.length],
    };
  });
  const today = new Date().toISOString().slice(0, 10);
  const oaAuthors = {};
  for (const p of people) {
    if (!p.openalexId) continue;
    oaAuthors[p.openalexId] = {
      id: `https://openalex.org/${p.openalexId}`,
      orcid: p.orcid,
      display_name: p.catalogName,
      display_name_alternatives: [p.name, `${p.name.split(' ')[0][0]}. ${p.name.split(' ').slice(1).join(' ')}`],
      works_count: p.works,
      cited_by_count: p.cited,
      summary_stats: { '2yr_mean_citedness': Math.round((p.h / 7) * 100) / 100, h_index: p.h, i10_index: p.i10 },
      ids: { openalex: `https://openalex.org/${p.openalexId}`, ...(p.orcid ? { orcid: p.orcid } : {}) },
      affiliations: [{ institution: p.lastKnown, years: [2025, 2024] }, { institution: p.institution, years: [2023, 2022] }],
      last_known_institutions: [p.lastKnown],
      topics: [],
      counts_by_year: [{ year: 2025, works_count: 4, cited_by_count: 311 }, { year: 2024, works_count: 6, cited_by_count: 287 }],
      works_api_url: `https://api.openalex.org/works?filter=author.id:${p.openalexId}`,
      updated_date: '2026-06-20T03:14:15.926535',
      created_date: '2023-07-21',
    };
  }
  // related works (5), cited_by_count chosen so that list order != id order
  const related = [0, 1, 2, 3, 4].map((k) => ({
    id: `https://openalex.org/W4${pad(seed, 3)}9${pad(k, 5)}`,
    doi: `https://doi.org/10.48550/arxiv.2405.${pad(10_000 + seed * 10 + k, 5)}`,
    title: `Related study ${k + 1} on resilient distributed training`,
    display_name: `Related study ${k + 1} on resilient distributed training`,
    publication_year: 2024,
    publication_date: '2024-05-01',
    ids: { openalex: `https://openalex.org/W4${pad(seed, 3)}9${pad(k, 5)}` },
    type: 'preprint',
    authorships: [],
    cited_by_count: [12, 40, 7, 33, 21][k],
    related_works: [],
    primary_location: { is_oa: true, landing_page_url: `https://arxiv.org/abs/2405.${pad(10_000 + seed * 10 + k, 5)}` },
    updated_date: '2026-06-20T03:14:15.926535',
    created_date: '2024-05-03',
  }));
  const authorships = people.filter((p) => p.matched).map((p, k, arr) => ({
    author_position: k === 0 ? 'first' : k === arr.length - 1 ? 'last' : 'middle',
    author: { id: `https://openalex.org/${p.openalexId}`, display_name: p.catalogName, orcid: p.orcid },
    institutions: [p.institution],
    countries: [p.institution.country_code],
    is_corresponding: k === 0,
    raw_author_name: p.name,
    raw_affiliation_strings: [p.institution.display_name],
    affiliations: [{ raw_affiliation_string: p.institution.display_name, institution_ids: [p.institution.id] }],
  }));
  const work = {
    id: `https://openalex.org/${wid}`,
    doi: `https://doi.org/10.48550/arxiv.${arxivId}`,
    title,
    display_name: title,
    publication_year: 2024,
    publication_date: '2024-06-08',
    ids: { openalex: `https://openalex.org/${wid}`, doi: `https://doi.org/10.48550/arxiv.${arxivId}` },
    language: 'en',
    primary_location: {
      is_oa: true, landing_page_url: `https://arxiv.org/abs/${arxivId}`, pdf_url: `https://arxiv.org/pdf/${arxivId}`,
      source: { id: 'https://openalex.org/S4306400194', display_name: 'arXiv (Cornell University)', type: 'repository' },
    },
    type: 'preprint',
    indexed_in: ['arxiv', 'datacite'],
    open_access: { is_oa: true, oa_status: 'green', oa_url: `https://arxiv.org/pdf/${arxivId}` },
    authorships,
    countries_distinct_count: new Set(authorships.map((a) => a.institutions[0].country_code)).size,
    institutions_distinct_count: new Set(authorships.map((a) => a.institutions[0].id)).size,
    cited_by_count: 57 + seed,
    primary_topic: {
      id: 'https://openalex.org/T10054', display_name: 'Parallel Computing and Optimization Techniques',
      subfield: { id: 'https://openalex.org/subfields/1705', display_name: 'Computer Networks and Communications' },
      field: { id: 'https://openalex.org/fields/17', display_name: 'Computer Science' },
    },
    is_retracted: false,
    is_paratext: false,
    locations_count: 1,
    locations: [],
    best_oa_location: null,
    referenced_works_count: 0,
    referenced_works: [],
    related_works: related.map((w) => w.id),
    cited_by_api_url: `https://api.openalex.org/works?filter=cites:${wid}`,
    counts_by_year: [{ year: 2025, cited_by_count: 31 }, { year: 2024, cited_by_count: 26 + seed }],
    updated_date: '2026-06-20T03:14:15.926535',
    created_date: '2024-06-11',
    is_authors_truncated: false,
    authors_count: authorships.length,
  };
  const s2Authors = people.map((p) => ({
    authorId: p.s2Id,
    externalIds: {},
    url: p.s2Id ? `https://www.semanticscholar.org/author/${p.s2Id}` : null,
    name: p.name,
    affiliations: [],
    homepage: null,
    paperCount: p.s2Id ? p.s2papers : null,
    citationCount: p.s2Id ? p.s2cited : null,
    hIndex: p.s2Id ? p.s2h : null,
  }));
  const recs = (pool) => [0, 1, 2, 3, 4].map((k) => {
    const arx = `2406.${pad(20_000 + seed * 100 + (pool === 'recent' ? 0 : 50) + k, 5)}`;
    const pid = hex40(`rec:${pool}:${seed}:${k}`);
    const corpusId = 260_000_000 + seed * 100 + (pool === 'recent' ? 0 : 50) + k;
    return {
      paperId: pid, corpusId, externalIds: { ArXiv: arx, DOI: `10.48550/arXiv.${arx}`, CorpusId: corpusId },
      url: `https://www.semanticscholar.org/paper/${pid}`, title: `${pool === 'recent' ? 'Recent' : 'Classic'} paper ${k + 1} on elastic training`,
      year: 2024, citationCount: 3 + k, authors: [{ authorId: `9${pad(k, 6)}`, name: `Rec Author ${k + 1}` }],
    };
  });
  const s2Paper = {
    paperId, corpusId: 270_000_000 + seed,
    externalIds: { ArXiv: arxivId, DOI: `10.48550/arXiv.${arxivId}`, CorpusId: 270_000_000 + seed },
    url: `https://www.semanticscholar.org/paper/${paperId}`,
    title, abstract: null, venue: 'arXiv.org', publicationVenue: null, year: 2024, referenceCount: 42,
    citationCount: 71 + seed * 2, influentialCitationCount: 3, isOpenAccess: true,
    openAccessPdf: { url: `https://arxiv.org/pdf/${arxivId}`, status: 'GREEN', license: null },
    fieldsOfStudy: ['Computer Science'], s2FieldsOfStudy: [], publicationTypes: ['JournalArticle'],
    publicationDate: '2024-06-08', journal: { name: 'ArXiv', volume: `abs/${arxivId}` }, citationStyles: {},
    authors: s2Authors,
  };
  // Earlier works of the same people, each joining two neighbours on the author list: what
  // identifies the authors of this paper before any catalog has it (twist `fresh`).
  const earlier = people.filter((p) => p.matched).slice(1).map((p, k) => {
    const prev = people.filter((q) => q.matched)[k];
    const eid = `https://openalex.org/W3${pad(seed, 3)}${pad(k, 6)}`;
    return {
      id: eid, doi: null, title: `Earlier work ${k + 1}`, display_name: `Earlier work ${k + 1}`, publication_year: 2023, publication_date: '2023-03-01',
      ids: { openalex: eid }, type: 'article', cited_by_count: 5 + k, related_works: [], created_date: '2023-03-02', updated_date: '2026-06-20T03:14:15.926535',
      authorships: [prev, p].map((q, j) => ({
        author_position: j ? 'last' : 'first', author: { id: `https://openalex.org/${q.openalexId}`, display_name: q.name, orcid: null },
        institutions: [q.institution], countries: [], is_corresponding: false, raw_author_name: q.name, raw_affiliation_strings: [], affiliations: [],
      })),
    };
  });
  return {
    arxivId, title, seed, people, today,
    openalex: { work, authors: oaAuthors, related, earlier },
    s2: { paper: s2Paper, recommendations: { recent: recs('recent'), 'all-cs': recs('all-cs') } },
    /** What a correct badge shows for page author i (OpenAlex metrics, or S2's when OpenAlex lacks the paper). */
    expected(i, { openalexMissing = false } = {}) {
      const p = people[i];
      if (!p.matched) return { state: 'unmatched', name: p.name };
      if (openalexMissing) return { state: 'ready', name: p.name, h: p.s2h, cited: p.s2cited, works: p.s2papers, openalexId: null, s2Id: p.s2Id };
      return {
        state: 'ready', name: p.name, catalogName: p.catalogName, h: p.h, cited: p.cited, works: p.works,
        openalexId: p.openalexId, s2Id: p.s2Id, institution: p.institution.display_name, lastKnown: p.lastKnown.display_name,
      };
    },
  };
}

const json = (status, body, headers = {}) => ({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body), headers });
const html404 = () => ({ status: 404, contentType: 'text/html; charset=utf-8', body: OA_404 });
const project = (o, fields) => Object.fromEntries(fields.map((f) => [f, o[f] ?? null]));

export class FakeApis {
  /**
   * @param {ReturnType<typeof buildCatalog>} catalog
   * @param {object} [o]
   * @param {Record<string,string>} [o.pages]  arXiv id → page HTML served at https://arxiv.org/abs/<id>[vN]
   * @param {Record<string,string>} [o.htmlPages]  arXiv id → HTML view served at https://arxiv.org/html/<id>[vN][/]
   * @param {string} [o.htmlCss]  the HTML view's arXiv stylesheet (a stand-in)
   * @param {object} [o.twists]  {down, openalexMissing, fresh, slowMs, budgetSpent, net}
   */
  constructor(catalog, { pages = {}, htmlPages = {}, htmlCss = '', twists = {} } = {}) {
    this.catalog = catalog;
    this.pages = new Map(Object.entries(pages));
    this.htmlPages = new Map(Object.entries(htmlPages));
    this.htmlCss = htmlCss;
    this.twists = { down: false, openalexMissing: false, slowMs: 0, keys: null, ...twists };
    /** @type {{method:string,url:string,host:string,path:string,status:number|string,initiator:string,tStart:number,tEnd:number|null}[]} */
    this.requests = [];
    this.blocked = []; // non-API requests the extension tried
    this.inFlight = 0;
    /** OpenAlex works published after the catalog was built (addWork), e.g. a followed author's new paper. */
    this.newWorks = [];
    /** arXiv's latest announcement: { listedAs: 'YYYY-MM-DD', entries (fake-announcement.mjs), body?: what to serve instead, status? } */
    this.announcement = null;
    this.feedRequests = [];
  }

  /** arXiv announces `entries`, listed as `listedAs` (default: today, UTC); `body`/`status` replace what is served. */
  setAnnouncement({ entries = [], listedAs = new Date().toISOString().slice(0, 10), body = null, status = 200 } = {}) {
    this.announcement = { entries, listedAs, body, status };
  }

  setTwists(patch) { Object.assign(this.twists, patch); }
  addPage(id, html) { this.pages.set(id, html); }
  /** OpenAlex learns of `work` (a Work object as OpenAlex serves it); lists and lookups include it from now on. */
  addWork(work) { this.newWorks.push(work); }
  /** API requests (CORS preflights excluded), optionally only those after time t (ms since epoch). */
  apiRequests(since = 0) { return this.requests.filter((r) => r.method !== 'OPTIONS' && r.tStart >= since); }
  countByHost(since = 0) {
    const m = {};
    for (const r of this.apiRequests(since)) m[r.host] = (m[r.host] ?? 0) + 1;
    return m;
  }
  clear() { this.requests.length = 0; this.blocked.length = 0; }

  /** Register on a Playwright BrowserContext: every request goes to answer(); what it leaves unanswered is aborted. */
  async install(context) {
    await context.route(/^(https?|wss?):\/\//, async (route) => {
      const req = route.request();
      const r = await this.answer({ method: req.method(), url: req.url(), headers: req.headers(), body: req.postData(), initiator: initiator(req) });
      await (r ? route.fulfill(r) : route.abort('blockedbyclient')).catch(() => {});
    });
  }

  /**
   * The answer to one request, whatever carries it (Playwright's routes above; the Firefox run's
   * intercepting proxy, e2e/firefox/proxy.mjs): {status, headers, contentType?, body}, or null for a
   * request to refuse (neither arxiv.org nor a catalog; recorded in `blocked` when the extension asked).
   * @param {{method: string, url: string, headers: Record<string, string>, body: string | null, initiator: string}} req
   *   headers with lower-case names; initiator 'sw' | 'extension-page' | 'page'
   */
  async answer(req) {
    const u = new URL(req.url);
    if (u.protocol === 'https:' && (u.host === 'rss.arxiv.org' || (u.host === 'arxiv.org' && /^\/list\/[^/]+\/new\/?$/.test(u.pathname) && req.initiator !== 'page'))) return this.#feed(u, req);
    if (/^https?:$/.test(u.protocol) && /^(www\.)?arxiv\.org$/.test(u.host)) return this.#arxiv(u);
    if (u.protocol === 'https:' && API_HOSTS.includes(u.host)) return this.twists.offline ? null : this.#api(req);
    if (req.initiator !== 'page') this.blocked.push({ url: req.url, initiator: req.initiator });
    return null;
  }

  /** arXiv's announcement, as the listing or a feed (CONTRACT §8), for same-day alerts. */
  #feed(u, req) {
    const a = this.announcement ?? { entries: [], listedAs: new Date().toISOString().slice(0, 10), body: null, status: 200 };
    const rss = u.host === 'rss.arxiv.org' ? u.pathname.match(/^\/(rss|atom)\/([^/]+)\/?$/) : null;
    const cats = decodeURIComponent(rss ? rss[2] : u.pathname.split('/')[2]).split('+').filter(Boolean);
    const rec = { url: u.href, status: 0, at: Date.now(), ifNoneMatch: req.headers['if-none-match'] ?? null };
    this.feedRequests.push(rec);
    if (u.host === 'rss.arxiv.org' && !rss) return { status: (rec.status = 404), contentType: 'text/plain', body: 'not found' };
    const entries = a.entries.filter((e) => (e.categories ?? []).some((c) => cats.some((q) => q === c || q === c.split('.')[0])));
    const body = a.body ?? (rss
      ? (rss[1] === 'atom' ? atomXml : rssXml)(cats, a.listedAs, entries)
      : newListingHtml(new Date(`${a.listedAs}T12:00:00Z`).toUTCString().slice(0, 16), entries.length ? [{ heading: `New submissions (showing ${entries.length} of ${entries.length} entries)`, entries }] : []));
    const etag = `"${hex40(body).slice(0, 16)}"`;
    const headers = { etag, 'last-modified': new Date(`${a.listedAs}T01:00:00Z`).toUTCString() };
    if (a.status !== 200) return { status: (rec.status = a.status), contentType: 'text/html', body: a.body ?? '' };
    if (rec.ifNoneMatch === etag) return { status: (rec.status = 304), headers, body: '' };
    rec.status = 200;
    this.lastFeedBytes = Buffer.byteLength(body);
    return { status: 200, contentType: rss ? 'application/rss+xml; charset=utf-8' : 'text/html; charset=utf-8', headers, body };
  }

  #arxiv(u) {
    if (/^\/static\/browse\/[^/]+\/css\/arxiv-html-papers-\d+\.css$/.test(u.pathname) && this.htmlCss) {
      return { status: 200, contentType: 'text/css', body: this.htmlCss };
    }
    const m = u.pathname.match(/^\/abs\/(.+?)(v\d+)?$/);
    // Abs pages by arXiv id, HTML views by id; any other page (a listing, search results) by its path.
    const v = u.pathname.match(/^\/html\/(.+?)(v\d+)?\/?$/);
    const html = (m && this.pages.get(m[1])) || (v && this.htmlPages.get(v[1])) || this.pages.get(u.pathname);
    return html
      ? { status: 200, contentType: 'text/html; charset=utf-8', body: html, headers: { 'content-security-policy': "frame-ancestors 'none'", 'x-frame-options': 'SAMEORIGIN' } }
      : { status: 404, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>404</title><h1>Not Found</h1>' };
  }

  async #api(req) {
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' };
    if (req.url === CANARY_URL) return { status: 204, headers: cors, body: '' };
    const rec = { method: req.method, url: req.url, host: hostOf(req.url), path: new URL(req.url).pathname, status: 0, initiator: req.initiator, apiKey: req.headers['x-api-key'] ?? null, body: req.body, tStart: Date.now(), tEnd: null };
    this.requests.push(rec);
    this.inFlight++;
    let r;
    try {
      r = req.method === 'OPTIONS'
        ? { status: 204, body: '', headers: { 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': '*' } }
        : this.respond(req.method, req.url, req.body, rec.apiKey);
    } catch (e) {
      r = json(500, { error: `fake-apis bug: ${e.message}` });
    }
    if (this.twists.slowMs) await sleep(this.twists.slowMs);
    const net = req.method === 'OPTIONS' ? null : this.#net(rec);
    if (net) {
      if (net.refused) r = net.refused;
      await sleep(net.ms);
    }
    rec.status = r.status;
    rec.tEnd = Date.now();
    this.inFlight--;
    return { ...r, headers: { ...cors, ...(r.headers ?? {}) } };
  }

  /**
   * The twist `net` (true, or an object overriding parts of it): the real catalogs' limits and
   * latency (docs/catalog-apis.md, Keys, credits and the daily allowance; Keys and the shared
   * pool). OpenAlex takes a keyless client's 10 requests in any one second (30 with a key) and
   * answers the rest 429 with Retry-After 1; Semantic Scholar's keyless pool takes one a second.
   * Answers take 60–250 ms (OpenAlex singletons and autocomplete), 150–600 ms (OpenAlex lists)
   * or 250–1,200 ms (Semantic Scholar), drawn from a seeded sequence. `openalexFlaky` /
   * `s2Flaky` (0–1) refuse that share of the requests within the cap as well, as other clients on
   * the same address or pool do; those are marked `foreign` on the request and are not the
   * client's fault. A request a cap refused is marked `capped`.
   */
  #net(rec) {
    const t = this.twists.net;
    if (!t) return null;
    const o = { openalexPerSecond: 10, openalexKeyedPerSecond: 30, s2PerSecond: 1, latency: true, openalexFlaky: 0, s2Flaky: 0, ...(typeof t === 'object' ? t : {}) };
    const api = rec.host === S2_HOST ? 's2' : 'openalex';
    this.netState ??= { arrivals: { openalex: [], s2: [] }, seed: 0x5eed };
    const st = this.netState;
    const draw = () => {
      st.seed = (Math.imul(st.seed, 1664525) + 1013904223) >>> 0;
      return st.seed / 2 ** 32;
    };
    const keyed = api === 'openalex' ? /[?&]api_key=/.test(rec.url) : !!rec.apiKey;
    const cap = api === 's2' ? o.s2PerSecond : keyed ? o.openalexKeyedPerSecond : o.openalexPerSecond;
    const span = api === 's2' ? [250, 1200] : /^\/(autocomplete|works|authors)\/./.test(rec.path) ? [60, 250] : [150, 600];
    const ms = o.latency ? Math.round(span[0] + draw() * (span[1] - span[0])) : 0;
    const recent = st.arrivals[api].filter((at) => rec.tStart - at < 1000);
    st.arrivals[api] = recent;
    const refusal = () => (api === 'openalex'
      ? json(429, { error: 'Rate limit exceeded', message: `Rate limit exceeded: ${cap} requests per second. Please slow down.` }, { 'retry-after': '1' })
      : json(429, { message: 'Too Many Requests. Please wait and try again or apply for a key for higher rate limits.', code: '429' }));
    if (recent.length >= cap) {
      rec.capped = true;
      return { ms: Math.min(ms, 80), refused: refusal() };
    }
    recent.push(rec.tStart);
    if (draw() < (api === 'openalex' ? o.openalexFlaky : o.s2Flaky)) {
      rec.foreign = true;
      return { ms: Math.min(ms, 80), refused: refusal() };
    }
    return { ms, refused: null };
  }

  /** A key the catalog would refuse (twist `keys`): only keys sent are checked. */
  #refused(catalog, key) {
    const accepted = this.twists.keys?.[catalog];
    return !!key && !!accepted && !accepted.includes(key);
  }

  /** Pure request → response ({status, contentType, body}). */
  respond(method, url, postData, s2Key = null) {
    const u = new URL(url);
    const down = this.twists.down;
    if (u.host === OA_HOST) {
      const key = u.searchParams.get('api_key');
      if (this.#refused('openalex', key)) return json(401, { error: 'Invalid or missing API key', message: 'API key not found' });
      if (u.pathname === '/rate-limit') return this.#rateLimit(key);
      if (down === 'all' || down === 'openalex' || down === true) return json(500, { error: 'Internal Server Error' });
      return this.#openalex(method, u);
    }
    if (u.host === S2_HOST) {
      if (this.#refused('s2', s2Key)) return json(403, { message: 'Forbidden' });
      if (down === 'all' || down === 's2' || down === true) return json(500, { message: 'Internal server error' });
      return this.#s2(method, u, postData);
    }
    return { status: 404, contentType: 'text/plain', body: 'not found' };
  }

  // ------------------------------------------------------------------------------------ OpenAlex
  /** GET /rate-limit: the key's allowance (shape per docs/catalog-apis.md, Rate-limit headers and /rate-limit); 401 without a key. */
  #rateLimit(key) {
    if (!key || !this.twists.keys?.openalex?.includes(key)) return json(401, { error: 'Invalid or missing API key', message: 'Provide a valid API key' });
    const used = this.requests.filter((r) => r.host === OA_HOST && /^\/(works|authors)$/.test(r.path) && new URL(r.url).searchParams.get('api_key') === key).length;
    const now = new Date();
    const reset = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    return json(200, {
      api_key: `${'*'.repeat(8)}${key.slice(-4)}`,
      rate_limit: {
        daily_budget_usd: 1, daily_used_usd: used / 10_000, daily_remaining_usd: 1 - used / 10_000,
        prepaid_remaining_usd: 0, resets_at: new Date(reset).toISOString(), resets_in_seconds: Math.round((reset - now.getTime()) / 1000),
        credits_limit: 10_000, credits_used: used, credits_remaining: 10_000 - used,
        credit_costs: { singleton: 0, list: 1, search: 10 },
      },
    });
  }

  #openalex(method, u) {
    if (method !== 'GET') return json(405, { error: 'Method Not Allowed' });
    const p = u.searchParams;
    const path = decodeURIComponent(u.pathname).replace(/\/+$/, '');
    const missing = this.twists.openalexMissing;
    const { work, authors, related, works: listed = [] } = this.catalog.openalex;
    // `fresh`: the paper is too new for either catalog; its authors' earlier works are there.
    const fresh = this.twists.fresh;
    const works = [...(missing || fresh || !work ? related : [work, ...related]), ...(fresh ? this.catalog.openalex.earlier ?? [] : []), ...listed, ...this.newWorks];
    const authorList = missing ? [] : Object.values(authors);
    let m;
    if ((m = path.match(/^\/works\/(.+)$/))) {
      const id = m[1];
      let found;
      if (/^(doi:|https?:\/\/(dx\.)?doi\.org\/|10\.)/i.test(id)) found = works.find((w) => normDoi(w.doi) === normDoi(id));
      else found = works.find((w) => bare(w.id) === bare(id));
      return found ? this.#one(found, p, WORK_FIELDS) : html404();
    }
    if ((m = path.match(/^\/authors\/(.+)$/))) {
      // A merged id: what fetch() returns once it has followed OpenAlex's 301 to the surviving profile.
      const id = this.twists.merged?.[bare(m[1])] ?? bare(m[1]);
      const found = authorList.find((a) => bare(a.id) === id);
      return found ? this.#one(found, p, AUTHOR_FIELDS) : html404();
    }
    if (path === '/works' || path === '/authors') {
      if (this.twists.budgetSpent) return OA_BUDGET_429;
      let items = path === '/works' ? works : authorList;
      for (const clause of (p.get('filter') ?? '').split(',').filter(Boolean)) {
        const at = clause.indexOf(':');
        if (at < 1) return json(400, { error: 'Invalid query parameters error.', message: `Invalid filter: ${clause}` });
        const key = clause.slice(0, at).toLowerCase();
        const values = clause.slice(at + 1).split('|').map((v) => v.trim()).filter(Boolean);
        if (values.length > 100) return json(400, { error: 'Invalid query parameters error.', message: `Maximum number of values exceeded for ${key}. Decrease values to 100 or below.` });
        if (['id', 'openalex', 'openalex_id', 'ids.openalex'].includes(key)) {
          const want = new Set(values.map(bare));
          items = items.filter((x) => want.has(bare(x.id)));
        } else if (path === '/works' && key === 'doi') {
          // The canonical DOI only, lower-cased as OpenAlex keeps it.
          const want = new Set(values.map(normDoi));
          items = items.filter((w) => want.has(normDoi(w.doi)));
        } else if (path === '/authors' && ['display_name.search', 'default.search'].includes(key)) {
          // A name search, `|` OR-ing names: every word of one of them in the profile's name.
          const names = values.map((v) => fold(v).split(/[\s.,-]+/).filter(Boolean));
          items = items.filter((a) => {
            const own = new Set(fold(a.display_name).split(/[\s.,-]+/));
            return names.some((words) => words.every((w) => own.has(w)));
          });
        } else if (path === '/works' && ['author.id', 'authorships.author.id'].includes(key)) {
          const want = new Set(values.map(bare));
          items = items.filter((w) => w.authorships.some((a) => want.has(bare(a.author.id))));
        }
      }
      // sort=publication_date|publication_year|cited_by_count[:desc] as asked; else by citations (not the order asked for)
      const [sortBy, dir] = (p.get('sort') ?? '').split(':');
      const sign = dir === 'desc' ? -1 : 1;
      const key = { publication_date: (x) => x.publication_date ?? '', publication_year: (x) => x.publication_year ?? 0, cited_by_count: (x) => x.cited_by_count ?? 0 }[sortBy];
      items = [...items].sort((a, b) => (key ? (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : 0) : 0) || b.cited_by_count - a.cited_by_count || (a.id < b.id ? -1 : 1));
      return this.#list(items, p, path === '/works' ? WORK_FIELDS : AUTHOR_FIELDS);
    }
    if ((m = path.match(/^\/autocomplete\/(authors|works)$/))) {
      const q = fold(p.get('q') ?? '').trim();
      const pool = m[1] === 'authors' ? authorList : works;
      const results = q ? pool.filter((x) => fold(x.display_name).includes(q)).slice(0, 10).map((x) => ({
        id: x.id, short_id: bare(x.id).toLowerCase(), display_name: x.display_name,
        hint: m[1] === 'authors' ? x.last_known_institutions?.[0]?.display_name ?? null : null,
        cited_by_count: x.cited_by_count, works_count: x.works_count ?? null,
        entity_type: m[1] === 'authors' ? 'author' : 'work', external_id: x.orcid ?? x.doi ?? null,
      })) : [];
      return json(200, { meta: { count: results.length, db_response_time_ms: 4, page: 1, per_page: 10 }, results });
    }
    return html404();
  }

  #fields(p, valid) {
    const sel = p.get('select');
    if (!sel) return { fields: null };
    const fields = sel.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = fields.find((f) => !valid.includes(f));
    return bad ? { error: json(400, { error: 'Invalid query parameters error.', message: `${bad} is not a valid select field. Valid fields for select are: ${valid.join(', ')}.` }) } : { fields };
  }

  #one(obj, p, valid) {
    const { fields, error } = this.#fields(p, valid);
    return error ?? json(200, fields ? project(obj, fields) : obj);
  }

  #list(items, p, valid) {
    const perPage = p.has('per_page') ? Number(p.get('per_page')) : 25;
    const page = p.has('page') ? Number(p.get('page')) : 1;
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 200) return json(400, { error: 'Invalid query parameters error.', message: 'per-page parameter must be between 1 and 200' });
    if (!Number.isInteger(page) || page < 1) return json(400, { error: 'Invalid query parameters error.', message: 'page must be a positive integer' });
    const { fields, error } = this.#fields(p, valid);
    if (error) return error;
    // List results cut authorships at 100, as OpenAlex does (singletons carry them all).
    const cut = (x) => (x.authorships?.length > 100 ? { ...x, authorships: x.authorships.slice(0, 100), is_authors_truncated: true } : x);
    const results = items.slice((page - 1) * perPage, page * perPage).map(cut).map((x) => (fields ? project(x, fields) : x));
    return json(200, { meta: { count: items.length, db_response_time_ms: 9, page, per_page: perPage, groups_count: null }, results, group_by: [] });
  }

  // ------------------------------------------------------------------------------------ Semantic Scholar
  #s2(method, u, postData) {
    const path = decodeURIComponent(u.pathname).replace(/\/+$/, '');
    const p = u.searchParams;
    const { paper, recommendations } = this.catalog.s2;
    let m;
    if (path === '/graph/v1/paper/batch' || path === '/graph/v1/author/batch') {
      if (method !== 'POST') return json(405, { error: 'Method Not Allowed' });
      let ids;
      try { ids = JSON.parse(postData || '{}').ids; } catch { return json(400, { error: 'Unparseable request body' }); }
      if (!Array.isArray(ids)) return json(400, { error: 'Body must contain "ids"' });
      const isPaper = path.includes('/paper/');
      const proj = isPaper ? paperProjector(p.get('fields')) : authorProjector(p.get('fields'));
      if (proj.error) return json(400, { error: proj.error });
      return json(200, ids.map((id) => {
        const found = isPaper ? this.#findPaper(String(id)) : paper?.authors.find((a) => a.authorId && a.authorId === String(id));
        return found ? proj.fn(found) : null;
      }));
    }
    if (method !== 'GET') return json(405, { error: 'Method Not Allowed' });
    if ((m = path.match(/^\/graph\/v1\/paper\/(.+)$/))) {
      const found = this.#findPaper(m[1]);
      if (!found) return json(404, { error: `Paper with id ${m[1]} not found` });
      const proj = paperProjector(p.get('fields'));
      return proj.error ? json(400, { error: proj.error }) : json(200, proj.fn(found));
    }
    if ((m = path.match(/^\/graph\/v1\/author\/([^/]+)$/))) {
      const found = paper?.authors.find((a) => a.authorId && a.authorId === m[1]);
      if (!found) return json(404, { error: `Author with id ${m[1]} not found` });
      const proj = authorProjector(p.get('fields'));
      return proj.error ? json(400, { error: proj.error }) : json(200, proj.fn(found));
    }
    if ((m = path.match(/^\/recommendations\/v1\/papers\/forpaper\/(.+)$/))) {
      const found = this.#findPaper(m[1]);
      if (!found) return json(404, { error: `Paper with id ${m[1]} not found` });
      const from = p.get('from') ?? 'recent';
      if (!['recent', 'all-cs'].includes(from)) return json(400, { error: `Unrecognized pool: ${from}` });
      const proj = paperProjector(p.get('fields'));
      if (proj.error) return json(400, { error: proj.error });
      const limit = p.has('limit') ? Number(p.get('limit')) : 100;
      return json(200, { recommendedPapers: (found === paper ? recommendations[from] : []).slice(0, limit).map(proj.fn) });
    }
    return json(404, { error: 'Not Found' });
  }

  #findPaper(raw) {
    const { paper, recommendations, papers = [] } = this.catalog.s2;
    const all = [...(this.twists.fresh ? [] : [paper]), ...recommendations.recent, ...recommendations['all-cs'], ...papers].filter(Boolean);
    const id = raw.trim();
    let m;
    if ((m = id.match(/^arxiv:(.+)$/i))) return all.find((x) => x.externalIds.ArXiv.toLowerCase() === m[1].toLowerCase()) ?? null;
    if ((m = id.match(/^url:https?:\/\/(www\.)?arxiv\.org\/abs\/(.+)$/i))) return all.find((x) => x.externalIds.ArXiv === m[2]) ?? null;
    if ((m = id.match(/^corpusid:(\d+)$/i))) return all.find((x) => String(x.corpusId) === m[1]) ?? null;
    if (/^(doi:)?10\./i.test(id)) return all.find((x) => x.externalIds.DOI.toLowerCase() === normDoi(id)) ?? null;
    return all.find((x) => x.paperId === id.toLowerCase()) ?? null;
  }
}

function paperProjector(param) {
  const asked = param ? param.split(',').map((s) => s.trim()).filter(Boolean) : ['title'];
  const top = new Set(['paperId']);
  const sub = new Set();
  const bad = [];
  for (const f of asked) {
    const [head, rest] = f.split('.', 2);
    if (!S2_PAPER_FIELDS.includes(head)) bad.push(f);
    else if (head === 'authors' && rest) { if (S2_AUTHOR_FIELDS.includes(rest)) sub.add(rest); else bad.push(f); }
    top.add(head);
  }
  if (bad.length) return { error: `Unrecognized or unsupported fields: [${bad.join(', ')}]` };
  return {
    fn: (paper) => {
      const o = {};
      for (const f of S2_PAPER_FIELDS) {
        if (!top.has(f)) continue;
        if (f === 'authors') o.authors = (paper.authors ?? []).map((a) => ({ authorId: a.authorId, name: a.name, ...Object.fromEntries([...sub].map((s) => [s, a[s] ?? null])) }));
        else if (f === 'citations' || f === 'references') o[f] = [];
        else o[f] = paper[f] ?? null;
      }
      return o;
    },
  };
}

function authorProjector(param) {
  const asked = param ? param.split(',').map((s) => s.trim()).filter(Boolean) : ['name'];
  const bad = asked.filter((f) => !S2_AUTHOR_FIELDS.includes(f));
  if (bad.length) return { error: `Unrecognized or unsupported fields: [${bad.join(', ')}]` };
  const top = new Set(['authorId', ...asked]);
  return { fn: (a) => Object.fromEntries(S2_AUTHOR_FIELDS.filter((f) => top.has(f)).map((f) => [f, f === 'papers' ? [] : a[f] ?? null])) };
}

/** Who sent a request: the extension's service worker, an extension page, or a web page. */
export function initiator(req) {
  try { if (req.serviceWorker()) return 'sw'; } catch { /* not a worker request */ }
  try { if (req.frame().url().startsWith('chrome-extension://')) return 'extension-page'; } catch { /* no frame */ }
  return 'page';
}
