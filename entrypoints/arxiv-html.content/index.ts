import { htmlPage } from '@/lib/page/page-types/html';
import { matchesOf } from '@/lib/page/page-types/page-type';
import { runParsedPage } from '@/lib/page/page-start';

const KINDS = [htmlPage];

export default defineContentScript({
  matches: matchesOf(KINDS),
  // Started before the page parses, only to ask for the reader's settings meanwhile (waking the
  // background); the page (300 appendix names on some) is read once parsed, in a task of its own.
  runAt: 'document_start',
  main: (ctx) => runParsedPage(ctx, KINDS),
});
