/** Waiting for parts of a page that is still loading (content scripts run from document_start). */

/**
 * Resolves once the page is shown: at once, unless the browser is prerendering it (speculation
 * rules, the address bar's guess of where the reader is going); then when the reader opens it.
 * Content scripts run in prerendered pages too, and one the reader never opens must cost no
 * request (docs/reliability.md, "Prerendered pages").
 */
export function pageShown(doc: Document & { prerendering?: boolean }): Promise<void> {
  // Not in TypeScript's DOM types yet; undefined in browsers that never prerender (Firefox).
  if (!doc.prerendering) return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('prerenderingchange', () => resolve(), { once: true }));
}

/** Resolves once the <head> is parsed: when <body> exists (or the document is past loading). */
export function headParsed(doc: Document): Promise<void> {
  if (doc.body || doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      doc.removeEventListener('readystatechange', done);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (doc.body) done();
    });
    observer.observe(doc, { childList: true, subtree: true });
    doc.addEventListener('readystatechange', done);
  });
}

/** Resolves once the whole document is parsed (DOMContentLoaded). */
export function domParsed(doc: Document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}
