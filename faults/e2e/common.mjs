// Shared by the fault suite's browser tests: a paper scenario on the e2e fake catalog, and
// probes for what the fault classes measure.

import { FakeApis, buildCatalog } from '../../e2e/fake-apis.mjs';
import { absPage, makeAuthors } from '../../e2e/pages.mjs';
import { badges, until, waitForBadgeStates } from '../../e2e/harness.mjs';

export const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';

/** One paper: its page (edited by `html`), its catalog (edited by `bend`) and the fake serving both. */
export function scenario({ n = 4, id = '2406.05546', seed = 41, authors = makeAuthors(n, seed), twists = {}, html = (h) => h, bend = () => {} } = {}) {
  const catalog = buildCatalog({ arxivId: id, title: TITLE, authors, seed });
  bend(catalog);
  const page = html(absPage({ id, title: TITLE, authors }));
  const fake = new FakeApis(catalog, { pages: { [id]: page }, twists });
  return { id, url: `https://arxiv.org/abs/${id}`, authors, catalog, fake, n: authors.length, html: page };
}

export const popupUrl = (s) => `chrome-extension://${s.extensionId}/popup.html`;
export const final = (st) => st && st !== 'loading' && st !== 'idle';

/**
 * Stops the extension's service worker as Chrome does when it idles it out (CDP
 * ServiceWorker.stopWorker, from a blank page), and waits until it has stopped.
 */
export async function stopServiceWorker(s) {
  const page = await s.context.newPage();
  const cdp = await s.context.newCDPSession(page);
  const status = new Map();
  // Seen stopped at least once after the stop: the page may wake the worker again at once (a
  // failed request retried, a panel asking), which is what a real stop looks like too.
  const stopping = new Set();
  const stopped = new Set();
  cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
    for (const v of e.versions) {
      if (!v.scriptURL.startsWith(`chrome-extension://${s.extensionId}/`)) continue;
      status.set(v.versionId, v.runningStatus);
      if (stopping.has(v.versionId) && v.runningStatus === 'stopped') stopped.add(v.versionId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  await until(() => [...status.values()].includes('running'), { timeout: 5000, what: 'the running service worker' });
  for (const [versionId, st] of status) {
    if (st !== 'running') continue;
    stopping.add(versionId);
    await cdp.send('ServiceWorker.stopWorker', { versionId });
  }
  await until(() => [...stopping].every((id) => stopped.has(id)), { timeout: 5000, what: 'the service worker to stop' });
  await cdp.detach().catch(() => {});
  await page.close();
}

/**
 * Every link and element Weft rendered (its weft-* hosts, their shadow roots, data-weft-*
 * elements): hrefs, and elements the catalog strings could have injected.
 */
export function weftDomProbe() {
  const hrefs = [];
  const injected = [];
  let text = document.body.innerText;
  const visit = (root, inWeft) => {
    for (const el of root.querySelectorAll('*')) {
      const weft = inWeft || el.tagName.toLowerCase().startsWith('weft-') || [...el.attributes].some((a) => a.name.startsWith('data-weft'));
      if (weft && el.hasAttribute('href')) hrefs.push(el.getAttribute('href'));
      if (weft && (/^(SCRIPT|IFRAME|OBJECT|EMBED)$/.test(el.tagName) || (el.tagName === 'IMG' && el.getAttribute('src') === 'x') || [...el.attributes].some((a) => /^on/i.test(a.name)))) injected.push(el.outerHTML.slice(0, 80));
      if (el.shadowRoot) {
        text += ` ${el.shadowRoot.textContent}`;
        visit(el.shadowRoot, true);
      }
    }
  };
  visit(document, false);
  return { hrefs, injected, pwned: Number(window.__weftPwned ?? 0), text };
}

/** Links Weft may render: https on a host it knows, or its own researcher page for an author id. */
export function badHrefs(hrefs) {
  const ok = new Set(['arxiv.org', 'www.arxiv.org', 'openalex.org', 'www.semanticscholar.org', 'doi.org', 'orcid.org', 'ror.org']);
  return hrefs.filter((h) => {
    try {
      const u = new URL(h);
      if (u.protocol === 'chrome-extension:' && u.pathname === '/researcher.html' && /^#A\d{1,12}$/.test(u.hash)) return false;
      if (u.protocol === 'chrome-extension:' && u.pathname === '/welcome.html' && !u.search && !u.hash) return false; // the settings' own link
      return u.protocol !== 'https:' || !ok.has(u.hostname);
    } catch {
      return true;
    }
  });
}

/**
 * Every way a stylesheet can hide, shrink or restyle an element: by Weft's tag names and hooks,
 * !important, in a cascade layer, on everything, through pseudo-elements and the root font size.
 */
export const HOSTILE_CSS = `<style>
  weft-author, weft-card, weft-panels, weft-progress, [data-weft-author], [data-weft-card] {
    display: none !important; visibility: hidden !important; opacity: 0 !important; width: 0 !important; height: 0 !important;
    font-size: 0 !important; position: fixed !important; left: -9999px !important; transform: scale(0) !important;
    pointer-events: none !important; filter: blur(20px) !important; color-scheme: dark !important; --weft-fg: red !important;
  }
  weft-author::after, weft-panels::before { content: "PAGE" !important; }
  @layer page { weft-author, weft-panels { display: none !important; } }
  * { font-size: 0; }
</style>`;

/** In the page's own world: every element of Weft's matching `sel`, shadow roots included. */
export const DEEP = `(sel) => {
  const out = [];
  const walk = (root) => { for (const el of root.querySelectorAll('*')) { if (el.matches(sel)) out.push(el); if (el.shadowRoot) walk(el.shadowRoot); } };
  walk(document);
  return out;
}`;

/**
 * The hostile page of the page classes: HOSTILE_CSS, the page's own <weft-panels> and
 * <weft-author> (with Weft's hooks) placed before Weft runs, and one of Weft's tag names defined
 * as the page's custom element, which takes the shadow root and hides itself.
 */
export function hostilePage(opts = {}) {
  const fakes = `<script>customElements.define('weft-card', class extends HTMLElement {
      constructor() { super(); this.attachShadow({ mode: 'closed' }); }
      connectedCallback() { this.style.setProperty('display', 'none', 'important'); }
    });</script>`;
  return scenario({
    ...opts,
    html: (h) => h
      .replace('</head>', `${HOSTILE_CSS}${fakes}</head>`)
      .replace('<div class="full-text">', '<weft-panels id="page-panels">the page\'s own</weft-panels><div class="full-text">')
      .replace('<div class="authors">', '<div class="authors"><weft-author id="page-badge" data-weft-author="0" data-openalex-id="A1"></weft-author>'),
  });
}

/**
 * The reader's own click on the centre of what `expr` (page-world JS) finds, with `button`
 * ('middle' for a middle click). Playwright and puppeteer pages alike.
 */
export async function readerClicks(page, expr, { button = 'left' } = {}) {
  const at = await until(() => page.evaluate(`(() => {
    const el = ${expr};
    if (!el) return null;
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  })()`), { timeout: 5000, what: expr });
  await page.mouse.click(at.x, at.y, { button });
}

/**
 * After the background stopped with `sc`'s requests in flight: every badge ends ready or in
 * error (never stuck loading), and the retry of one in error loads it.
 */
export async function badgesSettleAfterStop(page, sc) {
  const range = [...Array(sc.n).keys()];
  // the timeouts of Weft's own UI, not the test's patience, decide: 30 s is the MV3 fetch limit
  const snap = await waitForBadgeStates(page, range, final, { timeout: 35_000, what: 'every badge to leave "loading"' });
  const errors = range.filter((i) => snap.byIndex.get(String(i)).state === 'error');
  if (errors.length) {
    await readerClicks(page, `document.querySelector('[data-weft-author="${errors[0]}"]').shadowRoot.querySelector('[data-weft-action="retry"]')`);
    await waitForBadgeStates(page, [errors[0]], (st) => st === 'ready', { timeout: 15_000, what: 'the retried badge to be ready' });
  }
  const after = await badges(page);
  const wrong = range.filter((i) => !['ready', 'error'].includes(after.byIndex.get(String(i))?.state));
  if (wrong.length) throw new Error(`badges neither ready nor in error: ${wrong.map((i) => `#${i} ${after.byIndex.get(String(i))?.state}`).join(', ')}`);
}
