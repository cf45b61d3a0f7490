import type { WireError } from '@/lib/background/protocol';
import { describeFailure } from '@/lib/ui/describe-failure';
import './notice.css';
import { t } from '@/lib/shared/i18n';

interface Props {
  failure: WireError;
  /** What could not be loaded, e.g. "Papers" (the title says what went wrong). */
  what?: string;
  onRetry?: () => void;
}

/** A failure the reader can act on: what went wrong, what to do, and Retry when that can help. */
export function FailureNotice({ failure, what, onRetry }: Props) {
  const text = describeFailure(failure);
  const budget = failure.kind === 'budget-exhausted';
  return (
    <div class={budget ? 'notice budget' : 'notice error'} role="alert" data-weft-failure={failure.kind}>
      <p class="notice-title">{what ? t('labelled', what, text.title) : text.title}</p>
      <p class="notice-detail">{text.detail}</p>
      {text.retryable && onRetry && (
        <button type="button" class="action" data-weft-action="retry" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}
