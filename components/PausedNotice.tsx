import { formatReset } from '@/lib/ui/describe-failure';

/** Weft paused on this page: it asked for more than its share of the day (docs/reliability.md, Messages). */
export function PausedNotice({ until }: { until: number }) {
  return (
    <div class="line" role="status" data-weft-notice="paused">
      <span>
        <b>Weft paused on this page</b>: it asked the catalogs for more than one page may in a day. Weft’s other tabs carry
        on; this page resumes {formatReset(until)}.
      </span>
    </div>
  );
}
