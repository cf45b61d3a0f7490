import { isListingUrl, readListingPage } from '@/lib/arxiv/readers/listing';
import { isSearchUrl, readSearchPage } from '@/lib/arxiv/readers/search';
import { runFeatures } from '@/lib/page/features/run-features';
import { LISTING_PAGE_FEATURES, featuresFor } from '@/lib/page/features/registry';
import { ask } from '@/lib/ui/client';
import { pageParsed } from '@/lib/page/page-start';

/** The page, read by the reader its address calls for; null for other pages under these paths. */
function readPage(url: string) {
  if (isListingUrl(url)) return readListingPage(document, url);
  if (isSearchUrl(url)) return readSearchPage(document, url);
  return null;
}

export default defineContentScript({
  // Listings (/list/<archive or category>/<period>, /catchup/…) and search results.
  matches: ['https://arxiv.org/list/*', 'https://arxiv.org/catchup/*', 'https://arxiv.org/search/*'],
  // Started early only to ask for the reader's settings while the page (up to 2,000 entries,
  // 3 MB) is still parsing; nothing touches the page before it is parsed.
  runAt: 'document_start',
  async main(ctx) {
    const settings = await pageParsed(ctx);
    if (!settings) return;
    const page = readPage(location.href);
    // A listing index, an empty search form, or a layout Weft does not know: nothing to add.
    if (!page) return;
    runFeatures(featuresFor(page.type, LISTING_PAGE_FEATURES), { page, signal: ctx.signal, ask, settings });
  },
});
