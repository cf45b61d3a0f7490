import type { ListingProgress as Progress } from '@/lib/ui/listing-profiles';
import { formatInteger } from '@/lib/ui/format';
import { trusted } from '@/lib/ui/trusted';
import { t } from '@/lib/shared/i18n';

interface Props {
  progress: Progress;
  onDismiss: () => void;
}

/** "Weft: 120 of 412 papers": how far a long listing's badges have loaded, with a way to hide it. */
export function ListingProgress({ progress, onDismiss }: Props) {
  return (
    <div class="line" data-weft-progress={String(progress.settled)}>
      <span role="status">
        {t('listingProgress', formatInteger(progress.settled), formatInteger(progress.total))}
      </span>
      <button type="button" aria-label={t('hideProgress')} title={t('hide')} onClick={trusted(onDismiss)}>
        ×
      </button>
    </div>
  );
}
