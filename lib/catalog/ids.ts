/**
 * Identifier helpers for the catalog clients: arXiv ids as the catalogs know them, and the
 * bare forms of the URL-shaped ids OpenAlex serves (W/A/I ids, ROR, ORCID, DOI).
 *
 * Every id that ends up in a request URL goes through one of the strict patterns here, so a
 * crafted id can never add a path segment, a query parameter or another filter value.
 */
import { CatalogError } from './types';

// Patterns after arXiv/arxiv-browse `identifier.py`: new style YYMM.NNNN(N), old style
// archive(.SC)/YYMMNNN; both optionally versioned.
const NEW_STYLE = /^\d{4}\.\d{4,5}$/;
const OLD_STYLE = /^[a-z]+(?:-[a-z]+)*(?:\.[a-z]{2})?\/\d{7}$/i;
const VERSION = /v\d+$/i;

/**
 * The unversioned arXiv id (`2406.05546`, `hep-th/9901001`) of `raw`, which may carry an
 * `arXiv:` prefix and a `vN` suffix; null when `raw` is not an arXiv id. Both catalogs know
 * only unversioned ids (a versioned one is a 404 at S2 and has no DOI).
 */
export function toBareArxivId(raw: string): string | null {
  const id = raw.trim().replace(/^arxiv:/i, '').replace(VERSION, '');
  return NEW_STYLE.test(id) || OLD_STYLE.test(id) ? id : null;
}

/**
 * `toBareArxivId`, or a `not-found` CatalogError before any request is built: a string that
 * is not an arXiv id names no paper in any catalog.
 */
export function requireArxivId(raw: string): string {
  const id = toBareArxivId(raw);
  if (!id) throw new CatalogError('not-found', `not an arXiv id: ${JSON.stringify(raw.slice(0, 40))}`);
  return id;
}

/** True for old-style ids, whose `/` is awkward inside a URL path segment. */
export function isOldStyleArxivId(bareId: string): boolean {
  return bareId.includes('/');
}

/** A DOI without resolver prefix (`https://doi.org/`, `doi:`), or null when it is not one. */
export function bareDoi(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const doi = raw.trim().replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '').replace(/^doi:/i, '');
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : null;
}

/** arXiv's own DOIs (10.48550/arXiv.<id>) name the preprint, never a journal version. */
export function isArxivDoi(doi: string): boolean {
  return /^10\.48550\/arxiv\./i.test(doi);
}

/** The arXiv id inside an arXiv DOI (`10.48550/arxiv.2312.07559` → `2312.07559`). */
export function arxivIdFromDoi(raw: string | null | undefined): string | null {
  const doi = bareDoi(raw);
  if (!doi || !isArxivDoi(doi)) return null;
  return toBareArxivId(doi.slice('10.48550/arxiv.'.length));
}

/**
 * The arXiv id of an arxiv.org abs/pdf landing page. Matched on the host rather than on a
 * catalog source id: OpenAlex has more than one "arXiv" source.
 */
export function arxivIdFromUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!/^(?:www\.|export\.)?arxiv\.org$/i.test(url.hostname)) return null;
  const m = /^\/(?:abs|pdf)\/(.+?)(?:\.pdf)?\/?$/.exec(url.pathname);
  return m?.[1] ? toBareArxivId(decodeURIComponent(m[1])) : null;
}

export type OpenAlexEntity = 'W' | 'A' | 'I' | 'T';

/**
 * The bare OpenAlex id (`A5023888391`) of `raw`, which may be the URL form OpenAlex serves
 * (`https://openalex.org/A5023888391`); null when it is not an id of that entity.
 */
export function bareOpenAlexId(raw: string | null | undefined, entity: OpenAlexEntity): string | null {
  if (!raw) return null;
  const id = raw.trim().replace(/^https?:\/\/openalex\.org\//i, '').toUpperCase();
  return new RegExp(`^${entity}\\d+$`).test(id) ? id : null;
}

/** A Semantic Scholar author id: a decimal integer (`1741101`). */
export function isS2AuthorId(raw: string): boolean {
  return /^\d{1,12}$/.test(raw);
}

/** The bare ROR id (`02nr0ka47`) of a ROR URL. */
export function bareRor(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const id = raw.trim().replace(/^https?:\/\/ror\.org\//i, '').toLowerCase();
  return /^0[a-z0-9]{8}$/.test(id) ? id : null;
}

/** The bare ORCID (`0000-0001-6187-6610`) of an ORCID URL. */
export function bareOrcid(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const id = raw.trim().replace(/^https?:\/\/orcid\.org\//i, '').toUpperCase();
  return /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(id) ? id : null;
}

/**
 * `raw` as a link Weft may render: https on exactly `host`, else null. Catalog URLs are
 * untrusted text (a `javascript:` URL must never become a link).
 */
export function safeHttpsUrl(raw: string | null | undefined, host: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' && url.hostname === host && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}
