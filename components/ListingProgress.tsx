import type { ListingProgress as Progress } from '@/lib/ui/listing-profiles';
import { formatInteger } from '@/lib/ui/format';
import { trusted } from '@/lib/ui/trusted';

interface Props {
  progress: Progress;
  onDismiss: () => void;
}

/** "Weft: 120 of 412 papers": how far a long listing's badges have loaded, with a way to hide it. */
export function ListingProgress({ progress, onDismiss }: Props) {
  return (
    <div class="line" data-weft-progress={String(progress.settled)}>
      <span role="status">
        Weft: {formatInteger(progress.settled)} of {formatInteger(progress.total)} papers
      </span>
      <button type="button" aria-label="Hide Weft’s progress on this page" title="Hide" onClick={trusted(onDismiss)}>
        ×
      </button>
    </div>
  );
}
