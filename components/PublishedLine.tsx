import type { Published } from '@/lib/catalog/published';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import { doiUrl } from '@/lib/catalog/links';
import { t } from '@/lib/shared/i18n';
import { LinkOrText } from './LinkOrText';

/** "Published in Nature, 2015" (a year as written, not a grouped number: "2015", not "2,015"). */
export function publishedWords(p: Published): string {
  return p.venue ? (p.year ? t('publishedIn', p.venue, String(p.year)) : t('publishedInVenue', p.venue)) : t('publishedVersion');
}

/** Who says the paper was published there: a catalog, or its authors on arXiv. */
export function publishedSource(source: Published['source']): string {
  return source === 'arxiv' ? t('publishedSourceArxiv') : t('publishedSource', SOURCE_NAMES[source]);
}

/** The version of record's words, linked to its DOI (doi.org only, through `LinkOrText`); the venue is shown as text. */
export function publishedLink(p: Published) {
  return <LinkOrText href={p.doi && doiUrl(p.doi)}>{publishedWords(p)}</LinkOrText>;
}

/** The paper panel's line: the version of record, and who says so beside it. */
export function PublishedLine({ published }: { published: Published }) {
  return (
    <p class="published" data-weft-published={published.doi ?? ''}>
      {publishedLink(published)} <span class="by">{publishedSource(published.source)}</span>
    </p>
  );
}
