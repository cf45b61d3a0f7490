import { absPageStarted } from '@/lib/page/abs-start';
import { runFeatures } from '@/lib/page/features/run-features';
import { ABS_PAGE_FEATURES, featuresFor } from '@/lib/page/features/registry';

const FEATURES = featuresFor('abs', ABS_PAGE_FEATURES);

export default defineContentScript({
  matches: ['https://arxiv.org/abs/*'],
  // Started before the page parses, only to send the first requests as soon as the <head>
  // names the paper (lib/page/abs-start.ts); nothing touches the page before it is parsed.
  runAt: 'document_start',
  async main(ctx) {
    const started = await absPageStarted(ctx, FEATURES);
    if (started) runFeatures(FEATURES, { ...started, signal: ctx.signal });
  },
});
