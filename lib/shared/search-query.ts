/**
 * What counts as a search query, shared by the popup (which sends it) and the background (which
 * validates it and caches by it). Any characters are allowed — the catalog client URL-encodes
 * them — but a query is bounded and never blank.
 */
import { MAX_QUERY_CHARS } from './limits';

// Longer queries are cut by code point, so an emoji is never split into a lone surrogate.
export { MAX_QUERY_CHARS };

/** Trimmed, inner whitespace collapsed, Unicode NFC, capped at MAX_QUERY_CHARS; '' when blank. */
export function normaliseQuery(raw: string): string {
  const collapsed = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  return Array.from(collapsed).slice(0, MAX_QUERY_CHARS).join('').trim();
}

/** True for a query exactly as `normaliseQuery` leaves it and not blank (message validation). */
export function isNormalQuery(q: string): boolean {
  return q !== '' && normaliseQuery(q) === q;
}

/** Same letters whatever the case: the catalog's autocomplete ignores case, so the cache does too. */
export function queryKey(q: string): string {
  return normaliseQuery(q).toLocaleLowerCase('en');
}
