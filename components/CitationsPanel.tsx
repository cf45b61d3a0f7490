import { withData } from '@/lib/ui/paper-panel-state';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import type { PaperCitationsResult } from '@/lib/background/protocol';
import { shownPublished } from '@/lib/catalog/published';
import { formatAge, formatInteger, pluralKey } from '@/lib/ui/format';
import { t } from '@/lib/shared/i18n';
import { openAlexUrl, s2PaperUrl } from '@/lib/catalog/links';
import { PanelFrame, S2FailureNote, SourceLine, type PanelProps } from './PanelParts';
import { LinkOrText } from './LinkOrText';
import { PublishedLine } from './PublishedLine';

type Known = Extract<PaperCitationsResult, { known: true }>;

/** The contract's hooks: the count shown and its source, and each catalog's own count. */
function citationHooks(data: Known): Record<string, string> {
  const hooks: Record<string, string> = { 'data-source': data.source };
  if (data.citedBy !== null) hooks['data-cited-by'] = String(data.citedBy);
  if (data.counts.openalex) hooks['data-openalex-cited-by'] = String(data.counts.openalex.value);
  if (data.counts.s2) hooks['data-s2-cited-by'] = String(data.counts.s2.value);
  return hooks;
}

/** Both catalogs' counts side by side, each with its age, when both have the paper. */
function BothCounts({ data }: { data: Known }) {
  const { openalex, s2 } = data.counts;
  if (!openalex || !s2) return null;
  return (
    <p class="both">
      {t('countBy', formatInteger(s2.value), SOURCE_NAMES.s2)} <span class="age">({formatAge(s2.fetchedAt)})</span> ·{' '}
      {t('countBy', formatInteger(openalex.value), SOURCE_NAMES.openalex)} <span class="age">({formatAge(openalex.fetchedAt)})</span>
    </p>
  );
}

/** The paper's citation count, where it comes from, and the paper in both catalogs. */
export function CitationsPanel(props: PanelProps<PaperCitationsResult>) {
  const shown = withData(props.loader.state.value);
  const data = shown?.data;
  const count = data?.citedBy ?? null;
  // What the page prints stands in where no catalog names a version of record, a paper no
  // catalog has included (docs/features.md, Published in).
  const published = shownPublished(data?.published, props.publication);
  const publishedLine = published && <PublishedLine published={published} />;
  return (
    <PanelFrame
      {...props}
      panel="paper"
      title={t('citationsTitle')}
      hooks={data ? citationHooks(data) : {}}
      summary={count === null ? null : formatInteger(count)}
    >
      {data ? (
        <>
          <p class="figure">
            {count === null ? t('citationsNone') : <><b>{formatInteger(count)}</b> {t(pluralKey(count, 'citationUnit', 'citationsUnit'))}</>}
          </p>
          <BothCounts data={data} />
          {publishedLine}
          {data.s2Failure && (
            <S2FailureNote instead={t('citationsInstead')} onRetry={() => void props.loader.retry()} />
          )}
          <ul class="links">
            {data.s2Id && (
              <li>
                <LinkOrText href={s2PaperUrl(data.s2Id)}>Semantic Scholar</LinkOrText>
              </li>
            )}
            {data.openalexId && (
              <li>
                <LinkOrText href={openAlexUrl(data.openalexId)}>OpenAlex</LinkOrText>
              </li>
            )}
          </ul>
          <SourceLine label={SOURCE_NAMES[data.source]} data={data} refreshFailed={!!shown?.refreshFailed} />
        </>
      ) : (
        publishedLine
      )}
    </PanelFrame>
  );
}
