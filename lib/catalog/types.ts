/**
 * Weft's own domain types. Catalog clients map raw API responses to these at the boundary;
 * nothing outside lib/catalog/ knows an API field name.
 */
import { CATALOGS, perCatalog, type SourceId } from './catalogs';

export type { SourceId };

/** Each catalog's name as readers know it. */
export const SOURCE_NAMES: Readonly<Record<SourceId, string>> = perCatalog((source) => CATALOGS[source].name);

/** An institution as known on a paper or as an author's last known affiliation. */
export interface Institution {
  /** Bare OpenAlex id ("I27837315"), when OpenAlex knows it. */
  openalexId: string | null;
  /** Bare ROR id ("0abc12345"), when known. */
  rorId: string | null;
  name: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string | null;
}

/** Author-level numbers, from one catalog. `null` means the catalog did not say. */
export interface AuthorMetrics {
  source: SourceId;
  /** Bare OpenAlex id ("A5023888391"), when the numbers come from OpenAlex. */
  openalexId: string | null;
  /** Semantic Scholar author id, when known. */
  s2Id: string | null;
  orcid: string | null;
  displayName: string;
  hIndex: number | null;
  citedBy: number | null;
  works: number | null;
  lastKnownInstitutions: Institution[];
}

/** One author as listed on a paper by a catalog, in the catalog's order. */
export interface PaperAuthor {
  /** Name as the catalog resolved it (display name). */
  name: string;
  /** Name as written on the paper, when the catalog keeps it. */
  rawName: string | null;
  openalexId: string | null;
  s2Id: string | null;
  /** Institutions on this paper (OpenAlex authorships only; S2 has none). */
  institutions: Institution[];
  /** Metrics carried inline by the paper record (Semantic Scholar nests them). */
  metrics: AuthorMetrics | null;
}

/** A paper as a catalog knows it. */
export interface PaperRecord {
  source: SourceId;
  /** Bare arXiv id without version. */
  arxivId: string;
  openalexId: string | null;
  s2Id: string | null;
  title: string;
  year: number | null;
  /** Citation count as that catalog counts it. */
  citedBy: number | null;
  authors: PaperAuthor[];
  /** Bare OpenAlex ids of related works (OpenAlex only). */
  relatedOpenAlexIds: string[];
  /** Journal (non-arXiv) DOI, bare ("10.1038/..."), when the catalog knows one. */
  journalDoi: string | null;
  journalName: string | null;
}

/** A short reference to a paper (related papers, search results, recent works). */
export interface PaperSummary {
  source: SourceId;
  /** Catalog id: OpenAlex W id or S2 paperId. */
  id: string;
  arxivId: string | null;
  doi: string | null;
  title: string;
  authorNames: string[];
  year: number | null;
  citedBy: number | null;
  /** Catalog landing page (https, catalog host) for papers without an arXiv id. */
  catalogUrl: string | null;
}

/** Typed failures of any catalog call. */
export type CatalogErrorKind =
  | 'not-found'
  | 'rate-limited'
  | 'budget-exhausted'
  | 'network'
  | 'timeout'
  | 'invalid-response'
  /** The catalog refused the reader's saved API key (OpenAlex 401, Semantic Scholar 403). */
  | 'key-rejected'
  | 'http';

export class CatalogError extends Error {
  override readonly name = 'CatalogError';
  constructor(
    readonly kind: CatalogErrorKind,
    message: string,
    /** Epoch ms before which the same call should not be retried. */
    readonly retryAt: number | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
  }

  /** Errors that say something about the world (cacheable) rather than the connection. */
  get isAnswer(): boolean {
    return this.kind === 'not-found';
  }
}
