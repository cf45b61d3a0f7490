import { readAbsHead, readAbsPage } from '@/lib/arxiv/page';
import { runFeatures } from '@/lib/features/run-features';
import { absPageFeatures } from '@/lib/features/registry';
import { ask } from '@/lib/messaging/client';
import { createEarlyAnswers } from '@/lib/messaging/early-answers';
import { domParsed, headParsed } from '@/lib/ui/document-ready';

export default defineContentScript({
  matches: ['https://arxiv.org/abs/*'],
  // Started before the page parses, only to send the first requests as soon as the <head>
  // names the paper; nothing touches the page before the document is parsed.
  runAt: 'document_start',
  async main(ctx) {
    const early = createEarlyAnswers(ask);
    void headParsed(document).then(() => {
      const head = readAbsHead(document, location.href);
      if (head) early.send(absPageFeatures.flatMap((f) => f.early?.(head) ?? []));
    });
    await domParsed(document);
    if (ctx.isInvalid) return;
    const page = readAbsPage(document, location.href);
    if (!page) {
      // An arXiv layout Weft does not know: inject nothing rather than guess.
      console.warn('Weft: unrecognised arXiv abstract page layout; nothing added.');
      return;
    }
    runFeatures(absPageFeatures, { page, signal: ctx.signal, ask: early.ask });
  },
});
