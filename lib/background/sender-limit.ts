/**
 * A token bucket per arXiv page (tab and frame): `SENDER_BURST` requests at once, refilled at
 * `SENDER_PER_SECOND`. Every request a page may make is validated and capped in size
 * (services/*); this caps how many it may make, so no page can turn its requests into an
 * unbounded number of catalog calls. Weft's own pages are not limited.
 */
import type { Sender } from './define-requests';
import { SENDER_BURST, SENDER_PER_SECOND } from '../shared/limits';

/** Pages remembered at most: the oldest bucket is dropped (a closed tab's, most likely). */
const MAX_SENDERS = 500;

export type SenderLimit = ReturnType<typeof createSenderLimit>;

export function createSenderLimit({ burst = SENDER_BURST, perSecond = SENDER_PER_SECOND, now = Date.now } = {}) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Takes one request from this page's allowance: 0 when it may go, else the ms until it may. */
    take(sender: Sender): number {
      const key = `${sender.tab?.id}/${sender.frameId ?? 0}`;
      const t = now();
      const last = buckets.get(key);
      // A clock set back makes the elapsed time negative: it counts as none, never as a debt.
      const elapsed = last ? Math.max(0, t - last.at) : 0;
      const tokens = last ? Math.min(burst, last.tokens + (elapsed / 1000) * perSecond) : burst;
      buckets.delete(key); // re-inserted last: the map stays in least-recently-used order
      if (tokens < 1) {
        buckets.set(key, { tokens, at: t });
        return Math.ceil(((1 - tokens) / perSecond) * 1000);
      }
      buckets.set(key, { tokens: tokens - 1, at: t });
      if (buckets.size > MAX_SENDERS) buckets.delete(buckets.keys().next().value!);
      return 0;
    },
  };
}
