/**
 * When a spent OpenAlex daily allowance is back. It resets at midnight UTC (docs/catalog-apis.md,
 * Keys, credits and the daily allowance): a Retry-After beyond the next midnight plus a margin
 * is not believed, so a wrong or hostile header cannot stop list calls or checks for longer
 * than a day.
 */
const RESET_MARGIN_MS = 10 * 60_000;

/** `retryAt` (epoch ms; null when OpenAlex said nothing), bounded by the reset after `now`. */
export function allowanceBackAt(retryAt: number | null, now: number): number {
  const d = new Date(now);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return retryAt === null ? midnight : Math.min(retryAt, midnight + RESET_MARGIN_MS);
}
