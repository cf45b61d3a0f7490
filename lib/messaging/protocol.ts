/**
 * The one message protocol between Weft's pages (content scripts, popup, options) and its
 * background service worker. Every request is validated here before the background acts on it:
 * ids must match their exact formats, strings are bounded, unknown keys are rejected. So a
 * message can never smuggle a URL to fetch: the background builds every URL from these ids.
 */
import * as v from 'valibot';
import { isBareArxivId } from '../arxiv/ids';
import type { AuthorMetrics, CatalogErrorKind, PaperAuthor, SourceId } from '../catalog/types';

const ArxivId = v.pipe(v.string(), v.maxLength(64), v.check(isBareArxivId, 'not a bare arXiv id'));
export const OpenAlexAuthorId = v.pipe(v.string(), v.regex(/^A\d{1,12}$/, 'not an OpenAlex author id'));
/** A person's name as printed on a page: text only, bounded. */
const PersonName = v.pipe(v.string(), v.maxLength(300));

export const RequestSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('paper-authors'),
    arxivId: ArxivId,
    /** The page's author list in order, citation form ("Cao, Ray") where the page has it. */
    names: v.pipe(v.array(PersonName), v.minLength(1), v.maxLength(6000)),
    revalidate: v.optional(v.boolean()),
  }),
  v.strictObject({
    type: v.literal('author-metrics'),
    ids: v.pipe(v.array(OpenAlexAuthorId), v.minLength(1), v.maxLength(500)),
    revalidate: v.optional(v.boolean()),
  }),
]);

export type WeftRequest = v.InferOutput<typeof RequestSchema>;
export type RequestType = WeftRequest['type'];

/** How fresh an answer is: when it was fetched and whether it is past its TTL. */
export interface Freshness {
  fetchedAt: number;
  stale: boolean;
}

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
}

export interface AuthorMetricsResult extends Freshness {
  /** Keyed by bare OpenAlex id; ids the catalog does not know are absent. */
  metrics: Record<string, AuthorMetrics>;
}

export interface ResponseMap {
  'paper-authors': PaperAuthorsResult;
  'author-metrics': AuthorMetricsResult;
}

export interface WireError {
  kind: CatalogErrorKind | 'bad-request' | 'internal';
  message: string;
  retryAt: number | null;
}

export type WireResponse<T> = { ok: true; data: T } | { ok: false; error: WireError };

export type RequestOf<K extends RequestType> = Extract<WeftRequest, { type: K }>;

/** Parses an untrusted message; returns the typed request or a description of what is wrong. */
export function parseRequest(message: unknown): { ok: true; request: WeftRequest } | { ok: false; reason: string } {
  const result = v.safeParse(RequestSchema, message);
  if (result.success) return { ok: true, request: result.output };
  return { ok: false, reason: result.issues.map((i) => i.message).join('; ') };
}
