import { catalogsDiffer } from '@/lib/catalog/sources';
import type { AuthorEntry } from '@/lib/ui/author-profiles';
import { trusted } from '@/lib/ui/trusted';

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
          <button {...common} class="quiet" aria-label={`not loaded — ${entry.name}: ${state.reason}`} title={state.reason}>
            not loaded
          </button>
        );
      }
      const identifying = state.kind === 'loading' && !!state.identifying;
      // The same placeholder (its size never changes); what is happening is said in words.
      const doing = state.kind === 'idle' ? 'profile not loaded yet' : identifying ? 'identifying the author of a paper no catalog has yet' : 'loading profile';
      return (
        <button {...common} class={identifying ? 'loading identifying' : state.kind} aria-label={`${entry.name}: ${doing}`} title={identifying ? 'Identifying…' : undefined}>
          <span aria-hidden="true">h ··</span>
        </button>
      );
    }
    case 'unmatched':
      return (
        <button {...common} class="quiet" aria-label={`no profile: ${entry.name} has no catalog profile Weft can vouch for`} title="No profile">
          no profile
        </button>
      );
    case 'error':
      return (
        <button
          type="button"
          class="error"
          data-weft-action="retry"
          aria-label={`${entry.name}: profile failed to load. Retry`}
          title={`${state.message} — click to retry`}
          onClick={trusted(onRetry)}
        >
          <span aria-hidden="true">↻ retry</span>
        </button>
      );
    case 'ready': {
      const h = state.metrics.hIndex;
      const guess = state.match === 'guess';
      // The visible text starts the accessible name (WCAG 2.5.3).
      const text = `h ${h ?? '–'}${guess ? '?' : ''}`;
      const differ = !!state.s2 && state.metrics.source !== 's2' && catalogsDiffer(h, state.s2.hIndex);
      const label = [
        `${text} — ${entry.name}${guess ? ', possibly' : ''}: h-index ${h ?? 'unknown'}`,
        state.metrics.citedBy !== null ? `${state.metrics.citedBy} citations` : null,
        differ ? `Semantic Scholar says h-index ${state.s2!.hIndex}` : null,
      ].filter(Boolean).join(', ');
      return (
        <button {...common} class={[guess ? 'guess' : '', differ ? 'differ' : ''].join(' ').trim() || undefined} aria-label={`${label}. Show profile`}>
          {text}
        </button>
      );
    }
  }
}
