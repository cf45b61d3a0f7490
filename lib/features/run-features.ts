import type { Feature, FeatureContext } from './types';

/** Resolves in a later task, letting the page handle input and paint in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs every feature isolated from the others: one throwing (synchronously or later) never
 * stops the rest, and each failure is logged once with the feature's id. Each starts in a
 * task of its own, so their set-up work adds up to no single long task.
 */
export function runFeatures(features: readonly Feature[], ctx: FeatureContext): void {
  for (const feature of features) {
    // Not awaited: a slow or failing feature must not hold up the ones after it.
    void (async () => {
      try {
        await nextTask();
        if (ctx.signal.aborted) return;
        await feature.run(ctx);
      } catch (e) {
        if (!ctx.signal.aborted) console.warn(`Weft: feature "${feature.id}" failed`, e);
      }
    })();
  }
}
