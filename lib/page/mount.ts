/**
 * How content scripts show their UI: `view()` rendered into a root, and rendered again whenever
 * a signal its components read while rendering changes (the root's effect follows what they
 * read). So page code needs neither @preact/signals' Preact integration nor preact/hooks, about
 * 1.6 kB of each content script gzipped (a content script stays under 30 kB; docs/architecture.md):
 * its components read `.value` as they render, and a component with state of its own keeps it
 * in signals on a class component. A change renders its whole root again: a badge, the card, the
 * panels, a progress line.
 */
import { effect, untracked } from '@preact/signals-core';
import { render, type VNode } from 'preact';

/**
 * Renders `view()` into `root` now and after every change it read; `then` runs after each
 * render (what it reads is not followed). Returns what unmounts it.
 */
export function mount(view: () => VNode, root: Element | ShadowRoot, then?: () => void): () => void {
  const stop = effect(() => {
    render(view(), root);
    if (then) untracked(then);
  });
  return () => {
    stop();
    render(null, root);
  };
}
