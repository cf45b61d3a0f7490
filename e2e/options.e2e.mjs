// The options page (chrome-extension://<id>/options.html): an OpenAlex API key saved there is
// sent as `api_key` on every OpenAlex request (and only there) and "Test" shows its daily
// allowance; a key the catalog refuses is reported, never dropped; "Clear cached data" empties
// the cache (followed researchers stay), so the next page view asks the catalogs again; hiding
// a panel or the badges removes them from an abs page that is already open.
//
// Hooks: `[data-weft-key="openalex" | "s2"]` holds `input[data-weft-field="api-key"]`,
// `[data-weft-action="save-key"]`, after saving `[data-weft-field="masked-key"]`,
// `[data-weft-action="test-key"]` (→ `[data-weft-field="key-test"][data-valid]`, with
// `data-remaining` for OpenAlex), `[data-weft-action="remove-key"]`, and when the catalog
// refused the key `[data-weft-field="key-refused"]`; `[data-weft-field="cache-stats"]` (with
// `data-entries`) and `[data-weft-action="clear-cache"]`; `input[data-weft-show="badges" |
// "paper" | "institutions" | "related"]`.

import { launch, sleep, until, waitForBadgeStates, screenshot, publishScreenshot, followFromCard } from './harness.mjs';
import { FakeApis, buildCatalog, OA_HOST, S2_HOST } from './fake-apis.mjs';
import { absPage, makeAuthors } from './pages.mjs';
import { PANELS, waitForPanels } from './checks.mjs';

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
const popupUrl = (s) => `chrome-extension://${s.extensionId}/popup.html`;

/** Saves `key` in the key row of `service` and waits until it shows masked. */
async function saveKey(options, service, key) {
  const row = options.locator(`[data-weft-key="${service}"]`);
  await row.locator('[data-weft-field="api-key"]').fill(key);
  await row.locator('[data-weft-action="save-key"]').click();
  await row.locator('[data-weft-field="masked-key"]').waitFor({ timeout: 5000 });
  return row;
}

const panel = (page, id) => page.locator(`weft-panels [data-weft-panel="${id}"]`);

/** The page's badges and shown panels final; returns the API requests made since `since`. */
async function viewPage(page, sc, since, panels = PANELS) {
  await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
  await waitForPanels(page, undefined, 20_000, panels); // Semantic Scholar's panels come a second apart at its pace (docs/performance.md)
  await sleep(800); // late requests (refreshes) would show up here
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
      sc.fake.setTwists({ keys: { openalex: [KEY] } });
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
      // A still picture: no button left hovered, no field focused.
      await options.mouse.move(0, 0);
      await options.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
      const column = await options.locator('main').boundingBox();
      const clip = { x: Math.max(0, column.x - 16), y: 0, width: column.width + 32, height: column.y + column.height + 16 };
      publishScreenshot(await screenshot(options, 'options-key-saved', { fullPage: true, clip }), 'options');
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
      const followed = await followFromCard(page, 1);
      await page.keyboard.press('Escape');

      // "Test": OpenAlex's /rate-limit for the saved key, its allowance shown.
      await row.locator('[data-weft-action="test-key"]').click();
      const verdict = row.locator('[data-weft-field="key-test"]');
      await verdict.waitFor({ timeout: 5000 });
      // The allowance as the catalog counted it when asked: the follow's first check may still be making calls.
      const asked = sc.fake.apiRequests(t0).filter((r) => r.host === OA_HOST && r.path.endsWith('/rate-limit')).at(-1);
      const listCalls = sc.fake.apiRequests(t0).filter((r) => r.host === OA_HOST && /^\/(works|authors)$/.test(r.path) && (!asked || r.tStart <= asked.tStart)).length;
      if ((await verdict.getAttribute('data-valid')) !== 'true' || Number(await verdict.getAttribute('data-remaining')) !== 10_000 - listCalls) {
        throw new Error(`key test shows ${await verdict.getAttribute('data-valid')} / ${await verdict.getAttribute('data-remaining')} left, expected valid with ${10_000 - listCalls} left`);
      }
      if (!/used today.*left.*resets at/.test(await verdict.textContent())) throw new Error(`the allowance reads ${JSON.stringify(await verdict.textContent())}`);
      const rateLimit = sc.fake.apiRequests(t0).filter((r) => r.path === '/rate-limit');
      if (rateLimit.length !== 1 || new URL(rateLimit[0].url).searchParams.get('api_key') !== KEY || rateLimit[0].initiator !== 'sw') throw new Error(`expected one /rate-limit call with the key from the background, got ${JSON.stringify(rateLimit)}`);

      await options.reload({ waitUntil: 'domcontentloaded' });
      if (!((await cachedEntries(options)) > 0)) throw new Error('the options page shows no cached entries after a page view');
      await options.locator('[data-weft-action="clear-cache"]').click();
      await until(async () => (await cachedEntries(options)) === 0, { timeout: 5000, what: 'the cache stats to show the cache emptied' });
      await options.locator('[role="status"]', { hasText: 'cleared' }).waitFor({ timeout: 5000 });
      // The key is a setting, not cached data: it survives; so do followed researchers.
      if (!(await row.locator('[data-weft-field="masked-key"]').count())) throw new Error('clearing the cache removed the saved key');
      const popup = await s.open(popupUrl(s));
      await popup.locator('#tab-following').click();
      await popup.locator(`[data-weft-followed="${followed}"]`).waitFor({ timeout: 5000 });
      await popup.close();

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
  {
    name: 'a key the catalog refuses is reported on the options page, not dropped: OpenAlex Test says invalid, Semantic Scholar 403 during use',
    fn: async () => {
      const sc = scenario({ seed: 43 });
      sc.fake.setTwists({ keys: { openalex: ['someOtherKey1'], s2: ['someOtherKey2'] } });
      const s = await launch(sc.fake);
      const options = await s.open(optionsUrl(s));

      const oa = await saveKey(options, 'openalex', 'NotTheRightKey9');
      await oa.locator('[data-weft-action="test-key"]').click();
      const verdict = oa.locator('[data-weft-field="key-test"]');
      await verdict.waitFor({ timeout: 5000 });
      if ((await verdict.getAttribute('data-valid')) !== 'false' || !/invalid/.test(await verdict.textContent())) throw new Error(`an invalid OpenAlex key tested as ${JSON.stringify(await verdict.textContent())}`);
      await oa.locator('[data-weft-field="key-refused"]').waitFor({ timeout: 5000 });
      await oa.locator('[data-weft-action="remove-key"]').click();

      const S2KEY = 'WrongS2Key12345';
      const s2 = await saveKey(options, 's2', S2KEY);
      const t0 = Date.now();
      const page = await s.open(sc.url);
      await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
      // The open options page learns of the refusal without a reload.
      await s2.locator('[data-weft-field="key-refused"]').waitFor({ timeout: 10_000 });
      const s2Calls = sc.fake.apiRequests(t0).filter((r) => r.host === S2_HOST);
      if (!s2Calls.length) throw new Error('the page made no Semantic Scholar requests');
      if (s2Calls.some((r) => r.apiKey !== S2KEY || r.status !== 403)) throw new Error(`Semantic Scholar requests should all carry the saved key and be refused: ${JSON.stringify(s2Calls.map((r) => [r.path, r.apiKey, r.status]))}`);
      if (!(await s2.locator('[data-weft-field="masked-key"]').count())) throw new Error('the refused key was dropped');
      await screenshot(options, 'options-key-refused', { fullPage: true });
    },
  },
  {
    name: 'hiding a panel or the badges in the options removes them from an abs page already open; a hidden panel costs no request',
    fn: async () => {
      const sc = scenario({ seed: 47 });
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      await viewPage(page, sc, 0);
      await panel(page, 'related').waitFor({ timeout: 10_000 });
      await page.evaluate(() => (window.__weftSameDocument = true));
      const options = await s.open(optionsUrl(s));

      await options.locator('input[data-weft-show="related"]').uncheck();
      await until(async () => (await panel(page, 'related').count()) === 0, { timeout: 5000, what: 'the related panel to disappear from the open page' });
      if ((await panel(page, 'paper').count()) !== 1) throw new Error('hiding the related panel also removed the paper panel');

      await options.locator('input[data-weft-show="badges"]').uncheck();
      await until(async () => (await page.locator('weft-author').count()) === 0, { timeout: 5000, what: 'the badges to disappear from the open page' });
      await options.locator('input[data-weft-show="badges"]').check();
      await waitForBadgeStates(page, sc.range(), final, { timeout: 10_000, what: 'the badges to come back' });
      if (!(await page.evaluate(() => window.__weftSameDocument === true))) throw new Error('the abs page was reloaded');

      // A later page view asks nothing for the hidden panel.
      await options.locator('[data-weft-action="clear-cache"]').click();
      await options.locator('[role="status"]', { hasText: 'cleared' }).waitFor({ timeout: 5000 });
      const t2 = Date.now();
      await page.reload({ waitUntil: 'domcontentloaded' });
      const asked = await viewPage(page, sc, t2, PANELS.filter((p) => p !== 'related'));
      if (!asked.length) throw new Error('after clearing the cache the page made no requests');
      if (asked.some((r) => r.path.startsWith('/recommendations/'))) throw new Error('the hidden related panel still asked for recommendations');
      if ((await panel(page, 'related').count()) !== 0 || (await panel(page, 'institutions').count()) !== 1) throw new Error(`after a reload: related ${await panel(page, 'related').count()}, institutions ${await panel(page, 'institutions').count()}`);

      await options.locator('input[data-weft-show="related"]').check();
      await panel(page, 'related').waitFor({ timeout: 10_000 });
    },
  },
];
