/**
 * Lets the browser skip the entries of a long listing that are far from the viewport. Every frame
 * that changes anything on a 2,000-entry page costs a walk over all of its boxes (style, layout,
 * pre-paint, paint): 40–60 ms on a slow machine however little changed, so each frame that drew
 * badges while the reader scrolled was a long one (docs/performance.md, "Drawing badges without
 * jank"). With `content-visibility: auto` the browser renders only the entries near the viewport.
 * An entry skipped keeps the room it took (`contain-intrinsic-block-size`), so the page is as long
 * as before and the scrollbar does not move; once rendered, the browser remembers its size (`auto`).
 * The lists that hold the entries (a listing has one per day or section) are contained the same
 * way: an entry that grows moves only the rest of its own list, and the lists after it move whole,
 * so the walk that follows covers one list, not the page.
 * What is skipped is still found by find-in-page, selected, read by screen readers and printed.
 * A contained entry clips what overflows it, so one that overflows is not contained.
 */

/** Pixels of a computed length such as "4.5px". */
const px = (length: string) => Number.parseFloat(length) || 0;

/** Whether `element` is wider than its box (a long unbroken URL in a narrow window): contained, it would be clipped. */
const overflows = (element: Element) => element.scrollWidth > element.clientWidth;

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

/** Sets `element`'s inline `property` until `restore` runs, which puts back what the page had. */
function setUntil(element: HTMLElement, property: string, value: string, restore: (() => void)[]): void {
  const had = element.style.getPropertyValue(property);
  const priority = element.style.getPropertyPriority(property);
  element.style.setProperty(property, value);
  restore.push(() => (had ? element.style.setProperty(property, had, priority) : element.style.removeProperty(property)));
}

/**
 * Contains the lists that hold the entries (a listing has one per day or section): skipped whole,
 * an entry that grows moves only the rest of its own list, and the walk that follows covers one
 * list, not the page. A list's first and last children's margins collapse through its edges
 * (arXiv puts each day's heading inside its list); contained, it would hold them whole and
 * everything in and after it would move. So, list by list in the page's order, its first child's
 * top margin becomes what keeps that child where it was, its last child's bottom margin what keeps
 * the next element where it was, and the list keeps the room in between.
 */
function containLists(lists: readonly HTMLElement[], restore: (() => void)[]): void {
  // Where each list's first and last children and the element after it are before the lists
  // change (the entries, contained just before, kept their room: nothing has moved).
  const before = lists.map((list) => {
    const first = list.firstElementChild as HTMLElement | null;
    const last = list.lastElementChild as HTMLElement | null;
    if (!first || !last || overflows(list)) return null;
    const next = list.nextElementSibling;
    return { list, first, last, top: first.getBoundingClientRect().top, bottom: last.getBoundingClientRect().bottom, next: next && { element: next, top: next.getBoundingClientRect().top } };
  });
  for (const was of before) {
    if (!was) continue;
    const { list, first, last, next } = was;
    const own = getComputedStyle(list);
    setUntil(list, 'content-visibility', 'auto', restore);
    // Read after the write: where the contained list's content now starts (one layout per list).
    const contentTop = list.getBoundingClientRect().top + px(own.borderTopWidth) + px(own.paddingTop);
    const marginTop = was.top - contentTop;
    setUntil(first, 'margin-top', `${marginTop}px`, restore);
    let marginBottom = px(getComputedStyle(last).marginBottom);
    const room = () => marginTop + (was.bottom - was.top) + marginBottom;
    // The room first, for what follows to be measured: a skipped list without it takes none.
    setUntil(list, 'contain-intrinsic-block-size', `auto ${room()}px`, restore);
    if (next) {
      marginBottom += next.top - next.element.getBoundingClientRect().top;
      setUntil(last, 'margin-bottom', `${marginBottom}px`, restore);
      setUntil(list, 'contain-intrinsic-block-size', `auto ${room()}px`, restore);
    }
  }
}

/** Contains `entries` (of one long page) and the lists that hold them from the next frame on, until `abort`. */
export function containEntries(entries: readonly HTMLElement[], abort: AbortSignal): void {
  const lists = new Set<HTMLElement>();
  for (const entry of entries) if (entry.parentElement) lists.add(entry.parentElement);
  const restore: (() => void)[] = [];
  const frame = requestAnimationFrame(() => {
    // Every read, then every write: one layout, not one per entry. An entry that overflows is left as it is.
    const heights = entries.map((element) => (overflows(element) ? null : containedHeight(element)));
    entries.forEach((element, k) => {
      if (heights[k] === null) return;
      setUntil(element, 'contain-intrinsic-block-size', `auto ${heights[k]}px`, restore);
      setUntil(element, 'content-visibility', 'auto', restore);
    });
    containLists([...lists], restore);
  });
  abort.addEventListener('abort', () => {
    cancelAnimationFrame(frame);
    // In reverse, so that a property set twice gets back what the page had.
    for (const undo of restore.reverse()) undo();
  });
}
