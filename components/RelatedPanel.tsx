import { signal } from '@preact/signals-core';
import { Component } from 'preact';
import { arxivAbsUrl } from '@/lib/arxiv/urls';
import type { PaperSummary } from '@/lib/catalog/types';
import { withData } from '@/lib/ui/paper-panel-state';
import type { RelatedPapersResult } from '@/lib/background/protocol';
import { formatCount, formatInteger } from '@/lib/ui/format';
import { t } from '@/lib/shared/i18n';
import { PanelFrame, S2FailureNote, SourceLine, type PanelProps } from './PanelParts';
import { LinkOrText } from './LinkOrText';
import { doiUrl } from '@/lib/catalog/links';
import { trusted } from '@/lib/ui/trusted';

/** Shown at first; "Show more" reveals the rest (at most 20). */
const FIRST = 5;
const LIST_ID = 'weft-related-list';

const authorsLine = (names: string[]) => (names.length > 3 ? t('etAl', names.slice(0, 3).join(', ')) : names.join(', '));

function RelatedItem({ paper: p }: { paper: PaperSummary }) {
  // The arXiv abstract page when there is one; else the DOI, else the catalog's page.
  const href = p.arxivId ? arxivAbsUrl(p.arxivId) : p.doi ? doiUrl(p.doi) : p.catalogUrl;
  const meta = [
    authorsLine(p.authorNames),
    p.year,
    p.citedBy === null ? null : formatCount(p.citedBy, 'citationCount', 'citationsCount'),
  ].filter((x) => x !== null && x !== '');
  return (
    <li data-weft-related={p.arxivId ?? p.id}>
      <LinkOrText href={href} external={!p.arxivId}>{p.title}</LinkOrText>
      {meta.length > 0 && <span class="meta">{meta.join(' · ')}</span>}
    </li>
  );
}

/** Papers related to this one: Semantic Scholar's recommendations, else OpenAlex's related works. */
export class RelatedPanel extends Component<PanelProps<RelatedPapersResult>> {
  showAll = signal(false);

  render(props: PanelProps<RelatedPapersResult>) {
    const { showAll } = this;
    const all = showAll.value;
    const shown = withData(props.loader.state.value);
    const data = shown?.data;
    const papers = data?.papers ?? [];
    const label = t(data?.source === 's2' ? 'relatedS2' : 'relatedOpenAlex');
    return (
      <PanelFrame {...props} panel="related" title={t('relatedTitle')} summary={data ? formatInteger(papers.length) : null}>
        {data && (
          <>
            {data.s2Failure && <S2FailureNote instead={t('relatedInstead')} onRetry={() => void props.loader.retry()} />}
            {papers.length ? (
              <ol class="related" id={LIST_ID}>
                {(all ? papers : papers.slice(0, FIRST)).map((p) => <RelatedItem paper={p} />)}
              </ol>
            ) : (
              <p class="note">{t('relatedNone')}</p>
            )}
            {papers.length > FIRST && (
              <button type="button" class="link" aria-expanded={all} aria-controls={LIST_ID} onClick={trusted(() => (showAll.value = !all))}>
                {all ? t('showFewer') : t('showMore', formatInteger(papers.length - FIRST))}
              </button>
            )}
            <SourceLine label={label} data={data} refreshFailed={!!shown?.refreshFailed} />
          </>
        )}
      </PanelFrame>
    );
  }
}
