/** Tests' way to show a component as on an arXiv page's card (lib/page/mount.ts). */
import type { VNode } from 'preact';
import { mount } from '@/lib/page/mount';

let shown: (() => void) | null = null;

/** Renders `view` in a root of its own, until `unshow()` (call it after each test). */
export function show(view: () => VNode): void {
  unshow();
  const root = document.body.appendChild(document.createElement('div'));
  const stop = mount(view, root);
  shown = () => {
    stop();
    root.remove();
  };
}

/** Removes what `show` rendered, if anything. */
export function unshow(): void {
  shown?.();
  shown = null;
}
