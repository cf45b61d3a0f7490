/**
 * Paper panels: the paper's citation count, its authors' institutions and related papers. On
 * an abs page in arXiv's sidebar (after "Access Paper"; after the abstract on a layout without
 * the sidebar); on an HTML view beside the article, or in a drawer on narrow windows
 * (panel-dock.tsx). Each panel loads, fails and retries on its own, can be collapsed
 * (remembered as a user setting) or hidden (options page; applied live) and is reachable by
 * keyboard. Hovering or focusing an institution points out its authors' badges.
 *
 * Applies to: https://arxiv.org/abs/2406.05546, https://arxiv.org/abs/hep-th/9901001,
 * https://arxiv.org/abs/2403.10561 (unknown to OpenAlex), https://arxiv.org/abs/1607.08199v2,
 * https://arxiv.org/html/2406.05546v1.
 */
import { effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import type { VNode } from 'preact';
import { panelCss } from '@/components/panel-styles';
import { createPaperPanelState, panelRequest, PANELS, type PanelView, type PaperPanelState } from '@/components/paper-panels';
import type { PanelSlot, PrintedPublication } from '../../arxiv/page-model';
import { mount } from '../mount';
import { themeHost } from '../page-theme';
import { attachStyledShadow, createHost, isOwnHost } from '../shadow-host';
import { dockBesideArticle } from './panel-dock';
import { PANEL_IDS, type PanelId, type Visibility } from '../../shared/settings/settings';
import type { Feature } from './types';
import { t } from '@/lib/shared/i18n';

const HIGHLIGHT = 'data-weft-highlight';
/** How long a panel that `waits` (components/paper-panels.ts) waits for the features before it. */
const WAIT_MS = 1500;

/**
 * Marks the badges of some authors: those showing one of the given OpenAlex profiles (the
 * badges' own hooks say whom they show, on every page type).
 */
function createHighlighter() {
  let lit: Element[] = [];

  function clear(): void {
    lit.forEach((el) => el.removeAttribute(HIGHLIGHT));
    lit = [];
  }

  function show(openalexIds: string[]): void {
    clear();
    // Weft's own badges only: a page may carry elements of the same name and hooks.
    lit = openalexIds.flatMap((id) => [...document.querySelectorAll(`weft-author[data-openalex-id="${CSS.escape(id)}"]`)].filter(isOwnHost));
    lit.forEach((el) => el.setAttribute(HIGHLIGHT, ''));
  }

  return { show, clear };
}

/** Mounts the panel host, with the group in its shadow root, where its reader found room. */
function mountAt(slot: PanelSlot, host: HTMLElement, group: () => VNode, abort: AbortSignal): void {
  if (slot.kind === 'beside') return dockBesideArticle(slot, host, group, abort);
  slot.parent.insertBefore(host, slot.before);
  abort.addEventListener('abort', mount(group, attachStyledShadow(host, panelCss)));
}

function PanelGroup({ state, show, collapsed, toggle, highlight, publication }: {
  state: PaperPanelState;
  publication: PrintedPublication | null | undefined;
  show: ReadonlySignal<Visibility>;
  collapsed: Signal<ReadonlySet<PanelId>>;
  toggle: (id: PanelId) => void;
  highlight: (openalexIds: string[]) => void;
}) {
  const shut = collapsed.value;
  return (
    <div class="group" role="region" aria-label={t('panelsRegion')}>
      {PANEL_IDS.map((id) => {
        const View = PANELS[id].view as PanelView;
        return show.value[id] && <View loader={state[id]} collapsed={shut.has(id)} onToggle={() => toggle(id)} onHighlight={highlight} publication={publication} />;
      })}
    </div>
  );
}

export const paperPanels: Feature = {
  id: 'paper-panels',
  shown: (show) => PANEL_IDS.some((id) => show[id]),
  early: (head, show) => PANEL_IDS.filter((id) => show[id] && !PANELS[id].waits).map((id) => panelRequest(PANELS[id], head)),
  async run({ page: { papers: [page], panelSlot: slot }, signal: abort, ask, show, settings, earlier, theme }) {
    if (!page) return;
    if (!slot) {
      console.warn('Weft: no place for the paper panels on this page; none added.');
      return;
    }
    // Already there (script injected twice); a page's own element of that name is not Weft's.
    if ([...document.querySelectorAll('weft-panels')].some(isOwnHost)) return;
    const state = createPaperPanelState(page, ask);
    // A panel loads once it is shown: a hidden one costs no request.
    const loads = new Map<PanelId, Promise<void>>();
    const inLine = Promise.race([earlier, new Promise<void>((resolve) => setTimeout(resolve, WAIT_MS))]);
    const loadShown = () => {
      for (const id of PANEL_IDS) {
        if (!show.value[id] || loads.has(id)) continue;
        loads.set(id, PANELS[id].waits ? inLine.then(() => (abort.aborted ? undefined : state[id].start())) : state[id].start());
      }
    };
    loadShown();
    const loading = Promise.all(loads.values());

    // Known before the first render (the page's settings), so a collapsed panel never flashes open.
    const collapsed = signal<ReadonlySet<PanelId>>(new Set(settings.value.collapsed));
    const toggle = (id: PanelId) => {
      const next = new Set(collapsed.value);
      if (!next.delete(id)) next.add(id);
      collapsed.value = next;
      ask({ type: 'set-collapsed-panels', ids: [...next] }).catch((e: unknown) => console.warn('Weft: could not save the panel layout', e));
    };
    const highlighter = createHighlighter();

    const host = createHost('weft-panels');
    const unTheme = themeHost(host, theme);
    mountAt(slot, host, () => <PanelGroup state={state} show={show} collapsed={collapsed} toggle={toggle} highlight={highlighter.show} publication={page.publication} />, abort);
    const stopLoading = effect(loadShown);
    abort.addEventListener('abort', () => {
      stopLoading();
      unTheme();
      highlighter.clear();
      host.remove();
    });
    await loading;
  },
};
