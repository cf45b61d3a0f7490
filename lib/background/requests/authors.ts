/** Requests of the author-badge feature. */
import * as v from 'valibot';
import type { AuthorMetrics, PaperAuthor, SourceId } from '../../catalog/types';
import { ArxivId, Freshness, OpenAlexAuthorId, PersonName, type WireError } from './common';

export const authorRequests = [
  v.strictObject({
    type: v.literal('paper-authors'),
    arxivId: ArxivId,
    /** The page's author list in order, citation form ("Cao, Ray") where the page has it. */
    names: v.pipe(v.array(PersonName), v.minLength(1), v.maxLength(6000)),
    /** Also return the OpenAlex metrics of the first `eager` authors (one round trip per page). */
    eager: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6000))),
    revalidate: v.optional(v.boolean()),
  }),
  v.strictObject({
    type: v.literal('author-metrics'),
    ids: v.pipe(v.array(OpenAlexAuthorId), v.minLength(1), v.maxLength(500)),
    revalidate: v.optional(v.boolean()),
  }),
] as const;

/** One page author resolved against the paper's catalog record(s). */
export interface AuthorSlot {
  /** The OpenAlex authorship paired with this page author, if any. */
  openalex: PaperAuthor | null;
  /** The Semantic Scholar author paired with this page author, if known. */
  s2: PaperAuthor | null;
}

export interface PaperAuthorsResult extends Freshness {
  /** Where the author list was resolved: OpenAlex authorships, or S2 when OpenAlex has no record. */
  source: SourceId;
  /** OpenAlex work id (bare), when OpenAlex knows the paper. */
  openalexWorkId: string | null;
  slots: AuthorSlot[];
  /** Metrics of the first `eager` authors' OpenAlex ids, or why they could not be loaded. */
  eagerMetrics: AuthorMetricsResult | { error: WireError } | null;
}

export interface AuthorMetricsResult extends Freshness {
  /** Keyed by bare OpenAlex id; ids the catalog does not know are absent. */
  metrics: Record<string, AuthorMetrics>;
}

export interface AuthorResponses {
  'paper-authors': PaperAuthorsResult;
  'author-metrics': AuthorMetricsResult;
}
