import { readAbsPage } from '@/lib/arxiv/page';
import { runFeatures } from '@/lib/features/run-features';
import { absPageFeatures } from '@/lib/features/registry';
import { ask } from '@/lib/messaging/client';

export default defineContentScript({
  matches: ['https://arxiv.org/abs/*', 'https://www.arxiv.org/abs/*'],
  runAt: 'document_end',
  main(ctx) {
    const page = readAbsPage(document, location.href);
    if (!page) {
      // An arXiv layout Weft does not know: inject nothing rather than guess.
      console.warn('Weft: unrecognised arXiv abstract page layout; nothing added.');
      return;
    }
    runFeatures(absPageFeatures, { page, signal: ctx.signal, ask });
  },
});
