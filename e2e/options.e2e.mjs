// The options page: an OpenAlex API key saved there is sent as `api_key` on every OpenAlex
// request (and only there); "Clear cached data" empties the cache, so the next page view asks
// the catalogs again.
//
// Hooks: `[data-weft-key="openalex" | "s2"]` holds `input[data-weft-field="api-key"]`,
// `[data-weft-action="save-key"]`, after saving `[data-weft-field="masked-key"]` and
// `[data-weft-action="remove-key"]`; `[data-weft-field="cache-stats"]` (with `data-entries`)
// and `[data-weft-action="clear-cache"]`.

import { launch, sleep, until, waitForBadgeStates, screenshot } from './harness.mjs';
import { FakeApis, buildCatalog, OA_HOST } from './fake-apis.mjs';
import { absPage, makeAuthors } from './pages.mjs';

const ID = '2406.05546';
const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';
const KEY = 'e2eOpenAlexKey7f3c';

function scenario({ n = 4, seed = 41 } = {}) {
  const authors = makeAuthors(n, 9);
  const catalog = buildCatalog({ arxivId: ID, title: TITLE, authors, seed });
  const fake = new FakeApis(catalog, { pages: { [ID]: absPage({ id: ID, title: TITLE, authors }) } });
  return { fake, n, url: `https://arxiv.org/abs/${ID}`, range: () => Array.from({ length: n }, (_, i) => i) };
}

const final = (st) => st && st !== 'loading' && st !== 'idle';
const optionsUrl = (s) => `chrome-extension://${s.extensionId}/options.html`;

/** The page's badges all ready; returns the API requests made since `since`. */
async function viewPage(page, sc, since) {
  await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
  await sleep(800); // late requests (panels, refreshes) would show up here
  return sc.fake.apiRequests(since);
}

async function cachedEntries(options) {
  const stats = options.locator('[data-weft-field="cache-stats"]');
  await stats.waitFor({ timeout: 5000 });
  return Number(await stats.getAttribute('data-entries'));
}

export const tests = [
  {
    name: 'a saved OpenAlex key goes out as api_key on OpenAlex requests only; clearing the cache makes the page ask again',
    fn: async () => {
      const sc = scenario();
      const s = await launch(sc.fake);
      const options = await s.open(optionsUrl(s));
      const row = options.locator('[data-weft-key="openalex"]');

      // A malformed key is explained, not saved.
      await row.locator('[data-weft-field="api-key"]').fill('two words');
      await row.locator('[data-weft-action="save-key"]').click();
      await row.locator('[role="alert"]').waitFor({ timeout: 5000 });
      if (await row.locator('[data-weft-field="masked-key"]').count()) throw new Error('a key with a space inside was saved');

      // Saved with stray spaces around it (as pasted): shown masked, never in full.
      await row.locator('[data-weft-field="api-key"]').fill(`  ${KEY} `);
      await row.locator('[data-weft-field="api-key"]').press('Enter');
      const masked = row.locator('[data-weft-field="masked-key"]');
      await masked.waitFor({ timeout: 5000 });
      const shown = await masked.textContent();
      if (!shown?.endsWith(KEY.slice(-4)) || shown.includes(KEY.slice(0, 8))) throw new Error(`saved key shown as ${JSON.stringify(shown)}, expected it masked`);
      if ((await options.content()).includes(KEY)) throw new Error('the options page holds the full key after saving');
      await screenshot(options, 'options-key-saved', { fullPage: true });
      await options.emulateMedia({ colorScheme: 'dark' });
      await screenshot(options, 'options-dark', { fullPage: true });
      await options.emulateMedia({ colorScheme: 'light' });

      const t0 = Date.now();
      const page = await s.open(sc.url);
      const first = await viewPage(page, sc, t0);
      const oa = first.filter((r) => r.host === OA_HOST);
      if (!oa.length) throw new Error('the page made no OpenAlex requests');
      const keyless = oa.filter((r) => new URL(r.url).searchParams.get('api_key') !== KEY);
      if (keyless.length) throw new Error(`OpenAlex requests without api_key=${KEY}: ${keyless.map((r) => r.url).join('; ')}`);
      const leaked = first.filter((r) => r.host !== OA_HOST && r.url.includes(KEY));
      if (leaked.length) throw new Error(`the OpenAlex key went to another host: ${leaked.map((r) => r.url).join('; ')}`);

      // Without clearing, a reload is answered from the cache.
      const t1 = Date.now();
      await page.reload({ waitUntil: 'domcontentloaded' });
      const warm = await viewPage(page, sc, t1);
      if (warm.length) throw new Error(`a reload before clearing made ${warm.length} API requests: ${warm.map((r) => r.url).join('; ')}`);

      await options.reload({ waitUntil: 'domcontentloaded' });
      if (!((await cachedEntries(options)) > 0)) throw new Error('the options page shows no cached entries after a page view');
      await options.locator('[data-weft-action="clear-cache"]').click();
      await until(async () => (await cachedEntries(options)) === 0, { timeout: 5000, what: 'the cache stats to show the cache emptied' });
      await options.locator('[role="status"]', { hasText: 'cleared' }).waitFor({ timeout: 5000 });
      // The key is a setting, not cached data: it survives.
      if (!(await row.locator('[data-weft-field="masked-key"]').count())) throw new Error('clearing the cache removed the saved key');

      const t2 = Date.now();
      await page.reload({ waitUntil: 'domcontentloaded' });
      const again = await viewPage(page, sc, t2);
      const oaAgain = again.filter((r) => r.host === OA_HOST);
      if (!oaAgain.length) throw new Error('after clearing the cache, a reload made no OpenAlex requests');
      if (oaAgain.some((r) => new URL(r.url).searchParams.get('api_key') !== KEY)) throw new Error('after clearing the cache, OpenAlex requests went without the key');

      // Removed: the next requests go keyless.
      await row.locator('[data-weft-action="remove-key"]').click();
      await until(async () => (await row.locator('[data-weft-field="masked-key"]').count()) === 0, { timeout: 5000, what: 'the key to be removed' });
      await options.locator('[data-weft-action="clear-cache"]').click();
      await until(async () => (await cachedEntries(options)) === 0, { timeout: 5000, what: 'the cache to be emptied again' });
      const t3 = Date.now();
      await page.reload({ waitUntil: 'domcontentloaded' });
      const keylessNow = (await viewPage(page, sc, t3)).filter((r) => r.host === OA_HOST);
      if (!keylessNow.length || keylessNow.some((r) => new URL(r.url).searchParams.has('api_key'))) throw new Error('after removing the key, OpenAlex requests still carried api_key (or none were made)');
    },
  },
];
