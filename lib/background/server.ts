/** The background side of the protocol: checks who is asking, validates, then dispatches. */
import { browser } from 'wxt/browser';
import { ARXIV_ORIGIN } from '../arxiv/urls';
import type { Sender } from './define-requests';
import { RefusedError, toWireError } from './errors';
import { audienceOf, parseRequest, type Handlers, type WireResponse } from './protocol';
import { createPageAllowance, type PageAllowance, type PageAllowanceOptions } from './page-allowance';
import { createSenderLimit, type SenderLimit } from './sender-limit';

export type { Handlers } from './protocol';

function originOf(url: string | undefined): string | null {
  try {
    return new URL(url ?? '').origin;
  } catch {
    return null;
  }
}

/**
 * Whether the sender is a page of this extension: its URL (or, where only that is given, its
 * origin) starts with the extension's own base URL. Compared as text: `new URL()` gives opaque
 * origins for `chrome-extension:` / `moz-extension:` URLs in some engines.
 */
function onOwnOrigin(sender: Sender): boolean {
  const base = browser.runtime.getURL('/');
  if (sender.url !== undefined) return sender.url.startsWith(base);
  return sender.origin !== undefined && `${sender.origin}/` === base;
}

/**
 * A page of Weft itself (popup, options), also when opened in a tab; never a content script,
 * whose sender URL is the web page's. A sender without a tab is not one by that alone (another
 * context of the extension, a frame without a URL): the URL decides. For requests only Weft's
 * own pages may make.
 */
export function isExtensionPage(sender: Sender): boolean {
  return sender.id === browser.runtime.id && onOwnOrigin(sender);
}

/** Only Weft's own pages and its content scripts on arXiv (where they run) may talk to the background. */
export function isTrustedSender(sender: Sender, extensionId: string): boolean {
  if (sender.id !== extensionId) return false;
  if (isExtensionPage(sender)) return true; // popup, options: extension pages
  return sender.tab !== undefined && originOf(sender.url) === ARXIV_ORIGIN;
}

/** What a page past its share of the day is told (shown on the page: lib/ui/describe-failure.ts). */
const PAUSED = 'Weft paused on this page: it asked for more catalog lookups than one page may in a day';

export async function dispatch(
  handlers: Handlers,
  message: unknown,
  sender: Sender,
  extensionId: string,
  limit?: SenderLimit,
  allowance?: PageAllowance,
): Promise<WireResponse<unknown>> {
  if (!isTrustedSender(sender, extensionId)) {
    return { ok: false, error: { kind: 'bad-request', message: 'Sender not allowed', retryAt: null } };
  }
  const wait = limit && !isExtensionPage(sender) ? limit.take(sender) : 0;
  if (wait) return { ok: false, error: { kind: 'rate-limited', message: 'Too many requests from this page', retryAt: Date.now() + wait } };
  const parsed = parseRequest(message);
  if (!parsed.ok) return { ok: false, error: { kind: 'bad-request', message: parsed.reason, retryAt: null } };
  const request = parsed.request;
  try {
    if (audienceOf(request.type) === 'extension' && !isExtensionPage(sender)) throw new RefusedError('Only Weft’s own pages may do this');
    const handler = handlers[request.type] as (r: typeof request, s: Sender) => Promise<unknown>;
    if (!allowance || isExtensionPage(sender)) return { ok: true, data: await handler(request, sender) };
    const spent = await allowance.spend(sender, request, () => handler(request, sender));
    return spent.ok ? { ok: true, data: spent.value } : { ok: false, error: { kind: 'page-paused', message: PAUSED, retryAt: spent.retryAt } };
  } catch (e) {
    return { ok: false, error: toWireError(e) };
  }
}

/**
 * Registers the message listener; call synchronously at the top of the background's main().
 * `onContentScript` learns each arXiv tab that asks something (so changes can be announced to it);
 * `identifier` tells what identifications spent, charged to the pages that asked for them.
 */
export function listen(handlers: Handlers, onContentScript?: (tabId: number) => void, identifier?: PageAllowanceOptions['identifier']): void {
  const limit = createSenderLimit();
  const allowance = createPageAllowance({ identifier });
  browser.runtime.onMessage.addListener((message: unknown, sender: Sender) => {
    if (sender.tab?.id !== undefined && !isExtensionPage(sender) && isTrustedSender(sender, browser.runtime.id)) onContentScript?.(sender.tab.id);
    return dispatch(handlers, message, sender, browser.runtime.id, limit, allowance);
  });
}
