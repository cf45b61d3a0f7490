// The page classes in Firefox ESR (the Firefox build, e2e/firefox/harness.mjs): hostile page CSS,
// the page's own <weft-*> elements and custom elements, WXT's hand-over event, a page without an
// author list, and a page making Weft act for the reader (synthetic hover, focus and middle
// clicks, stolen focus, a restyled control). Firefox's content scripts may fall back to a <style>
// element in Weft's shadow roots where a constructed sheet cannot be adopted: the checks hold
// there too.
/* global browser -- evaluated in the extension's page */

import { waitForBadgeStates, sleep, until } from '../../../e2e/harness.mjs';
import { launch } from '../../../e2e/firefox/harness.mjs';
import { tried } from '../../ledger.mjs';
import { DEEP, final, hostilePage, readerClicks, scenario } from '../common.mjs';

/** Badge i's button (in its host's shadow root). */
const badge = (i) => `document.querySelector('[data-weft-author="${i}"]')?.shadowRoot?.querySelector('button')`;
/** Weft's first element matching `sel` (shadow roots included). */
const deep = (sel) => `(${DEEP})(${JSON.stringify(sel)})[0]`;

const count = (page, sel) => page.evaluate(`(${DEEP})(${JSON.stringify(sel)}).length`);
const followed = async (s) => (await s.ext(() => browser.runtime.sendMessage({ type: 'follows-state' }))).data.follows.map((f) => f.id);
const corrections = async (s) => (await s.ext(() => browser.runtime.sendMessage({ type: 'corrections-list' }))).data.corrections;
/** Tabs showing the researcher page, asked of the extension: Puppeteer sees its pages as about:blank under BiDi. */
const researcherTabs = async (s) => (await s.ext(() => browser.tabs.query({}))).filter((t) => t.url?.includes('/researcher.html')).length;

/** An abs page of four authors, every badge settled. */
async function absReady() {
  const sc = scenario({ n: 4 });
  const s = await launch(sc.fake);
  const page = await s.open(sc.url);
  await waitForBadgeStates(page, [0, 1, 2, 3], final, { timeout: 20_000 });
  return { sc, s, page };
}

/** Page errors (content-script ones included, where Firefox reports them to the page). */
function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' && /weft/i.test(m.text())) errors.push(m.text()); });
  return errors;
}

export const tests = [
  {
    name: '[hostile-page-css] [fake-weft-elements] [page-stops-weft] hostile page CSS, the page\'s own <weft-*> elements and a Weft tag name defined by the page, WXT\'s hand-over event: Weft renders visibly and keeps running',
    fn: async () => {
      const sc = hostilePage();
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      const own = '[data-weft-author]:not(#page-badge)';
      await until(() => page.evaluate((sel) => [...document.querySelectorAll(sel)].filter((b) => b.getAttribute('data-state') === 'ready').length === 4, own), { timeout: 20_000, what: '4 ready badges' });
      const problems = [];
      const shown = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((b) => {
        const r = b.getBoundingClientRect();
        return { w: Math.round(r.width), h: Math.round(r.height), visible: b.checkVisibility({ opacityProperty: true, visibilityProperty: true }), text: b.shadowRoot?.textContent ?? '' };
      }), own);
      shown.forEach((b, i) => { if (!b.visible || b.w < 20 || b.h < 8 || !/h \d/.test(b.text)) problems.push(`badge #${i} not shown as it should be: ${JSON.stringify(b)}`); });
      await readerClicks(page, `document.querySelector('${own}[data-weft-author="1"]')?.shadowRoot?.querySelector('button')`);
      const card = await until(() => page.evaluate(() => {
        const el = [...document.body.children].map((c) => c.shadowRoot?.querySelector('[data-weft-card]')).find(Boolean);
        const r = el?.getBoundingClientRect();
        return r && r.width > 0 ? { w: Math.round(r.width), h: Math.round(r.height), visible: el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) } : null;
      }), { timeout: 5000, what: 'the card (the page took the name weft-card)' }).catch(() => null);
      if (!card || !card.visible || card.w < 250 || card.h < 100) problems.push(`the card is not shown as it should be: ${JSON.stringify(card)}`);
      const id = await s.ext(() => browser.runtime.id);
      await page.evaluate((extId) => {
        for (const script of ['arxiv-abs', 'arxiv-html', 'arxiv-lists']) {
          document.dispatchEvent(new CustomEvent(`${extId}:${script}:wxt:content-script-started`, { detail: { contentScriptName: script, messageId: 'page' } }));
        }
      }, id);
      await sleep(800);
      const after = await page.evaluate(() => [...document.querySelectorAll('weft-author')].filter((el) => el.shadowRoot).length);
      if (after !== 4) problems.push(`after the page's hand-over event: ${after} badges`);
      tried('hostile-page-css');
      tried('fake-weft-elements');
      tried('page-stops-weft');
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
  {
    name: '[abs-missing-author-list] no div.authors: no badge, no error, the page intact',
    fn: async () => {
      const sc = scenario({ html: (h) => h.replace(/<div class="authors">[\s\S]*?<\/div>/, '') });
      const s = await launch(sc.fake);
      const page = await s.browser.newPage();
      const errors = watchErrors(page);
      await page.goto(sc.url, { waitUntil: 'domcontentloaded', timeout: 15_000 });
      await sleep(2500);
      tried('abs-missing-author-list');
      const weft = await page.evaluate(() => document.querySelectorAll('weft-author, [data-weft-author]').length);
      if (weft) throw new Error(`${weft} badges on a page without an author list`);
      if (errors.length) throw new Error(`errors: ${errors.slice(0, 2).join(' | ')}`);
      if (!(await page.evaluate(() => !!document.querySelector('h1.title')?.textContent))) throw new Error('the page\'s title is gone');
    },
  },
  {
    name: '[synthetic-input] [stolen-focus] [restyled-control] a page\'s hover, focus and restyling make Weft do nothing for the reader; the reader\'s own click on Follow follows',
    fn: async () => {
      const { sc, s, page } = await absReady();
      const problems = [];
      const badgeButtons = `[...document.querySelectorAll('[data-weft-author]')].map((h) => h.shadowRoot.querySelector('button'))`;
      await page.evaluate(`${badgeButtons}.forEach((b) => {
        const r = b.getBoundingClientRect();
        for (const type of ['mouseover', 'mouseenter']) b.dispatchEvent(new MouseEvent(type, { bubbles: type === 'mouseover', composed: true, clientX: r.x + 2, clientY: r.y + 2 }));
      })`);
      await page.evaluate(`${badgeButtons}[2].focus()`);
      await sleep(700);
      if (await count(page, '[data-weft-card]')) problems.push('a synthetic hover or a script\'s focus opened a card');
      tried('synthetic-input');

      await readerClicks(page, badge(1));
      await until(() => page.evaluate(`(${DEEP})('[data-weft-action="follow"]').some((b) => !b.disabled)`), { timeout: 5000, what: 'the Follow button' });
      await page.evaluate(`(${DEEP})('[data-weft-action="follow"]')[0].focus()`);
      await page.keyboard.press(' ');
      await page.keyboard.press('Enter');
      await sleep(600);
      if ((await followed(s)).length) problems.push('Space or Enter on a focus the page moved followed the researcher');
      tried('stolen-focus');

      const COVER = 'position:fixed!important;inset:0!important;width:100vw!important;height:100vh!important;opacity:0!important;z-index:2147483647!important;margin:0!important';
      for (const attack of [
        `(${DEEP})('[data-weft-action="follow"]')[0].setAttribute('style', '${COVER}')`,
        `(() => { const b = (${DEEP})('[data-weft-action="follow"]')[0]; const st = document.createElement('style'); st.textContent = '[data-weft-action="follow"]{${COVER}}'; b.getRootNode().append(st); })()`,
        // Firefox refuses Weft's content script this property through its Xray (lib/ui/trusted.ts, clearPageSheets).
        `(() => { const root = (${DEEP})('[data-weft-action="follow"]')[0].getRootNode(); const sh = new CSSStyleSheet(); sh.replaceSync('[data-weft-action="follow"]{${COVER}}'); root.adoptedStyleSheets = [...root.adoptedStyleSheets, sh]; })()`,
      ]) {
        await page.evaluate(attack);
        const title = await page.evaluate(() => { const r = document.querySelector('h1.title').getBoundingClientRect(); return { x: r.x + 30, y: r.y + r.height / 2 }; });
        await page.mouse.click(title.x, title.y);
        await sleep(600);
        if ((await followed(s)).length) {
          problems.push(`the reader's click on the page followed someone (${attack.slice(0, 60)}…)`);
          break;
        }
        if (!(await count(page, '[data-weft-action="follow"]'))) await readerClicks(page, badge(1));
      }
      tried('restyled-control');
      await readerClicks(page, deep('[data-weft-action="follow"]'));
      await until(async () => (await followed(s)).includes(sc.catalog.people[1].openalexId), { timeout: 5000, what: 'the reader\'s own click to follow' }).catch(() => problems.push('the reader\'s own click on Follow did not follow'));
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
  {
    name: '[synthetic-input] [stolen-focus] a page\'s 20 middle clicks on a card\'s "Open profile" open no tab, the reader\'s own open about one a second; Space or Enter on a focus the page moved to "No profile fits" corrects no one, the reader\'s own click does',
    fn: async () => {
      const { s, page } = await absReady();
      const problems = [];
      await readerClicks(page, badge(1));
      const link = deep('[data-weft-link="researcher-page"]');
      await until(() => page.evaluate(`!!${link}`), { timeout: 5000, what: 'the card\'s "Open profile" link' });
      await page.evaluate(`(() => { const link = ${link};
        for (let i = 0; i < 20; i++) link.dispatchEvent(new MouseEvent('auxclick', { button: 1, bubbles: true, composed: true, cancelable: true })); })()`);
      await sleep(1200);
      const synthetic = await researcherTabs(s);
      if (synthetic) problems.push(`20 synthetic middle clicks opened ${synthetic} researcher tabs`);
      // The reader's own middle clicks, 20 in a burst: the background opens at most one a second.
      const t0 = Date.now();
      for (let i = 0; i < 20; i++) await readerClicks(page, link, { button: 'middle' });
      const seconds = (Date.now() - t0) / 1000;
      await until(async () => (await researcherTabs(s)) > synthetic, { timeout: 5000, what: 'the reader\'s own middle click to open the researcher page' })
        .catch(() => problems.push('the reader\'s own middle clicks opened no researcher tab'));
      await sleep(500);
      const own = (await researcherTabs(s)) - synthetic;
      if (own > Math.ceil(seconds) + 1) problems.push(`${own} researcher tabs opened by 20 middle clicks in ${seconds.toFixed(1)} s`);
      tried('synthetic-input');

      await readerClicks(page, deep('[data-weft-action="not-this-person"]'));
      const noProfile = deep('[data-weft-action="no-profile"]');
      await until(() => page.evaluate(`!!${noProfile}`), { timeout: 8000, what: '"No profile fits"' });
      let corrected = null;
      for (const [name, key] of [['Space', ' '], ['Enter', 'Enter']]) {
        await page.evaluate(`${noProfile}.focus()`);
        await page.keyboard.press(key);
        await sleep(800);
        const state = await page.evaluate(() => document.querySelector('[data-weft-author="1"]').getAttribute('data-state'));
        const made = (await corrections(s)).length;
        if (state !== 'ready' || made) {
          corrected = `${name} on a focus the page moved corrected the author (badge ${state}, ${made} corrections recorded)`;
          break;
        }
      }
      tried('stolen-focus');
      if (corrected) problems.push(corrected);
      else {
        // The reader's own click on it corrects: the checks above could see a correction.
        await readerClicks(page, noProfile);
        await until(async () => (await corrections(s)).length === 1, { timeout: 5000, what: 'the reader\'s own click on "No profile fits" to correct' })
          .catch(() => problems.push('the reader\'s own click on "No profile fits" made no correction'));
      }
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
];
