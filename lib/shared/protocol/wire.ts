/** What crosses the message boundary besides the requests and answers themselves. */
import type { CatalogErrorKind } from '../../catalog/types';

/** How fresh an answer is: when it was fetched and whether it is past its TTL. */
export interface Freshness {
  fetchedAt: number;
  stale: boolean;
}

/**
 * A failure as it crosses the message boundary: the one failure vocabulary of Weft. The reader is
 * told it from `kind` and the data beside it (lib/ui/describe-failure.ts, in the reader's language).
 */
export interface WireError {
  /** `page-paused`: this page asked for more than its share of the day (docs/reliability.md, Messages). */
  kind: CatalogErrorKind | 'bad-request' | 'internal' | 'page-paused';
  /** What went wrong, for the console and bug reports: English, never shown to the reader. */
  message: string;
  retryAt: number | null;
  /** `http`: the status the catalog answered with. */
  status?: number;
}

export type WireResponse<T> = { ok: true; data: T } | { ok: false; error: WireError };
