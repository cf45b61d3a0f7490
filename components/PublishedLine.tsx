import type { Published } from '@/lib/catalog/published';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import { doiUrl } from '@/lib/catalog/links';
import { t } from '@/lib/shared/i18n';
import { LinkOrText } from './LinkOrText';

/** Who says the paper was published there: a catalog, or its authors on arXiv. */
function sourceWords(source: Published['source']): string {
  return source === 'arxiv' ? t('publishedSourceArxiv') : t('publishedSource', SOURCE_NAMES[source]);
}

/**
 * The paper's version of record, "Published in Nature, 2015", linked to its DOI (doi.org only,
 * through `LinkOrText`), and who says so: in the paper panel beside it, on a listing entry
 * (`compact`) as a tooltip and for screen readers. The venue is the catalog's or the page's
 * text, shown as text.
 */
export function PublishedLine({ published: p, compact = false }: { published: Published; compact?: boolean }) {
  // A year as written, not a grouped number ("2015", not "2,015").
  const where = p.venue ? (p.year ? t('publishedIn', p.venue, String(p.year)) : t('publishedInVenue', p.venue)) : t('publishedVersion');
  const by = sourceWords(p.source);
  return (
    <p class="published" data-weft-published={p.doi ?? ''} data-source={p.source} title={compact ? by : undefined}>
      <LinkOrText href={p.doi && doiUrl(p.doi)}>{where}</LinkOrText> <span class={compact ? 'sr-only' : 'by'}>{by}</span>
    </p>
  );
}
