/**
 * What to tell the reader when the background could not answer: a short title, what to do,
 * and whether retrying now can help (not while OpenAlex's daily budget is spent).
 */
import { RemoteError } from './client';
import type { WireError } from '../background/protocol';
import { formatClock } from './format';

export interface FailureText {
  title: string;
  detail: string;
  /** Retrying now can help. */
  retryable: boolean;
}

/** Any rejection from `ask`, as a WireError. */
export function failureOf(e: unknown): WireError {
  if (e instanceof RemoteError) return { kind: e.kind, message: e.message, retryAt: e.retryAt };
  return { kind: 'internal', message: e instanceof Error ? e.message : String(e), retryAt: null };
}

/** "at 02:00 (in 5 h)", "at 23:40 (in 12 min)"; midnight UTC when the catalog did not say. */
export function formatReset(retryAt: number | null, now = Date.now()): string {
  if (retryAt === null || retryAt <= now) return 'at midnight UTC';
  const minutes = Math.max(1, Math.round((retryAt - now) / 60_000));
  const wait = minutes < 90 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
  return `at ${formatClock(retryAt)} (in ${wait})`;
}

/** Why Weft paused on a page, and when it resumes: the failure's detail and the page's notice (PausedNotice). */
export const PAUSED_TITLE = 'Weft paused on this page';
export const pausedWhy = (retryAt: number | null, now = Date.now()) =>
  `It asked the catalogs for more than one page may in a day. Weft’s other tabs carry on; this page resumes ${formatReset(retryAt, now)}.`;

/**
 * What to tell the reader about `f`. `who` names what failed: OpenAlex for the popup's and the
 * settings' requests (OpenAlex alone answers them), "The catalogs" where either may have.
 */
export function describeFailure(f: WireError, now = Date.now(), who = 'OpenAlex'): FailureText {
  switch (f.kind) {
    case 'budget-exhausted':
      return {
        title: 'OpenAlex’s free daily allowance is used up',
        detail: `It resets ${formatReset(f.retryAt, now)}. A free OpenAlex API key lifts this limit: add one in Weft’s settings (toolbar popup → ⚙).`,
        retryable: false,
      };
    case 'rate-limited':
      return { title: `${who} asked Weft to slow down`, detail: 'Try again in a moment.', retryable: true };
    case 'network':
      return { title: `${who} could not be reached`, detail: 'Check your connection, then try again.', retryable: true };
    case 'timeout':
      return { title: `${who} did not answer in time`, detail: 'Try again in a moment.', retryable: true };
    case 'not-found':
      return { title: `${who} has no record of this`, detail: 'It may have been merged into another profile.', retryable: false };
    case 'key-rejected':
      return {
        title: 'A catalog refused your saved API key',
        detail: `${f.message}. Check or remove the key in Weft’s settings (toolbar popup → ⚙); Weft keeps sending it until you do.`,
        retryable: false,
      };
    case 'page-paused':
      return { title: PAUSED_TITLE, detail: pausedWhy(f.retryAt, now), retryable: false };
    case 'internal':
      return { title: 'Weft’s background did not answer', detail: 'Try again; if it keeps failing, reload the extension.', retryable: true };
    default:
      return { title: `${who} answered with an error`, detail: `Try again in a moment (${f.message}).`, retryable: true };
  }
}
