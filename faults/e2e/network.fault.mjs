// The network gone, in a browser: what the reader reads in the popup and on the page, and that
// everything comes back once the network does.

import { launch, until, waitForBadgeStates } from '../../e2e/harness.mjs';
import { tried } from '../ledger.mjs';
import { scenario, popupUrl, final } from './common.mjs';

export const tests = [
  {
    name: '[offline] no network: the popup says OpenAlex could not be reached and offers Retry, badges are in error with retry; back online both load',
    fn: async () => {
      const sc = scenario({ n: 4 });
      const s = await launch(sc.fake);
      sc.fake.setTwists({ offline: true });
      const problems = [];
      const popup = await s.open(popupUrl(s));
      const person = sc.catalog.people[2];
      await popup.locator('[data-weft="search"]').fill(person.name.split(' ').pop());
      const said = await until(async () => {
        const text = await popup.locator('body').innerText();
        return /could not be reached/i.test(text) ? text : null;
      }, { timeout: 15_000, what: 'the popup to say the catalog could not be reached' }).catch(() => null);
      if (!said) problems.push(`the popup says: ${JSON.stringify((await popup.locator('body').innerText()).slice(0, 200))}`);
      else if (!/connection/i.test(said)) problems.push('the popup does not say to check the connection');
      const retry = popup.locator('[data-weft-action="retry"]').first();
      if (!(await retry.isVisible().catch(() => false))) problems.push('no Retry in the popup');

      const page = await s.open(sc.url);
      const snap = await waitForBadgeStates(page, [0, 1, 2, 3], final, { timeout: 30_000 });
      const notError = [0, 1, 2, 3].filter((i) => snap.byIndex.get(String(i)).state !== 'error');
      if (notError.length) problems.push(`badges not in error while offline: #${notError.join(', #')}`);

      // Back online: the reader's Retry brings results and figures.
      sc.fake.setTwists({ offline: false });
      if (await retry.isVisible().catch(() => false)) {
        await retry.click();
        await popup.locator(`[data-weft-result="researcher:${person.openalexId}"]`).waitFor({ timeout: 10_000 }).catch(() => problems.push('Retry in the popup brought no result once online'));
      }
      await page.locator('[data-weft-author="0"] [data-weft-action="retry"]').first().click();
      await waitForBadgeStates(page, [0, 1, 2, 3], (st) => st === 'ready', { timeout: 15_000 }).catch(() => problems.push('the badges\' retry did not load them once online'));
      tried('offline');
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
];
