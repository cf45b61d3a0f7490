// Firefox: the keyboard shortcuts as the Chromium suite checks them (e2e/shortcuts.e2e.mjs): the
// keys Firefox assigned (`browser.commands.getAll`) are the manifest's and the settings page
// shows them; and hiding Weft in one tab, as the `toggle-page` shortcut does, clears that tab's
// arXiv page and brings it back. Headless Firefox takes no add-on shortcut from WebDriver's
// keyboard and opens no toolbar popup for it: the tab is hidden through the request the popup's
// switch makes, from an extension page.
/* global browser -- evaluated in the extension's pages */

import fs from 'node:fs';
import path from 'node:path';
import { ROOT, waitForBadgeStates } from '../harness.mjs';
import { PANELS, absScenario, weftElementsProbe } from '../checks.mjs';
import { launch, until } from './harness.mjs';

const expected = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts', 'expected-manifest.json'), 'utf8')).commands;
const final = (st) => st && st !== 'loading' && st !== 'idle';

export const tests = [
  {
    name: 'the shortcuts Firefox assigned (browser.commands) are the manifest’s, and the settings page shows them',
    fn: async () => {
      const sc = absScenario({ n: 2, seed: 93 });
      const s = await launch(sc.fake);
      const assigned = Object.fromEntries((await s.ext(() => browser.commands.getAll())).map((c) => [c.name, c.shortcut]));
      if (JSON.stringify(assigned) !== JSON.stringify(expected)) throw new Error(`Firefox assigned ${JSON.stringify(assigned)}, expected ${JSON.stringify(expected)}`);
      const options = await s.openExtensionPage('options.html');
      await options.waitForSelector('[data-weft-shortcut]', { timeout: 5000 });
      const shown = await options.$$eval('[data-weft-shortcut]', (rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-weft-shortcut'), r.getAttribute('data-key')])));
      if (JSON.stringify(shown) !== JSON.stringify(expected)) throw new Error(`the settings page shows ${JSON.stringify(shown)}, expected ${JSON.stringify(expected)}`);
      const how = await options.$eval('.shortcut-list', (el) => el.textContent);
      if (!how.includes('Manage Extension Shortcuts')) throw new Error(`the settings page does not say where Firefox changes shortcuts: ${JSON.stringify(how)}`);
    },
  },
  {
    name: 'hiding Weft in one tab clears that tab’s arXiv page, and showing it brings badges and panels back',
    fn: async () => {
      const sc = absScenario({ n: 3, seed: 94 });
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
      const ask = (message) => s.ext((m) => browser.runtime.sendMessage(m), message);
      // The tab Weft runs in, as the popup's switch learns it.
      const tabIds = await s.ext(() => browser.tabs.query({}).then((tabs) => tabs.map((t) => t.id)));
      const states = await Promise.all(tabIds.map((tabId) => ask({ type: 'tab-visibility', tabId })));
      const arxivTabs = tabIds.filter((_, k) => states[k].data?.weft);
      if (arxivTabs.length !== 1) throw new Error(`Weft says it runs in ${arxivTabs.length} tabs: ${JSON.stringify(states)}`);
      const hidden = await ask({ type: 'tab-visibility-set', tabId: arxivTabs[0], hidden: true });
      if (!hidden.data?.hidden) throw new Error(`hiding answered ${JSON.stringify(hidden)}`);
      await until(async () => (await page.evaluate(weftElementsProbe)).length === 0, { timeout: 5000, what: 'every Weft element to leave the page' });
      await ask({ type: 'tab-visibility-set', tabId: arxivTabs[0], hidden: false });
      await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
      await until(async () => (await page.$$eval('weft-panels >>> [data-weft-panel]', (els) => els.length)) === PANELS.length, { timeout: 15_000, what: 'the paper panels back' });
    },
  },
];
