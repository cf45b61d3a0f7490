/**
 * Weft's UI lives in open shadow roots so arXiv's CSS and Weft's never touch each other.
 * One constructed stylesheet per CSS text is shared by every root that uses it.
 */
const sheets = new Map<string, CSSStyleSheet | null>();

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

/** Gives `host` an open shadow root styled with `css` (idempotent). */
export function attachStyledShadow(host: HTMLElement, css: string): ShadowRoot {
  if (host.shadowRoot) return host.shadowRoot;
  const root = host.attachShadow({ mode: 'open' });
  const sheet = sheetFor(css);
  try {
    if (!sheet) throw new Error('no sheet');
    root.adoptedStyleSheets = [sheet];
  } catch {
    // Firefox content scripts may refuse adopting a sheet created in the isolated world.
    const style = document.createElement('style');
    style.textContent = css;
    root.append(style);
  }
  return root;
}
