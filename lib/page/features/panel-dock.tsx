/**
 * Where the paper panels go on an HTML view (docs/arxiv-pages.md, "Layout and the free column"):
 * in the column arXiv leaves free right of the article (from 1280 px on), sticky under its
 * header; on narrower windows, a drawer behind a tab at the window's right edge. Never over the
 * text column. Placed from the page's own boxes rather than its stylesheet, so the older pages
 * (chrome built by script) and arXiv's layout changes land in one of the two as well.
 */
import { batch, signal } from '@preact/signals';
import { render, type VNode } from 'preact';
import { PanelDock, type DockMode } from '@/components/PanelDock';
import { dockCss, panelCss } from '@/components/panel-styles';
import { HTML_VIEW_PREFERENCES, type HtmlLayout } from '../../arxiv/readers/html';
import { attachStyledShadow } from '../shadow-host';

/** Between the text column and the panels, and around them. */
const GAP_PX = 12;
/** A free column narrower than this cannot hold the panels readably: a drawer instead. */
const MIN_COLUMN_PX = 180;
const MAX_COLUMN_PX = 360;
/** Above the page, below Weft's author cards. */
const DRAWER_Z = '2147482000';

interface Placement {
  mode: DockMode;
  /** Viewport px under arXiv's sticky header (0 in reading mode, which hides it). */
  stickyTop: number;
  /** Column mode: the free column's box, in viewport px. */
  left: number;
  top: number;
  width: number;
  height: number;
}

function measure(layout: HtmlLayout): Placement {
  const column = (layout.pageMain ?? layout.article).getBoundingClientRect();
  const right = Math.max(column.right, layout.article.getBoundingClientRect().right);
  const free = document.documentElement.clientWidth - right - 2 * GAP_PX;
  const header = layout.header;
  const stuck = !!header && /^(sticky|fixed)$/.test(getComputedStyle(header).position);
  return {
    mode: free >= MIN_COLUMN_PX ? 'column' : 'drawer',
    stickyTop: (stuck ? header.offsetHeight : 0) + GAP_PX,
    left: right + GAP_PX,
    top: column.top,
    width: Math.min(free, MAX_COLUMN_PX),
    height: column.height,
  };
}

/** Where the host's containing block starts, in viewport px: the document's, or a positioned body's. */
function containingOrigin(): { left: number; top: number } {
  const positioned = [document.documentElement, document.body].find((el) => getComputedStyle(el).position !== 'static');
  return positioned ? positioned.getBoundingClientRect() : { left: -window.scrollX, top: -window.scrollY };
}

function applyPlacement(host: HTMLElement, place: Placement): void {
  const style = host.style;
  style.setProperty('--weft-dock-top', `${place.stickyTop}px`);
  style.visibility = '';
  if (place.mode === 'drawer') {
    Object.assign(style, { position: 'fixed', left: 'auto', right: '0', top: '0', width: '0', height: '0', zIndex: DRAWER_Z });
    return;
  }
  // An absolute box as tall as the text column, beside it: the dock sticks inside it.
  const origin = containingOrigin();
  Object.assign(style, {
    position: 'absolute',
    right: 'auto',
    left: `${place.left - origin.left}px`,
    top: `${place.top - origin.top}px`,
    width: `${place.width}px`,
    height: `${place.height}px`,
    zIndex: '1',
  });
}

/**
 * Mounts `content` (the panel group) in `host` beside the article or in a drawer, and keeps it
 * there as the window, the page's boxes and its reading mode change, until `abort`.
 */
export function dockBesideArticle(layout: HtmlLayout, host: HTMLElement, content: VNode, abort: AbortSignal): void {
  const mode = signal<DockMode>('column');
  const open = signal(true);
  // Out of the page's flow, unseen until first placed.
  Object.assign(host.style, { position: 'absolute', visibility: 'hidden' });
  document.body.append(host);

  let queued = 0;
  const update = () => {
    queued = 0;
    const place = measure(layout);
    applyPlacement(host, place);
    if (place.mode !== mode.peek()) {
      // Each arrangement starts as it is most useful: the column shown, the drawer closed.
      batch(() => {
        mode.value = place.mode;
        open.value = place.mode === 'column';
      });
    }
  };
  const schedule = () => (queued ||= requestAnimationFrame(update));
  // Observations arrive after the browser's layout, so measuring there forces none (on a
  // 300-author page a forced layout is itself a long task); the first one places the dock.
  const resized = new ResizeObserver(update);
  for (const box of [document.body, layout.pageMain, layout.article]) if (box) resized.observe(box);
  // Reading mode hides arXiv's sticky header: the dock moves up with it.
  const readingMode = new MutationObserver(schedule);
  readingMode.observe(document.documentElement, { attributes: true, attributeFilter: [HTML_VIEW_PREFERENCES.readingMode] });
  window.addEventListener('resize', schedule, { signal: abort });

  const close = () => (open.value = false);
  // The drawer covers the page: Escape or a click elsewhere puts it away.
  document.addEventListener('keydown', (e) => e.key === 'Escape' && mode.peek() === 'drawer' && close(), { signal: abort });
  document.addEventListener('pointerdown', (e) => mode.peek() === 'drawer' && !e.composedPath().includes(host) && close(), { signal: abort });
  abort.addEventListener('abort', () => {
    cancelAnimationFrame(queued);
    resized.disconnect();
    readingMode.disconnect();
  });

  render(
    <PanelDock mode={mode} open={open} onToggle={() => (open.value = !open.peek())}>
      {content}
    </PanelDock>,
    attachStyledShadow(host, `${panelCss}${dockCss}`),
  );
}
