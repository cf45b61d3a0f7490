/**
 * How a content script whose page names its paper in its <head> gets going (the abs page). It starts before the page parses, only to send
 * the first requests as soon as the <head> names the paper; nothing touches the page before the
 * document is parsed, and nothing is asked before the page is shown (a prerendered page waits
 * until the reader opens it). Null when there is nothing to run: the script was invalidated
 * meanwhile, or the page is a layout Weft does not know.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { PageSettings } from '../background/protocol';
import type { ArxivPage } from '../arxiv/page-model';
import { ask } from '../ui/client';
import { requireTrustedEvents } from '../ui/trusted';
import { domParsed, headParsed, pageShown } from './document-ready';
import { createEarlyAnswers } from './early-answers';
import { runFeatures } from './features/run-features';
import type { PageKind } from './page-types/page-type';
import { readPageSettings, watchPageSettings } from './page-settings';
import { yieldToPage } from './yield-to-page';

export async function absPageStarted(
  ctx: { signal: AbortSignal; isInvalid: boolean },
  kind: PageKind,
): Promise<{ page: ArxivPage; ask: typeof ask; settings: ReadonlySignal<PageSettings> } | null> {
  // Page scripts share the page with Weft's controls: only the reader's own input counts.
  requireTrustedEvents();
  await pageShown(document);
  const early = createEarlyAnswers(ask);
  // Asked at once: by the time the <head> is parsed it has long answered.
  const initial = readPageSettings(ask);
  // In a task of its own: headParsed resolves inside one of the parser's tasks, and a head
  // can name thousands of authors.
  const head = headParsed(document)
    .then(yieldToPage)
    .then(() => kind.readHead?.(document, location.href) ?? null);
  void head.then(async (known) => {
    const { show } = await initial;
    if (known) early.send(kind.features.flatMap((f) => f.early?.(known, show) ?? []));
  });
  await domParsed(document);
  // Reading the page (thousands of authors on some) in a task of its own, not on top of the
  // browser's own DOMContentLoaded work.
  await yieldToPage();
  const settings = watchPageSettings(await initial, ask, ctx.signal);
  if (ctx.isInvalid) return null;
  const page = kind.read(document, location.href, await head);
  if (!page) {
    // An arXiv layout Weft does not know: inject nothing rather than guess.
    if (kind.unknown) console.warn(`Weft: ${kind.unknown}; nothing added.`);
    return null;
  }
  return { page, ask: early.ask, settings };
}

/** A content script of one page type read from its <head> first: its features run once it is read. */
export async function runHeadFirstPage(ctx: { signal: AbortSignal; isInvalid: boolean }, kind: PageKind): Promise<void> {
  const started = await absPageStarted(ctx, kind);
  if (started) runFeatures(kind.features, { ...started, signal: ctx.signal });
}
