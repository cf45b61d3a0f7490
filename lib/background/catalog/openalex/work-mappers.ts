/** OpenAlex works as Weft's domain types; nothing past the client sees an OpenAlex field name. */
import type * as v from 'valibot';
import { arxivIdFromDoi, arxivIdFromUrl, isArxivDoi } from '../../../arxiv/ids';
import { bareDoi, bareOpenAlexId } from '../../../catalog/ids';
import { fieldIdOf } from '../../../catalog/fields';
import { openAlexUrl } from '../../../catalog/links';
import type * as S from '../schemas/openalex';
import type { ResearcherWorkOut } from '../schemas/openalex-researcher';
import type { PaperAuthor, PaperRecord, PaperSummary } from '../../../catalog/types';
import { institution } from './author-mappers';

/** List results carry at most this many authorships (singletons carry all). */
export const LIST_AUTHORSHIPS_CAP = 100;

/** Sources that are a venue of record; `repository` (arXiv, PubMed) and `metadata` are not. */
const VENUE_TYPES = new Set(['journal', 'conference', 'book series']);

/** One of an author's works, with that author's place on it. */
export interface AuthoredWork extends PaperSummary {
  /** OpenAlex's `author_position`; null when the author is not in the (possibly truncated) list. */
  authorPosition: 'first' | 'middle' | 'last' | null;
  /** The other authors, in order. */
  coAuthors: { openalexId: string | null; name: string }[];
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

/** A work found for followed authors (alerts). */
export interface AlertWork extends PaperSummary {
  /** When OpenAlex first indexed the work (`YYYY-MM-DD`, UTC): the "new" signal for alerts. */
  createdDate: string | null;
  /** Bare A ids of the work's authors, in order. */
  authorIds: string[];
  /** List results stop at 100 authorships, so a followed author may be missing from `authorIds`. */
  authorsTruncated: boolean;
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

/** A work as the shared-works search reads it: its id and its authors' ids (≤100, as lists give). */
export interface WorkAuthors {
  id: string;
  authorIds: string[];
  /** Their names as the catalog gives them, in the same order ('' where it gives none). */
  authorNames?: string[];
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

export function paperRecord(arxivId: string, work: S.WorkOut): PaperRecord {
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

export function paperSummary(w: S.WorkOut): PaperSummary {
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
export function authoredWork(w: S.WorkOut, authorId: string): AuthoredWork {
  const authorships = w.authorships ?? [];
  const mine = authorships.find((a) => bareOpenAlexId(a.author?.id, 'A') === authorId);
  return {
    ...paperSummary(w),
    authorPosition: position(mine?.author_position),
    coAuthors: authorships.filter((a) => a !== mine).map((a) => ({ openalexId: bareOpenAlexId(a.author?.id, 'A'), name: authorName(a) })),
  };
}

export function researcherWork(w: ResearcherWorkOut, authorId: string): ResearcherWork {
  const { journalDoi, journalName } = journalOf(w);
  const { authorNames: _, ...work } = authoredWork(w, authorId);
  return {
    ...work,
    venue: journalName,
    journalDoi,
    topicIds: (w.topics ?? []).flatMap((t) => bareOpenAlexId(t.id, 'T') ?? []),
    authorCount: w.authorships?.length ?? 0,
  };
}

export function alertWork(w: S.WorkOut): AlertWork {
  const authorships = w.authorships ?? [];
  return {
    ...paperSummary(w),
    createdDate: /^\d{4}-\d{2}-\d{2}/.test(w.created_date ?? '') ? w.created_date!.slice(0, 10) : null,
    authorIds: authorships.flatMap((a) => bareOpenAlexId(a.author?.id, 'A') ?? []),
    authorsTruncated: authorships.length >= LIST_AUTHORSHIPS_CAP,
  };
}

export function digestWork(w: v.InferOutput<typeof S.WorkWithField>): DigestWork {
  return { id: w.id, arxivId: arxivIdOf(w), authors: (w.authorships ?? []).map(paperAuthor), fieldId: fieldIdOf(w.primary_topic?.field?.id) };
}

/** A work's authors with an id, their names beside them. */
export function workAuthors(w: v.InferOutput<typeof S.WorkAuthorIds>): WorkAuthors {
  const authors = (w.authorships ?? []).flatMap((a) => {
    const id = bareOpenAlexId(a.author?.id, 'A');
    return id ? [{ id, name: a.author?.display_name ?? '' }] : [];
  });
  return { id: w.id, authorIds: authors.map((a) => a.id), authorNames: authors.map((a) => a.name) };
}

export function workSuggestion(h: v.InferOutput<typeof S.AutocompleteHit>): PaperSummary[] {
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
}

function yearOf(date: string | null | undefined): number | null {
  const m = /^(\d{4})-/.exec(date ?? '');
  return m ? Number(m[1]) : null;
}
