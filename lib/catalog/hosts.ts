/**
 * The only hosts Weft talks to: each catalog client builds its URLs on its base, and the
 * manifest's host permissions (wxt.config.ts) are exactly these.
 */
import type { SourceId } from './types';

export const API_BASES: Readonly<Record<SourceId, string>> = {
  openalex: 'https://api.openalex.org',
  s2: 'https://api.semanticscholar.org',
};

/**
 * How each catalog is given the reader's own key: OpenAlex as a query parameter, Semantic
 * Scholar as a header. A request carrying either follows no redirect with it
 * (docs/reliability.md, Network robustness).
 */
export const API_KEY_PARAM = 'api_key';
export const API_KEY_HEADER = 'x-api-key';

/** The host-permission patterns for the catalog hosts. */
export const API_ORIGINS = Object.values(API_BASES).map((base) => `${base}/*`);

const API_ORIGIN_SET = new Set(Object.values(API_BASES).map((base) => new URL(base).origin));

/** Whether `url` is on a catalog host (https only): the one check a redirected answer must pass. */
export function isCatalogUrl(url: string): boolean {
  try {
    return API_ORIGIN_SET.has(new URL(url).origin);
  } catch {
    return false;
  }
}
