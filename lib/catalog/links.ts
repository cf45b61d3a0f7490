/**
 * Every web address Weft links to, written once: the catalogs' profile and paper pages, DOI,
 * ORCID and ROR resolvers, arXiv. A link built from catalog data (untrusted text) is rendered
 * only when it is https on one of these hosts: the one allowlist.
 */
import { ARXIV_URL_HOSTS, arxivAbsUrl } from '../arxiv/urls';
import { CATALOGS, type SourceId } from './catalogs';

const OPENALEX = CATALOGS.openalex.siteHost;
const S2 = CATALOGS.s2.siteHost;
const DOI = 'doi.org';
const ORCID = 'orcid.org';
const ROR = 'ror.org';

/** The hosts Weft renders links to. */
export const LINK_HOSTS: ReadonlySet<string> = new Set([...ARXIV_URL_HOSTS, OPENALEX, S2, DOI, ORCID, ROR]);

/** OpenAlex's page of a work, author or institution (`W…`, `A…`, `I…`). */
export const openAlexUrl = (id: string) => `https://${OPENALEX}/${id}`;
export const s2AuthorUrl = (id: string) => `https://${S2}/author/${encodeURIComponent(id)}`;
export const s2PaperUrl = (id: string) => `https://${S2}/paper/${encodeURIComponent(id)}`;
/** Semantic Scholar's search for a name, for an author it has no id for. */
export const s2SearchUrl = (name: string) => `https://${S2}/search?q=${encodeURIComponent(name)}`;
export const orcidUrl = (orcid: string) => `https://${ORCID}/${orcid}`;
export const rorUrl = (ror: string) => `https://${ROR}/${ror}`;
/** https://doi.org/… for a bare DOI, its suffix escaped so `?` or `#` stay part of it. */
export const doiUrl = (doi: string) => `https://${DOI}/${doi.split('/').map(encodeURIComponent).join('/')}`;

/** The catalog's page where the reader gets an API key. */
export const keyHelpUrl = (source: SourceId) => `https://${CATALOGS[source].siteHost}${CATALOGS[source].key.helpPath}`;

/** The arXiv page of a paper, else its OpenAlex page, else its catalog page when that is a safe link. */
export function paperUrl(p: { arxivId: string | null; openalexId?: string | null; catalogUrl?: string | null }): string | null {
  if (p.arxivId) return arxivAbsUrl(p.arxivId);
  if (p.openalexId) return openAlexUrl(p.openalexId);
  return safeLink(p.catalogUrl);
}

/**
 * `raw` as a link Weft may render: https, no credentials, on an allowed host (exactly `host`
 * when given); else null. A `javascript:` URL or a look-alike host never becomes a link.
 */
export function safeLink(raw: string | null | undefined, host?: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const allowed = host === undefined ? LINK_HOSTS.has(url.hostname) : url.hostname === host;
  return allowed ? url.href : null;
}

/** Semantic Scholar's paper pages, for the S2 client's `url` field. */
export const S2_LINK_HOST = S2;
