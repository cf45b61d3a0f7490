/**
 * Keeps the background's catalog requests within the host access the browser grants. Firefox
 * lets the reader revoke a catalog host; the background's fetches would still go out, as CORS
 * requests from the extension's moz-extension:// origin, and succeed (both catalogs answer
 * `Access-Control-Allow-Origin: *`; docs/reliability.md). So a request to a catalog host the
 * browser no longer grants is refused here, before it leaves; the popup and the options page
 * say why and offer to ask again (lib/extension-pages/host-access.ts).
 */
import { browser, type Browser } from 'wxt/browser';
import { API_ORIGINS } from '../../catalog/hosts';

/** The part of `browser.permissions` used here (tests pass a fake). */
interface Permissions {
  contains(p: Browser.permissions.Permissions): Promise<boolean>;
  onAdded: { addListener(fn: () => void): void };
  onRemoved: { addListener(fn: () => void): void };
}

/** `fetchImpl`, refusing (as a network error would) catalog requests the browser does not grant. */
export function withGrantedHosts(fetchImpl: typeof fetch, permissions: Permissions | undefined = browser.permissions): typeof fetch {
  // One question per host until the grants change (the listeners run on every start of the background).
  const granted = new Map<string, Promise<boolean>>();
  try {
    permissions?.onAdded.addListener(() => granted.clear());
    permissions?.onRemoved.addListener(() => granted.clear());
  } catch {
    // A browser without permission events: each answer is kept, as at install.
  }
  const isGranted = (origin: string): Promise<boolean> => {
    let answer = granted.get(origin);
    if (!answer) {
      // A browser that cannot say grants what the manifest asks for.
      answer = Promise.resolve().then(() => permissions?.contains({ origins: [origin] }) ?? true).catch(() => true);
      granted.set(origin, answer);
    }
    return answer;
  };
  return async (input, init) => {
    const origin = `${new URL(input instanceof Request ? input.url : String(input)).origin}/*`;
    if (API_ORIGINS.includes(origin) && !(await isGranted(origin))) {
      throw new TypeError(`the browser no longer grants Weft access to ${origin.slice(0, -2)}`);
    }
    return fetchImpl(input, init);
  };
}
