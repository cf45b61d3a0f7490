/**
 * Weft's controls act on the reader's own input aimed at them, never on what a page script
 * made (docs/reliability.md, Hostile pages). On arXiv pages Weft's UI lives in open shadow
 * roots a page script can reach: it can dispatch events there (untrusted), call `.focus()` on a
 * control (the focus events that follow are trusted), restyle Weft's elements, or wrap them in
 * its own. So an action, or a card opening, runs only when:
 *  - the event is trusted;
 *  - by pointer (a click, a middle click, the pointer coming over a badge): the reader's pointer
 *    went down on this control (or its label), and at the event's position it is the topmost
 *    element, through the shadow roots;
 *  - by keyboard (a click with no pointer, `detail` 0, from Enter or Space; a focus): the reader
 *    moved focus to this control, by Tab or pointer, or Weft moved it there in answer to the
 *    reader (`focusFor`): focus moved there by a page's script does not count;
 *  - the control is shown as Weft drew it: its shadow root holds no style the page added (a
 *    style element, an inline style, a changed or added sheet; undone when found, and the
 *    action refused), every element from it up to the document is mostly opaque, visible and
 *    unfiltered, and it is no larger than the window.
 * Weft's own pages run no foreign script: there every event counts until a content script calls
 * `requireTrustedEvents`. This is the one gate every control uses (`trusted`).
 */

let required = false;
/** The composed path of the reader's last pointer press, and when it was. */
let pressed: readonly EventTarget[] = [];
let pressedAt = -Infinity;
/** The reader's Tab or pointer press being handled now (a focus it causes is theirs). */
let moving: Event | null = null;
/** The element the reader (or Weft, for them) focused; null when focus came from elsewhere. */
let readerFocus: EventTarget | null = null;
/** What `readerFocus` was set in answer to: undone when that key press turns out prevented. */
let focusCause: Event | null = null;
/** Weft is moving focus itself, in answer to the reader. */
let weftMoving: Element | null = null;

/** A click a label passes on to its control follows the press on the label by less than this. */
const LABEL_CLICK_MS = 2_000;
/** The least opacity, multiplied up the tree, at which a control counts as shown. */
const MIN_OPACITY = 0.5;

/** Called by content scripts: from now on, `trusted` handlers act only on the reader's own input. */
export function requireTrustedEvents(): void {
  if (required) return;
  required = true;
  const task = (e: Event) => {
    moving = e;
    setTimeout(() => {
      if (moving === e) moving = null;
      // A page that prevented the key press moved the focus itself.
      if (focusCause === e && e.defaultPrevented) readerFocus = null;
    });
  };
  addEventListener('pointerdown', (e) => {
    if (!e.isTrusted) return;
    pressed = e.composedPath();
    pressedAt = performance.now();
    task(e);
  }, true);
  addEventListener('keydown', (e) => {
    if (e.isTrusted && e.key === 'Tab') task(e);
  }, true);
  watchFocus(window);
}

/**
 * Who moved the focus. Watched on the window and on each of Weft's shadow roots: focus moving
 * within one shadow root is not told outside it.
 */
function watchFocus(target: Window | ShadowRoot): void {
  target.addEventListener('focus', (e) => {
    const el = e.composedPath()[0];
    if (!required || !e.isTrusted || !(el instanceof Element)) return;
    const byReader = weftMoving === el || (moving instanceof KeyboardEvent && !moving.defaultPrevented) || (moving instanceof PointerEvent && pressed.includes(el));
    // The same element focused again as its window comes back keeps what it was.
    if (el === readerFocus && !byReader) return;
    readerFocus = byReader ? el : null;
    focusCause = byReader ? moving : null;
    // One press moves focus once: a script focusing something else in the same task does not ride on it.
    if (byReader && weftMoving !== el) moving = null;
  }, true);
  target.addEventListener('blur', (e) => {
    // Focus leaving within the page (not the window going to the background) ends the reader's focus.
    if (e.isTrusted && e.composedPath()[0] === readerFocus && document.hasFocus()) readerFocus = null;
  }, true);
}

/** Moves focus to `el` in answer to the reader's input (Escape back to a badge): it counts as theirs. */
export function focusFor(el: Element | null | undefined): void {
  if (!(el instanceof HTMLElement)) return;
  weftMoving = el;
  try {
    el.focus({ preventScroll: true });
  } finally {
    weftMoving = null;
  }
}

/** The composed parent: the parent element, or the host of a shadow root. */
function up(el: Element): Element | null {
  const root = el.parentNode;
  if (root instanceof ShadowRoot) return root.host;
  return el.parentElement;
}

/** Whether `el` or one of the elements it stands for (its labels) holds `target`. */
function holds(control: Element, target: unknown): boolean {
  const labels = 'labels' in control ? [...((control as HTMLInputElement).labels ?? [])] : [];
  return target instanceof Node && [control, ...labels].some((c) => c === target || c.contains(target));
}

/** The topmost element at (x, y), through open shadow roots. */
function topmostAt(x: number, y: number): Element | null {
  let el = document.elementFromPoint(x, y);
  while (el?.shadowRoot) {
    const inner = el.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === el) break;
    el = inner;
  }
  return el;
}

// --- Styles: what Weft gave each of its shadow roots, so that a page's change can be found and undone.
const rootSheets = new WeakMap<ShadowRoot, { sheets: CSSStyleSheet[]; style: { el: HTMLStyleElement; text: string } | null }>();
const sheetText = new WeakMap<CSSStyleSheet, { css: string; rules: string }>();
const ownStyles = new WeakMap<Element, string>();

const rulesOf = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((r) => r.cssText).join('\n');

/**
 * Takes one of Weft's shadow roots (shadow-host.ts) under watch: who focuses its controls, and
 * the styles Weft gave it (its adopted sheets, made from `css`, or the one style element it
 * added where sheets cannot be adopted).
 */
export function guardRoot(root: ShadowRoot, sheets: readonly CSSStyleSheet[], css: readonly string[], style: HTMLStyleElement | null = null): void {
  watchFocus(root);
  sheets.forEach((sheet, i) => {
    if (!sheetText.has(sheet)) sheetText.set(sheet, { css: css[i]!, rules: rulesOf(sheet) });
  });
  rootSheets.set(root, { sheets: [...sheets], style: style && { el: style, text: style.textContent ?? '' } });
}

/** Sets an inline style of Weft's own (a card's or dock's position): the one kind `restyled` leaves. */
export function setOwnStyle(el: HTMLElement, css: Partial<Record<'left' | 'top', string>> | string): void {
  if (typeof css === 'string') el.style.cssText = css;
  else Object.assign(el.style, css);
  ownStyles.set(el, el.getAttribute('style') ?? '');
}

/** Firefox's content scripts' copier of a value into the page's own objects (absent elsewhere). */
declare const cloneInto: (<T>(value: T, scope: object) => T) | undefined;

/**
 * Where Weft styles a root with a style element (Firefox's content scripts), a page's adopted
 * sheets are the page's change: removed, and said. Firefox refuses a content script the property
 * through its Xray wrapper, so it is read through the page's own view of the root; where even
 * that fails, the computed-style checks of `shownAsDrawn` still stand.
 */
function clearPageSheets(root: ShadowRoot): boolean {
  const view = (root as ShadowRoot & { wrappedJSObject?: ShadowRoot }).wrappedJSObject ?? root;
  try {
    if (!view.adoptedStyleSheets.length) return false;
  } catch {
    return false;
  }
  try {
    // An array of the page's own: Firefox refuses the page's setter one from the content script.
    view.adoptedStyleSheets = typeof cloneInto === 'function' ? cloneInto([], window) : [];
  } catch {
    // Left in place: the action is refused all the same.
  }
  return true;
}

/** Whether the page changed the styles of `root`; what it changed is undone. */
function restyled(root: ShadowRoot): boolean {
  const own = rootSheets.get(root);
  if (!own) return false;
  let changed = false;
  for (const sheet of own.sheets) {
    const text = sheetText.get(sheet)!;
    if (rulesOf(sheet) !== text.rules) {
      changed = true;
      sheet.replaceSync(text.css);
    }
  }
  if (own.style) changed = clearPageSheets(root) || changed;
  else {
    const adopted = root.adoptedStyleSheets;
    if (adopted.length !== own.sheets.length || adopted.some((s, i) => s !== own.sheets[i])) {
      changed = true;
      root.adoptedStyleSheets = own.sheets;
    }
  }
  if (own.style && (own.style.el.textContent !== own.style.text || own.style.el.parentNode !== root)) {
    changed = true;
    own.style.el.textContent = own.style.text;
    root.prepend(own.style.el);
  }
  for (const el of root.querySelectorAll('style, link')) {
    if (el === own.style?.el) continue;
    changed = true;
    el.remove();
  }
  for (const el of root.querySelectorAll('[style]')) {
    const mine = ownStyles.get(el);
    // An emptied style attribute is no style (a tool that set one and took it back leaves it).
    if ((el.getAttribute('style') ?? '').trim() === (mine ?? '').trim()) continue;
    changed = true;
    if (mine === undefined) el.removeAttribute('style');
    else el.setAttribute('style', mine);
  }
  return changed;
}

/** Whether `control` is shown as Weft drew it: its root unchanged, it and every element above it visible. */
function shownAsDrawn(control: Element): boolean {
  const root = control.getRootNode();
  if (root instanceof ShadowRoot && restyled(root)) return false;
  const box = control.getBoundingClientRect();
  if (box.width < 1 || box.height < 1 || box.width > innerWidth || box.height > innerHeight) return false;
  if (getComputedStyle(control).visibility !== 'visible') return false;
  let opacity = 1;
  for (let el: Element | null = control; el; el = up(el)) {
    const style = getComputedStyle(el);
    opacity *= Number(style.opacity);
    if (style.filter !== 'none' || style.clipPath !== 'none' || (style.maskImage || 'none') !== 'none') return false;
  }
  return opacity >= MIN_OPACITY;
}

/** Whether the trusted `event` is the reader's input aimed at `control`. */
function aimedByReader(event: Event, control: Element): boolean {
  if (!event.isTrusted || !shownAsDrawn(control)) return false;
  switch (event.type) {
    case 'focus':
    case 'focusin':
      return readerFocus === control;
    case 'click':
    case 'auxclick': {
      const e = event as MouseEvent;
      // Enter or Space on the focused control: the reader must have put the focus there.
      // (A click on its label, which the browser passes on, comes this way too.)
      if (e.detail === 0) return readerFocus === control || (performance.now() - pressedAt < LABEL_CLICK_MS && holds(control, pressed[0]) && !control.contains(pressed[0] as Node));
      return holds(control, pressed[0]) && holds(control, topmostAt(e.clientX, e.clientY));
    }
    default: {
      // The pointer coming over the control (mouseenter, pointerenter).
      const e = event as MouseEvent;
      return holds(control, topmostAt(e.clientX, e.clientY));
    }
  }
}

/**
 * `handler`, run only for the reader's own input aimed at the control it is set on (see the
 * top of this file); anything else is ignored, and a click's default action prevented.
 */
export function trusted<E extends Event>(handler: (event: E) => void): (event: E) => void {
  return (event) => {
    if (!required) return handler(event);
    const control = event.currentTarget;
    if (control instanceof Element && aimedByReader(event, control)) return handler(event);
    if (event.cancelable) event.preventDefault();
  };
}
