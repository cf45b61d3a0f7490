import { pausedTitle, pausedWhy } from '@/lib/ui/describe-failure';

/** Weft paused on this page: it asked for more than its share of the day (docs/reliability.md, Messages). */
export function PausedNotice({ until }: { until: number }) {
  return (
    <div class="line" role="status" data-weft-notice="paused">
      <span>
        <b>{pausedTitle()}</b>. {pausedWhy(until)}
      </span>
    </div>
  );
}
