import { isHtmlViewUrl, readHtmlPage } from '@/lib/arxiv/readers/html';
import { runFeatures } from '@/lib/page/features/run-features';
import { ABS_PAGE_FEATURES, featuresFor } from '@/lib/page/features/registry';
import { followPageTheme } from '@/lib/page/page-theme';
import { pageParsed } from '@/lib/page/page-start';
import { ask } from '@/lib/ui/client';

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
    // The page (300 appendix names on some) is read once parsed, in a task of its own.
    const settings = await pageParsed(ctx);
    if (!settings) return;
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
