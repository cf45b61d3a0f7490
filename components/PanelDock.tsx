import type { ComponentChildren } from 'preact';
import type { ReadonlySignal } from '@preact/signals-core';
import { trusted } from '@/lib/ui/trusted';

/** How the panels sit on an HTML view: in the free column beside the article, or in a drawer. */
export type DockMode = 'column' | 'drawer';

const PANELS_ID = 'weft-dock-panels';

/**
 * The paper panels' frame on an HTML view: a header that folds them away (in the column) or a
 * tab at the window's edge that opens them over the page (the drawer, on narrow windows).
 * Folded, the panels stay in the DOM, hidden.
 */
export function PanelDock({ mode, open, onToggle, children }: {
  mode: ReadonlySignal<DockMode>;
  open: ReadonlySignal<boolean>;
  onToggle: () => void;
  children: ComponentChildren;
}) {
  const shown = open.value;
  return (
    <div class={`dock ${mode.value}`}>
      <button
        type="button"
        class="tab"
        aria-expanded={shown}
        aria-controls={PANELS_ID}
        onClick={trusted(onToggle)}
      >
        Weft
      </button>
      <div id={PANELS_ID} class="panels" hidden={!shown}>
        {children}
      </div>
    </div>
  );
}
