// The lifecycle classes in Firefox ESR, where the background is an event page: suspended while a
// page's requests are in flight, and the add-on going away while an arXiv tab is open.

import fs from 'node:fs';
import path from 'node:path';
import { sleep, until, waitForBadgeStates } from '../../../e2e/harness.mjs';
import { EXT_DIR, launch } from '../../../e2e/firefox/harness.mjs';
import { tried } from '../../ledger.mjs';
import { badgesSettleAfterStop, final, scenario } from '../common.mjs';

const addonId = () => JSON.parse(fs.readFileSync(path.join(EXT_DIR, 'manifest.json'), 'utf8')).browser_specific_settings.gecko.id;

export const tests = [
  {
    name: '[sw-killed-mid-fetch] the event page suspended (1 s idle) while the page\'s requests are slow: every badge ends ready or in error, and retry works',
    fn: async () => {
      const sc = scenario({ n: 5, twists: { slowMs: 2500 } });
      const s = await launch(sc.fake, { extraPrefs: { 'extensions.background.idle.timeout': 1000 } });
      const page = await s.open(sc.url);
      await until(() => sc.fake.inFlight > 0, { timeout: 15_000, what: 'requests in flight' });
      await sleep(2000); // idle long enough to be suspended while they are
      sc.fake.setTwists({ slowMs: 0 });
      tried('sw-killed-mid-fetch');
      await badgesSettleAfterStop(page, sc);
    },
  },
  {
    name: '[extension-reloaded] the add-on removed (as an update or a reload removes the running copy) while an arXiv tab is open: its old content scripts go quiet, no error thrown, nothing opens',
    fn: async () => {
      const sc = scenario({ n: 4 });
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await waitForBadgeStates(page, [0, 1, 2, 3], final, { timeout: 20_000 });
      await s.browser.uninstallExtension(addonId());
      await sleep(500);
      // The reader carries on: a click on a badge, keys, a scroll.
      const at = await page.evaluate(() => {
        const r = document.querySelector('[data-weft-author="1"]')?.getBoundingClientRect();
        return r ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : { x: 20, y: 300 };
      });
      await page.mouse.click(at.x, at.y);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      // Page Down, not a wheel: Firefox's remote agent refuses a synthesized wheel event now and then
      // (NS_ERROR_ILLEGAL_VALUE in sendWheelEvent) while the tab repaints, whatever Weft does.
      await page.keyboard.press('PageDown');
      await sleep(1500);
      tried('extension-reloaded');
      const problems = [];
      if (errors.length) problems.push(`errors in the tab: ${errors.slice(0, 3).join(' | ')}`);
      // Firefox unloads the add-on's content scripts with it: what they drew stays until the tab
      // reloads, inert (docs/reliability.md, Service-worker lifecycle).
      const cards = await page.evaluate(() => [...document.querySelectorAll('*')].filter((el) => el.shadowRoot?.querySelector('[data-weft-card]')).length);
      if (cards) problems.push('a card opened after the add-on was gone');
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
];
