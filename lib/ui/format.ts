/**
 * Numbers, times and ages as people read them, in the browser's UI language (the messages'
 * language too): every Intl formatter of Weft's UI is made here, with that one locale.
 */
import { t, uiLocale, type MessageKey } from '../shared/i18n';

/**
 * A value made on first use. For Intl formatters: the first one a page makes loads ICU data,
 * which took 15–70 ms on the 2-core bench machine, and content scripts load while arXiv's page
 * is still parsing.
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** A number formatter in the UI language, made on first use. */
export const numberFormat = (options: Intl.NumberFormatOptions) => lazily(() => new Intl.NumberFormat(uiLocale(), options));

/** A date formatter in the UI language, made on first use. */
export const dateFormat = (options: Intl.DateTimeFormatOptions) => lazily(() => new Intl.DateTimeFormat(uiLocale(), options));

const integer = numberFormat({ maximumFractionDigits: 0 });

export const formatInteger = (n: number): string => integer().format(n);

const plurals = lazily(() => new Intl.PluralRules(uiLocale()));

/** The message `one` or `other` for `n` things, as the UI language counts. */
export const pluralKey = (n: number, one: MessageKey, other: MessageKey): MessageKey => (plurals().select(n) === 'one' ? one : other);

/** "1 citation", "12 citations": `n` in the message `one` or `other`, as the UI language counts. */
export const formatCount = (n: number, one: MessageKey, other: MessageKey): string => t(pluralKey(n, one, other), formatInteger(n));

const clock = dateFormat({ hour: 'numeric', minute: '2-digit' });

/** A time of day as the reader's locale writes it: "14:05", "2:05 PM". */
export const formatClock = (at: number): string => clock().format(at);

/** "just now", "5 min ago", "2 h ago", "3 d ago". */
export function formatAge(fetchedAt: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - fetchedAt) / 1000));
  if (s < 60) return t('ageJustNow');
  const m = Math.round(s / 60);
  if (m < 60) return t('ageMinutes', formatInteger(m));
  const h = Math.round(m / 60);
  if (h < 48) return t('ageHours', formatInteger(h));
  return t('ageDays', formatInteger(Math.round(h / 24)));
}

const decimal = numberFormat({ maximumFractionDigits: 1 });

/** 0 → "0 KB", 2_400 → "2.3 KB", 5_300_000 → "5.1 MB": approximate sizes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return t('sizeKilobytes', decimal().format(bytes / 1024));
  return t('sizeMegabytes', decimal().format(bytes / (1024 * 1024)));
}
