import { isHtmlViewUrl, readHtmlPage } from '@/lib/arxiv/readers/html';
import { runFeatures } from '@/lib/page/features/run-features';
import { ABS_PAGE_FEATURES, featuresFor } from '@/lib/page/features/registry';
import { followPageTheme } from '@/lib/page/page-theme';
import { readPageSettings, watchPageSettings } from '@/lib/page/page-settings';
import { ask } from '@/lib/ui/client';
import { domParsed } from '@/lib/page/document-ready';
import { yieldToPage } from '@/lib/page/yield-to-page';
import { requireTrustedEvents } from '@/lib/ui/trusted';

// The abstract page's features, which declare the HTML view among their pages.
const FEATURES = featuresFor('html', ABS_PAGE_FEATURES);

export default defineContentScript({
  // Also a figure's or the build log's URL (/html/<id>vN/x1.png): those are no paper view.
  matches: ['https://arxiv.org/html/*'],
  // Started before the page parses, only to ask for the reader's settings meanwhile (waking the
  // background); nothing touches the page before the document is parsed.
  runAt: 'document_start',
  async main(ctx) {
    if (!isHtmlViewUrl(location.href)) return;
    // Page scripts share the page with Weft's controls: only the reader's own input counts.
    requireTrustedEvents();
    const initial = readPageSettings(ask);
    await domParsed(document);
    // Reading the page (300 appendix names on some) in a task of its own.
    await yieldToPage();
    const settings = watchPageSettings(await initial, ask, ctx.signal);
    if (ctx.isInvalid) return;
    const page = readHtmlPage(document, location.href);
    if (!page) {
      // A page that is no LaTeXML paper, or markup Weft does not know: inject nothing rather than guess.
      console.warn('Weft: unrecognised arXiv HTML view; nothing added.');
      return;
    }
    const theme = followPageTheme(ctx.signal);
    runFeatures(FEATURES, { page, signal: ctx.signal, ask, settings, theme });
  },
});
