/** Numbers and ages as people read them. */
const integer = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

export const formatInteger = (n: number): string => integer.format(n);

/** 950 → "950", 12_345 → "12.3K": for tight spaces such as badges. */
export const formatCompact = (n: number): string => (n < 1000 ? integer.format(n) : compact.format(n));

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

const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** 0 → "0 KB", 2_400 → "2.3 KB", 5_300_000 → "5.1 MB": approximate sizes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${decimal.format(bytes / 1024)} KB`;
  return `${decimal.format(bytes / (1024 * 1024))} MB`;
}
