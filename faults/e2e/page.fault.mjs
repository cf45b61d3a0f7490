// The arXiv page itself: parts missing, unusual ids, Unicode names, a 2,830-author paper.

import { launch, waitForBadgeStates, badges, deepText, sleep, until } from '../../e2e/harness.mjs';
import { makeAuthors, displayName } from '../../e2e/pages.mjs';
import { FakeApis, buildCatalog } from '../../e2e/fake-apis.mjs';
import { HTML_VIEW_CSS, htmlFixture, htmlFixturesMissing } from '../../e2e/html-pages.mjs';
import { tried } from '../ledger.mjs';
import { scenario, final, hostilePage, HOSTILE_CSS } from './common.mjs';

/** Console warnings/errors and uncaught exceptions of `page` (content-script ones included). */
function watchConsole(page) {
  const out = { warnings: [], errors: [] };
  page.on('console', (m) => {
    if (m.type() === 'warning' && /weft/i.test(m.text())) out.warnings.push(m.text());
    // the generated page links arXiv's own stylesheets, which the fake does not serve
    if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) out.errors.push(m.text());
  });
  page.on('pageerror', (e) => out.errors.push(String(e)));
  return out;
}

export const tests = [
  {
    name: '[abs-missing-author-list] no div.authors: fails closed with one warning, no exception, the page intact',
    fn: async () => {
      const sc = scenario({ html: (h) => h.replace(/<div class="authors">[\s\S]*?<\/div>/, '') });
      const s = await launch(sc.fake);
      const page = await s.context.newPage();
      const log = watchConsole(page);
      await page.goto(sc.url, { waitUntil: 'domcontentloaded' });
      await sleep(2500);
      const weft = await page.evaluate(() => document.querySelectorAll('weft-author, [data-weft-author]').length);
      tried('abs-missing-author-list');
      if (weft) throw new Error(`${weft} badges on a page without an author list`);
      if (log.errors.length) throw new Error(`errors: ${log.errors.slice(0, 2).join(' | ')}`);
      if (log.warnings.length > 1) throw new Error(`${log.warnings.length} warnings (want at most one): ${log.warnings.slice(0, 2).join(' | ')}`);
      if (!(await page.locator('h1.title').isVisible())) throw new Error('the page\'s title is gone');
    },
  },
  {
    name: '[abs-missing-sidebar] no sidebar: badges still load; no exception',
    fn: async () => {
      const sc = scenario({ html: (h) => h.replace(/<div class="extra-services">[\s\S]*?<!--end extra-services-->/, '') });
      const s = await launch(sc.fake);
      const page = await s.context.newPage();
      const log = watchConsole(page);
      await page.goto(sc.url, { waitUntil: 'domcontentloaded' });
      const snap = await waitForBadgeStates(page, [0, 1, 2, 3], final, { timeout: 15_000 });
      await sleep(1000);
      tried('abs-missing-sidebar');
      const notReady = [0, 1, 2, 3].filter((i) => snap.byIndex.get(String(i)).state !== 'ready');
      if (notReady.length) throw new Error(`badges not ready: #${notReady.join(', #')}`);
      if (log.errors.length) throw new Error(`errors: ${log.errors.slice(0, 2).join(' | ')}`);
    },
  },
  {
    name: '[hostile-page-css] [fake-weft-elements] [page-stops-weft] hostile page CSS, a page\'s own <weft-*> elements and custom elements, WXT\'s hand-over event: Weft renders visibly, unchanged, and keeps running',
    fn: async () => {
      const sc = hostilePage();
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      const own = '[data-weft-author]:not(#page-badge)';
      await until(() => page.evaluate((sel) => [...document.querySelectorAll(sel)].filter((b) => b.getAttribute('data-state') === 'ready').length === 4, own), { timeout: 15_000, what: '4 ready badges' });
      const problems = [];
      const boxes = () => page.evaluate(() => {
        const box = (el) => { const r = el?.getBoundingClientRect(); return r ? { w: Math.round(r.width), h: Math.round(r.height), x: Math.round(r.left), visible: el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) } : null; };
        const badges = [...document.querySelectorAll('weft-author:not(#page-badge)')].map((b) => ({ ...box(b), font: parseFloat(getComputedStyle(b.shadowRoot.querySelector('button')).fontSize), text: b.shadowRoot.textContent, after: getComputedStyle(b, '::after').content }));
        const panels = [...document.querySelectorAll('weft-panels')].map((p) => ({ id: p.id, shadow: !!p.shadowRoot, text: p.shadowRoot ? '' : p.textContent, ...box(p), group: box(p.shadowRoot?.querySelector('[role="region"]')) }));
        return { badges, panels };
      });
      const b = await boxes();
      for (const [i, badge] of b.badges.entries()) {
        if (!badge.visible || badge.w < 20 || badge.h < 8 || badge.x < 0) problems.push(`badge #${i} not shown as it should be: ${JSON.stringify(badge)}`);
        if (!(badge.font >= 8)) problems.push(`badge #${i} text at ${badge.font}px`);
        if (!/h \d/.test(badge.text)) problems.push(`badge #${i} reads ${JSON.stringify(badge.text)}`);
        if (badge.after !== 'none') problems.push(`badge #${i} shows the page's ::after ${badge.after}`);
      }
      const mine = b.panels.filter((p) => p.shadow);
      const theirs = b.panels.find((p) => p.id === 'page-panels');
      if (mine.length !== 1 || !mine[0].visible || !(mine[0].group?.h > 40) || !(mine[0].group?.w > 100)) problems.push(`Weft's panels not shown: ${JSON.stringify(b.panels)}`);
      if (!theirs || theirs.shadow || theirs.text !== 'the page\'s own') problems.push(`the page's own weft-panels was changed: ${JSON.stringify(theirs)}`);

      // The card: open, in its place, at its width.
      await page.locator(`${own}[data-weft-author="1"] button`).click();
      await page.locator('[data-weft-card]').waitFor({ state: 'attached', timeout: 5000 });
      const card = await page.evaluate(() => {
        // The page took the name weft-card: Weft's card host has another.
        const el = [...document.body.children].map((c) => c.shadowRoot?.querySelector('[data-weft-card]')).find(Boolean);
        const r = el?.getBoundingClientRect();
        return r && { w: Math.round(r.width), h: Math.round(r.height), visible: el.checkVisibility({ opacityProperty: true, visibilityProperty: true }), fg: getComputedStyle(el).color };
      });
      if (!card || !card.visible || card.w < 250 || card.h < 100) problems.push(`the card is not shown as it should be: ${JSON.stringify(card)}`);
      if (card && card.fg === 'rgb(255, 0, 0)') problems.push('the page restyled the card\'s colours');

      // Hovering an institution points out Weft's badges, never the page's look-alike.
      const lit = await page.evaluate(async () => {
        const row = document.querySelector('weft-panels#page-panels ~ weft-panels, weft-panels:not(#page-panels)')?.shadowRoot?.querySelector('[data-weft-institution]');
        row?.dispatchEvent(new PointerEvent('pointerenter'));
        await new Promise((r) => setTimeout(r, 50));
        return document.querySelector('#page-badge').hasAttribute('data-weft-highlight');
      });
      if (lit) problems.push('the page\'s own weft-author was highlighted as a badge');

      // WXT's context stopped every script on the page at a DOM event named after the extension's
      // id; a page can dispatch it as well.
      await page.evaluate((id) => {
        for (const script of ['arxiv-abs', 'arxiv-html', 'arxiv-lists']) {
          document.dispatchEvent(new CustomEvent(`${id}:${script}:wxt:content-script-started`, { detail: { contentScriptName: script, messageId: 'page' } }));
        }
      }, s.extensionId);
      await sleep(800);
      const after = await page.evaluate(() => ({
        badges: [...document.querySelectorAll('weft-author')].filter((el) => el.shadowRoot).length,
        panels: [...document.querySelectorAll('weft-panels')].filter((el) => el.shadowRoot).length,
      }));
      if (after.badges !== 4 || after.panels !== 1) problems.push(`after the page's hand-over event: ${after.badges} badges, ${after.panels} panel groups`);
      tried('hostile-page-css');
      tried('fake-weft-elements');
      tried('page-stops-weft');
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
  {
    name: '[hostile-page-css] the HTML view under the same CSS: its badges and the docked panels beside the article render visibly',
    fn: async () => {
      const missing = htmlFixturesMissing();
      if (missing) {
        console.log(`      (not run: ${missing})`);
        return;
      }
      const fx = htmlFixture('html_2406.05546v1.html');
      const catalog = buildCatalog({ arxivId: fx.id, title: fx.title, authors: fx.authors, seed: 17 });
      const fake = new FakeApis(catalog, { htmlPages: { [fx.id]: fx.html.replace('</head>', `${HOSTILE_CSS}</head>`) }, htmlCss: HTML_VIEW_CSS });
      const s = await launch(fake);
      const page = await s.open(fx.url);
      const indices = fx.persons.map((p) => p.index);
      await waitForBadgeStates(page, indices, final, { timeout: 20_000 });
      await sleep(500);
      const seen = await page.evaluate(() => {
        const box = (el) => { const r = el?.getBoundingClientRect(); return r ? { w: Math.round(r.width), h: Math.round(r.height), x: Math.round(r.left), visible: el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) } : null; };
        const article = document.querySelector('article.ltx_document').getBoundingClientRect();
        const dock = [...document.querySelectorAll('weft-panels')].map((p) => p.shadowRoot?.querySelector('.dock')).find(Boolean);
        return {
          badges: [...document.querySelectorAll('[data-weft-author]')].map((b) => box(b)),
          dock: box(dock), group: box(dock?.querySelector('[role="region"]')), articleRight: Math.round(article.right),
        };
      });
      tried('hostile-page-css');
      const problems = [];
      const hidden = seen.badges.filter((b) => !b.visible || b.w < 20 || b.h < 8);
      if (hidden.length) problems.push(`${hidden.length} of ${seen.badges.length} badges not shown as they should be: ${JSON.stringify(hidden[0])}`);
      if (!seen.dock?.visible || !(seen.group?.w > 150) || !(seen.group?.h > 40)) problems.push(`the docked panels are not shown: ${JSON.stringify(seen)}`);
      else if (seen.dock.x < seen.articleRight) problems.push(`the dock (x ${seen.dock.x}) overlaps the article (right edge ${seen.articleRight})`);
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
  {
    name: '[user-data-out-of-page-reach] after the reader saved keys, followed, corrected and searched: nothing of it in what the arXiv page can read (its DOM, Weft\'s open shadow roots, its own storage), but the followed ids of the authors shown',
    fn: async () => {
      const sc = scenario({ n: 4 });
      const s = await launch(sc.fake);
      const popup = await s.open(`chrome-extension://${s.extensionId}/popup.html`);
      const send = (m) => popup.evaluate((msg) => chrome.runtime.sendMessage(msg), m); // eslint-disable-line no-undef -- the popup's
      const secrets = { oaKey: 'OaSecretKey4242', s2Key: 'S2SecretKey424242', search: 'PrivateQueryXyz', elsewhere: 'A5999900001', elsewhereName: 'Someone Elsewhere', otherPaper: '2501.99999' };
      await send({ type: 'settings-set-keys', openalex: secrets.oaKey, s2: secrets.s2Key });
      await send({ type: 'remember-search', query: secrets.search });
      await send({ type: 'follow', id: secrets.elsewhere, name: secrets.elsewhereName });
      await send({ type: 'import-follows', text: JSON.stringify({ format: 'weft-follows', version: 2, follows: [], corrections: [{ arxivId: secrets.otherPaper, index: 0, name: 'Hidden, Person', openalexId: null }] }) });
      const shown = sc.catalog.people[1].openalexId;
      await send({ type: 'follow', id: shown, name: 'On This Page' });
      const page = await s.open(sc.url);
      await waitForBadgeStates(page, [0, 1, 2, 3], final, { timeout: 15_000 });
      await until(() => page.locator(`[data-weft-author="1"] .followed`).count(), { timeout: 5000, what: 'the followed author marked' });
      await page.locator('[data-weft-author="1"] button').first().click();
      await page.locator('[data-weft-card]').waitFor({ timeout: 5000 });
      // Everything a page script can read: text and attributes through the open shadow roots, its storage.
      const readable = await page.evaluate(async () => {
        const parts = [];
        const walk = (root) => {
          for (const el of root.querySelectorAll('*')) {
            for (const a of el.attributes) parts.push(a.value);
            if (el.shadowRoot) walk(el.shadowRoot);
          }
          parts.push(root.textContent ?? '');
        };
        walk(document);
        parts.push(JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), document.cookie);
        parts.push(String(typeof globalThis.chrome?.storage), String(typeof globalThis.browser));
        const dbs = await indexedDB.databases?.().catch(() => []) ?? [];
        parts.push(JSON.stringify(dbs));
        return parts.join('\n');
      });
      const problems = Object.entries(secrets).filter(([, v]) => readable.includes(v)).map(([k]) => k);
      if (!readable.includes(shown)) problems.push('the followed author shown on the page is not marked (the test reads the wrong thing)');
      if (/weft-user|weft-cache/.test(readable)) problems.push('Weft\'s databases are visible to the page');
      tried('user-data-out-of-page-reach', { followsLost: 0 });
      if (problems.length) throw new Error(`readable by the page: ${problems.join(', ')}`);
    },
  },
  {
    name: '[id-old-style-versioned] /abs/math/0211159v2: badges load; every request uses the unversioned id',
    fn: async () => {
      const sc = scenario({ id: 'math/0211159' });
      const s = await launch(sc.fake);
      const page = await s.open('https://arxiv.org/abs/math/0211159v2');
      const snap = await waitForBadgeStates(page, [0, 1, 2, 3], final, { timeout: 15_000 });
      tried('id-old-style-versioned');
      const notReady = [0, 1, 2, 3].filter((i) => snap.byIndex.get(String(i)).state !== 'ready');
      if (notReady.length) throw new Error(`badges not ready: #${notReady.join(', #')}`);
      const versioned = sc.fake.apiRequests().filter((r) => /0211159v/i.test(decodeURIComponent(r.url)));
      if (versioned.length) throw new Error(`versioned requests: ${versioned.map((r) => r.url).join(' ')}`);
    },
  },
  {
    name: '[unicode-cjk] [unicode-rtl] [unicode-long-name] CJK, Arabic, Hebrew, a name of exactly 300 characters and one of 330 (past the cap): matched, rendered unchanged, direction-isolated, the card within its width; the longer one cut, not failing the paper',
    fn: async () => {
      const long = 'Q'.repeat(150) + 'uintessentiallylongname'.repeat(12);
      const authors = [
        { first: '小明', last: '王' }, { first: 'محمد', last: 'العلي' }, { first: 'נועה', last: 'כהן' },
        { first: 'M.', last: long.slice(0, 300 - 3) }, { first: 'Over', last: long.slice(0, 325) }, ...makeAuthors(1, 77),
      ];
      if (displayName(authors[3]).length !== 300 || displayName(authors[4]).length <= 300) throw new Error('the long names are not the lengths this test is about');
      const sc = scenario({ authors });
      const s = await launch(sc.fake, { viewport: { width: 1000, height: 800 } });
      const page = await s.open(sc.url);
      const snap = await waitForBadgeStates(page, [0, 1, 2, 3, 4, 5], final, { timeout: 15_000 });
      const problems = [];
      for (const i of [0, 1, 2, 3, 5]) if (snap.byIndex.get(String(i)).state !== 'ready') problems.push(`#${i} (${displayName(authors[i]).slice(0, 20)}) is "${snap.byIndex.get(String(i)).state}"`);
      if (snap.byIndex.get('4').state === 'error') problems.push('the name past the cap failed its badge');
      for (const i of [0, 1, 2, 3]) {
        await page.locator(`[data-weft-author="${i}"] button`).first().click();
        const card = page.locator('[data-weft-card]');
        await card.waitFor({ timeout: 5000 });
        const name = await deepText(page.locator('[data-weft-card] [data-weft-field="name"]').first());
        if (!name.includes(displayName(authors[i]))) problems.push(`card #${i} name ${JSON.stringify(name.slice(0, 40))}`);
        const { cardRight, width, isolated } = await page.evaluate(() => {
          const host = document.querySelector('weft-card');
          const el = host?.shadowRoot?.querySelector('[data-weft-card]') ?? document.querySelector('[data-weft-card]');
          const nameEl = el.querySelector('[data-weft-field="name"]');
          const iso = (n) => n && (n.closest('bdi,[dir="auto"],[dir="rtl"]') || ['isolate', 'plaintext', 'isolate-override'].includes(getComputedStyle(n).unicodeBidi) || [...n.querySelectorAll('*')].some((c) => c.tagName === 'BDI' || c.hasAttribute('dir') || getComputedStyle(c).unicodeBidi.includes('isolate')));
          return { cardRight: el.getBoundingClientRect().right, width: document.documentElement.clientWidth, isolated: !!iso(nameEl) };
        });
        if (cardRight > width + 1) problems.push(`card #${i} overflows the window (${Math.round(cardRight)} > ${width})`);
        if (i === 1 || i === 2) if (!isolated) problems.push(`card #${i}: the RTL name is not direction-isolated`);
        await page.keyboard.press('Escape');
        await sleep(150);
      }
      // the long name overflows arXiv's own author list already: Weft must not widen the page further
      const overflow = (p) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      const baseline = await s.context.newPage();
      await baseline.setViewportSize({ width: 1000, height: 800 });
      await baseline.setContent(sc.html);
      const [withWeft, without] = [await overflow(page), await overflow(baseline)];
      if (withWeft > without + 60) problems.push(`Weft widens the page by ${withWeft - without}px`);
      tried('unicode-cjk');
      tried('unicode-rtl');
      tried('unicode-long-name');
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
  {
    name: '[authors-2830] 2,830 authors: one badge each; the first 100 load; the rest wait for "et al."; the page stays responsive',
    fn: async () => {
      const sc = scenario({ authors: makeAuthors(2830, 3) });
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      // responsiveness (not speed: see `npm run bench`): the page paints at least every 5 s while loading
      let worst = 0;
      const first = [...Array(100).keys()];
      const done = waitForBadgeStates(page, first, final, { timeout: 40_000, what: 'the first 100 badges' });
      let finished = false;
      void done.then(() => { finished = true; }, () => { finished = true; });
      while (!finished) {
        const t0 = Date.now();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
        worst = Math.max(worst, Date.now() - t0);
        await sleep(100);
      }
      await done;
      await sleep(1000);
      const snap = await badges(page);
      tried('authors-2830');
      const problems = [];
      if (snap.byIndex.size !== 2830 || snap.dups.length) problems.push(`${snap.byIndex.size} badges (${snap.dups.length} duplicated) for 2,830 authors`);
      const busy = [...snap.byIndex.values()].filter((b) => Number(b.i) >= 100 && b.state !== 'idle').length;
      if (busy) problems.push(`${busy} hidden authors not "idle" before "et al." is opened`);
      if (worst > 5000) problems.push(`the page did not paint for ${worst} ms`);
      if (!(await page.locator('#toggle').isVisible())) problems.push('arXiv\'s "et al." link is gone');
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
];
