/**
 * How a content script that reads its page once it is parsed gets going (the HTML view,
 * listings and search): only the reader's own input counts from the start, nothing is asked
 * before the page is shown (a prerendered page waits until the reader opens it), the reader's
 * settings are asked for while the page still parses, and the page is read in a task of its own,
 * not on top of the browser's DOMContentLoaded work. Null when the script was invalidated
 * meanwhile (the extension updated or reloaded).
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { PageSettings } from '../background/protocol';
import { ask } from '../ui/client';
import { requireTrustedEvents } from '../ui/trusted';
import { domParsed, pageShown } from './document-ready';
import { readPageSettings, watchPageSettings } from './page-settings';
import { yieldToPage } from './yield-to-page';

export async function pageParsed(ctx: { signal: AbortSignal; isInvalid: boolean }): Promise<ReadonlySignal<PageSettings> | null> {
  // Page scripts share the page with Weft's controls.
  requireTrustedEvents();
  await pageShown(document);
  const initial = readPageSettings(ask);
  await domParsed(document);
  await yieldToPage();
  const settings = watchPageSettings(await initial, ask, ctx.signal);
  return ctx.isInvalid ? null : settings;
}
