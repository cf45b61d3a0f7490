import { useRef } from 'preact/hooks';
import { arxivAbsUrl } from '@/lib/arxiv/urls';
import type { ResearcherWork, WorkOrder } from '@/lib/background/protocol';
import type { ResearcherPage } from '@/lib/extension-pages/researcher-page-state';
import { formatAge, formatCount, formatInteger } from '@/lib/ui/format';
import { t, type MessageKey } from '@/lib/shared/i18n';
import { displayText } from '@/lib/ui/plain-text';
import { doiUrl, safeLink } from '@/lib/catalog/links';
import { FailureNotice } from './FailureNotice';

const ORDERS = { recent: 'newestFirst', cited: 'mostCited' } as const satisfies Record<WorkOrder, MessageKey>;

function positionOf(w: ResearcherWork): string | null {
  if (!w.authorPosition) return null;
  if (w.authorCount === 1) return t('singleAuthorLower');
  return t(({ first: 'firstAuthorLower', middle: 'middleAuthorLower', last: 'lastAuthorLower' } as const satisfies Record<string, MessageKey>)[w.authorPosition]);
}

function Work({ work }: { work: ResearcherWork }) {
  const doi = work.journalDoi ?? (work.arxivId ? null : work.doi);
  const arxiv = work.arxivId ? arxivAbsUrl(work.arxivId) : null;
  const doiHref = doi ? safeLink(doiUrl(doi)) : null;
  const catalog = safeLink(work.catalogUrl);
  const href = arxiv ?? doiHref ?? catalog;
  const title = displayText(work.title) || t('untitledWork');
  const venue = displayText(work.venue) || (work.arxivId ? t('arxivPreprint') : null);
  const meta = [
    work.year !== null && String(work.year),
    venue,
    work.citedBy !== null && formatCount(work.citedBy, 'citationCount', 'citationsCount'),
    positionOf(work),
  ].filter(Boolean);
  return (
    <li class="work" data-weft-work={work.arxivId ?? work.id}>
      <p class="work-title">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {title}
          </a>
        ) : (
          title
        )}
      </p>
      <p class="work-meta muted">{meta.join(' · ')}</p>
      <p class="work-links">
        {arxiv && (
          <a href={arxiv} target="_blank" rel="noopener noreferrer" data-weft-link="arxiv">
            arXiv<span class="sr-only"> {work.arxivId}</span>
          </a>
        )}
        {doiHref && (
          <a href={doiHref} target="_blank" rel="noopener noreferrer" data-weft-link="doi">
            DOI<span class="sr-only"> {doi}</span>
          </a>
        )}
        {catalog && (
          <a href={catalog} target="_blank" rel="noopener noreferrer" data-weft-link="openalex">
            OpenAlex<span class="sr-only">{t('recordOfWork')}</span>
          </a>
        )}
      </p>
    </li>
  );
}

function SkeletonRows({ n }: { n: number }) {
  return (
    <ul class="works skeleton-list" aria-hidden="true">
      {Array.from({ length: n }, (_, i) => (
        <li key={i} class="work">
          <span class="skeleton line wide" />
          <span class="skeleton line" />
        </li>
      ))}
    </ul>
  );
}

/** The researcher's works: an order, an optional topic filter, 25 at a time with "Load more". */
export function ResearcherWorks({ page, topicName }: { page: ResearcherPage; topicName: string | null }) {
  const listRef = useRef<HTMLOListElement>(null);
  const list = page.list.value;
  const visible = page.visible.value;
  const filtered = page.filtered.value;
  const loaded = page.loaded.value;
  const total = list.total;
  const loading = list.status === 'loading' || list.status === 'idle';

  async function more() {
    const before = page.visible.value.length;
    await page.loadMore();
    // Focus the first work just shown, so keyboard and screen-reader users carry on from there.
    listRef.current?.querySelectorAll<HTMLAnchorElement>('li.work .work-title a')[before]?.focus();
  }

  return (
    <div class="works-block" data-state={list.status === 'error' ? 'error' : loading && !visible.length ? 'loading' : 'ready'}>
      <div class="works-controls">
        <div role="group" aria-label={t('orderOfWorks')} class="segmented">
          {(Object.entries(ORDERS) as [WorkOrder, MessageKey][]).map(([o, label]) => (
            <button key={o} type="button" aria-pressed={page.order.value === o} data-weft-action={`sort-${o}`} onClick={() => page.setOrder(o)}>
              {t(label)}
            </button>
          ))}
        </div>
        {topicName && (
          <p class="filter" role="status">
            {t('onlyWorksOn')} <strong>{topicName}</strong> {t('filteredOfLoaded', formatInteger(filtered.length), formatInteger(loaded.length))}{' '}
            <button type="button" class="link" data-weft-action="clear-topic" onClick={() => page.setTopic(null)}>
              {t('showAll')}
            </button>
          </p>
        )}
      </div>
      {list.status === 'error' && list.failure && <FailureNotice failure={list.failure} what={t('works')} onRetry={page.retry} />}
      {visible.length > 0 && (
        <ol class="works" ref={listRef}>
          {visible.map((w) => (
            <Work key={w.id} work={w} />
          ))}
        </ol>
      )}
      {loading && <SkeletonRows n={visible.length ? 3 : 6} />}
      {!loading && list.status !== 'error' && !visible.length && (
        <p class="muted">{t(topicName ? 'noWorksOnTopic' : 'noWorks')}</p>
      )}
      <div class="works-footer">
        <p class="source" aria-live="polite">
          {t(topicName ? 'showingOnTopic' : 'showing', formatInteger(visible.length), formatInteger(filtered.length))}
          {total !== null && t('inOpenAlex', formatInteger(total))}
          {list.fetchedAt !== null && t('andOpenAlexUpdated', formatAge(list.fetchedAt))}
        </p>
        {page.canLoadMore.value && (
          <button type="button" class="action" data-weft-action="load-more" disabled={loading} aria-busy={loading} onClick={() => void more()}>
            {t('loadMore')}
          </button>
        )}
      </div>
    </div>
  );
}
