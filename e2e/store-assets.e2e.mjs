// The store listing's images, made on the fake catalogs and committed in store/: screenshots at
// the Chrome Web Store's 1280×800, light and dark, of the views a reader meets first (an abstract
// page with an author's card, the toolbar popup over it, a listing, the researcher page, the HTML
// view), and the 440×280 promo tile rendered from store/promo-tile.html. Each test checks what it
// shows before it takes the picture, and the size of every image it writes. The listing and the
// HTML view are arXiv's own pages from the shared workspace's fixtures (not run without them).

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, launch, openToolbarPopup, sleep, until, waitForBadgeStates } from './harness.mjs';
import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { absScenario, PANELS } from './checks.mjs';
import { LISTING_LOOK, fixturePage, listingBadgeProbe, listingCatalog, readEntries } from './fake-listing.mjs';
import { HTML_VIEW_CSS, htmlFixture, htmlFixturesMissing } from './html-pages.mjs';
import { researcherScenario } from './researcher-world.mjs';
import { makeAuthors } from './pages.mjs';
import { pngSize } from '../scripts/check-bundle.mjs';

const STORE = path.join(ROOT, 'store');
const SHOTS = path.join(STORE, 'screenshots');
const SCREEN = { width: 1280, height: 800 };
const SCHEMES = ['light', 'dark'];
const final = (st) => st && st !== 'loading' && st !== 'idle';

/** Writes a PNG into store/ and fails unless it is `size`. */
function save(bytes, file, size) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  const got = pngSize(fs.readFileSync(file));
  if (got?.width !== size.width || got?.height !== size.height) throw new Error(`${path.relative(ROOT, file)} is ${JSON.stringify(got)}, not ${size.width}×${size.height}`);
}

/** The page's viewport, 1280×800, as store/screenshots/<name>-<scheme>.png. */
async function shoot(page, name, scheme) {
  save(await page.screenshot({ clip: { x: 0, y: 0, ...SCREEN } }), path.join(SHOTS, `${name}-${scheme}.png`), SCREEN);
}

async function inScheme(page, scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await sleep(200);
}

/** An abs page with every badge and panel final. */
async function absReady(s, sc) {
  const page = await s.open(sc.url);
  await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
  await until(() => page.evaluate((n) => {
    const ps = [...(document.querySelector('weft-panels')?.shadowRoot?.querySelectorAll('[data-weft-panel]') ?? [])];
    return ps.length === n && ps.every((p) => !['loading', 'idle', null].includes(p.getAttribute('data-state')));
  }, PANELS.length), { timeout: 15_000, what: 'the paper panels' });
  return page;
}

const names = makeAuthors(6);

export const tests = [
  {
    name: 'store screenshots: an abstract page with an author’s card open, light and dark',
    fn: async () => {
      const sc = absScenario({ names, seed: 3 });
      const s = await launch(sc.fake, { viewport: SCREEN });
      const page = await absReady(s, sc);
      await page.locator('[data-weft-author="1"] button').first().click();
      await page.locator('[data-weft-card][role=dialog] [data-weft-field="h-index"]').waitFor({ timeout: 5000 });
      for (const scheme of SCHEMES) {
        await inScheme(page, scheme);
        await shoot(page, '1-abstract-page', scheme);
      }
    },
  },
  {
    name: 'store screenshots: the toolbar popup’s search over an abstract page, light and dark',
    fn: async () => {
      const sc = absScenario({ names, seed: 3 });
      const s = await launch(sc.fake, { viewport: SCREEN });
      const page = await absReady(s, sc);
      const popup = await openToolbarPopup(s, page);
      await popup.type('Lindqvist');
      await until(() => popup.evaluate(() => document.querySelectorAll('[data-weft-result^="researcher:"]').length > 0), { timeout: 10_000, what: 'the popup’s search results' });
      const shots = [];
      for (const scheme of SCHEMES) {
        await inScheme(page, scheme);
        await popup.emulateColorScheme(scheme);
        await sleep(200);
        shots.push({ scheme, under: await page.screenshot({ clip: { x: 0, y: 0, ...SCREEN } }), over: await popup.screenshot() });
      }
      // Composed in a tab of its own once both are taken (the popup closes when another tab opens).
      const frame = await s.context.newPage();
      await frame.setViewportSize(SCREEN);
      for (const { scheme, under, over } of shots) {
        // The popup hangs from the toolbar at the top right, over the page it was opened on.
        await frame.setContent(`<body style="margin:0;width:1280px;height:800px;overflow:hidden;position:relative">
          <img src="data:image/png;base64,${under.toString('base64')}" style="position:absolute;inset:0;filter:brightness(${scheme === 'dark' ? 0.7 : 0.93})">
          <img src="data:image/png;base64,${over.toString('base64')}" style="position:absolute;top:10px;right:24px;border-radius:8px;box-shadow:0 6px 28px rgb(0 0 0 / 0.35)">
        </body>`);
        await frame.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
        await shoot(frame, '2-popup-search', scheme);
      }
    },
  },
  {
    name: 'store screenshots: a listing with a badge after every author and a card open, light and dark',
    fn: async () => {
      const html = fixturePage('rendered-2026-06/list_q-fin_new.html');
      if (!html) return;
      const plain = await launch(new FakeApis(listingCatalog([])), { extension: false });
      const entries = await readEntries(plain.context, html);
      await plain.close();
      const s = await launch(new FakeApis(listingCatalog(entries), { pages: { '/list/q-fin/new': html } }), { viewport: SCREEN });
      const page = await s.open('https://arxiv.org/list/q-fin/new');
      await page.addStyleTag({ content: LISTING_LOOK });
      const first = entries[0].id;
      await until(async () => {
        const badges = (await page.evaluate(listingBadgeProbe))[first] ?? [];
        return badges.length > 0 && badges.every((b) => b.state === 'ready');
      }, { timeout: 20_000, what: 'the first entry’s badges' });
      const badge = page.locator(`[data-weft-paper="${first}"][data-weft-author="0"]`);
      await badge.evaluate((el) => el.closest('dd').previousElementSibling.scrollIntoView());
      await badge.locator('button').click();
      await page.locator('[data-weft-card] [data-weft-field="h-index"]').waitFor({ timeout: 5000 });
      for (const scheme of SCHEMES) {
        await inScheme(page, scheme);
        await shoot(page, '3-listing', scheme);
      }
    },
  },
  {
    name: 'store screenshots: the researcher page, light and dark',
    fn: async () => {
      const rs = researcherScenario({ works: 40, seed: 31 });
      const s = await launch(rs.fake, { viewport: SCREEN });
      const page = await s.open(`chrome-extension://${s.extensionId}/researcher.html#${rs.id}`);
      await page.locator('[data-weft-field="positions"] .position-bar span').first().waitFor({ timeout: 15_000 });
      await page.locator('[data-weft-chart="citations-per-year"] [data-year]').first().waitFor({ timeout: 15_000 });
      for (const scheme of SCHEMES) {
        await inScheme(page, scheme);
        await shoot(page, '4-researcher-page', scheme);
      }
    },
  },
  {
    name: 'store screenshots: the HTML view with its badges, a card and the panels, in arXiv’s light and dark theme',
    fn: async () => {
      if (htmlFixturesMissing()) return;
      const fx = htmlFixture('html_2406.05546v1.html');
      const catalog = buildCatalog({ arxivId: fx.id, title: fx.title, authors: fx.authors, seed: 17 });
      const s = await launch(new FakeApis(catalog, { htmlPages: { [fx.id]: fx.html }, htmlCss: HTML_VIEW_CSS }), { viewport: SCREEN });
      const page = await s.open(fx.url);
      await waitForBadgeStates(page, fx.persons.map((p) => p.index), final, { timeout: 20_000 });
      await until(async () => (await page.locator('weft-panels [data-weft-panel][data-state="ready"]').count()) === PANELS.length, { timeout: 15_000, what: 'the panels' });
      await page.locator('[data-weft-author="1"] button').click();
      await page.locator('[data-weft-card] [data-weft-field="h-index"]').waitFor({ timeout: 5000 });
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), scheme);
        await sleep(200);
        await shoot(page, '5-html-view', scheme);
      }
    },
  },
  {
    name: 'store promo tile: store/promo-tile.html rendered at 440×280',
    fn: async () => {
      const size = { width: 440, height: 280 };
      const s = await launch(new FakeApis(buildCatalog({ arxivId: '2406.05546', title: 'T', authors: makeAuthors(1) })), { extension: false, viewport: size });
      const page = await s.context.newPage();
      await page.goto(pathToFileURL(path.join(STORE, 'promo-tile.html')).href);
      await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth || document.documentElement.scrollHeight > innerHeight);
      if (overflow) throw new Error('the promo tile’s content overflows 440×280');
      save(await page.screenshot(), path.join(STORE, 'promo-tile-440x280.png'), size);
    },
  },
];
