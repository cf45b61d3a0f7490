import { useRef } from 'preact/hooks';
import { arxivAbsUrl } from '@/lib/arxiv/urls';
import type { ResearcherWork, WorkOrder } from '@/lib/background/protocol';
import type { ResearcherPage } from '@/lib/extension-pages/researcher-page-state';
import { formatAge, formatInteger } from '@/lib/ui/format';
import { displayText } from '@/lib/ui/plain-text';
import { doiUrl, safeLink } from '@/lib/catalog/links';
import { FailureNotice } from './FailureNotice';

const ORDERS: [WorkOrder, string][] = [
  ['recent', 'Newest first'],
  ['cited', 'Most cited'],
];

function positionOf(w: ResearcherWork): string | null {
  if (!w.authorPosition) return null;
  if (w.authorCount === 1) return 'single author';
  return `${w.authorPosition} author`;
}

function Work({ work }: { work: ResearcherWork }) {
  const doi = work.journalDoi ?? (work.arxivId ? null : work.doi);
  const arxiv = work.arxivId ? arxivAbsUrl(work.arxivId) : null;
  const doiHref = doi ? safeLink(doiUrl(doi)) : null;
  const catalog = safeLink(work.catalogUrl);
  const href = arxiv ?? doiHref ?? catalog;
  const title = displayText(work.title) || 'Untitled work';
  const venue = displayText(work.venue) || (work.arxivId ? 'arXiv preprint' : null);
  const meta = [
    work.year !== null && String(work.year),
    venue,
    work.citedBy !== null && `${formatInteger(work.citedBy)} ${work.citedBy === 1 ? 'citation' : 'citations'}`,
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
            OpenAlex<span class="sr-only"> record of this work</span>
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
        <div role="group" aria-label="Order of the works" class="segmented">
          {ORDERS.map(([o, label]) => (
            <button key={o} type="button" aria-pressed={page.order.value === o} data-weft-action={`sort-${o}`} onClick={() => page.setOrder(o)}>
              {label}
            </button>
          ))}
        </div>
        {topicName && (
          <p class="filter" role="status">
            Only works on <strong>{topicName}</strong> ({formatInteger(filtered.length)} of the {formatInteger(loaded.length)} loaded){' '}
            <button type="button" class="link" data-weft-action="clear-topic" onClick={() => page.setTopic(null)}>
              Show all
            </button>
          </p>
        )}
      </div>
      {list.status === 'error' && list.failure && <FailureNotice failure={list.failure} what="Works" onRetry={page.retry} />}
      {visible.length > 0 && (
        <ol class="works" ref={listRef}>
          {visible.map((w) => (
            <Work key={w.id} work={w} />
          ))}
        </ol>
      )}
      {loading && <SkeletonRows n={visible.length ? 3 : 6} />}
      {!loading && list.status !== 'error' && !visible.length && (
        <p class="muted">{topicName ? 'None of the works loaded is on this topic.' : 'OpenAlex lists no works for this researcher.'}</p>
      )}
      <div class="works-footer">
        <p class="source" aria-live="polite">
          Showing {formatInteger(visible.length)} of {formatInteger(filtered.length)}
          {topicName ? ' on this topic' : ''} loaded
          {total !== null && ` · ${formatInteger(total)} in OpenAlex`}
          {list.fetchedAt !== null && ` · OpenAlex · updated ${formatAge(list.fetchedAt)}`}
        </p>
        {page.canLoadMore.value && (
          <button type="button" class="action" data-weft-action="load-more" disabled={loading} aria-busy={loading} onClick={() => void more()}>
            Load more
          </button>
        )}
      </div>
    </div>
  );
}
