import type { Positions } from '@/lib/extension-pages/researcher-summary';
import { formatCount, formatInteger, numberFormat } from '@/lib/ui/format';
import { t, type MessageKey } from '@/lib/shared/i18n';

const KINDS = ['first', 'middle', 'last', 'single'] as const;

const LABELS = { first: 'firstAuthor', middle: 'middleAuthor', last: 'lastAuthor', single: 'singleAuthor' } as const satisfies Record<(typeof KINDS)[number], MessageKey>;

const percent = numberFormat({ style: 'percent', maximumFractionDigits: 0 });

/** Where the person stands in the author lists of the works loaded: one stacked bar and its counts. */
export function AuthorPositions({ p, loaded }: { p: Positions; loaded: number }) {
  const pct = (n: number) => (p.known ? percent().format(n / p.known) : '–');
  return (
    <div class="positions" data-weft-field="positions" data-known={p.known}>
      <div class="position-bar" aria-hidden="true">
        {KINDS.map((k) => p[k] > 0 && <span key={k} class={`pos-${k}`} style={{ flexGrow: p[k] }} />)}
      </div>
      <dl class="position-counts">
        {KINDS.map((k) => (
          <div key={k} data-weft-position={k} data-count={p[k]}>
            <dt>
              <span class={`swatch pos-${k}`} aria-hidden="true" />
              {t(LABELS[k])}
            </dt>
            <dd>
              {formatInteger(p[k])} <span class="muted">({pct(p[k])})</span>
            </dd>
          </div>
        ))}
      </dl>
      <p class="source">
        {t('positionsAcross', formatCount(p.known, 'workCount', 'worksCount'), p.unknown > 0 ? t('positionsOfLoaded', formatInteger(loaded)) : '')}
      </p>
    </div>
  );
}
