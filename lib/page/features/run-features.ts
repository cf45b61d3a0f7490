import { computed, effect } from '@preact/signals-core';
import { yieldToPage } from '../yield-to-page';
import type { Feature, FeatureContext } from './types';

/** Runs one feature with its own signal; a failure is logged with the feature's id. Never rejects. */
async function start(feature: Feature, ctx: FeatureContext): Promise<void> {
  try {
    await yieldToPage();
    if (ctx.signal.aborted) return;
    await feature.run(ctx);
  } catch (e) {
    if (!ctx.signal.aborted) console.warn(`Weft: feature "${feature.id}" failed`, e);
  }
}

/**
 * Runs every feature isolated from the others: one throwing (synchronously or later) never
 * stops the rest, and each failure is logged once with the feature's id. Each starts in a
 * task of its own, so their set-up work adds up to no single long task. A feature runs while
 * the reader's choice shows it: hidden, its signal aborts and it removes what it added; shown
 * again, it runs anew (no page reload needed).
 */
export function runFeatures(features: readonly Feature[], pageCtx: Omit<FeatureContext, 'earlier' | 'show'>): void {
  let earlier: Promise<void> = Promise.resolve();
  const show = computed(() => pageCtx.settings.value.show);
  const listings = computed(() => pageCtx.settings.value.listings);
  for (const feature of features) {
    const ctx: FeatureContext = { ...pageCtx, show, earlier };
    /** The first run's load; none when the feature starts hidden. */
    let firstLoad: Promise<void> | null = null;
    let running: AbortController | null = null;
    const stop = () => {
      running?.abort();
      running = null;
    };
    const dispose = effect(() => {
      const wanted = feature.shown(ctx.show.value, listings.value) && !ctx.signal.aborted;
      if (wanted && !running) {
        running = new AbortController();
        // Not awaited: a slow or failing feature must not hold up the ones after it.
        const load = start(feature, { ...ctx, signal: AbortSignal.any([ctx.signal, running.signal]) });
        firstLoad ??= load;
      } else if (!wanted) {
        stop();
      }
    });
    ctx.signal.addEventListener('abort', () => {
      dispose();
      stop();
    });
    earlier = Promise.all([earlier, firstLoad]).then(() => undefined);
  }
}
