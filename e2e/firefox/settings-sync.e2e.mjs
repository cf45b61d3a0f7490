// Firefox: settings that follow the reader, as the Chromium suite checks them
// (e2e/settings-sync.e2e.mjs): a change on the settings page goes to `browser.storage.sync`
// (which Firefox keeps locally while no account syncs), and a newer item arriving there is taken
// by an open arXiv page without a reload.
/* global browser -- evaluated in the extension's pages */

import { waitForBadgeStates } from '../harness.mjs';
import { absScenario } from '../checks.mjs';
import { click, launch, until } from './harness.mjs';

const final = (st) => st && st !== 'loading' && st !== 'idle';
const panels = (page, id) => page.$$eval(`weft-panels >>> [data-weft-panel="${id}"]`, (els) => els.length);

export const tests = [
  {
    name: 'a setting changed here is written to storage.sync, and another computer’s newer change reaches an open page',
    fn: async () => {
      const sc = absScenario({ n: 3, seed: 96 });
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
      await until(async () => (await panels(page, 'related')) === 1, { timeout: 10_000, what: 'the related panel' });
      const options = await s.openExtensionPage('options.html');
      await options.waitForSelector('input[data-weft-show="related"]', { timeout: 5000 });
      await click(options, 'input[data-weft-show="related"]');
      const item = await until(() => s.ext(() => browser.storage.sync.get('settings.show.related').then((x) => x['settings.show.related'])), { timeout: 10_000, what: 'the change in storage.sync' });
      if (item.v !== false) throw new Error(`storage.sync holds ${JSON.stringify(item)} for the related panel`);
      await until(async () => (await panels(page, 'related')) === 0, { timeout: 5000, what: 'the related panel to go' });
      await s.ext((t) => browser.storage.sync.set({ 'settings.show.related': { v: true, t } }), item.t + 60_000);
      await until(async () => (await panels(page, 'related')) === 1, { timeout: 10_000, what: 'the related panel back, as the newer change from elsewhere says' });
    },
  },
];
