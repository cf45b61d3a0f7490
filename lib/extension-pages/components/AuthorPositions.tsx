import type { Positions } from '@/lib/extension-pages/researcher-summary';
import { formatInteger } from '@/lib/ui/format';

const KINDS = [
  ['first', 'First author'],
  ['middle', 'Middle author'],
  ['last', 'Last author'],
  ['single', 'Single author'],
] as const;

/** Where the person stands in the author lists of the works loaded: one stacked bar and its counts. */
export function AuthorPositions({ p, loaded }: { p: Positions; loaded: number }) {
  const pct = (n: number) => (p.known ? `${Math.round((100 * n) / p.known)}%` : '–');
  return (
    <div class="positions" data-weft-field="positions" data-known={p.known}>
      <div class="position-bar" aria-hidden="true">
        {KINDS.map(([k]) => p[k] > 0 && <span key={k} class={`pos-${k}`} style={{ flexGrow: p[k] }} />)}
      </div>
      <dl class="position-counts">
        {KINDS.map(([k, label]) => (
          <div key={k} data-weft-position={k} data-count={p[k]}>
            <dt>
              <span class={`swatch pos-${k}`} aria-hidden="true" />
              {label}
            </dt>
            <dd>
              {formatInteger(p[k])} <span class="muted">({pct(p[k])})</span>
            </dd>
          </div>
        ))}
      </dl>
      <p class="source">
        Across {formatInteger(p.known)} {p.known === 1 ? 'work' : 'works'} where the position is known
        {p.unknown > 0 && ` (of ${formatInteger(loaded)} loaded: OpenAlex lists at most 100 authors of a work in a list)`}.
      </p>
    </div>
  );
}
