/**
 * The only hosts Weft talks to: each catalog client builds its URLs on its base, and the
 * manifest's host permissions (wxt.config.ts) are exactly these. From the catalogs' descriptors
 * (catalogs.ts).
 */
import { CATALOGS, perCatalog, SOURCE_IDS } from './catalogs';

export const API_BASES = perCatalog((source) => CATALOGS[source].apiBase);

/**
 * How each catalog is given the reader's own key: OpenAlex as a query parameter, Semantic
 * Scholar as a header. A request carrying either follows no redirect with it
 * (docs/reliability.md, Network robustness).
 */
export const API_KEY_PARAM = CATALOGS.openalex.key.param;
export const API_KEY_HEADER = CATALOGS.s2.key.header;

/** The host-permission patterns for the catalog hosts. */
export const API_ORIGINS = SOURCE_IDS.map((source) => `${API_BASES[source]}/*`);

const API_ORIGIN_SET = new Set(SOURCE_IDS.map((source) => new URL(API_BASES[source]).origin));

/** Whether `url` is on a catalog host (https only): the one check a redirected answer must pass. */
export function isCatalogUrl(url: string): boolean {
  try {
    return API_ORIGIN_SET.has(new URL(url).origin);
  } catch {
    return false;
  }
}
