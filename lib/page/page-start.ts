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
import { runFeatures } from './features/run-features';
import { kindOf, type PageKind } from './page-types/page-type';
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

/**
 * A content script that reads its page once parsed: the page type its address calls for, read,
 * runs its features. Nothing runs on another page under its matches (a figure of the HTML view, a
 * listing index, the empty search form) or on markup Weft does not know.
 */
export async function runParsedPage(ctx: { signal: AbortSignal; isInvalid: boolean }, kinds: readonly PageKind[]): Promise<void> {
  const kind = kindOf(kinds, location.href);
  if (!kind) return;
  const settings = await pageParsed(ctx);
  if (!settings) return;
  const page = kind.read(document, location.href);
  if (!page) {
    if (kind.unknown) console.warn(`Weft: ${kind.unknown}; nothing added.`);
    return;
  }
  runFeatures(kind.features, { page, signal: ctx.signal, ask, settings, theme: kind.theme?.(ctx.signal) });
}
