/**
 * Where the paper panels go on an HTML view (docs/arxiv-pages.md, "Layout and the free column"):
 * in the column arXiv leaves free right of the article (from 1280 px on), sticky under its
 * header; on narrower windows, a drawer behind a tab at the window's right edge. Never over the
 * text column. Placed from the page's own boxes rather than its stylesheet, so the older pages
 * (chrome built by script) and arXiv's layout changes land in one of the two as well.
 */
import { batch, signal } from '@preact/signals-core';
import type { VNode } from 'preact';
import { PanelDock, type DockMode } from '@/components/PanelDock';
import { dockCss, panelCss } from '@/components/panel-styles';
import { HTML_VIEW_PREFERENCES } from '../../arxiv/readers/html';
import type { PanelSlot } from '../../arxiv/page-model';

type Beside = Extract<PanelSlot, { kind: 'beside' }>;
import { mount } from '../mount';
import { attachStyledShadow } from '../shadow-host';
import { setOwnStyle } from '../../ui/trusted';

/** Between the text column and the panels, and around them. */
const GAP_PX = 12;
/** A free column narrower than this cannot hold the panels readably: a drawer instead. */
const MIN_COLUMN_PX = 180;
const MAX_COLUMN_PX = 360;
/** Above the page, below Weft's author cards. */
const DRAWER_Z = '2147482000';

/**
 * Places the dock's box from the page's boxes: in column mode an absolute box beside the text
 * column and as tall as it, in which the dock sticks under arXiv's header (--weft-dock-top; 0
 * in reading mode, which hides the header); else a fixed point at the window's right edge. The
 * box is inside the host's shadow root, out of the page's CSS; the host itself is reset and
 * static (lib/page/shadow-host.ts), so the box is placed as the host would be.
 */
function place(box: HTMLElement, layout: Beside): DockMode {
  const column = layout.column.getBoundingClientRect();
  const right = Math.max(column.right, layout.article.getBoundingClientRect().right);
  const free = document.documentElement.clientWidth - right - 2 * GAP_PX;
  const header = layout.header;
  const stuck = !!header && /^(sticky|fixed)$/.test(getComputedStyle(header).position);
  const dockTop = `--weft-dock-top:${(stuck ? header.offsetHeight : 0) + GAP_PX}px`;
  if (free < MIN_COLUMN_PX) {
    setOwnStyle(box, `position:fixed;right:0;top:0;z-index:${DRAWER_Z};${dockTop}`);
    return 'drawer';
  }
  // In document coordinates: arXiv's body has no margin, so a positioned one starts there too.
  setOwnStyle(box, `position:absolute;left:${right + GAP_PX + window.scrollX}px;top:${column.top + window.scrollY}px;width:${Math.min(free, MAX_COLUMN_PX)}px;height:${column.height}px;z-index:1;${dockTop}`);
  return 'column';
}

/**
 * Mounts `content` (the panel group) in `host` beside the article or in a drawer, and keeps it
 * there as the window, the page's boxes and its reading mode change, until `abort`.
 */
export function dockBesideArticle(layout: Beside, host: HTMLElement, content: () => VNode, abort: AbortSignal): void {
  const mode = signal<DockMode>('column');
  const open = signal(true);
  const box = document.createElement('div');
  // Out of the page's flow, unseen until first placed.
  setOwnStyle(box, 'position:absolute;visibility:hidden');
  attachStyledShadow(host, `${panelCss}${dockCss}`).append(box);
  document.body.append(host);

  let queued = 0;
  const update = () => {
    queued = 0;
    const placed = place(box, layout);
    if (placed !== mode.peek()) {
      // Each arrangement starts as it is most useful: the column shown, the drawer closed.
      batch(() => {
        mode.value = placed;
        open.value = placed === 'column';
      });
    }
  };
  const schedule = () => (queued ||= requestAnimationFrame(update));
  // Observations arrive after the browser's layout, so measuring there forces none (on a
  // 300-author page a forced layout is itself a long task); the first one places the dock.
  const resized = new ResizeObserver(update);
  for (const box of [document.body, layout.column, layout.article]) resized.observe(box);
  // Reading mode hides arXiv's sticky header: the dock moves up with it.
  const readingMode = new MutationObserver(schedule);
  readingMode.observe(document.documentElement, { attributes: true, attributeFilter: [HTML_VIEW_PREFERENCES.readingMode] });
  window.addEventListener('resize', schedule, { signal: abort });

  const close = () => (open.value = false);
  // The drawer covers the page: Escape or a click elsewhere puts it away.
  document.addEventListener('keydown', (e) => e.key === 'Escape' && mode.peek() === 'drawer' && close(), { signal: abort });
  document.addEventListener('pointerdown', (e) => mode.peek() === 'drawer' && !e.composedPath().includes(host) && close(), { signal: abort });
  const unmount = mount(
    () => (
      <PanelDock mode={mode} open={open} onToggle={() => (open.value = !open.peek())}>
        {content()}
      </PanelDock>
    ),
    box,
  );
  abort.addEventListener('abort', () => {
    cancelAnimationFrame(queued);
    resized.disconnect();
    readingMode.disconnect();
    unmount();
  });
}
