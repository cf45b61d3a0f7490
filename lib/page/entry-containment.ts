/**
 * Lets the browser skip the entries of a long listing that are far from the viewport. Every frame
 * that changes anything on a 2,000-entry page costs a walk over all of its boxes (style, layout,
 * pre-paint, paint): 40–60 ms on a slow machine however little changed, so each frame that drew
 * badges while the reader scrolled was a long one (docs/performance.md, "Drawing badges without
 * jank"). With `content-visibility: auto` the browser renders only the entries near the viewport.
 * An entry skipped keeps the room it took (`contain-intrinsic-block-size`), so the page is as long
 * as before and the scrollbar does not move; once rendered, the browser remembers its size (`auto`).
 * What is skipped is still found by find-in-page, selected, read by screen readers and printed.
 * A contained entry clips what overflows it, so one that overflows is not contained.
 */

/** The style properties set, each removed again when Weft stops. */
const PROPERTIES = ['content-visibility', 'contain-intrinsic-block-size'] as const;

/** Pixels of a computed length such as "4.5px". */
const px = (length: string) => Number.parseFloat(length) || 0;

/**
 * The room `element` will take once contained: its box, and the top and bottom margins of its
 * children that collapsed through its edges (arXiv's `.list-title` has `margin-top: .25em`):
 * a contained element holds them inside its own box.
 */
function containedHeight(element: HTMLElement): number {
  const box = element.getBoundingClientRect();
  const own = getComputedStyle(element);
  const prev = element.previousElementSibling;
  const next = element.nextElementSibling;
  const above = prev ? box.top - prev.getBoundingClientRect().bottom - Math.max(px(own.marginTop), px(getComputedStyle(prev).marginBottom)) : 0;
  const below = next ? next.getBoundingClientRect().top - box.bottom - Math.max(px(own.marginBottom), px(getComputedStyle(next).marginTop)) : 0;
  return box.height + Math.max(0, above) + Math.max(0, below);
}

/** Contains `elements` (entries of one long page) from the next frame on, until `abort`. */
export function containEntries(elements: readonly HTMLElement[], abort: AbortSignal): void {
  const frame = requestAnimationFrame(() => {
    // Every read, then every write: one layout, not one per entry. An entry wider than its box
    // (a long unbroken URL in a narrow window) is left as it is: contained, it would be clipped.
    const heights = elements.map((element) => (element.scrollWidth > element.clientWidth ? null : containedHeight(element)));
    elements.forEach((element, k) => {
      if (heights[k] === null) return;
      element.style.setProperty('contain-intrinsic-block-size', `auto ${heights[k]}px`);
      element.style.setProperty('content-visibility', 'auto');
    });
  });
  abort.addEventListener('abort', () => {
    cancelAnimationFrame(frame);
    for (const element of elements) for (const property of PROPERTIES) element.style.removeProperty(property);
  });
}
