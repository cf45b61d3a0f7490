/**
 * Links built from catalog data are only rendered when they are https: URLs on a host Weft
 * knows; anything else (javascript:, data:, http:, look-alike hosts) is shown as text.
 */
const ALLOWED_HOSTS = new Set([
  'arxiv.org',
  'www.arxiv.org',
  'openalex.org',
  'www.semanticscholar.org',
  'doi.org',
  'orcid.org',
  'ror.org',
]);

export function safeHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return ALLOWED_HOSTS.has(url.hostname) ? url.href : null;
}
