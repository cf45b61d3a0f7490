/** The background side of the protocol: validates every message, then dispatches it. */
import { browser, type Browser } from 'wxt/browser';
import { CatalogError } from '../catalog/types';
import { parseRequest, type RequestOf, type RequestType, type ResponseMap, type WireError, type WireResponse } from './protocol';

/** The handlers of some request types (one area of the protocol). */
export type AreaHandlers<T extends RequestType> = {
  [K in T]: (request: RequestOf<K>, sender: Browser.runtime.MessageSender) => Promise<ResponseMap[K]>;
};

export type Handlers = AreaHandlers<RequestType>;

/** Where Weft's content script runs (its `matches`: https://arxiv.org/abs/*), and nowhere else. */
const CONTENT_SCRIPT_ORIGIN = 'https://arxiv.org';

function originOf(url: string | undefined): string | null {
  try {
    return new URL(url ?? '').origin;
  } catch {
    return null;
  }
}

/**
 * A page of Weft itself (popup, options), also when opened in a tab; never a content script,
 * whose sender URL is the web page's. For requests only Weft's own pages may make.
 */
export function isExtensionPage(sender: Browser.runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  const own = originOf(browser.runtime.getURL('/'));
  return !sender.tab || (own !== null && originOf(sender.url) === own);
}

/** Only Weft's own pages and its content scripts on arXiv may talk to the background. */
export function isTrustedSender(sender: Browser.runtime.MessageSender, extensionId: string): boolean {
  if (sender.id !== extensionId) return false;
  if (!sender.tab || isExtensionPage(sender)) return true; // popup, options: extension pages
  return originOf(sender.url) === CONTENT_SCRIPT_ORIGIN;
}

export async function dispatch(
  handlers: Handlers,
  message: unknown,
  sender: Browser.runtime.MessageSender,
  extensionId: string,
): Promise<WireResponse<unknown>> {
  if (!isTrustedSender(sender, extensionId)) {
    return { ok: false, error: { kind: 'bad-request', message: 'Sender not allowed', retryAt: null } };
  }
  const parsed = parseRequest(message);
  if (!parsed.ok) return { ok: false, error: { kind: 'bad-request', message: parsed.reason, retryAt: null } };
  const request = parsed.request;
  try {
    const handler = handlers[request.type] as (r: typeof request, s: typeof sender) => Promise<unknown>;
    return { ok: true, data: await handler(request, sender) };
  } catch (e) {
    return { ok: false, error: toWireError(e) };
  }
}

/** A request a handler turns down, e.g. one only Weft's own pages may make. */
export class RefusedError extends Error {
  override readonly name = 'RefusedError';
}

/** For handlers of requests only Weft's own pages may make (settings, the inbox, imports). */
export function requireExtensionPage(sender: Browser.runtime.MessageSender): void {
  if (!isExtensionPage(sender)) throw new RefusedError('Only Weft’s own pages may do this');
}

/** Describes a failure for the other side of the message channel. */
export function toWireError(e: unknown): WireError {
  if (e instanceof RefusedError) return { kind: 'bad-request', message: e.message, retryAt: null };
  if (e instanceof CatalogError) return { kind: e.kind, message: e.message, retryAt: e.retryAt };
  console.error('Weft: request failed', e);
  return { kind: 'internal', message: String(e), retryAt: null };
}

/** Registers the message listener; call synchronously at the top of the background's main(). */
export function listen(handlers: Handlers): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: Browser.runtime.MessageSender) =>
    dispatch(handlers, message, sender, browser.runtime.id),
  );
}
