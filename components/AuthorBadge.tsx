import type { AuthorEntry } from '@/lib/ui/author-profiles';

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
    onClick: () => onOpen('click'),
    onMouseEnter: () => onOpen('hover'),
    onMouseLeave: onLeave,
    onFocus: () => onOpen('focus'),
    onBlur: onLeave,
  };
  switch (state.kind) {
    case 'idle':
    case 'loading':
      return (
        <button {...common} class={state.kind} aria-label={`${entry.name}: ${state.kind === 'idle' ? 'profile not loaded yet' : 'loading profile'}`}>
          <span aria-hidden="true">h ··</span>
        </button>
      );
    case 'unmatched':
      return (
        <button {...common} class="quiet" aria-label={`${entry.name}: no catalog profile`} title="No profile">
          <span aria-hidden="true">no profile</span>
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
          onClick={onRetry}
        >
          <span aria-hidden="true">↻ retry</span>
        </button>
      );
    case 'ready': {
      const h = state.metrics.hIndex;
      // A guess rests on the name and the field alone: the badge says so, not only the card.
      const guess = state.match === 'guess';
      const label = `${entry.name}: ${guess ? 'perhaps the profile with ' : ''}h-index ${h ?? 'unknown'}${state.metrics.citedBy !== null ? `, ${state.metrics.citedBy} citations` : ''}. Show profile`;
      return (
        <button {...common} class={guess ? 'guess' : undefined} aria-label={label} title={guess ? 'A guess from the name and field' : undefined}>
          <span aria-hidden="true">h {h ?? '–'}{guess ? '?' : ''}</span>
        </button>
      );
    }
  }
}
