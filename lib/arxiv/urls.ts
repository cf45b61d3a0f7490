/**
 * arXiv's addresses, written once (docs/arxiv-pages.md). The pages Weft reads are served from
 * one origin: www.arxiv.org redirects there and the content scripts do not run on it, so a
 * recogniser that accepted it would promise pages Weft never sees.
 */
import { isCategory } from './categories';

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

/**
 * arXiv's feed service (docs/same-day-alerts.md): RSS and Atom feeds of the day's announcement,
 * several categories joined by `+` in one feed. Never export.arxiv.org, whose API answers 429 far
 * below its stated limit.
 */
export const RSS_ORIGIN = `https://rss.${ARXIV_HOST}`;
/** Host permission patterns: arxiv.org's (granted with the content scripts' site) and the feeds' (optional). */
export const ARXIV_HOST_PERMISSION = `${ARXIV_ORIGIN}/*`;
export const RSS_HOST_PERMISSION = `${RSS_ORIGIN}/*`;

/** A day's announcement of one archive or category: `/list/<cat>/new` (it shows up to 2,000 entries). */
export function newListingUrl(category: string): string {
  return `${ARXIV_ORIGIN}/list/${category}/new`;
}

/** The RSS 2.0 feed of the day's announcement of `categories` (archives or categories), one request for all. */
export function rssFeedUrl(categories: readonly string[]): string {
  return `${RSS_ORIGIN}/rss/${categories.join('+')}`;
}

/** Whether `url` is one of the two announcement addresses above, of real category names (and nothing else of arXiv's). */
export function isAnnouncementUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const m = u.origin === ARXIV_ORIGIN ? /^\/list\/([^/]+)\/new$/.exec(u.pathname) : u.origin === RSS_ORIGIN ? /^\/rss\/([^/]+)$/.exec(u.pathname) : null;
  const cats = m ? decodeURIComponent(m[1]!).split('+') : [];
  return cats.length > 0 && cats.every(isCategory) && (u.origin === RSS_ORIGIN || cats.length === 1);
}
