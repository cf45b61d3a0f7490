/** The calling side of the protocol, for content scripts, the popup and the options page. */
import { browser } from 'wxt/browser';
import type { RequestOf, RequestType, ResponseMap, WireError, WireResponse } from '../background/protocol';
import { pausedUntil } from './page-paused';

/** A failure reported by the background (or the messaging channel itself). */
export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  readonly kind: WireError['kind'];
  readonly retryAt: number | null;
  readonly status: number | undefined;
  /** `error.message` is the background's diagnostic (English): the console's, never the reader's. */
  constructor(error: WireError) {
    super(error.message);
    this.kind = error.kind;
    this.retryAt = error.retryAt;
    this.status = error.status;
  }
}

export async function ask<K extends RequestType>(request: RequestOf<K>): Promise<ResponseMap[K]> {
  let response: WireResponse<ResponseMap[K]> | undefined;
  try {
    response = (await browser.runtime.sendMessage(request)) as WireResponse<ResponseMap[K]> | undefined;
  } catch (e) {
    // The extension was reloaded or its worker could not be reached.
    throw new RemoteError({ kind: 'internal', message: `Weft's background is unavailable: ${String(e)}`, retryAt: null });
  }
  if (!response) throw new RemoteError({ kind: 'internal', message: 'No answer from the background', retryAt: null });
  if (!response.ok) {
    if (response.error.kind === 'page-paused') pausedUntil.value = response.error.retryAt ?? 0;
    throw new RemoteError(response.error);
  }
  return response.data;
}
