import type { Feature, FeatureContext } from './types';

/**
 * Runs every feature isolated from the others: one throwing (synchronously or later) never
 * stops the rest, and each failure is logged once with the feature's id.
 */
export function runFeatures(features: readonly Feature[], ctx: FeatureContext): void {
  for (const feature of features) {
    // Not awaited: a slow or failing feature must not hold up the ones after it.
    void (async () => {
      try {
        await feature.run(ctx);
      } catch (e) {
        if (!ctx.signal.aborted) console.warn(`Weft: feature "${feature.id}" failed`, e);
      }
    })();
  }
}
