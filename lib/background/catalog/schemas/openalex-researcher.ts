/**
 * valibot schemas for the researcher page's OpenAlex answers: the author singleton with the
 * fields only that page reads, and works with their topics. Built on ./openalex.ts.
 */
import * as v from 'valibot';
import { AnyWork, Author, WorkSummary } from './openalex';

const str = v.nullish(v.string());
const num = v.nullish(v.number());
const Named = v.nullish(v.looseObject({ id: str, display_name: str }));

export const ResearcherAuthor = v.looseObject({
  ...Author.entries,
  display_name_alternatives: v.nullish(v.array(v.string())),
  summary_stats: v.nullish(v.looseObject({ h_index: num, i10_index: num, '2yr_mean_citedness': num })),
  topics: v.nullish(v.array(v.looseObject({ id: str, display_name: str, count: num, subfield: Named, field: Named }))),
  counts_by_year: v.nullish(v.array(v.looseObject({ year: v.number(), works_count: num, cited_by_count: num }))),
});

export const ResearcherWork = v.looseObject({
  ...WorkSummary.entries,
  ...v.pick(AnyWork, ['publication_date']).entries,
  topics: v.nullish(v.array(v.looseObject({ id: str }))),
});

export type ResearcherAuthorOut = v.InferOutput<typeof ResearcherAuthor>;
export type ResearcherWorkOut = v.InferOutput<typeof ResearcherWork>;
