/** How a failure in the background is told to the page that asked. */
import { CatalogError } from '../catalog/types';
import type { WireError } from '../shared/protocol/wire';

/** A request the background turns down, e.g. one only Weft's own pages may make. */
export class RefusedError extends Error {
  override readonly name = 'RefusedError';
}

/** Describes a failure for the other side of the message channel. */
export function toWireError(e: unknown): WireError {
  if (e instanceof RefusedError) return { kind: 'bad-request', message: e.message, retryAt: null };
  if (e instanceof CatalogError) return { kind: e.kind, message: e.message, retryAt: e.retryAt, ...(e.kind === 'http' && e.status !== null ? { status: e.status } : {}) };
  console.error('Weft: request failed', e);
  return { kind: 'internal', message: String(e), retryAt: null };
}
