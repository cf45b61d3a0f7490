import type { ComponentChildren } from 'preact';
import type { PanelAnswer, PanelLoader } from '@/lib/ui/paper-panel-state';
import type { PanelId } from '@/lib/shared/settings/settings';
import type { PrintedPublication } from '@/lib/arxiv/page-model';
import { failureSentence } from '@/lib/ui/describe-failure';
import { formatAge } from '@/lib/ui/format';
import { t } from '@/lib/shared/i18n';

import { trusted } from '@/lib/ui/trusted';

/** What every panel component receives from the panel group. */
export interface PanelProps<T extends PanelAnswer> {
  loader: PanelLoader<T>;
  collapsed: boolean;
  onToggle: () => void;
  /** Points out the badges of these authors (bare OpenAlex ids); [] clears. */
  onHighlight: (openalexIds: string[]) => void;
  /** The published version the page prints (the abs page's journal reference and DOI). */
  publication?: PrintedPublication | null;
}

interface FrameProps<T extends PanelAnswer> extends PanelProps<T> {
  panel: PanelId;
  title: string;
  /** Contract hooks of the panel element (e.g. data-cited-by), set while it has data. */
  hooks?: Record<string, string>;
  /** A few words shown beside the title while the panel is collapsed (e.g. the count). */
  summary?: string | null;
  /** Why there is nothing when no catalog knows the paper. */
  unmatched?: string;
  /**
   * The panel's body once answered: its data in the ready and empty states, and under the
   * unmatched note what the page itself says of the paper (the paper panel's "Published in").
   */
  children?: ComponentChildren;
}

/** One collapsible panel: heading button, and the loading / error / unmatched / data body. */
export function PanelFrame<T extends PanelAnswer>(props: FrameProps<T>) {
  const { panel, title, loader, collapsed } = props;
  const state = loader.state.value;
  const bodyId = `weft-panel-${panel}`;
  // What the hidden body would say, beside the title of a collapsed panel.
  const summary = !collapsed ? null : state.kind === 'error' ? t('panelFailed') : state.kind === 'loading' ? '…' : props.summary;
  return (
    <section class="panel" data-weft-panel={panel} data-state={state.kind} aria-labelledby={`${bodyId}-h`} {...props.hooks}>
      <h2 id={`${bodyId}-h`}>
        <button type="button" class="toggle" aria-expanded={!collapsed} aria-controls={bodyId} onClick={trusted(props.onToggle)}>
          {title}
          {summary && <span class="summary">{summary}</span>}
        </button>
      </h2>
      <div id={bodyId} class="body" hidden={collapsed} aria-busy={state.kind === 'loading'}>
        {state.kind === 'loading' && <p class="loading">{t('loading')}</p>}
        {state.kind === 'unmatched' && <p class="note">{props.unmatched ?? t('panelUnmatched')}</p>}
        {state.kind === 'error' && (
          <>
            <p class="error" role="alert">
              {failureSentence(state.failure, t('whoCatalogs'))}
            </p>
            <button type="button" class="retry" data-weft-action="retry" onClick={trusted(() => void loader.retry())}>
              {t('retry')}
            </button>
          </>
        )}
        {state.kind !== 'loading' && state.kind !== 'error' && props.children}
      </div>
    </section>
  );
}

/** Semantic Scholar failed and OpenAlex stood in: say so, and offer to ask S2 again. */
export function S2FailureNote({ instead, onRetry }: { instead: string; onRetry: () => void }) {
  return (
    <p class="note">
      {t('s2DidNotAnswer', instead)}{' '}
      <button type="button" class="link" onClick={trusted(onRetry)}>{t('s2AskAgain')}</button>
    </p>
  );
}

/** "Semantic Scholar · updated 2 h ago", and whether the data is a saved copy. */
export function SourceLine({ label, data, refreshFailed }: { label: string; data: { fetchedAt: number; stale: boolean }; refreshFailed: boolean }) {
  const status = refreshFailed ? t('sourceOffline') : data.stale ? t('sourceRefreshing') : '';
  return (
    <p class="source">
      {t('sourceUpdated', label, formatAge(data.fetchedAt))}
      {status}
    </p>
  );
}


