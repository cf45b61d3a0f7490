// The arxiv.org pages Weft reads are served from one origin. www.arxiv.org redirects there and
// the content script does not run on it, so a recogniser that accepted it would promise pages
// Weft never sees.

export const ARXIV_ORIGIN = 'https://arxiv.org';

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
