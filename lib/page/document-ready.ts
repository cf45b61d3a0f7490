/** Waiting for parts of a page that is still loading (content scripts run from document_start). */

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
