/**
 * OpenAlex client (https://api.openalex.org). Validates every response at the boundary and
 * maps it to Weft's domain types; nothing past this file sees an OpenAlex field name.
 *
 * Cost model (docs/catalog-apis.md, Keys, credits and the daily allowance): singletons (`/works/doi:…`, `/authors/A…`) and
 * `/autocomplete` are free; list calls (`/works?filter=…`, `/authors?filter=…`) cost a credit
 * each from a small daily budget. Once the budget is spent, list calls fail fast with
 * `budget-exhausted` until it resets, while singletons keep working.
 */
import * as v from 'valibot';
import { prioritized, validate, type Classify429, type GetKey, type Http } from './http';
import type { Priority } from './pacer';
import { arxivDoi, arxivIdFromDoi, arxivIdFromUrl, isArxivDoi, toBareArxivId } from '../../arxiv/ids';
import { bareDoi, bareOpenAlexId, bareOrcid, bareRor, requireArxivId } from '../../catalog/ids';
import { API_BASES, API_KEY_PARAM } from '../../catalog/hosts';
import { fieldIdOf } from '../../catalog/fields';
import { allowanceBackAt } from './allowance';
import { asKeyRejection } from './key-check';
import { createBudgetMemory, type BudgetMemory } from './openalex-budget';
import * as S from './schemas/openalex';
import { CatalogError, type AuthorMetrics, type Institution, type PaperAuthor, type PaperRecord, type PaperSummary } from '../../catalog/types';
import { MAX_QUERY_CHARS, MAX_RESPONSE_BYTES, OPENALEX_MAX_OR_VALUES } from '../../shared/limits';
import { openAlexUrl } from '../../catalog/links';
import { ResearcherAuthor, ResearcherWork as ResearcherWorkSchema } from './schemas/openalex-researcher';

const BASE = API_BASES.openalex;
/** Alerts: 10 pages × 100 works per 100 followed authors is far beyond a normal year. */
const MAX_PAGES = 10;
/** List results carry at most this many authorships (singletons carry all). */
const LIST_AUTHORSHIPS_CAP = 100;

/** OpenAlex's largest page. */
const MAX_PER_PAGE = 200;
/** The researcher page's works: one largest page per list call. */
export const WORKS_PAGE_SIZE = MAX_PER_PAGE;
/** OpenAlex's `sort=` for each order of the researcher page's works list. */
const WORK_SORTS = { recent: 'publication_date:desc', cited: 'cited_by_count:desc' } as const;
export type WorkOrder = keyof typeof WORK_SORTS;

/** Sources that are a venue of record; `repository` (arXiv, PubMed) and `metadata` are not. */
const VENUE_TYPES = new Set(['journal', 'conference', 'book series']);

/** A researcher as the popup shows one: metrics plus what they work on and yearly counts. */
export interface AuthorProfile extends AuthorMetrics {
  /** Display names of the author's top topics (at most 5), most frequent first. */
  topics: string[];
  countsByYear: { year: number; works: number | null; citedBy: number | null }[];
}

/** A researcher as their profile page shows one (free singleton). */
export interface ResearcherProfile extends AuthorMetrics {
  /** The surviving id: OpenAlex answers a merged id with the profile it was merged into. */
  openalexId: string;
  alternativeNames: string[];
  i10Index: number | null;
  /** `summary_stats.2yr_mean_citedness`: citations per work of the two years before last. */
  meanCitedness2y: number | null;
  /** As listed: the last ten years at most, years with nothing left out, any order. */
  countsByYear: { year: number; works: number | null; citedBy: number | null }[];
  /** Their topics, most works first: `count` = their works in the topic. */
  topics: { id: string; name: string; count: number; subfield: string | null; field: string | null }[];
}

/** One work of the researcher page's list (its author names are in `coAuthors`, once). */
export interface ResearcherWork extends Omit<AuthoredWork, 'authorNames'> {
  /** The venue of record, when not only arXiv. */
  venue: string | null;
  journalDoi: string | null;
  /** Bare T ids of the work's topics. */
  topicIds: string[];
  /** Authorships served (lists stop at 100). */
  authorCount: number;
}

/** One page (of WORKS_PAGE_SIZE) of a researcher's works, in the order asked for. */
export interface ResearcherWorksPage {
  works: ResearcherWork[];
  /** Works the catalog finds for the researcher in all (`meta.count`); null when not said. */
  total: number | null;
}

/** One of an author's works, with that author's place on it. */
export interface AuthoredWork extends PaperSummary {
  /** OpenAlex's `author_position`; null when the author is not in the (possibly truncated) list. */
  authorPosition: 'first' | 'middle' | 'last' | null;
  /** The other authors, in order. */
  coAuthors: { openalexId: string | null; name: string }[];
}

/** A work found for followed authors (alerts). */
export interface AlertWork extends PaperSummary {
  /** When OpenAlex first indexed the work (`YYYY-MM-DD`, UTC): the "new" signal for alerts. */
  createdDate: string | null;
  /** Bare A ids of the work's authors, in order. */
  authorIds: string[];
  /** List results stop at 100 authorships, so a followed author may be missing from `authorIds`. */
  authorsTruncated: boolean;
}

/** A profile considered for an author of a paper no catalog has yet (docs/identity.md). */
export interface CandidateProfile extends AuthorMetrics {
  openalexId: string;
  /** Other ways the catalog has seen the name written (`display_name_alternatives`). */
  alternativeNames: string[];
  /** Every institution of the profile's affiliations, past ones too, last known first. */
  institutions: Institution[];
  /** The profile's topic counts summed per OpenAlex field, largest first. */
  fields: { id: number; name: string; count: number }[];
}

/** A followed researcher's recent work as same-day alerts read it (docs/same-day-alerts.md, "Never by name alone"). */
export interface DigestWork {
  id: string;
  arxivId: string | null;
  /** In order: as the catalog names them and as the paper printed them, with their institutions there. */
  authors: PaperAuthor[];
  /** The OpenAlex field of its primary topic. */
  fieldId: number | null;
}

/** What a name search costs (any `*.search` filter: docs/catalog-apis.md, Keys, credits and the daily allowance). */
export const NAME_SEARCH_CREDITS = 10;

/** A work as the shared-works search reads it: its id and its authors' ids (≤100, as lists give). */
export interface WorkAuthors {
  id: string;
  authorIds: string[];
  /** Their names as the catalog gives them, in the same order ('' where it gives none). */
  authorNames?: string[];
}

/** The works joining some author sets: one page of them, and whether that page is all there is. */
export interface WorksJoining {
  works: WorkAuthors[];
  complete: boolean;
}

export interface AuthorSuggestion {
  id: string;
  name: string;
  /** "Last known institution, Country" as OpenAlex phrases it. */
  hint: string | null;
  citedBy: number | null;
  works: number | null;
}

export interface OpenAlexOptions {
  http: Http;
  getKey?: GetKey;
  /** Told when a list call finds the daily budget spent; `resetAt` is epoch ms. */
  onBudgetExhausted?: (resetAt: number) => void;
  /** Told when OpenAlex refuses the saved key (the call fails with `key-rejected`). */
  onKeyRejected?: () => void;
  /** Where the spent budget is remembered (default: this client's memory only). */
  budget?: BudgetMemory;
  now?: () => number;
}

type Params = Record<string, string>;

/** The OpenAlex client; `getKey` supplies the user's optional API key at call time. */
export function createOpenAlex(options: OpenAlexOptions) {
  const { http, getKey, onBudgetExhausted, onKeyRejected, now = Date.now, budget = createBudgetMemory(null, now) } = options;
  // The budget belongs to the key (or, keyless, the IP): a newly entered key starts afresh.
  const currentKey = async () => (await getKey?.()) || null;

  /** One request; `list` calls spend budget, so they are refused locally while it is spent. */
  async function call(kind: 'free' | 'list', path: string, params: Params, signal?: AbortSignal): Promise<unknown> {
    const key = await currentKey();
    const resetAt = kind === 'list' ? await budget.resetAt(key) : 0;
    if (resetAt > now()) {
      throw new CatalogError('budget-exhausted', 'OpenAlex daily budget is spent', resetAt, 429);
    }
    const url = new URL(path, BASE);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (key) url.searchParams.set(API_KEY_PARAM, key);
    try {
      return await http.getJson(url, { signal, keyed: key !== null, classify429: classifyOpenAlex429, maxBytes: MAX_RESPONSE_BYTES[kind === 'list' ? 'list' : 'single'] });
    } catch (e) {
      if (e instanceof CatalogError && e.kind === 'budget-exhausted' && e.retryAt !== null) {
        await budget.spent(key, e.retryAt);
        onBudgetExhausted?.(e.retryAt);
      }
      const refused = asKeyRejection('openalex', e, key !== null);
      if (refused !== e) onKeyRejected?.();
      throw refused;
    }
  }

  /** All list results for `ids` (≤100 per call, calls in parallel), asked for and validated as `item`. */
  async function listByIds<S extends v.LooseObjectSchema<v.ObjectEntries, undefined>>(path: string, filter: string, ids: string[], item: S, signal?: AbortSignal) {
    const select = S.selectOf(item);
    const pages = await Promise.all(
      chunk(ids, OPENALEX_MAX_OR_VALUES).map(async (part) => {
        const body = await call('list', path, { filter: `${filter}:${part.join('|')}`, per_page: String(OPENALEX_MAX_OR_VALUES), select }, signal);
        // Each record on its own: one malformed author or work is left out, not the other 99.
        const { results } = validate(S.list(v.unknown()), body, `OpenAlex ${path}`);
        return results.flatMap((r) => {
          const one = v.safeParse(item, r);
          return one.success ? [one.output as v.InferOutput<S>] : [];
        });
      }),
    );
    return pages.flat();
  }

  /**
   * The OpenAlex work for an arXiv paper, via its arXiv DOI (a free singleton; never the
   * `/works/https://doi.org/…` form, which OpenAlex bills as a list call). Rejects with
   * `not-found` when OpenAlex does not know the paper.
   */
  async function workByArxivId(arxivId: string, signal?: AbortSignal): Promise<PaperRecord> {
    const id = requireArxivId(arxivId);
    const body = await call('free', `/works/doi:${arxivDoi(id)}`, { select: S.selectOf(S.Work) }, signal);
    return paperRecord(id, validate(S.Work, body, 'OpenAlex work'));
  }

  /**
   * The works of many arXiv papers by their DOIs (list calls of ≤100 DOIs, in parallel; costs
   * budget). Keyed by the ids asked for; a paper absent from the map is not in the list, which is
   * not proof that OpenAlex lacks it: the DOI filter matches only a work's canonical DOI, so a
   * preprint merged into its journal version is found only by `workByArxivId`
   * (docs/catalog-apis.md, OpenAlex pitfalls, DOI list filter). A work whose authorships the list
   * cut short is fetched whole, with the free singleton.
   */
  async function worksByArxivIds(arxivIds: string[], signal?: AbortSignal): Promise<Map<string, PaperRecord>> {
    const asked = new Map<string, string[]>();
    for (const raw of arxivIds) {
      const id = toBareArxivId(raw);
      if (!id) continue;
      const doi = arxivDoi(id);
      asked.set(doi, [...new Set([...(asked.get(doi) ?? []), id])]);
    }
    const works = await listByIds('/works', 'doi', [...asked.keys()], S.Work, signal);
    const found = new Map<string, PaperRecord>();
    await Promise.all(works.map(async (work) => {
      // OpenAlex lower-cases DOIs, and list results come back in their own order.
      const ids = asked.get(bareDoi(work.doi)?.toLowerCase() ?? '');
      if (!ids) return;
      const whole = (work.authorships?.length ?? 0) >= LIST_AUTHORSHIPS_CAP ? await workByArxivId(ids[0]!, signal) : null;
      for (const id of ids) found.set(id, whole ? { ...whole, arxivId: id } : paperRecord(id, work));
    }));
    return found;
  }

  /**
   * Metrics for many authors (list calls of ≤100 ids; costs budget). Results come back in the
   * order of `ids`; ids OpenAlex does not return (unknown, merged, malformed) are absent.
   */
  async function authorsByIds(ids: string[], signal?: AbortSignal): Promise<AuthorMetrics[]> {
    const wanted = uniqueIds(ids, 'A');
    if (wanted.length === 0) return [];
    const found = await listByIds('/authors', 'id', wanted, S.Author, signal);
    const byId = new Map(found.map((a) => [a.id, authorMetrics(a)]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  }

  /** Profiles of fresh-paper candidates (list calls of ≤100 ids; costs budget), in the order of `ids`. */
  async function candidateProfiles(ids: string[], signal?: AbortSignal): Promise<CandidateProfile[]> {
    const wanted = uniqueIds(ids, 'A');
    if (wanted.length === 0) return [];
    const found = await listByIds('/authors', 'id', wanted, S.CandidateAuthor, signal);
    const byId = new Map(found.map((a) => [a.id, candidateProfile(a)]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The profiles named any of `names`, in one name search (a list call of NAME_SEARCH_CREDITS,
   * docs/catalog-apis.md: `|` is OR inside a filter): for a paper of many authors, one request
   * instead of an autocomplete per name. `complete` is false when more profiles matched than
   * its one page holds (a common name among them): then some may be missing.
   */
  async function namesakes(names: string[], signal?: AbortSignal): Promise<{ profiles: CandidateProfile[]; complete: boolean }> {
    // A comma would end the filter, a bar split a name, a colon start another filter.
    const terms = [...new Set(names.map((n) => n.replace(/[,|:]/g, ' ').replace(/\s+/g, ' ').trim()).filter(Boolean))];
    if (terms.length === 0) return { profiles: [], complete: true };
    const body = await call('list', '/authors', { filter: `display_name.search:${terms.join('|')}`, per_page: String(MAX_PER_PAGE), select: S.selectOf(S.CandidateAuthor) }, signal);
    const { meta, results } = validate(S.list(v.unknown()), body, 'OpenAlex authors');
    const profiles = results.flatMap((r) => {
      const one = v.safeParse(S.CandidateAuthor, r);
      return one.success ? [candidateProfile(one.output)] : [];
    });
    return { profiles, complete: (meta?.count ?? 0) <= results.length };
  }

  /**
   * One candidate's profile by A id or by ORCID (a free singleton). Rejects with `not-found`
   * when OpenAlex has no such author.
   */
  async function candidateById(ref: { openalexId: string } | { orcid: string }, signal?: AbortSignal): Promise<CandidateProfile> {
    const path = 'orcid' in ref ? `/authors/orcid:${requireOrcid(ref.orcid)}` : `/authors/${requireOpenAlexId(ref.openalexId, 'A')}`;
    const body = await call('free', path, { select: S.selectOf(S.CandidateAuthor) }, signal);
    return candidateProfile(validate(S.CandidateAuthor, body, 'OpenAlex author'));
  }

  /**
   * Works with an author of every set (one list call; costs budget): each set is one filter
   * clause (`|` OR inside, clauses AND-ed), ≤100 ids. One page of ≤200 works, the most recent
   * first when `recentFirst`.
   */
  async function worksJoining(sets: string[][], { recentFirst = false }: { recentFirst?: boolean } = {}, signal?: AbortSignal): Promise<WorksJoining> {
    const clauses = sets.map((ids) => uniqueIds(ids, 'A'));
    if (clauses.length === 0 || clauses.some((ids) => ids.length === 0 || ids.length > OPENALEX_MAX_OR_VALUES)) {
      throw new RangeError(`worksJoining: each set needs 1…${OPENALEX_MAX_OR_VALUES} author ids`);
    }
    const params: Params = {
      filter: clauses.map((ids) => `authorships.author.id:${ids.join('|')}`).join(','),
      per_page: String(MAX_PER_PAGE),
      select: S.selectOf(S.WorkAuthorIds),
    };
    if (recentFirst) params.sort = 'publication_date:desc';
    const { meta, results } = validate(S.list(v.unknown()), await call('list', '/works', params, signal), 'OpenAlex works');
    const works = results.flatMap((r) => {
      const one = v.safeParse(S.WorkAuthorIds, r);
      if (!one.success) return [];
      const authors = (one.output.authorships ?? []).flatMap((a) => {
        const id = bareOpenAlexId(a.author?.id, 'A');
        return id ? [{ id, name: a.author?.display_name ?? '' }] : [];
      });
      return [{ id: one.output.id, authorIds: authors.map((a) => a.id), authorNames: authors.map((a) => a.name) }];
    });
    return { works, complete: (meta?.count ?? 0) <= results.length };
  }

  /** Metrics for one author via the free singleton (works while the budget is spent). */
  async function authorById(id: string, signal?: AbortSignal): Promise<AuthorMetrics> {
    const body = await call('free', `/authors/${requireOpenAlexId(id, 'A')}`, { select: S.selectOf(S.Author) }, signal);
    return authorMetrics(validate(S.Author, body, 'OpenAlex author'));
  }

  /** A researcher profile for the popup (free singleton): metrics, top 5 topics, counts by year. */
  async function authorProfile(id: string, signal?: AbortSignal): Promise<AuthorProfile> {
    const body = await call('free', `/authors/${requireOpenAlexId(id, 'A')}`, { select: S.selectOf(S.AuthorWithProfile) }, signal);
    const author = validate(S.AuthorWithProfile, body, 'OpenAlex author');
    return {
      ...authorMetrics(author),
      topics: (author.topics ?? []).flatMap((t) => t.display_name || []).slice(0, 5),
      countsByYear: (author.counts_by_year ?? []).map((c) => ({ year: c.year, works: c.works_count ?? null, citedBy: c.cited_by_count ?? null })),
    };
  }

  /** An author's newest works (one list call; costs budget), newest publication date first. */
  async function recentWorks(id: string, limit = 10, signal?: AbortSignal): Promise<AuthoredWork[]> {
    const authorId = requireOpenAlexId(id, 'A');
    const params = {
      filter: `authorships.author.id:${authorId}`,
      sort: 'publication_date:desc',
      per_page: String(clamp(limit, 1, OPENALEX_MAX_OR_VALUES)),
      select: S.selectOf(S.WorkSummary),
    };
    const body = await call('list', '/works', params, signal);
    return validate(S.list(S.WorkSummary), body, 'OpenAlex works').results.map((w) => authoredWork(w, authorId));
  }

  /** A researcher's profile page data (free singleton; follows a merged id to the surviving one). */
  async function researcherProfile(id: string, signal?: AbortSignal): Promise<ResearcherProfile> {
    const body = await call('free', `/authors/${requireOpenAlexId(id, 'A')}`, { select: S.selectOf(ResearcherAuthor) }, signal);
    const a = validate(ResearcherAuthor, body, 'OpenAlex author');
    return {
      ...authorMetrics(a),
      openalexId: a.id,
      alternativeNames: [...new Set((a.display_name_alternatives ?? []).map((n) => n.trim()).filter((n) => n && n !== a.display_name))],
      i10Index: a.summary_stats?.i10_index ?? null,
      meanCitedness2y: a.summary_stats?.['2yr_mean_citedness'] ?? null,
      countsByYear: (a.counts_by_year ?? []).map((c) => ({ year: c.year, works: c.works_count ?? null, citedBy: c.cited_by_count ?? null })),
      topics: (a.topics ?? []).flatMap((t) => {
        const topicId = bareOpenAlexId(t.id, 'T');
        const name = t.display_name?.trim();
        return topicId && name ? [{ id: topicId, name, count: t.count ?? 0, subfield: t.subfield?.display_name || null, field: t.field?.display_name || null }] : [];
      }),
    };
  }

  /** Page `page` (1-based) of a researcher's works in `order` (one list call; costs budget). */
  async function researcherWorks(id: string, order: WorkOrder, page: number, signal?: AbortSignal): Promise<ResearcherWorksPage> {
    const authorId = requireOpenAlexId(id, 'A');
    const params = {
      filter: `authorships.author.id:${authorId}`,
      sort: WORK_SORTS[order],
      per_page: String(WORKS_PAGE_SIZE),
      page: String(clamp(page, 1, Number.MAX_SAFE_INTEGER)),
      select: S.selectOf(ResearcherWorkSchema),
    };
    const body = await call('list', '/works', params, signal);
    const { meta, results } = validate(S.list(v.unknown()), body, 'OpenAlex works');
    const works = results.flatMap((r) => {
      const one = v.safeParse(ResearcherWorkSchema, r);
      if (!one.success) return [];
      const w = one.output;
      const { journalDoi, journalName } = journalOf(w);
      const { authorNames: _, ...work } = authoredWork(w, authorId);
      return [{
        ...work,
        venue: journalName,
        journalDoi,
        topicIds: (w.topics ?? []).flatMap((t) => bareOpenAlexId(t.id, 'T') ?? []),
        authorCount: w.authorships?.length ?? 0,
      }];
    });
    const count = meta?.count;
    return { works, total: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null };
  }

  /**
   * Summaries of works by OpenAlex id (≤100 per list call; costs budget), e.g. to show a
   * work's `related_works`. In the order of `ids`; works not returned are absent.
   */
  async function worksByIds(ids: string[], signal?: AbortSignal): Promise<PaperSummary[]> {
    const wanted = uniqueIds(ids, 'W');
    if (wanted.length === 0) return [];
    const found = await listByIds('/works', 'ids.openalex', wanted, S.WorkSummary, signal);
    const byId = new Map(found.map((w) => [w.id, paperSummary(w)]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Search-as-you-type (free). The query is trimmed and capped at 200 characters; an empty
   * query answers `[]` without a request.
   */
  function autocomplete(entity: 'authors', q: string, signal?: AbortSignal): Promise<AuthorSuggestion[]>;
  function autocomplete(entity: 'works', q: string, signal?: AbortSignal): Promise<PaperSummary[]>;
  async function autocomplete(entity: 'authors' | 'works', q: string, signal?: AbortSignal): Promise<AuthorSuggestion[] | PaperSummary[]> {
    // Cut by code point so an emoji is never split into a lone surrogate.
    const query = Array.from(q.trim()).slice(0, MAX_QUERY_CHARS).join('').trim();
    if (!query) return [];
    const body = await call('free', `/autocomplete/${entity}`, { q: query }, signal);
    const hits = validate(S.list(S.AutocompleteHit), body, 'OpenAlex autocomplete').results;
    if (entity === 'authors') {
      return hits.flatMap((h) => {
        const id = h.id ? bareOpenAlexId(h.id, 'A') : null;
        return id ? [{ id, name: h.display_name ?? '', hint: h.hint || null, citedBy: h.cited_by_count ?? null, works: h.works_count ?? null }] : [];
      });
    }
    return hits.flatMap((h) => {
      const id = h.id ? bareOpenAlexId(h.id, 'W') : null;
      if (!id) return [];
      return [{
        source: 'openalex' as const,
        id,
        arxivId: arxivIdFromDoi(bareDoi(h.external_id)),
        doi: bareDoi(h.external_id),
        title: h.display_name ?? '',
        // A work's hint is its author names joined by ", ".
        authorNames: h.hint ? h.hint.split(', ').filter(Boolean) : [],
        year: null,
        citedBy: h.cited_by_count ?? null,
        catalogUrl: openAlexUrl(id),
      }];
    });
  }

  /**
   * Works by any of `authorIds` published in `sinceYear` or later, for alerts (list calls of
   * ≤100 authors, cursor-paged; costs budget). Decide what is new from `createdDate`:
   * `from_created_date` and sorting by `created_date` are refused (403) without a paid key.
   * `complete` is false when the page cap cut the list short.
   */
  async function worksByAuthorsSince(authorIds: string[], sinceYear: number, signal?: AbortSignal): Promise<{ works: AlertWork[]; complete: boolean }> {
    const works = new Map<string, AlertWork>();
    let complete = true;
    for (const part of chunk(uniqueIds(authorIds, 'A'), OPENALEX_MAX_OR_VALUES)) {
      let cursor: string | null | undefined = '*';
      for (let page = 0; cursor; page++) {
        if (page === MAX_PAGES) {
          complete = false;
          break;
        }
        const params: Params = {
          filter: `authorships.author.id:${part.join('|')},publication_year:>${Math.trunc(sinceYear) - 1}`,
          per_page: String(OPENALEX_MAX_OR_VALUES),
          cursor,
          select: S.selectOf(S.AlertWork),
        };
        const { meta, results } = validate(S.list(S.AlertWork), await call('list', '/works', params, signal), 'OpenAlex works');
        for (const w of results) works.set(w.id, alertWork(w));
        // An empty page ends the walk even if a cursor came back, so a bad cursor cannot loop.
        cursor = results.length > 0 ? meta?.next_cursor : null;
      }
    }
    return { works: [...works.values()], complete };
  }

  /**
   * The latest works of any of `authorIds` (one list call of ≤100 ids; costs budget), newest
   * first, one page of ≤200: their co-authors, how their names are printed, their fields.
   */
  async function latestWorksOf(authorIds: string[], signal?: AbortSignal): Promise<DigestWork[]> {
    const ids = uniqueIds(authorIds, 'A');
    if (ids.length === 0 || ids.length > OPENALEX_MAX_OR_VALUES) throw new RangeError(`latestWorksOf: 1…${OPENALEX_MAX_OR_VALUES} author ids`);
    const params = { filter: `authorships.author.id:${ids.join('|')}`, sort: 'publication_date:desc', per_page: String(MAX_PER_PAGE), select: S.selectOf(S.WorkWithField) };
    const body = await call('list', '/works', params, signal);
    return validate(S.list(v.unknown()), body, 'OpenAlex works').results.flatMap((r) => {
      const w = v.safeParse(S.WorkWithField, r);
      if (!w.success) return [];
      return [{ id: w.output.id, arxivId: arxivIdOf(w.output), authors: (w.output.authorships ?? []).map(paperAuthor), fieldId: fieldIdOf(w.output.primary_topic?.field?.id) }];
    });
  }

  /** Epoch ms when the current key's spent daily budget resets; 0 while list calls are allowed. */
  async function budgetResetAt(): Promise<number> {
    return budget.resetAt(await currentKey());
  }

  /** The same client, its requests at `priority` (pacer.ts PRIORITY); key and spent budget shared. */
  const at = (priority: Priority): OpenAlexClient => createOpenAlex({ ...options, budget, http: prioritized(http, priority) });

  return {
    workByArxivId, worksByArxivIds, authorsByIds, authorById, authorProfile, recentWorks, worksByIds, autocomplete, worksByAuthorsSince, budgetResetAt,
    candidateProfiles, candidateById, namesakes, worksJoining, researcherProfile, researcherWorks, latestWorksOf, at,
  };
}

export interface OpenAlexClient extends OpenAlexCalls {
  at(priority: Priority): OpenAlexClient;
}
type OpenAlexCalls = Omit<ReturnType<typeof createOpenAlex>, 'at'>;

/**
 * OpenAlex answers 429 both for a spent daily budget ("Insufficient budget", or fewer credits
 * remaining than the call needs) and for its per-second cap ("… requests per second"). Only
 * the first is worth remembering, until Retry-After (≈ seconds to midnight UTC, never believed
 * much beyond it) or midnight.
 */
export const classifyOpenAlex429: Classify429 = ({ headers, body, retryAfterMs, now }) => {
  const message = v.is(S.RateLimitBody, body) ? body.message : '';
  if (/requests per second/i.test(message)) return null;
  const remaining = headers.get('x-ratelimit-remaining');
  const required = headers.get('x-ratelimit-credits-required');
  const short = remaining !== null && required !== null && Number(remaining) < Number(required);
  if (!/insufficient budget/i.test(message) && !short) return null;
  return allowanceBackAt(retryAfterMs === null ? null : now + retryAfterMs, now);
};

function requireOpenAlexId(raw: string, entity: 'W' | 'A'): string {
  const id = bareOpenAlexId(raw, entity);
  if (!id) throw new CatalogError('not-found', `not an OpenAlex ${entity} id: ${JSON.stringify(raw.slice(0, 40))}`);
  return id;
}

function requireOrcid(raw: string): string {
  const id = bareOrcid(raw);
  if (!id) throw new CatalogError('not-found', `not an ORCID: ${JSON.stringify(raw.slice(0, 40))}`);
  return id;
}

function uniqueIds(ids: string[], entity: 'W' | 'A'): string[] {
  return [...new Set(ids.flatMap((id) => bareOpenAlexId(id, entity) ?? []))];
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.trunc(n) || lo));

function institution(i: S.InstitutionOut): Institution[] {
  const name = i.display_name?.trim();
  if (!name) return [];
  const country = i.country_code?.toUpperCase();
  return [{
    openalexId: bareOpenAlexId(i.id, 'I'),
    rorId: bareRor(i.ror),
    name,
    countryCode: country && /^[A-Z]{2}$/.test(country) ? country : null,
  }];
}

const authorName = (a: S.AuthorshipOut) => a.author?.display_name || a.raw_author_name || '';

function paperAuthor(a: S.AuthorshipOut): PaperAuthor {
  return {
    name: authorName(a),
    rawName: a.raw_author_name ?? null,
    openalexId: bareOpenAlexId(a.author?.id, 'A'),
    s2Id: null,
    institutions: (a.institutions ?? []).flatMap(institution),
    metrics: null,
  };
}

function paperRecord(arxivId: string, work: S.WorkOut): PaperRecord {
  return {
    source: 'openalex',
    arxivId,
    openalexId: work.id,
    s2Id: null,
    title: work.display_name ?? '',
    year: work.publication_year ?? null,
    citedBy: work.cited_by_count ?? null,
    authors: (work.authorships ?? []).map(paperAuthor),
    relatedOpenAlexIds: (work.related_works ?? []).flatMap((w) => bareOpenAlexId(w, 'W') ?? []),
    ...journalOf(work),
  };
}

function authorMetrics(a: S.AuthorOut): AuthorMetrics {
  return {
    source: 'openalex',
    openalexId: a.id,
    s2Id: null,
    orcid: bareOrcid(a.orcid),
    displayName: a.display_name ?? '',
    hIndex: a.summary_stats?.h_index ?? null,
    citedBy: a.cited_by_count ?? null,
    works: a.works_count ?? null,
    lastKnownInstitutions: (a.last_known_institutions ?? []).flatMap(institution),
  };
}

function candidateProfile(a: S.CandidateAuthorOut): CandidateProfile {
  const metrics = authorMetrics(a);
  const seen = new Set<string>();
  const institutions = [...metrics.lastKnownInstitutions, ...(a.affiliations ?? []).flatMap((x) => (x.institution ? institution(x.institution) : []))]
    .filter((i) => {
      const key = i.openalexId ?? i.name;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const fields = new Map<number, { id: number; name: string; count: number }>();
  for (const t of a.topics ?? []) {
    const id = fieldIdOf(t.field?.id);
    if (id === null) continue;
    const f = fields.get(id) ?? { id, name: t.field?.display_name ?? '', count: 0 };
    f.count += Math.max(0, t.count ?? 1);
    fields.set(id, f);
  }
  return {
    ...metrics,
    openalexId: a.id,
    alternativeNames: (a.display_name_alternatives ?? []).filter((n) => n.trim() !== ''),
    institutions,
    fields: [...fields.values()].sort((x, y) => y.count - x.count),
  };
}

function position(p: string | null | undefined): AuthoredWork['authorPosition'] {
  return p === 'first' || p === 'middle' || p === 'last' ? p : null;
}

/** The arXiv copy of a work: its arXiv DOI, else an arxiv.org landing page among its locations. */
function arxivIdOf(w: S.WorkOut): string | null {
  const fromDoi = arxivIdFromDoi(bareDoi(w.doi));
  if (fromDoi) return fromDoi;
  for (const l of w.locations ?? []) {
    const id = arxivIdFromUrl(l.landing_page_url);
    if (id) return id;
  }
  return null;
}

/**
 * The journal version, when OpenAlex has one. A non-arXiv `doi` means OpenAlex merged the
 * preprint into its journal version (the journal DOI wins); otherwise a venue location (source
 * type journal/conference/book series, not on arxiv.org) may still name the venue, and its
 * landing page is a DOI link when the publisher registered one.
 */
function journalOf(w: S.WorkOut): Pick<PaperRecord, 'journalDoi' | 'journalName'> {
  const doi = bareDoi(w.doi);
  const venue = (w.locations ?? []).find((l) => VENUE_TYPES.has(l.source?.type ?? '') && !arxivIdFromUrl(l.landing_page_url));
  return {
    journalDoi: doi && !isArxivDoi(doi) ? doi : bareDoi(venue?.landing_page_url),
    journalName: venue?.source?.display_name || null,
  };
}

function paperSummary(w: S.WorkOut): PaperSummary {
  return {
    source: 'openalex',
    id: w.id,
    arxivId: arxivIdOf(w),
    doi: bareDoi(w.doi),
    title: w.display_name ?? '',
    authorNames: (w.authorships ?? []).map(authorName).filter(Boolean),
    year: w.publication_year ?? yearOf(w.publication_date),
    citedBy: w.cited_by_count ?? null,
    catalogUrl: openAlexUrl(w.id),
  };
}

/** `w` as one of `authorId`'s works: their position on it and the other authors. */
function authoredWork(w: S.WorkOut, authorId: string): AuthoredWork {
  const authorships = w.authorships ?? [];
  const mine = authorships.find((a) => bareOpenAlexId(a.author?.id, 'A') === authorId);
  return {
    ...paperSummary(w),
    authorPosition: position(mine?.author_position),
    coAuthors: authorships.filter((a) => a !== mine).map((a) => ({ openalexId: bareOpenAlexId(a.author?.id, 'A'), name: authorName(a) })),
  };
}

function alertWork(w: S.WorkOut): AlertWork {
  const authorships = w.authorships ?? [];
  return {
    ...paperSummary(w),
    createdDate: /^\d{4}-\d{2}-\d{2}/.test(w.created_date ?? '') ? w.created_date!.slice(0, 10) : null,
    authorIds: authorships.flatMap((a) => bareOpenAlexId(a.author?.id, 'A') ?? []),
    authorsTruncated: authorships.length >= LIST_AUTHORSHIPS_CAP,
  };
}

function yearOf(date: string | null | undefined): number | null {
  const m = /^(\d{4})-/.exec(date ?? '');
  return m ? Number(m[1]) : null;
}
