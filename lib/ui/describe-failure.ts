/**
 * What to tell the reader when the background could not answer: a short title, what to do,
 * and whether retrying now can help (not while OpenAlex's daily budget is spent).
 */
import { RemoteError } from './client';
import type { WireError } from '../background/protocol';
import { formatClock, formatInteger } from './format';
import { t } from '../shared/i18n';
import { SOURCE_NAMES } from '../catalog/types';

export interface FailureText {
  title: string;
  detail: string;
  /** Retrying now can help. */
  retryable: boolean;
}

/** Any rejection from `ask`, as a WireError. */
export function failureOf(e: unknown): WireError {
  if (e instanceof RemoteError) return { kind: e.kind, message: e.message, retryAt: e.retryAt, ...(e.status === undefined ? {} : { status: e.status }) };
  return { kind: 'internal', message: e instanceof Error ? e.message : String(e), retryAt: null };
}

/** "at 02:00 (in 5 h)", "at 23:40 (in 12 min)"; midnight UTC when the catalog did not say. */
export function formatReset(retryAt: number | null, now = Date.now()): string {
  if (retryAt === null || retryAt <= now) return t('resetMidnight');
  const minutes = Math.max(1, Math.round((retryAt - now) / 60_000));
  const wait = minutes < 90 ? t('waitMinutes', formatInteger(minutes)) : t('waitHours', formatInteger(Math.round(minutes / 60)));
  return t('resetAt', formatClock(retryAt), wait);
}

/** Why Weft paused on a page, and when it resumes: the failure's detail and the page's notice (PausedNotice). */
export const pausedTitle = () => t('pausedTitle');
export const pausedWhy = (retryAt: number | null, now = Date.now()) => t('pausedWhy', formatReset(retryAt, now));

/**
 * What to tell the reader about `f`, from its kind and data only (its `message` is the console's,
 * in English). `who` names what failed: OpenAlex for the popup's and the settings' requests
 * (OpenAlex alone answers them), "The catalogs" where either may have. A kind without its words
 * fails type-checking.
 */
export function describeFailure(f: WireError, now = Date.now(), who = SOURCE_NAMES.openalex): FailureText {
  switch (f.kind) {
    case 'budget-exhausted':
      return {
        title: t('failBudgetTitle'),
        detail: t('failBudgetDetail', formatReset(f.retryAt, now)),
        retryable: false,
      };
    case 'rate-limited':
      return { title: t('failRateLimited', who), detail: t('failTryInAMoment'), retryable: true };
    case 'network':
      return { title: t('failNetwork', who), detail: t('failCheckConnection'), retryable: true };
    case 'timeout':
      return { title: t('failTimeout', who), detail: t('failTryInAMoment'), retryable: true };
    case 'not-found':
      return { title: t('failNotFound', who), detail: t('failMerged'), retryable: false };
    case 'key-rejected':
      return { title: t('failKeyTitle'), detail: t('failKeyDetail'), retryable: false };
    case 'page-paused':
      return { title: pausedTitle(), detail: pausedWhy(f.retryAt, now), retryable: false };
    case 'internal':
      return { title: t('failInternalTitle'), detail: t('failInternalDetail'), retryable: true };
    case 'bad-request':
      return { title: t('failRefusedTitle'), detail: t('failInternalDetail'), retryable: true };
    case 'invalid-response':
      return { title: t('failOther', who), detail: t('failUnreadableDetail'), retryable: true };
    case 'http':
      return { title: t('failOther', who), detail: f.status ? t('failHttpDetail', f.status) : t('failTryInAMoment'), retryable: true };
  }
}

/** The failure in two sentences: what went wrong, and what to do. */
export function failureSentence(f: WireError, who?: string): string {
  const text = describeFailure(f, Date.now(), who);
  return t('failureSentence', text.title, text.detail);
}
