/**
 * Whether the background has paused Weft on this page: the page asked for more than its share of
 * the day (docs/reliability.md, Messages). Set by the protocol client from the answer itself,
 * so every feature's failure leads to the one notice (lib/page/features/paused-notice.tsx).
 */
import { signal } from '@preact/signals-core';

/** When the page's share is back (epoch ms), once an answer said "page-paused"; else null. */
export const pausedUntil = signal<number | null>(null);
