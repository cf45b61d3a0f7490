import type { ComponentChildren } from 'preact';
import { safeLink } from '@/lib/catalog/links';

/**
 * A link when `href` is a safe https URL on a known host, else the text alone. External
 * catalog pages open in a new tab; arXiv pages open like arXiv's own links.
 */
export function LinkOrText({ href, external = true, children }: { href: string | null; external?: boolean; children: ComponentChildren }) {
  const safe = safeLink(href);
  if (!safe) return <span>{children}</span>;
  return external ? (
    <a href={safe} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a href={safe}>{children}</a>
  );
}
