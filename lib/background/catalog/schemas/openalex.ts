/**
 * valibot schemas for the OpenAlex responses Weft reads, loose objects (extra fields pass),
 * `nullish` wherever OpenAlex may send null or `select=` may leave a field out. Ids are checked
 * and made bare here, at the boundary. A request asks for exactly its schema's fields: its
 * `select=` is the schema's keys (`selectOf`), so a field read is a field asked for.
 */
import * as v from 'valibot';
import { bareOpenAlexId, type OpenAlexEntity } from '../../../catalog/ids';

const str = v.nullish(v.string());
const num = v.nullish(v.number());

/** An OpenAlex id in URL or bare form, output bare (`W4389761608`). */
const oaId = (entity: OpenAlexEntity) =>
  v.pipe(
    v.string(),
    v.check((s) => bareOpenAlexId(s, entity) !== null, `not an OpenAlex ${entity} id`),
    v.transform((s) => bareOpenAlexId(s, entity)!),
  );

const Institution = v.looseObject({ id: str, display_name: str, ror: str, country_code: str });

const Authorship = v.looseObject({
  author_position: str,
  author: v.nullish(v.looseObject({ id: str, display_name: str })),
  raw_author_name: str,
  institutions: v.nullish(v.array(Institution)),
});

const Location = v.looseObject({
  landing_page_url: str,
  source: v.nullish(v.looseObject({ display_name: str, type: str })),
});

/** Every work field Weft reads, each validated one way; each work schema picks its own. */
export const AnyWork = v.looseObject({
  id: oaId('W'),
  doi: str,
  display_name: str,
  publication_year: num,
  publication_date: str,
  created_date: str,
  cited_by_count: num,
  authorships: v.nullish(v.array(Authorship)),
  related_works: v.nullish(v.array(v.string())),
  locations: v.nullish(v.array(Location)),
});

/** A paper as the catalog lookup reads it: its authors, related works and venue. */
export const Work = v.pick(AnyWork, ['id', 'doi', 'display_name', 'publication_year', 'cited_by_count', 'authorships', 'related_works', 'locations']);

/** A work in a list (an author's recent works, related works). */
export const WorkSummary = v.pick(AnyWork, ['id', 'doi', 'display_name', 'publication_year', 'cited_by_count', 'authorships', 'locations']);

/** A followed researcher's work as alerts read it: `created_date` says when OpenAlex first had it. */
export const AlertWork = v.pick(AnyWork, ['id', 'doi', 'display_name', 'publication_date', 'created_date', 'authorships', 'locations']);

export const Author = v.looseObject({
  id: oaId('A'),
  display_name: str,
  orcid: str,
  works_count: num,
  cited_by_count: num,
  summary_stats: v.nullish(v.looseObject({ h_index: num })),
  last_known_institutions: v.nullish(v.array(Institution)),
});

/** An author considered for a fresh paper's author: also every name, affiliation and topic field. */
export const CandidateAuthor = v.looseObject({
  ...Author.entries,
  display_name_alternatives: v.nullish(v.array(v.string())),
  affiliations: v.nullish(v.array(v.looseObject({ institution: v.nullish(Institution) }))),
  topics: v.nullish(v.array(v.looseObject({ count: num, field: v.nullish(v.looseObject({ id: str, display_name: str })) }))),
});

/** A work as same-day alerts learn from it: who wrote it (as printed, where) and its field. */
export const WorkWithField = v.looseObject({
  ...v.pick(AnyWork, ['id', 'doi', 'authorships', 'locations']).entries,
  primary_topic: v.nullish(v.looseObject({ field: v.nullish(v.looseObject({ id: str })) })),
});

/** A work reduced to who wrote it (the shared-works lists of fresh-paper identification): its authors' ids and names only. */
export const WorkAuthorIds = v.looseObject({
  id: oaId('W'),
  authorships: v.nullish(v.array(v.looseObject({ author: v.nullish(v.looseObject({ id: str, display_name: str })) }))),
});

/** The list envelope `{meta, results}`; `next_cursor` only when paging with `cursor=`; `count` = all matches. */
export const list = <S extends v.GenericSchema>(item: S) =>
  v.looseObject({ meta: v.nullish(v.looseObject({ next_cursor: str, count: num })), results: v.array(item) });

/** One suggestion; an entry without a usable id is dropped, not a reason to reject the answer. */
export const AutocompleteHit = v.looseObject({
  id: str,
  display_name: str,
  hint: str,
  cited_by_count: num,
  works_count: num,
  external_id: str,
});

/** The JSON body of a 429 (budget or per-second); other shapes are simply not matched. */
export const RateLimitBody = v.looseObject({ message: v.string() });

/**
 * `GET /rate-limit?api_key=…`: the key's daily allowance (docs/catalog-apis.md, Rate-limit headers and /rate-limit). Credits when
 * OpenAlex counts them, dollars always; `resets_at` an ISO date, `resets_in_seconds` relative.
 */
export const RateLimitStatus = v.looseObject({
  rate_limit: v.looseObject({
    credits_limit: num,
    credits_used: num,
    credits_remaining: num,
    daily_budget_usd: num,
    daily_used_usd: num,
    daily_remaining_usd: num,
    resets_at: str,
    resets_in_seconds: num,
  }),
});

/** The `select=` of a request answered in `schema`: the schema's keys (for a list, its items'). */
export const selectOf = (schema: { entries: v.ObjectEntries }) => Object.keys(schema.entries).join(',');

/** Any of the work schemas' outputs: the fields one did not ask for are simply absent. */
export type WorkOut = v.InferOutput<typeof AnyWork>;
export type AuthorOut = v.InferOutput<typeof Author>;
export type CandidateAuthorOut = v.InferOutput<typeof CandidateAuthor>;
export type AuthorshipOut = v.InferOutput<typeof Authorship>;
export type InstitutionOut = v.InferOutput<typeof Institution>;
