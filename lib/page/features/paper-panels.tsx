/**
 * Paper panels: in arXiv's sidebar (after "Access Paper"; after the abstract on a layout
 * without the sidebar), the paper's citation count, its authors' institutions and related
 * papers. Each panel loads, fails and retries on its own, can be collapsed (remembered as a
 * user setting) or hidden (options page; applied live) and is reachable by keyboard. Hovering
 * or focusing an institution points out its authors' badges.
 *
 * Applies to: https://arxiv.org/abs/2406.05546, https://arxiv.org/abs/hep-th/9901001,
 * https://arxiv.org/abs/2403.10561 (unknown to OpenAlex), https://arxiv.org/abs/1607.08199v2.
 */
import { effect, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import { render } from 'preact';
import { CitationsPanel } from '@/components/CitationsPanel';
import { InstitutionsPanel } from '@/components/InstitutionsPanel';
import { panelCss } from '@/components/panel-styles';
import { RelatedPanel } from '@/components/RelatedPanel';
import { panelInsertionPoint } from '../../arxiv/readers/abs';
import type { PagePaper } from '../../arxiv/page-model';
import { attachStyledShadow } from '../shadow-host';
import { createPaperPanelState, PANEL_IDS, panelRequests, type PanelId, type PaperPanelState } from '../../ui/paper-panel-state';
import type { Visibility } from '../../shared/settings/settings';
import type { Feature, FeatureContext } from './types';

const HIGHLIGHT = 'data-weft-highlight';
/**
 * Related papers are the one panel whose request no other feature shares (Semantic Scholar's
 * recommendations): it waits for the features before it (the badges), at most this long.
 */
const RELATED_WAIT_MS = 1500;
/** Panels that wait for `FeatureContext.earlier`; the others share the badges' requests. */
const WAITING: ReadonlySet<PanelId> = new Set(['related']);

/**
 * Marks the badges of some authors. Which page author an OpenAlex author is comes from the
 * author matching the badges use (the `paper-authors` answer, aligned with the page's author
 * list), asked once, on the first hover.
 */
function createHighlighter(page: PagePaper, ask: FeatureContext['ask']) {
  let positions: Promise<Map<string, number[]>> | null = null;
  let lit: Element[] = [];
  let turn = 0;

  const positionsById = () =>
    (positions ??= ask({ type: 'paper-authors', arxivId: page.arxivId, names: page.authors.map((a) => a.citationName || a.name) })
      .then((r) => {
        const byId = new Map<string, number[]>();
        r.slots.forEach((slot, i) => {
          const id = slot.openalex?.openalexId;
          if (id) byId.set(id, [...(byId.get(id) ?? []), i]);
        });
        return byId;
      })
      .catch(() => {
        positions = null; // asked again on the next hover
        return new Map<string, number[]>();
      }));

  function clear(): number {
    lit.forEach((el) => el.removeAttribute(HIGHLIGHT));
    lit = [];
    return ++turn;
  }

  async function show(openalexIds: string[]): Promise<void> {
    const mine = clear();
    if (!openalexIds.length || !page.authors.length) return;
    const byId = await positionsById();
    if (mine !== turn) return; // the pointer moved on meanwhile
    lit = openalexIds
      .flatMap((id) => byId.get(id) ?? [])
      .flatMap((i) => document.querySelector(`weft-author[data-weft-author="${i}"]`) ?? []);
    lit.forEach((el) => el.setAttribute(HIGHLIGHT, ''));
  }

  return { show, clear };
}

function PanelGroup({ state, show, collapsed, toggle, highlight }: {
  state: PaperPanelState;
  show: ReadonlySignal<Visibility>;
  collapsed: Signal<ReadonlySet<PanelId>>;
  toggle: (id: PanelId) => void;
  highlight: (openalexIds: string[]) => void;
}) {
  const shut = collapsed.value;
  const shown = show.value;
  return (
    <div role="region" aria-label="Weft: citations, institutions and related papers">
      {shown.paper && <CitationsPanel loader={state.paper} collapsed={shut.has('paper')} onToggle={() => toggle('paper')} />}
      {shown.institutions && (
        <InstitutionsPanel
          loader={state.institutions}
          collapsed={shut.has('institutions')}
          onToggle={() => toggle('institutions')}
          onHighlight={highlight}
        />
      )}
      {shown.related && <RelatedPanel loader={state.related} collapsed={shut.has('related')} onToggle={() => toggle('related')} />}
    </div>
  );
}

export const paperPanels: Feature = {
  id: 'paper-panels',
  pages: ['abs'],
  shown: (show) => PANEL_IDS.some((id) => show[id]),
  early: (head, show) => {
    const requests = panelRequests(head);
    return PANEL_IDS.filter((id) => show[id] && !WAITING.has(id)).map((id) => requests[id]);
  },
  async run({ page: { papers: [page] }, signal: abort, ask, show, settings, earlier }) {
    if (!page) return;
    const point = panelInsertionPoint(document);
    if (!point) {
      console.warn('Weft: no place for the paper panels on this page; none added.');
      return;
    }
    if (document.querySelector('weft-panels')) return; // already there (script injected twice)
    const state = createPaperPanelState(page, ask);
    // A panel loads once it is shown: a hidden one costs no request.
    const loads = new Map<PanelId, Promise<void>>();
    const inLine = Promise.race([earlier, new Promise<void>((resolve) => setTimeout(resolve, RELATED_WAIT_MS))]);
    const loadShown = () => {
      for (const id of PANEL_IDS) {
        if (!show.value[id] || loads.has(id)) continue;
        loads.set(id, WAITING.has(id) ? inLine.then(() => (abort.aborted ? undefined : state[id].start())) : state[id].start());
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
    const highlighter = createHighlighter(page, ask);

    const host = document.createElement('weft-panels');
    point.parent.insertBefore(host, point.before);
    render(
      <PanelGroup state={state} show={show} collapsed={collapsed} toggle={toggle} highlight={(ids) => void highlighter.show(ids)} />,
      attachStyledShadow(host, panelCss),
    );
    const stopLoading = effect(loadShown);
    abort.addEventListener('abort', () => {
      stopLoading();
      highlighter.clear();
      render(null, host.shadowRoot!);
      host.remove();
    });
    await loading;
  },
};
