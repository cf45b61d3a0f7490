/** OpenAlex's `/works` calls: papers by arXiv id or OpenAlex id, an author's works, works for alerts. */
import { validate } from '../http';
import { arxivDoi, toBareArxivId } from '../../../arxiv/ids';
import { bareDoi, requireArxivId } from '../../../catalog/ids';
import * as S from '../schemas/openalex';
import { ResearcherWork as ResearcherWorkSchema } from '../schemas/openalex-researcher';
import type { PaperRecord, PaperSummary } from '../../../catalog/types';
import { OPENALEX_MAX_OR_VALUES } from '../../../shared/limits';
import { chunk, MAX_PER_PAGE, requireOpenAlexId, uniqueIds, type Params, type Transport } from './transport';
import {
  alertWork, digestWork, LIST_AUTHORSHIPS_CAP, paperRecord, paperSummary, researcherWork, workAuthors,
  type AlertWork, type DigestWork, type ResearcherWork, type WorkAuthors,
} from './work-mappers';

/** Alerts: 10 pages × 100 works per 100 followed authors is far beyond a normal year. */
const MAX_PAGES = 10;
/** The researcher page's works: one largest page per list call. */
export const WORKS_PAGE_SIZE = MAX_PER_PAGE;
/** OpenAlex's `sort=` for each order of the researcher page's works list. */
const WORK_SORTS = { recent: 'publication_date:desc', cited: 'cited_by_count:desc' } as const;
export type WorkOrder = keyof typeof WORK_SORTS;

/** One page (of WORKS_PAGE_SIZE) of a researcher's works, in the order asked for. */
export interface ResearcherWorksPage {
  works: ResearcherWork[];
  /** Works the catalog finds for the researcher in all (`meta.count`); null when not said. */
  total: number | null;
}

/** The works joining some author sets: one page of them, and whether that page is all there is. */
export interface WorksJoining {
  works: WorkAuthors[];
  complete: boolean;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.trunc(n) || lo));

export function workCalls({ call, listPage, listByIds, inOrderOf }: Transport) {
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
   * Summaries of works by OpenAlex id (≤100 per list call; costs budget), e.g. to show a
   * work's `related_works`. In the order of `ids`; works not returned are absent.
   */
  function worksByIds(ids: string[], signal?: AbortSignal): Promise<PaperSummary[]> {
    return inOrderOf('W', ids, S.WorkSummary, paperSummary, signal);
  }

  /** Page `page` (1-based) of a researcher's works in `order` (one list call; costs budget). */
  async function researcherWorks(id: string, order: WorkOrder, page: number, signal?: AbortSignal): Promise<ResearcherWorksPage> {
    const authorId = requireOpenAlexId(id, 'A');
    const params = {
      filter: `authorships.author.id:${authorId}`,
      sort: WORK_SORTS[order],
      per_page: String(WORKS_PAGE_SIZE),
      page: String(clamp(page, 1, Number.MAX_SAFE_INTEGER)),
    };
    const { meta, results } = await listPage('/works', params, ResearcherWorkSchema, signal);
    const count = meta?.count;
    return {
      works: results.map((w) => researcherWork(w, authorId)),
      total: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null,
    };
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
    const params = { filter: `authorships.author.id:${ids.join('|')}`, sort: 'publication_date:desc', per_page: String(MAX_PER_PAGE) };
    return (await listPage('/works', params, S.WorkWithField, signal)).results.map(digestWork);
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
    };
    if (recentFirst) params.sort = 'publication_date:desc';
    const { meta, results, served } = await listPage('/works', params, S.WorkAuthorIds, signal);
    return { works: results.map(workAuthors), complete: (meta?.count ?? 0) <= served };
  }

  return { workByArxivId, worksByArxivIds, worksByIds, researcherWorks, worksByAuthorsSince, latestWorksOf, worksJoining };
}
