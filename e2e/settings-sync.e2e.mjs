// Settings that follow the reader (lib/background/settings/sync.ts) in the browser: a change on
// the settings page goes to `chrome.storage.sync` (one stamped item per field, no key or follow);
// a newer item arriving there, as another computer's change does, is taken, and an open arXiv
// page and the settings page follow it without a reload. Chromium keeps `storage.sync` locally
// when no account syncs, which is how a computer offline works too. The merge between two
// profiles, conflicts included, is lib/background/settings/sync.test.ts.
/* global chrome -- evaluated in the extension's service worker */

import { launch, until, waitForBadgeStates } from './harness.mjs';
import { absScenario } from './checks.mjs';

const KEY = 'e2eSyncOpenAlexKey42';
const final = (st) => st && st !== 'loading' && st !== 'idle';
const panel = (page, id) => page.locator(`weft-panels [data-weft-panel="${id}"]`);

export const tests = [
  {
    name: 'a setting changed here is written to storage.sync (with no key); another computer’s newer change is taken and open pages follow it',
    fn: async () => {
      const sc = absScenario({ n: 3, seed: 95 });
      const s = await launch(sc.fake);
      const synced = () => s.sw.evaluate(() => chrome.storage.sync.get(null));
      const page = await s.open(sc.url);
      await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
      await panel(page, 'related').waitFor({ timeout: 10_000 });
      const options = await s.open(`chrome-extension://${s.extensionId}/options.html`);
      const row = options.locator('[data-weft-key="openalex"]');
      await row.locator('[data-weft-field="api-key"]').fill(KEY);
      await row.locator('[data-weft-action="save-key"]').click();
      await row.locator('[data-weft-field="masked-key"]').waitFor({ timeout: 5000 });

      await options.locator('input[data-weft-show="related"]').uncheck();
      const item = await until(async () => (await synced())['settings.show.related'], { timeout: 10_000, what: 'the change in storage.sync' });
      if (item.v !== false || !(item.t > 0)) throw new Error(`storage.sync holds ${JSON.stringify(item)} for the related panel`);
      const all = await synced();
      if (Object.keys(all).some((k) => !k.startsWith('settings.'))) throw new Error(`storage.sync holds more than settings: ${Object.keys(all).join(', ')}`);
      if (JSON.stringify(all).includes(KEY)) throw new Error('the API key went to storage.sync');

      // Another computer shows the panel again, later: it arrives in storage.sync.
      await s.sw.evaluate((t) => chrome.storage.sync.set({ 'settings.show.related': { v: true, t } }), item.t + 60_000);
      await panel(page, 'related').waitFor({ timeout: 10_000 });
      await until(() => options.locator('input[data-weft-show="related"]').isChecked(), { timeout: 5000, what: 'the settings page to show the panel as on' });
      // An older change from elsewhere loses, and the newer one here goes back out.
      await s.sw.evaluate((t) => chrome.storage.sync.set({ 'settings.show.related': { v: false, t } }), item.t - 60_000);
      await until(async () => (await synced())['settings.show.related']?.v === true, { timeout: 10_000, what: 'the newer value written back to storage.sync' });
      if ((await panel(page, 'related').count()) !== 1) throw new Error('an older change from elsewhere hid the panel');
    },
  },
];
