import { readAbsHead, readAbsPage } from '@/lib/arxiv/page';
import { runFeatures } from '@/lib/features/run-features';
import { readVisibility, watchVisibility } from '@/lib/features/visibility';
import { absPageFeatures } from '@/lib/features/registry';
import { ask } from '@/lib/messaging/client';
import { createEarlyAnswers } from '@/lib/messaging/early-answers';
import { domParsed, headParsed } from '@/lib/ui/document-ready';
import { yieldToPage } from '@/lib/ui/yield-to-page';

export default defineContentScript({
  matches: ['https://arxiv.org/abs/*'],
  // Started before the page parses, only to send the first requests as soon as the <head>
  // names the paper; nothing touches the page before the document is parsed.
  runAt: 'document_start',
  async main(ctx) {
    const early = createEarlyAnswers(ask);
    // Read at once: by the time the <head> is parsed it has long answered.
    const shown = readVisibility();
    // In a task of its own: headParsed resolves inside one of the parser's tasks, and a head
    // can name thousands of authors.
    const head = headParsed(document)
      .then(yieldToPage)
      .then(() => readAbsHead(document, location.href));
    void head.then(async (known) => {
      const show = await shown;
      if (known) early.send(absPageFeatures.flatMap((f) => f.early?.(known, show) ?? []));
    });
    await domParsed(document);
    // Reading the page (thousands of authors on some) in a task of its own, not on top of the
    // browser's own DOMContentLoaded work.
    await yieldToPage();
    const show = watchVisibility(await shown, ctx.signal);
    if (ctx.isInvalid) return;
    const page = readAbsPage(document, location.href, await head);
    if (!page) {
      // An arXiv layout Weft does not know: inject nothing rather than guess.
      console.warn('Weft: unrecognised arXiv abstract page layout; nothing added.');
      return;
    }
    runFeatures(absPageFeatures, { page, signal: ctx.signal, ask: early.ask, show });
  },
});
