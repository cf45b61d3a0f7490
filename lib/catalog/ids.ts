/**
 * Identifier helpers for the catalog clients: the bare forms of the URL-shaped ids OpenAlex
 * serves (W/A/I ids, ROR, ORCID, DOI). arXiv ids are lib/arxiv/ids.ts's.
 *
 * Every id that ends up in a request URL goes through one of the strict patterns here, so a
 * crafted id can never add a path segment, a query parameter or another filter value.
 */
import { ORCID_PATTERN, toBareArxivId } from '../arxiv/ids';
import { CATALOGS } from './catalogs';
import { CatalogError } from './types';

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

/** The DOI grammar is arXiv's (its pages print DOIs too): lib/arxiv/ids.ts. */
export { bareDoi } from '../arxiv/ids';

export type OpenAlexEntity = 'W' | 'A' | 'I' | 'T';

/**
 * The one grammar of each catalog id, checked wherever such an id is read: from an answer, a
 * request, a stored record or an imported file. OpenAlex: the entity's letter and its number
 * (`A5023888391`; ten digits today, twelve leave room). Semantic Scholar's author id: a decimal
 * integer (`1741101`).
 */
const OPENALEX_ID = /^([WAIT])\d{1,12}$/;
const S2_AUTHOR_ID = /^\d{1,12}$/;
/** The URL form OpenAlex serves its ids in, on its own site (`https://openalex.org/A5023888391`). */
const OPENALEX_URL_PREFIX = new RegExp(`^https?://${CATALOGS.openalex.siteHost.replaceAll('.', '\\.')}/`, 'i');

/** Whether `id` is a bare OpenAlex id of `entity` (`A5023888391` for 'A'). */
export function isOpenAlexId(id: string, entity: OpenAlexEntity): boolean {
  return OPENALEX_ID.exec(id)?.[1] === entity;
}

/**
 * The bare OpenAlex id (`A5023888391`) of `raw`, which may be the URL form OpenAlex serves
 * (`https://openalex.org/A5023888391`); null when it is not an id of that entity.
 */
export function bareOpenAlexId(raw: string | null | undefined, entity: OpenAlexEntity): string | null {
  if (!raw) return null;
  const id = raw.trim().replace(OPENALEX_URL_PREFIX, '').toUpperCase();
  return isOpenAlexId(id, entity) ? id : null;
}

/** A Semantic Scholar author id. */
export function isS2AuthorId(raw: string): boolean {
  return S2_AUTHOR_ID.test(raw);
}

/** The bare ROR id (`02nr0ka47`) of a ROR URL. */
export function bareRor(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const id = raw.trim().replace(/^https?:\/\/ror\.org\//i, '').toLowerCase();
  return /^0[a-z0-9]{8}$/.test(id) ? id : null;
}

const BARE_ORCID = new RegExp(`^${ORCID_PATTERN.source}$`);

/** The bare ORCID (`0000-0001-6187-6610`) of an ORCID URL. */
export function bareOrcid(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const id = raw.trim().replace(/^https?:\/\/orcid\.org\//i, '').toUpperCase();
  return BARE_ORCID.test(id) ? id : null;
}
