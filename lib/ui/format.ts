/** Numbers, times and ages as people read them. */

/**
 * A value made on first use. For Intl formatters: the first one a page makes loads ICU data,
 * which took 15–70 ms on the 2-core bench machine, and content scripts load while arXiv's page
 * is still parsing.
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const integer = lazily(() => new Intl.NumberFormat('en', { maximumFractionDigits: 0 }));

export const formatInteger = (n: number): string => integer().format(n);

const clock = lazily(() => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }));

/** A time of day as the reader's locale writes it: "14:05", "2:05 PM". */
export const formatClock = (at: number): string => clock().format(at);

/** "just now", "5 min ago", "2 h ago", "3 d ago". */
export function formatAge(fetchedAt: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - fetchedAt) / 1000));
  if (s < 60) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} d ago`;
}

const decimal = lazily(() => new Intl.NumberFormat('en', { maximumFractionDigits: 1 }));

/** 0 → "0 KB", 2_400 → "2.3 KB", 5_300_000 → "5.1 MB": approximate sizes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${decimal().format(bytes / 1024)} KB`;
  return `${decimal().format(bytes / (1024 * 1024))} MB`;
}
