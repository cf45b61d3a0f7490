/**
 * Weft's UI lives in open shadow roots on hosts of its own (weft-author, weft-card, weft-panels,
 * weft-progress), so arXiv's CSS and Weft's never touch each other, nor a hostile page's and
 * Weft's (docs/reliability.md, "Hostile pages"):
 * - Every root's first sheet resets its host (`all: initial`) with `!important`, and the
 *   components' CSS sets the host's own box the same way. For important declarations the
 *   shadow tree's context outranks the page's, `!important` and inline styles included (CSS
 *   Cascade 5, "Context"), so no page rule can hide, shrink or restyle a host. Only the font's
 *   family and size come from the page (badges and panels match the text they sit in), the size
 *   never below a readable floor.
 * - Weft's hosts are known by a private mark, not by their tag name: a page can place elements
 *   of the same names, or define them as custom elements. The root is attached as the host is
 *   made, before it is inserted, so a definition the page makes later cannot take it.
 * One constructed stylesheet per CSS text is shared by every root that uses it.
 * - A page can still reach into an open root and restyle it (an inline style, a style element,
 *   a changed sheet): Weft's controls check that their root's styles are Weft's before they act,
 *   and undo what the page changed (lib/ui/trusted.ts).
 */

import { guardRoot } from '../ui/trusted';
import { messagesLanguage } from '../shared/i18n';

/** The font size a host never goes below, however small the page makes the text around it. */
const MIN_FONT = '12px';

const HOST_RESET = `:host{all:initial!important;font-family:inherit!important;font-size:max(1em,${MIN_FONT})!important}:host([hidden]){display:none!important}:host::before,:host::after{content:none!important}`;

/**
 * Weft's hosts and their roots. Kept in the content scripts' own global (which page scripts
 * cannot reach), so that a newer copy of a script knows an older copy's hosts as Weft's too.
 */
const HOSTS_KEY = Symbol.for('weft.hosts');
const roots: WeakMap<Element, ShadowRoot> = ((globalThis as { [HOSTS_KEY]?: WeakMap<Element, ShadowRoot> })[HOSTS_KEY] ??= new WeakMap());

const sheets = new Map<string, CSSStyleSheet | null>();
const styled = new WeakSet<ShadowRoot>();

function sheetFor(css: string): CSSStyleSheet | null {
  if (!sheets.has(css)) {
    let sheet: CSSStyleSheet | null = null;
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    } catch {
      sheet = null; // no constructable stylesheets here: fall back to <style> per root
    }
    sheets.set(css, sheet);
  }
  return sheets.get(css) ?? null;
}

/**
 * A new host element of Weft's, with its (not yet styled) open shadow root. Named `tag`, unless
 * the page defined that name as a custom element of its own whose constructor took the shadow
 * root (a page's constructor runs even for elements a content script creates): then a name the
 * page cannot know in advance. The data-weft-* hooks, not tag names, say what a host is.
 */
export function createHost(tag: string): HTMLElement {
  for (const name of [tag, `${tag}-${Math.random().toString(36).slice(2)}`]) {
    try {
      const host = document.createElement(name);
      roots.set(host, host.attachShadow({ mode: 'open' }));
      // Its text is in the messages' language, not necessarily the page's.
      host.lang = messagesLanguage();
      return host;
    } catch {
      // Taken by the page's definition of the name: that element is never used.
    }
  }
  throw new Error(`Weft: no host element for ${tag}`);
}

/** Whether `element` is one of Weft's hosts (whatever its tag name, a page's own never is). */
export function isOwnHost(element: Element): boolean {
  return roots.has(element);
}

/** Styles the shadow root of `host` (made by createHost) with the reset and `css`, once; returns the root. */
export function attachStyledShadow(host: HTMLElement, css: string): ShadowRoot {
  const root = roots.get(host);
  if (!root) throw new Error('Weft: not a host made by createHost');
  if (styled.has(root)) return root;
  styled.add(root);
  const parts = [HOST_RESET, css];
  const adopted = parts.map(sheetFor);
  try {
    if (adopted.includes(null)) throw new Error('no sheet');
    root.adoptedStyleSheets = adopted as CSSStyleSheet[];
    guardRoot(root, adopted as CSSStyleSheet[], parts);
  } catch {
    // Firefox content scripts may refuse adopting a sheet created in the isolated world.
    const style = document.createElement('style');
    style.textContent = parts.join('');
    root.append(style);
    guardRoot(root, [], [], style);
  }
  return root;
}
