/** OpenAlex's `/authors` calls: one author by id or ORCID, many by id, and a name search. */
import type * as v from 'valibot';
import { validate } from '../http';
import * as S from '../schemas/openalex';
import { ResearcherAuthor } from '../schemas/openalex-researcher';
import type { AuthorMetrics } from '../../../catalog/types';
import { MAX_PER_PAGE, requireOpenAlexId, requireOrcid, type Transport } from './transport';
import {
  authorMetrics, candidateProfile, researcherProfile,
  type CandidateProfile, type ResearcherProfile,
} from './author-mappers';

/** What a name search costs (any `*.search` filter: docs/catalog-apis.md, Keys, credits and the daily allowance). */
export const NAME_SEARCH_CREDITS = 10;

/** An author as the singleton finds one: by A id or by ORCID. */
type AuthorRef = { openalexId: string } | { orcid: string };

export function authorCalls({ call, listPage, inOrderOf }: Transport) {
  /**
   * One author asked for and validated as `schema`, by A id or by ORCID (a free singleton: it
   * works while the budget is spent, and follows a merged id to the surviving one). Rejects with
   * `not-found` when OpenAlex has no such author.
   */
  async function author<Schema extends v.LooseObjectSchema<v.ObjectEntries, undefined>>(ref: AuthorRef, schema: Schema, signal?: AbortSignal): Promise<v.InferOutput<Schema>> {
    const path = 'orcid' in ref ? `/authors/orcid:${requireOrcid(ref.orcid)}` : `/authors/${requireOpenAlexId(ref.openalexId, 'A')}`;
    return validate(schema, await call('free', path, { select: S.selectOf(schema) }, signal), 'OpenAlex author');
  }

  /** Metrics for one author via the free singleton (works while the budget is spent). */
  async function authorById(id: string, signal?: AbortSignal): Promise<AuthorMetrics> {
    return authorMetrics(await author({ openalexId: id }, S.Author, signal));
  }

  /** A researcher as the researcher page and the popup show one (free singleton; follows a merged id to the surviving one). */
  async function researcherProfileById(id: string, signal?: AbortSignal): Promise<ResearcherProfile> {
    return researcherProfile(await author({ openalexId: id }, ResearcherAuthor, signal));
  }

  /** One candidate's profile by A id or by ORCID (a free singleton). */
  async function candidateById(ref: AuthorRef, signal?: AbortSignal): Promise<CandidateProfile> {
    return candidateProfile(await author(ref, S.CandidateAuthor, signal));
  }

  /**
   * Metrics for many authors (list calls of ≤100 ids; costs budget). Results come back in the
   * order of `ids`; ids OpenAlex does not return (unknown, merged, malformed) are absent.
   */
  function authorsByIds(ids: string[], signal?: AbortSignal): Promise<AuthorMetrics[]> {
    return inOrderOf('A', ids, S.Author, authorMetrics, signal);
  }

  /** Profiles of fresh-paper candidates (list calls of ≤100 ids; costs budget), in the order of `ids`. */
  function candidateProfiles(ids: string[], signal?: AbortSignal): Promise<CandidateProfile[]> {
    return inOrderOf('A', ids, S.CandidateAuthor, candidateProfile, signal);
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
    const params = { filter: `display_name.search:${terms.join('|')}`, per_page: String(MAX_PER_PAGE) };
    const { meta, results, served } = await listPage('/authors', params, S.CandidateAuthor, signal);
    return { profiles: results.map(candidateProfile), complete: (meta?.count ?? 0) <= served };
  }

  return {
    authorById, researcherProfile: researcherProfileById, candidateById,
    authorsByIds, candidateProfiles, namesakes,
  };
}
