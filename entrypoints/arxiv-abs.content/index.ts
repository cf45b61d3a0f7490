import { readAbsHead, readAbsPage } from '@/lib/arxiv/readers/abs';
import { runFeatures } from '@/lib/page/features/run-features';
import { featuresFor } from '@/lib/page/features/registry';
import { readPageSettings, watchPageSettings } from '@/lib/page/page-settings';
import { ask } from '@/lib/ui/client';
import { createEarlyAnswers } from '@/lib/page/early-answers';
import { domParsed, headParsed } from '@/lib/page/document-ready';
import { yieldToPage } from '@/lib/page/yield-to-page';
import { requireTrustedEvents } from '@/lib/ui/trusted';

const FEATURES = featuresFor('abs');

export default defineContentScript({
  matches: ['https://arxiv.org/abs/*'],
  // Started before the page parses, only to send the first requests as soon as the <head>
  // names the paper; nothing touches the page before the document is parsed.
  runAt: 'document_start',
  async main(ctx) {
    // Page scripts share the page with Weft's controls: only the reader's own input counts.
    requireTrustedEvents();
    const early = createEarlyAnswers(ask);
    // Asked at once: by the time the <head> is parsed it has long answered.
    const initial = readPageSettings(ask);
    // In a task of its own: headParsed resolves inside one of the parser's tasks, and a head
    // can name thousands of authors.
    const head = headParsed(document)
      .then(yieldToPage)
      .then(() => readAbsHead(document, location.href));
    void head.then(async (known) => {
      const { show } = await initial;
      if (known) early.send(FEATURES.flatMap((f) => f.early?.(known, show) ?? []));
    });
    await domParsed(document);
    // Reading the page (thousands of authors on some) in a task of its own, not on top of the
    // browser's own DOMContentLoaded work.
    await yieldToPage();
    const settings = watchPageSettings(await initial, ask, ctx.signal);
    if (ctx.isInvalid) return;
    const page = readAbsPage(document, location.href, await head);
    if (!page) {
      // An arXiv layout Weft does not know: inject nothing rather than guess.
      console.warn('Weft: unrecognised arXiv abstract page layout; nothing added.');
      return;
    }
    runFeatures(FEATURES, { page, signal: ctx.signal, ask: early.ask, settings });
  },
});
