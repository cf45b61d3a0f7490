import { runHeadFirstPage } from '@/lib/page/abs-start';
import { absPage } from '@/lib/page/page-types/abs';
import { matchesOf } from '@/lib/page/page-types/page-type';

export default defineContentScript({
  matches: matchesOf([absPage]),
  // Started before the page parses, only to send the first requests as soon as the <head>
  // names the paper (lib/page/abs-start.ts); nothing touches the page before it is parsed.
  runAt: 'document_start',
  main: (ctx) => runHeadFirstPage(ctx, absPage),
});
