import type { CoauthorNetwork } from '@/lib/extension-pages/researcher-summary';
import { formatCount, formatInteger } from '@/lib/ui/format';
import { displayText } from '@/lib/ui/plain-text';
import { researcherPageUrl } from '@/lib/shared/researcher-link';
import { t } from '@/lib/shared/i18n';

interface Props {
  name: string;
  network: CoauthorNetwork;
  /** Works the network is drawn from. */
  works: number;
}

const W = 560;
const H = 380;
const CX = W / 2;
const CY = H / 2;
const RING = 125;
const LABEL_MAX = 20;

const short = (s: string) => (s.length > LABEL_MAX ? `${s.slice(0, LABEL_MAX - 1)}…` : s);
const shared = (n: number) => formatCount(n, 'sharedWork', 'sharedWorks');

/**
 * The most frequent co-authors as a small graph: the researcher in the middle, each co-author
 * on a ring (most frequent at the top, clockwise), the line's weight = shared works; a dashed
 * line joins two co-authors who share works too. A click on a node opens that co-author's page.
 * The drawing is for the eye: the list after it has the same content, with the links, for
 * keyboard and screen readers.
 */
export function CoauthorGraph({ name, network, works }: Props) {
  const { nodes, links } = network;
  const max = Math.max(1, ...nodes.map((n) => n.sharedWorks));
  const at = new Map(
    nodes.map((n, i) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * i) / nodes.length;
      return [n.id, { x: CX + RING * Math.cos(angle), y: CY + RING * Math.sin(angle), angle }];
    }),
  );
  const radius = (k: number) => 6 + 10 * Math.sqrt(k / max);
  return (
    <div class="coauthors">
      <svg class="graph" viewBox={`0 0 ${W} ${H}`} aria-hidden="true">
        {links.map((l) => {
          const a = at.get(l.a)!;
          const b = at.get(l.b)!;
          return <line key={`${l.a}-${l.b}`} class="link-co" x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke-width={0.75 + l.works / max} />;
        })}
        {nodes.map((n) => {
          const p = at.get(n.id)!;
          return <line key={n.id} class="link-main" x1={CX} y1={CY} x2={p.x} y2={p.y} stroke-width={1 + (5 * n.sharedWorks) / max} />;
        })}
        <circle class="node-self" cx={CX} cy={CY} r={18} />
        <text class="label-self" x={CX} y={CY + 34} text-anchor="middle">{short(name)}</text>
        {nodes.map((n) => {
          const p = at.get(n.id)!;
          const right = Math.cos(p.angle) >= -0.01;
          const label = displayText(n.name) || n.id;
          return (
            // Not a focusable link: the drawing is hidden from assistive technology, and the list below has the links.
            <g key={n.id} class="node-link" onClick={() => location.assign(researcherPageUrl(n.id))} data-weft-coauthor={n.id} data-shared-works={n.sharedWorks}>
              <title>{t('labelled', label, shared(n.sharedWorks))}</title>
              <circle class="node" cx={p.x} cy={p.y} r={radius(n.sharedWorks)} />
              <text class="label" x={p.x + (right ? 1 : -1) * (radius(n.sharedWorks) + 4)} y={p.y + 4} text-anchor={right ? 'start' : 'end'}>
                {short(label)}
              </text>
            </g>
          );
        })}
      </svg>
      <ol class="coauthor-list">
        {nodes.map((n) => (
          <li key={n.id}>
            <a href={researcherPageUrl(n.id)} data-weft-coauthor={n.id} data-shared-works={n.sharedWorks}>
              {displayText(n.name) || n.id}
            </a>
            <span class="muted"> · {shared(n.sharedWorks)}</span>
          </li>
        ))}
      </ol>
      <p class="source">
        {t(
          'coauthorsNote',
          nodes.length === network.total ? '' : t('mostFrequentOf', formatInteger(nodes.length), formatInteger(network.total)),
          formatCount(works, 'workCount', 'worksCount'),
        )}
      </p>
    </div>
  );
}
