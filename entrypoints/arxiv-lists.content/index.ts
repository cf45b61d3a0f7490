import { runParsedPage } from '@/lib/page/page-start';
import { listingPage } from '@/lib/page/page-types/listing';
import { matchesOf } from '@/lib/page/page-types/page-type';
import { searchPage } from '@/lib/page/page-types/search';

const KINDS = [listingPage, searchPage];

export default defineContentScript({
  matches: matchesOf(KINDS),
  // Started early only to ask for the reader's settings while the page (up to 2,000 entries,
  // 3 MB) is still parsing; nothing touches the page before it is parsed.
  runAt: 'document_start',
  main: (ctx) => runParsedPage(ctx, KINDS),
});
