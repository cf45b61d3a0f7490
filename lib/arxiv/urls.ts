/** arXiv's addresses, written once (docs/arxiv-pages.md). */

/** The one host Weft's content scripts run on (not www., not export.). */
export const ARXIV_HOST = 'arxiv.org';
export const ARXIV_ORIGIN = `https://${ARXIV_HOST}`;
/** Hosts whose URLs name arXiv papers: in catalog data, in addresses a reader pastes. */
export const ARXIV_URL_HOSTS: readonly string[] = [ARXIV_HOST, `www.${ARXIV_HOST}`, `export.${ARXIV_HOST}`];

export function arxivAbsUrl(id: string): string {
  return `${ARXIV_ORIGIN}/abs/${id}`;
}

/** The path of `url` when it is a page of https://arxiv.org (where content scripts run), else null. */
export function arxivPagePath(url: string | URL): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.origin === ARXIV_ORIGIN ? parsed.pathname : null;
}
