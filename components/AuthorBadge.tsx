import { catalogsDiffer } from '@/lib/catalog/sources';
import type { AuthorEntry } from '@/lib/ui/author-profiles';
import { trusted } from '@/lib/ui/trusted';
import { describeFailure } from '@/lib/ui/describe-failure';
import { t } from '@/lib/shared/i18n';
import { formatCount, formatInteger } from '@/lib/ui/format';

interface Props {
  entry: AuthorEntry;
  expanded: boolean;
  onOpen: (how: 'click' | 'hover' | 'focus') => void;
  onLeave: () => void;
  onRetry: () => void;
}

/** The compact pill next to an author's name: h-index, or what is happening instead. */
export function AuthorBadge({ entry, expanded, onOpen, onLeave, onRetry }: Props) {
  const state = entry.state.value;
  const common = {
    type: 'button' as const,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': expanded,
    onClick: trusted(() => onOpen('click')),
    // A card opens only for the reader's own pointer or focus (lib/ui/trusted.ts).
    onMouseEnter: trusted(() => onOpen('hover')),
    onMouseLeave: onLeave,
    onFocus: trusted(() => onOpen('focus')),
    onBlur: onLeave,
  };
  switch (state.kind) {
    case 'idle':
    case 'loading': {
      if (state.kind === 'idle' && state.reason) {
        // Visible text starts the accessible name (WCAG 2.5.3).
        return (
          <button {...common} class="quiet" aria-label={t('badgeNotLoadedLabel', entry.name, state.reason)} title={state.reason}>
            {t('badgeNotLoaded')}
          </button>
        );
      }
      const identifying = state.kind === 'loading' && !!state.identifying;
      // The same placeholder (its size never changes); what is happening is said in words.
      const doing = t(state.kind === 'idle' ? 'badgeNotLoadedYet' : identifying ? 'badgeIdentifyingLabel' : 'badgeLoading', entry.name);
      return (
        <button {...common} class={identifying ? 'loading identifying' : state.kind} aria-label={doing} title={identifying ? t('badgeIdentifying') : undefined}>
          <span aria-hidden="true">h ··</span>
        </button>
      );
    }
    case 'unmatched':
      return (
        <button {...common} class="quiet" aria-label={t('badgeNoProfileLabel', entry.name)} title={t('badgeNoProfileTitle')}>
          {t('badgeNoProfile')}
        </button>
      );
    case 'error':
      return (
        <button
          type="button"
          class="error"
          data-weft-action="retry"
          aria-label={t('badgeErrorLabel', entry.name)}
          title={t('badgeErrorTitle', describeFailure(state.failure, Date.now(), t('whoCatalogs')).title)}
          onClick={trusted(onRetry)}
        >
          <span aria-hidden="true">{t('badgeRetry')}</span>
        </button>
      );
    case 'ready': {
      const h = state.metrics.hIndex;
      const guess = state.match === 'guess';
      // The visible text starts the accessible name (WCAG 2.5.3).
      const text = t(guess ? 'badgeHGuess' : 'badgeH', h === null ? '–' : formatInteger(h));
      const differ = !!state.s2 && state.metrics.source !== 's2' && catalogsDiffer(h, state.s2.hIndex);
      const hIndex = h === null ? t('unknown') : formatInteger(h);
      const label = [
        t(guess ? 'badgeLabelGuess' : 'badgeLabel', text, entry.name, hIndex),
        state.metrics.citedBy !== null ? formatCount(state.metrics.citedBy, 'citationCount', 'citationsCount') : null,
        differ ? t('badgeS2Differs', formatInteger(state.s2!.hIndex!)) : null,
      ].filter(Boolean).join(', ');
      return (
        <button {...common} class={[guess ? 'guess' : '', differ ? 'differ' : ''].join(' ').trim() || undefined} aria-label={t('badgeShowProfile', label)}>
          {text}
        </button>
      );
    }
  }
}
