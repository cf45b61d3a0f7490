// The first-run page (welcome.html): opened once, when Weft is installed (a fresh profile);
// not when the browser starts again on that profile; reachable from the settings page, which shows Weft's version. Its axe run is in
// accessibility.e2e.mjs.
//
// Hooks: `[data-weft-field="host-access"][data-granted]` (the catalog-access step, with
// `[data-weft-action="grant-hosts"]` when access is missing), `[data-weft-action="open-settings"]`;
// on the settings page `[data-weft-field="version"]` and `a[data-weft-link="welcome"]`.

import fs from 'node:fs';
import path from 'node:path';
import { EXT_DIR, launch, relaunch, sleep, until, isWelcome, screenshot } from './harness.mjs';
import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { makeAuthors } from './pages.mjs';

const fake = () => new FakeApis(buildCatalog({ arxivId: '2406.05546', title: 'T', authors: makeAuthors(2), seed: 81 }));
const welcomeTabs = (s) => s.context.pages().filter(isWelcome);

/** Waits `ms` and fails when a first-run tab is open by then. */
async function expectNoWelcome(s, when, ms = 2000) {
  await sleep(ms);
  const open = welcomeTabs(s);
  if (open.length) throw new Error(`the first-run page opened ${when}`);
}

export const tests = [
  {
    name: 'opens once on install, says what Weft shows and where, and that the catalogs are reachable; not again when the browser restarts',
    fn: async () => {
      let s = await launch(fake(), { keepWelcome: true });
      const page = await until(() => welcomeTabs(s)[0], { timeout: 5000, what: 'the first-run page after install' });
      await page.waitForLoadState('domcontentloaded');
      await page.locator('[data-weft-field="host-access"]').waitFor({ timeout: 5000 });
      if (welcomeTabs(s).length !== 1) throw new Error(`${welcomeTabs(s).length} first-run tabs opened`);
      const text = (await page.locator('main').textContent()).replace(/\s+/g, ' ');
      for (const want of ['arxiv.org/abs/', 'arxiv.org/list/', 'arxiv.org/search/', 'arxiv.org/html/', 'popup', 'researcher page', 'API keys', 'notifications']) {
        if (!text.includes(want)) throw new Error(`the first-run page does not mention ${JSON.stringify(want)}`);
      }
      // Chromium grants the catalog hosts at install: nothing to ask for.
      if ((await page.locator('[data-weft-field="host-access"]').getAttribute('data-granted')) !== 'true') throw new Error('the catalogs are said to be out of reach');
      if (await page.locator('[data-weft-action="grant-hosts"]').count()) throw new Error('access is asked for though it is granted');
      await screenshot(page, 'welcome');

      // Chromium reports an extension loaded from the command line as installed at every start;
      // the page still opens only once. (An update's reason, "update", is covered by
      // lib/background/first-run.test.ts: runtime.reload() unloads such an extension for good.)
      s = await relaunch(s, { keepWelcome: true });
      await expectNoWelcome(s, 'again when the browser restarted');
    },
  },
  {
    name: 'the settings page shows the version and links to the first-run page',
    fn: async () => {
      const s = await launch(fake());
      const options = await s.open(`chrome-extension://${s.extensionId}/options.html`);
      const version = JSON.parse(fs.readFileSync(path.join(EXT_DIR, 'manifest.json'), 'utf8')).version;
      const shown = await options.locator('[data-weft-field="version"]').textContent();
      if (!shown.includes(version)) throw new Error(`the settings page shows ${JSON.stringify(shown)}, not version ${version}`);
      await options.locator('a[data-weft-link="welcome"]').click();
      await options.waitForURL(/\/welcome\.html$/, { timeout: 5000 });
      await options.getByRole('heading', { level: 1, name: 'Welcome to Weft' }).waitFor({ timeout: 5000 });
      await options.locator('[data-weft-field="host-access"]').waitFor({ timeout: 5000 });
    },
  },
];
