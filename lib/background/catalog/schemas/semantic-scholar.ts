/**
 * valibot schemas for the Semantic Scholar responses Weft reads (loose objects; `nullish`
 * for every field S2 may omit or null, e.g. `authorId` of an unresolved author).
 */
import * as v from 'valibot';

const str = v.nullish(v.string());
const num = v.nullish(v.number());

export const Author = v.looseObject({
  authorId: str,
  name: str,
  hIndex: num,
  citationCount: num,
  paperCount: num,
  affiliations: v.nullish(v.array(v.string())),
});

export const Paper = v.looseObject({
  paperId: v.string(),
  title: str,
  year: num,
  citationCount: num,
  externalIds: v.nullish(v.looseObject({ ArXiv: str, DOI: str })),
  url: str,
  journal: v.nullish(v.looseObject({ name: str })),
  venue: str,
  authors: v.nullish(v.array(Author)),
});

/** `POST /paper/batch`: aligned with the ids asked for, null for unknown ones. */
export const PaperBatch = v.array(v.nullable(Paper));

export const Recommendations = v.looseObject({ recommendedPapers: v.array(Paper) });

export type PaperOut = v.InferOutput<typeof Paper>;
export type AuthorOut = v.InferOutput<typeof Author>;
