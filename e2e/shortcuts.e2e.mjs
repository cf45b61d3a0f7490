// Keyboard shortcuts: the keys Chromium assigned (`chrome.commands.getAll`), shown on the
// settings and first-run pages with the way to change them; the popup opened as `_execute_action`
// opens it (`action.openPopup`) with its search focused; and showing or hiding Weft on the
// arXiv page of one tab, which the `toggle-page` shortcut and the popup's switch both do (a
// headless browser takes no shortcut from the keyboard; lib/background/tab-visibility.test.ts
// presses it).
//
// Hooks: `[data-weft-shortcut="<command>"][data-key]`, `[data-weft-action="shortcut-settings"]`;
// in the popup `[data-weft-field="tab-visibility"][data-hidden]` holding the checkbox
// `[data-weft-action="toggle-tab"]`.
/* global chrome -- evaluated in the extension's service worker */

import fs from 'node:fs';
import path from 'node:path';
import { ROOT, launch, openToolbarPopup, sleep, until, waitForBadgeStates } from './harness.mjs';
import { PANELS, absScenario, waitForPanels, weftElementsProbe } from './checks.mjs';

const expected = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts', 'expected-manifest.json'), 'utf8')).commands;
const final = (st) => st && st !== 'loading' && st !== 'idle';

const weftElements = (page) => page.evaluate(weftElementsProbe);

/** The shortcut rows of a settings or first-run page: command → key shown. */
const shownKeys = (page) => page.locator('[data-weft-shortcut]').evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-weft-shortcut'), r.getAttribute('data-key')])));

async function setOnTab(popup, shown) {
  await popup.evaluate((want) => {
    const box = document.querySelector('[data-weft-action="toggle-tab"]');
    if (box.checked !== want) box.click();
  }, shown);
  await until(() => popup.evaluate((want) => document.querySelector('[data-weft-field="tab-visibility"]')?.getAttribute('data-hidden') === String(!want), shown),
    { timeout: 5000, what: `the popup's switch to say Weft is ${shown ? 'shown' : 'hidden'}` });
}

export const tests = [
  {
    name: 'the shortcuts Chromium assigned (commands.getAll) are the manifest’s, shown on the settings and first-run pages; “Change shortcuts” opens the browser’s shortcut page',
    fn: async () => {
      const sc = absScenario({ n: 2, seed: 91 });
      const s = await launch(sc.fake);
      const assigned = Object.fromEntries((await s.sw.evaluate(() => chrome.commands.getAll())).map((c) => [c.name, c.shortcut]));
      if (JSON.stringify(assigned) !== JSON.stringify(expected)) throw new Error(`Chromium assigned ${JSON.stringify(assigned)}, expected ${JSON.stringify(expected)} (a key the browser refuses is left empty)`);
      for (const file of ['options.html', 'welcome.html']) {
        const page = await s.open(`chrome-extension://${s.extensionId}/${file}`);
        await page.locator('[data-weft-shortcut]').first().waitFor({ timeout: 5000 });
        const shown = await shownKeys(page);
        if (JSON.stringify(shown) !== JSON.stringify(expected)) throw new Error(`${file} shows ${JSON.stringify(shown)}, expected ${JSON.stringify(expected)}`);
        if (file === 'options.html') {
          const opened = s.context.waitForEvent('page', { timeout: 5000 });
          await page.locator('[data-weft-action="shortcut-settings"]').click();
          const tab = await opened;
          if (tab.url() !== 'chrome://extensions/shortcuts') throw new Error(`“Change shortcuts” opened ${tab.url()}`);
        }
      }
    },
  },
  {
    name: 'the popup opened as its shortcut opens it has the search focused; its switch hides everything Weft added to that tab’s arXiv page, which stays hidden on reload (asking nothing) while another tab keeps Weft, and shows it again',
    fn: async () => {
      const sc = absScenario({ n: 3, seed: 92 });
      const s = await launch(sc.fake);
      const other = await s.open(sc.url);
      await waitForBadgeStates(other, sc.range(), final, { timeout: 20_000 });
      const page = await s.open(sc.url);
      await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
      // Answered, not only shown, in both tabs: a panel's request still waiting for Semantic
      // Scholar's turn (one a second and a half) would go out after the switch, asked before it.
      await waitForPanels(other);
      await waitForPanels(page);

      let popup = await openToolbarPopup(s, page);
      const focused = await popup.evaluate(() => document.activeElement?.getAttribute('data-weft'));
      if (focused !== 'search') throw new Error(`the popup opened with focus on ${JSON.stringify(focused)}, not the search box`);
      await until(() => popup.evaluate(() => document.querySelector('[data-weft-field="tab-visibility"]')?.textContent ?? ''), { timeout: 5000, what: 'the popup’s switch for the arXiv tab' });
      const hint = await popup.evaluate(() => document.querySelector('[data-weft-field="tab-visibility"]').textContent);
      if (!hint.includes(expected['toggle-page'])) throw new Error(`the popup's switch does not name its shortcut: ${JSON.stringify(hint)}`);
      await setOnTab(popup, false);
      await until(async () => (await weftElements(page)).length === 0, { timeout: 5000, what: 'every Weft element to leave the page' })
        .catch(async (e) => { throw new Error(`${e.message}; left: ${(await weftElements(page)).join(', ')}`); });
      if ((await weftElements(other)).length === 0) throw new Error('hiding Weft in one tab hid it in another');

      await popup.close();
      const since = Date.now();
      await page.reload({ waitUntil: 'load' });
      await sleep(1500); // badges, panels and their requests would show up by now (they do on the other tab's load)
      if ((await weftElements(page)).length) throw new Error(`after a reload the hidden tab shows ${(await weftElements(page)).join(', ')}`);
      const asked = sc.fake.apiRequests(since);
      if (asked.length) throw new Error(`the hidden tab asked the catalogs ${asked.length} times: ${asked[0].url}`);

      popup = await openToolbarPopup(s, page);
      await until(() => popup.evaluate(() => document.querySelector('[data-weft-field="tab-visibility"]')?.getAttribute('data-hidden') === 'true'), { timeout: 5000, what: 'the popup to say Weft is hidden on this tab' });
      await setOnTab(popup, true);
      await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
      await until(async () => (await page.locator('weft-panels [data-weft-panel]').count()) === PANELS.length, { timeout: 15_000, what: 'the paper panels back' });
    },
  },
];
