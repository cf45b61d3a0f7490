// Settings that follow the reader (lib/background/settings/sync.ts) in the browser: a change on
// the settings page goes to `chrome.storage.sync` (one stamped item per field, no key or follow);
// a newer item arriving there, as another computer's change does, is taken, and an open arXiv
// page and the settings page follow it without a reload. Chromium keeps `storage.sync` locally
// when no account syncs, which is how a computer offline works too. Followed topics (`topic.<id>`)
// and the watched-category edits (`watch.edits`) between two profiles: what the browser's sync
// service would carry is copied from one profile's
// `chrome.storage.sync` into the other's, through the extension API, as the service's arrival of
// another computer's change does. The merges, conflicts included, are
// lib/background/settings/sync.test.ts, lib/background/same-day/topic-sync.test.ts and watch-sync.test.ts.
/* global chrome -- evaluated in the extension's service worker */

import { launch, until, waitForBadgeStates } from './harness.mjs';
import { absScenario } from './checks.mjs';
import { popupUrl } from './same-day-world.mjs';

const KEY = 'e2eSyncOpenAlexKey42';
const final = (st) => st && st !== 'loading' && st !== 'idle';
const syncItems = (s) => s.sw.evaluate(() => chrome.storage.sync.get(null));
const topicItems = async (s) => Object.entries(await syncItems(s)).filter(([k]) => k.startsWith('topic.'));

/** The browser's sync service carries `from`'s copy of storage.sync to `to` (items it no longer has go too). */
async function carry(from, to) {
  const items = await syncItems(from);
  const gone = Object.keys(await syncItems(to)).filter((k) => !(k in items));
  await to.sw.evaluate(async ([set, remove]) => {
    await chrome.storage.sync.set(set);
    if (remove.length) await chrome.storage.sync.remove(remove);
  }, [items, gone]);
}

/** The popup's followed topics (Following tab, alert options open). */
async function topicsPanel(s) {
  const popup = await s.open(popupUrl(s));
  await popup.locator('#tab-following').click();
  await popup.locator('.alert-options summary').click();
  await popup.locator('[data-weft-field="topic-query"]').waitFor({ timeout: 5000 });
  return popup;
}

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
  {
    name: 'a topic followed on one computer appears on the other without a reload, and unfollowing it there removes it here (storage.sync carried between two profiles)',
    fn: async () => {
      const sc = absScenario({ n: 3, seed: 96 });
      const laptop = await launch(sc.fake);
      const desktop = await launch(sc.fake);
      const onLaptop = await topicsPanel(laptop);
      const onDesktop = await topicsPanel(desktop);

      await onLaptop.locator('[data-weft-field="topic-query"]').fill('"diffusion model"');
      await onLaptop.locator('[data-weft-field="topic-categories"]').fill('cs.LG');
      await onLaptop.locator('[data-weft-action="topic-follow"]').click();
      const [[key, item]] = await until(async () => {
        const items = await topicItems(laptop);
        return items.length === 1 && items[0][1].v ? items : null;
      }, { timeout: 10_000, what: 'the topic in storage.sync' });
      if (item.v.query !== '"diffusion model"' || item.v.categories.join() !== 'cs.LG' || !(item.t > 0)) throw new Error(`storage.sync holds ${JSON.stringify(item)} for the topic`);
      if (Object.keys(await syncItems(laptop)).some((k) => !/^(settings|topic|watch)\./.test(k))) throw new Error('storage.sync holds more than settings, topics and category edits');

      await carry(laptop, desktop);
      const shown = onDesktop.locator(`[data-weft-topic-follow="${key.slice('topic.'.length)}"]`);
      await shown.waitFor({ timeout: 10_000 });
      if (!(await shown.textContent()).includes('diffusion model')) throw new Error(`the desktop shows ${await shown.textContent()}`);

      await shown.locator('[data-weft-action="topic-unfollow"]').click();
      await until(async () => (await syncItems(desktop))[key]?.v === null, { timeout: 10_000, what: 'the removal in the desktop’s storage.sync' });
      await carry(desktop, laptop);
      await until(async () => (await onLaptop.locator('[data-weft-topic-follow]').count()) === 0, { timeout: 10_000, what: 'the topic gone from the laptop' });
      // The laptop keeps the removal: it does not write the topic back.
      if ((await syncItems(laptop))[key]?.v !== null) throw new Error(`the laptop's storage.sync holds ${JSON.stringify((await syncItems(laptop))[key])}`);
    },
  },
  {
    name: 'a category added to the announcements read on one computer appears on the other without a reload (storage.sync carried between two profiles)',
    fn: async () => {
      const sc = absScenario({ n: 3, seed: 97 });
      const laptop = await launch(sc.fake);
      const desktop = await launch(sc.fake);
      const onLaptop = await topicsPanel(laptop);
      const onDesktop = await topicsPanel(desktop);

      await onLaptop.locator('[data-weft-field="watch-add"]').fill('hep-th');
      await onLaptop.locator('[data-weft-action="watch-add"]').click();
      await onLaptop.locator('[data-weft-watched="hep-th"]').waitFor({ timeout: 10_000 });
      const item = await until(async () => (await syncItems(laptop))['watch.edits'], { timeout: 10_000, what: 'the edits in storage.sync' });
      if (JSON.stringify(item.v) !== JSON.stringify({ added: ['hep-th'], removed: [] }) || !(item.t > 0)) throw new Error(`storage.sync holds ${JSON.stringify(item)} for the edits`);

      await carry(laptop, desktop);
      await onDesktop.locator('[data-weft-watched="hep-th"]').waitFor({ timeout: 10_000 });
      // Back to what Weft learned on the desktop, and on the laptop after it.
      await onDesktop.locator('[data-weft-action="watch-reset"]').click();
      await until(async () => (await syncItems(desktop))['watch.edits']?.v.added.length === 0, { timeout: 10_000, what: 'the reset in the desktop’s storage.sync' });
      await carry(desktop, laptop);
      await until(async () => (await onLaptop.locator('[data-weft-watched="hep-th"]').count()) === 0, { timeout: 10_000, what: 'the category gone from the laptop' });
    },
  },
];
