/**
 * Access to the two catalog hosts. Chromium grants host permissions at install; Firefox (MV3)
 * lets the reader revoke them, after which every catalog request fails. The popup and the
 * options page check, say so, and offer to ask again.
 *
 * The origins are the manifest's `host_permissions` (see lib/catalog/hosts.ts).
 */
import type { Browser } from 'wxt/browser';
import { API_ORIGINS } from '../catalog/hosts';

/** The part of `browser.permissions` used here (tests pass a fake). */
interface Permissions {
  contains(p: Browser.permissions.Permissions): Promise<boolean>;
  request(p: Browser.permissions.Permissions): Promise<boolean>;
}

/** The catalog origins Weft may not reach now (none on a browser that cannot say). */
export async function missingOrigins(permissions: Permissions): Promise<string[]> {
  const granted = await Promise.all(
    API_ORIGINS.map((origin) => permissions.contains({ origins: [origin] }).catch(() => true)),
  );
  return API_ORIGINS.filter((_, i) => !granted[i]);
}

/**
 * Asks the browser for `origins` again; call it straight from a click (browsers show the
 * prompt only for a user gesture). True when everything asked for was granted.
 */
export function requestOrigins(permissions: Permissions, origins: string[]): Promise<boolean> {
  return permissions.request({ origins }).catch(() => false);
}

/** "api.openalex.org and api.semanticscholar.org" from the origin patterns. */
export function hostNames(origins: readonly string[]): string {
  const names = origins.map((o) => o.replace(/^https:\/\/|\/\*$/g, ''));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}
