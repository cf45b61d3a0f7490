// A page making Weft act for the reader (lib/ui/trusted.ts): synthetic hovers, focus and middle
// clicks; focus stolen onto a control just before the reader presses a key; a control restyled
// through its open shadow root (or wrapped) into an invisible overlay the reader's next ordinary
// click lands on. Nothing may follow, unfollow, correct, open a card or a tab; the reader's own
// input still works, by pointer and by keyboard.

import { launch, sleep, tabTo, until, waitForBadgeStates } from '../../e2e/harness.mjs';
import { tried } from '../ledger.mjs';
import { scenario, DEEP } from './common.mjs';

const ready = (st) => st === 'ready';

async function absReady(opts = {}) {
  const sc = scenario({ n: 4, ...opts });
  const s = await launch(sc.fake);
  const page = await s.open(sc.url);
  await waitForBadgeStates(page, [0, 1, 2, 3], ready, { timeout: 15_000 });
  return { sc, s, page };
}

const cardOpen = (page) => page.locator('[data-weft-card]').count();
const action = (page, name) => page.locator(`[data-weft-card] [data-weft-action="${name}"]`);

/** The reader opens author i's card with their own click, and waits until Follow knows who is followed. */
async function readerOpensCard(page, i) {
  await page.locator(`[data-weft-author="${i}"] button`).first().click();
  await action(page, 'follow').waitFor({ timeout: 5000 });
  await until(async () => !(await action(page, 'follow').isDisabled()), { timeout: 5000, what: 'the Follow button to be ready' });
}

/** Follows (or unfollows) the background has recorded, asked from the popup. */
async function followedIds(s) {
  const popup = await s.open(`chrome-extension://${s.extensionId}/popup.html`);
  // eslint-disable-next-line no-undef -- evaluated in the extension's popup
  const r = await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'follows-state' }));
  await popup.close();
  return (r.data?.follows ?? []).map((f) => f.id);
}

export const tests = [
  {
    name: '[synthetic-input] synthetic hover, script focus and middle clicks open no card and no tab; 20 of the reader\'s own middle clicks open at most a tab a second',
    fn: async () => {
      const { s, page } = await absReady();
      const problems = [];
      // Hover and focus made by the page: no card.
      const badgeButtons = `[...document.querySelectorAll('[data-weft-author]')].map((h) => h.shadowRoot.querySelector('button'))`;
      await page.evaluate(`${badgeButtons}.forEach((b) => {
        const r = b.getBoundingClientRect();
        for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter']) b.dispatchEvent(new MouseEvent(type, { bubbles: type.endsWith('over'), composed: true, clientX: r.x + 2, clientY: r.y + 2 }));
      })`);
      await sleep(700);
      if (await cardOpen(page)) problems.push('a synthetic hover opened a card');
      await page.evaluate(`${badgeButtons}[2].focus()`);
      await sleep(700);
      if (await cardOpen(page)) problems.push('focus moved by a script opened a card');

      // The reader opens a card; the page middle-clicks its "Open profile" link 20 times.
      await page.keyboard.press('Escape');
      await readerOpensCard(page, 0);
      const tabs = () => s.context.pages().filter((p) => p.url().includes('/researcher.html')).length;
      await page.evaluate(`(() => { const link = (${DEEP})('[data-weft-link="researcher-page"]')[0];
        for (let i = 0; i < 20; i++) link.dispatchEvent(new MouseEvent('auxclick', { button: 1, bubbles: true, composed: true, cancelable: true })); })()`);
      await sleep(1200);
      if (tabs()) problems.push(`20 synthetic middle clicks opened ${tabs()} researcher tabs`);
      // The reader's own middle clicks, 20 in a burst: the background opens at most one a second.
      const box = await page.locator('[data-weft-card] [data-weft-link="researcher-page"]').boundingBox();
      const t0 = Date.now();
      for (let i = 0; i < 20; i++) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'middle' });
      const seconds = (Date.now() - t0) / 1000;
      await until(() => tabs() >= 1, { timeout: 5000, what: 'the reader\'s own middle click to open the researcher page' });
      await sleep(500);
      if (tabs() > Math.ceil(seconds) + 1) problems.push(`${tabs()} researcher tabs opened by 20 middle clicks in ${seconds.toFixed(1)} s`);
      tried('synthetic-input');
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
  {
    name: '[stolen-focus] a script moves focus onto Follow or "No profile fits" and the reader presses Space or Enter: nothing followed or corrected; the reader\'s own Tab and Enter follow',
    fn: async () => {
      const { sc, s, page } = await absReady();
      const problems = [];
      await readerOpensCard(page, 1);
      for (const key of ['Space', 'Enter']) {
        await page.evaluate(`(${DEEP})('[data-weft-action="follow"], [data-weft-action="unfollow"]')[0].focus()`);
        await page.keyboard.press(key);
        await sleep(500);
        if (await action(page, 'unfollow').count()) {
          problems.push(`${key} on a focus the page moved followed the researcher`);
          break;
        }
      }
      // The same for a lasting correction.
      await action(page, 'not-this-person').click();
      await action(page, 'no-profile').waitFor({ timeout: 8000 });
      await page.evaluate(`(${DEEP})('[data-weft-action="no-profile"]')[0].focus()`);
      await page.keyboard.press('Enter');
      await sleep(800);
      const state = await page.locator('[data-weft-author="1"]').first().getAttribute('data-state');
      if (state !== 'ready') problems.push(`Enter on a focus the page moved corrected the author (badge ${state})`);
      if ((await followedIds(s)).length) problems.push('the background recorded a follow');

      // The reader's own keyboard still works: from wherever focus is, Tab reaches Follow, Enter follows.
      await page.keyboard.press('Escape');
      await readerOpensCard(page, 2);
      await tabTo(page, page.locator('[data-weft-card] button.close'), action(page, 'follow'));
      await page.keyboard.press('Enter');
      await until(async () => (await action(page, 'unfollow').count()) === 1, { timeout: 5000, what: 'the reader\'s own Enter to follow' }).catch(() => problems.push('the reader\'s own Tab and Enter did not follow'));
      const want = sc.catalog.people[2].openalexId;
      const ids = await followedIds(s);
      if (JSON.stringify(ids) !== JSON.stringify([want])) problems.push(`followed ${JSON.stringify(ids)}, expected only ${want}`);
      tried('stolen-focus');
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
  {
    name: '[restyled-control] Follow restyled through the open shadow root (inline style, an added style element, a changed sheet) or wrapped, into an invisible overlay: the reader\'s ordinary clicks follow no one; their click on the visible button does',
    fn: async () => {
      const { sc, s, page } = await absReady();
      const problems = [];
      const COVER = 'position:fixed!important;inset:0!important;width:100vw!important;height:100vh!important;opacity:0!important;z-index:2147483647!important;margin:0!important';
      const attacks = {
        'an inline style': `(() => { const b = (${DEEP})('[data-weft-action="follow"]')[0]; b.setAttribute('style', '${COVER}'); })()`,
        'a style element in the shadow root': `(() => { const b = (${DEEP})('[data-weft-action="follow"]')[0]; const st = document.createElement('style'); st.textContent = '[data-weft-action="follow"]{${COVER}}'; b.getRootNode().append(st); })()`,
        'a rule added to Weft\'s own sheet': `(() => { const b = (${DEEP})('[data-weft-action="follow"]')[0]; const sheets = b.getRootNode().adoptedStyleSheets; const sh = sheets[sheets.length - 1]; sh.insertRule('[data-weft-action="follow"]{${COVER}}', sh.cssRules.length); })()`,
        'a sheet of its own adopted': `(() => { const b = (${DEEP})('[data-weft-action="follow"]')[0]; const root = b.getRootNode(); const sh = new CSSStyleSheet(); sh.replaceSync('[data-weft-action="follow"]{${COVER}}'); root.adoptedStyleSheets = [...root.adoptedStyleSheets, sh]; })()`,
        'the card wrapped in an invisible full-window box': `(() => { const b = (${DEEP})('[data-weft-action="follow"]')[0]; const host = b.getRootNode().host; const wrap = document.createElement('div'); wrap.style.cssText = 'position:fixed;inset:0;opacity:0.01;z-index:2147483647;transform:scale(8);transform-origin:0 0'; document.body.append(wrap); wrap.append(host); })()`,
      };
      for (const [how, attack] of Object.entries(attacks)) {
        await page.keyboard.press('Escape');
        await page.evaluate(() => document.querySelectorAll('body > div[style*="opacity"]').forEach((w) => { w.replaceWith(...w.childNodes); }));
        await readerOpensCard(page, 0);
        await page.evaluate(attack);
        await sleep(100);
        // The reader clicks arXiv's own title, as they might any moment.
        const title = await page.locator('h1.title').boundingBox();
        await page.mouse.click(title.x + 30, title.y + title.height / 2);
        await sleep(700);
        const ids = await followedIds(s);
        if (ids.length) {
          problems.push(`${how}: the reader's click on the page followed ${ids.join(', ')}`);
          break;
        }
      }
      await page.evaluate(() => document.querySelectorAll('body > div[style*="opacity"]').forEach((w) => { w.replaceWith(...w.childNodes); }));
      // The reader's own click on the button as Weft drew it still follows.
      await page.keyboard.press('Escape');
      await readerOpensCard(page, 3);
      await action(page, 'follow').click();
      await action(page, 'unfollow').waitFor({ timeout: 5000 }).catch(() => problems.push('the reader\'s own click on Follow did nothing'));
      const ids = await followedIds(s);
      if (!ids.includes(sc.catalog.people[3].openalexId)) problems.push(`after the reader's own click: followed ${JSON.stringify(ids)}`);
      tried('restyled-control');
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
];
