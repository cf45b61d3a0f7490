/**
 * arXiv's addresses, written once (docs/arxiv-pages.md). The pages Weft reads are served from
 * one origin: www.arxiv.org redirects there and the content scripts do not run on it, so a
 * recogniser that accepted it would promise pages Weft never sees.
 */

/** The one host Weft's content scripts run on (not www., not export.). */
export const ARXIV_HOST = 'arxiv.org';
export const ARXIV_ORIGIN = `https://${ARXIV_HOST}`;
/** Hosts whose URLs name arXiv papers: in catalog data, in addresses a reader pastes. */
export const ARXIV_URL_HOSTS: readonly string[] = [ARXIV_HOST, `www.${ARXIV_HOST}`, `export.${ARXIV_HOST}`];

export function arxivAbsUrl(id: string): string {
  return `${ARXIV_ORIGIN}/abs/${id}`;
}

/** `url`, parsed, when it is a page of ARXIV_ORIGIN; null for any other or malformed URL. */
export function arxivPageUrl(url: string | URL): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.origin === ARXIV_ORIGIN ? parsed : null;
}
