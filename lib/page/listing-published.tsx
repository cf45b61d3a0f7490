/**
 * A listing or search entry's "Published in" label (docs/features.md, Published in): the version
 * of record the entry's answer names (it comes with the badges' batch, no request of its own),
 * else the journal reference and DOI the entry prints; nothing until the entry is answered, and
 * nothing when neither names one. Most entries never have one, so the host is made only for
 * those that do, in a frame the listing draws (`sync`), right after the entry's author list.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { publishedLink, publishedSource } from '@/components/PublishedLine';
import { publishedCss } from '@/components/styles';
import type { PagePaper } from '../arxiv/page-model';
import { shownPublished, type Published } from '../catalog/published';
import { mount } from './mount';
import { attachStyledShadow, createHost } from './shadow-host';

/** The label: the version of record, and who says so as its tooltip and for screen readers. */
function Label({ published }: { published: Published }) {
  const by = publishedSource(published.source);
  return (
    <p title={by}>
      {publishedLink(published)} <span class="sr-only">{by}</span>
    </p>
  );
}

export interface PublishedLabel {
  /** Brings the label up to the entry's answer: made and placed when it first has something to show. */
  sync(): void;
  dispose(): void;
}

export function createPublishedLabel(paper: PagePaper, answered: ReadonlySignal<Published | null | undefined>): PublishedLabel {
  let host: HTMLElement | null = null;
  let unmount: (() => void) | undefined;
  const shown = signal<Published | null>(null);
  return {
    sync() {
      const named = answered.peek();
      const next = named === undefined ? null : shownPublished(named, paper.publication);
      if (!next && !host) return;
      if (!host) {
        // No data-weft-paper: that hook names author badges (docs/test-contract.md); the label is in its entry.
        host = createHost('weft-published');
        unmount = mount(() => (shown.value ? <Label published={shown.value} /> : <></>), attachStyledShadow(host, publishedCss));
        if (paper.authorsElement) paper.authorsElement.after(host);
        else paper.element.append(host);
      }
      shown.value = next;
      // The contract's hooks (docs/test-contract.md, Listing and search pages): the DOI ('' for none) and who named it.
      if (next) {
        host.setAttribute('data-weft-published', next.doi ?? '');
        host.setAttribute('data-source', next.source);
      } else {
        host.removeAttribute('data-weft-published');
        host.removeAttribute('data-source');
      }
      host.hidden = !next;
    },
    dispose() {
      unmount?.();
      host?.remove();
    },
  };
}
