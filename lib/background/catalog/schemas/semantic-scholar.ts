/**
 * valibot schemas for the Semantic Scholar responses Weft reads (loose objects; `nullish`
 * for every field S2 may omit or null, e.g. `authorId` of an unresolved author). A request asks
 * for exactly its schema's fields: its `fields=` is made from the schema (`fieldsOf`).
 */
import * as v from 'valibot';

const str = v.nullish(v.string());
const num = v.nullish(v.number());

/** An author as a paper lists them, with their own figures (paper lookups serve them nested). */
export const Author = v.looseObject({
  authorId: str,
  name: str,
  hIndex: num,
  citationCount: num,
  paperCount: num,
  affiliations: v.nullish(v.array(v.string())),
});

/** An author's own figures (`/author/{id}`). */
export const AuthorFigures = v.pick(Author, ['authorId', 'name', 'hIndex', 'citationCount', 'paperCount']);

const paper = {
  paperId: v.string(),
  title: str,
  year: num,
  citationCount: num,
  externalIds: v.nullish(v.looseObject({ ArXiv: str, DOI: str })),
};

/** A paper as the catalog lookup reads it: its venue, and its authors with their figures. */
export const Paper = v.looseObject({
  ...paper,
  journal: v.nullish(v.looseObject({ name: str })),
  venue: str,
  authors: v.nullish(v.array(Author)),
});

/** A recommended paper: a list endpoint, which serves an author's id and name only. */
export const RecommendedPaper = v.looseObject({
  ...paper,
  url: str,
  authors: v.nullish(v.array(v.pick(Author, ['authorId', 'name']))),
});

/** `POST /paper/batch`: aligned with the ids asked for, null for unknown ones. */
export const PaperBatch = v.array(v.nullable(Paper));

export const Recommendations = v.looseObject({ recommendedPapers: v.array(RecommendedPaper) });

/**
 * The `fields=` of a request answered in `schema`: its keys, and a list of records (a paper's
 * `authors`) field by field (`authors.hIndex`), since S2 serves only a record's id and name
 * unasked. A list endpoint serves no such subfields (docs/catalog-apis.md, Paper lookups): there
 * `subfields` is false and the list is asked for whole.
 */
export function fieldsOf(schema: v.LooseObjectSchema<v.ObjectEntries, undefined>, { subfields = true } = {}): string {
  return Object.entries(schema.entries)
    .flatMap(([key, entry]) => {
      const records = subfields ? recordsOf(entry) : null;
      return records ? Object.keys(records.entries).map((sub) => `${key}.${sub}`) : [key];
    })
    .join(',');
}

/** The record schema of a (nullish) list of records, else null. */
function recordsOf(entry: v.GenericSchema): { entries: v.ObjectEntries } | null {
  const list = 'wrapped' in entry ? (entry.wrapped as v.GenericSchema) : entry;
  const item = 'item' in list ? (list.item as v.GenericSchema) : null;
  return item && 'entries' in item ? (item as unknown as { entries: v.ObjectEntries }) : null;
}

export type PaperOut = v.InferOutput<typeof Paper>;
export type RecommendedPaperOut = v.InferOutput<typeof RecommendedPaper>;
export type AuthorOut = v.InferOutput<typeof Author>;
