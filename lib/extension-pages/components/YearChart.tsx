import { useSignal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import type { YearCount } from '@/lib/extension-pages/researcher-summary';
import { formatCount, formatInteger, numberFormat } from '@/lib/ui/format';
import { t, type MessageKey } from '@/lib/shared/i18n';

interface Props {
  /** The contract hook: `citations-per-year` or `works-per-year`. */
  hook: string;
  title: string;
  /** "$1 citation", "$1 citations": a count of the unit, singular and plural; and the unit's name, for the table. */
  unit: [MessageKey, MessageKey];
  unitName: string;
  series: YearCount[];
  /** Where the numbers come from and how old they are. */
  source: string;
}

const W = 560;
const H = 190;
const TOP = 22;
const BOTTOM = 24;
const compact = numberFormat({ notation: 'compact', maximumFractionDigits: 1 });

/**
 * Counts per year as bars, hand-drawn SVG. Each bar is focusable (one tab stop; ← → Home End
 * move between years) and says its value on hover and focus; the table below says the same.
 */
export function YearChart({ hook, title, unit, unitName, series, source }: Props) {
  const active = useSignal<number | null>(null);
  const focusIndex = useSignal(series.length - 1);
  const bars = useRef<(SVGGElement | null)[]>([]);
  const titleId = `chart-${hook}-title`;
  const max = Math.max(1, ...series.map((s) => s.count));
  const slot = W / Math.max(1, series.length);
  const barW = Math.min(40, slot * 0.7);
  const y = (n: number) => TOP + (H - TOP - BOTTOM) * (1 - n / max);
  const label = (s: YearCount) => t('yearValue', s.year, formatCount(s.count, ...unit));

  function onKey(e: KeyboardEvent) {
    const last = series.length - 1;
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const next = Math.max(0, Math.min(last, focusIndex.value + moves[e.key]!));
    focusIndex.value = next;
    bars.current[next]?.focus();
  }

  const shown = active.value !== null ? series[active.value] : null;
  return (
    <figure class="chart" data-weft-chart={hook} data-state="ready" aria-labelledby={titleId}>
      {/* The block's heading says it to the eye; the figure names itself for screen readers. */}
      <figcaption id={titleId} class="sr-only">
        {title}
      </figcaption>
      {series.length === 0 ? (
        <p class="muted">{t('noYearlyCounts')}</p>
      ) : (
        <>
          <svg viewBox={`0 0 ${W} ${H}`} role="group" aria-labelledby={titleId} onKeyDown={onKey} class="chart-svg">
            <line class="axis" x1={0} x2={W} y1={H - BOTTOM} y2={H - BOTTOM} />
            {series.map((s, i) => {
              const x = i * slot + (slot - barW) / 2;
              const top = y(s.count);
              return (
                <g
                  key={s.year}
                  ref={(el) => void (bars.current[i] = el)}
                  class={active.value === i ? 'bar active' : 'bar'}
                  data-year={s.year}
                  data-count={s.count}
                  role="img"
                  aria-label={label(s)}
                  tabIndex={i === focusIndex.value ? 0 : -1}
                  onFocus={() => {
                    focusIndex.value = i;
                    active.value = i;
                  }}
                  onBlur={() => (active.value = null)}
                  onPointerEnter={() => (active.value = i)}
                  onPointerLeave={() => (active.value = null)}
                >
                  {/* The whole column takes the pointer, so short bars are easy to hover. */}
                  <rect class="hit" x={i * slot} y={0} width={slot} height={H - BOTTOM} />
                  <rect class="fill" x={x} y={top} width={barW} height={Math.max(0, H - BOTTOM - top)} rx={2} />
                  {s.count === 0 && <rect class="zero" x={x} y={H - BOTTOM - 1.5} width={barW} height={1.5} />}
                  <text class="value" x={x + barW / 2} y={top - 5} text-anchor="middle" aria-hidden="true">
                    {compact().format(s.count)}
                  </text>
                  <text class="year" x={x + barW / 2} y={H - 7} text-anchor="middle" aria-hidden="true">
                    {i % Math.ceil(series.length / 12) === 0 || i === series.length - 1 ? `’${String(s.year).slice(2)}` : ''}
                  </text>
                </g>
              );
            })}
          </svg>
          <p class="chart-tip" aria-hidden="true">
            {shown ? label(shown) : t('chartTip', series[0]!.year, series.at(-1)!.year)}
          </p>
          <details class="chart-table">
            <summary>
              {t('table')}<span class="sr-only">{t('ofName', title.toLowerCase())}</span>
            </summary>
            <table>
              <caption class="sr-only">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('year')}</th>
                  <th scope="col">{unitName}</th>
                </tr>
              </thead>
              <tbody>
                {series.map((s) => (
                  <tr key={s.year}>
                    <th scope="row">{s.year}</th>
                    <td>{formatInteger(s.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
      <p class="source">{source}</p>
    </figure>
  );
}
