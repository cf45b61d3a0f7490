// Accessibility: axe-core's WCAG 2.0/2.1/2.2 A and AA rules (e2e/axe.mjs) on every view, in light
// and in dark, and forced colours (Windows High Contrast and the like) keeping Weft's state cues.
//
// On arXiv pages only Weft's own elements are checked (its shadow hosts and their open shadow
// roots), not arXiv's markup. Dark mode: the system colour scheme for Weft's pages and abs /
// listing pages (which have no dark theme of their own); `<html data-theme="dark">` on the HTML
// view (docs/arxiv-pages.md, "Dark mode and reading mode"). The researcher page has its run in
// researcher-page.e2e.mjs.

import { launch, openToolbarPopup, sleep, until, waitForBadgeStates, followFromCard, screenshot } from './harness.mjs';
import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { absPage, makeAuthors } from './pages.mjs';
import { fixturePage, listingCatalog, listingBadgeProbe, readEntries } from './fake-listing.mjs';
import { HTML_VIEW_CSS, htmlViewPage } from './html-pages.mjs';
import { researcherScenario } from './researcher-world.mjs';
import { axeInSchemes } from './axe.mjs';
import { checkNow, entry, followed, scenario as sameDayScenario } from './same-day-world.mjs';

const ID = '2406.05546';
const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';
const final = (st) => !!st && st !== 'loading' && st !== 'idle';

function scenario({ n = 4, seed = 71 } = {}) {
  const authors = makeAuthors(n, 11);
  const catalog = buildCatalog({ arxivId: ID, title: TITLE, authors, seed });
  const fake = new FakeApis(catalog, { pages: { [ID]: absPage({ id: ID, title: TITLE, authors }) } });
  return { authors, catalog, fake, url: `https://arxiv.org/abs/${ID}`, range: Array.from({ length: n }, (_, i) => i) };
}

const extUrl = (s, page) => `chrome-extension://${s.extensionId}/${page}`;
const scheme = (page) => async (colorScheme) => {
  await page.emulateMedia({ colorScheme });
  await sleep(150);
};

function expectNone(found) {
  if (found.length) throw new Error(`${found.length} violations: ${found.join('; ')}`);
}

/** Every panel of the page (in the `weft-panels` shadow root) in a final state. */
async function panelsSettled(page) {
  await until(() => page.evaluate(() => {
    const ps = [...(document.querySelector('weft-panels')?.shadowRoot?.querySelectorAll('[data-weft-panel]') ?? [])];
    return ps.length > 0 && ps.every((p) => !['loading', 'idle', null].includes(p.getAttribute('data-state')));
  }), { timeout: 15_000, what: 'the paper panels' });
}

/** The outline of badge i's button (its shadow root) and its box-shadow, as the browser draws them. */
const badgeLook = (page, i) => page.evaluate((k) => {
  const b = document.querySelector(`[data-weft-author="${k}"]`).shadowRoot.querySelector('button');
  const cs = getComputedStyle(b);
  return { outline: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1 ? `${cs.outlineWidth} ${cs.outlineStyle} ${cs.outlineColor}` : null, shadow: cs.boxShadow, border: cs.borderTopColor };
}, i);

/** The position bar (and its parts) as drawn: its border, and each part's background. */
const positionBarLook = (page, root) => page.evaluate((sel) => {
  const bar = document.querySelector(`${sel} .position-bar`);
  const cs = getComputedStyle(bar);
  return {
    border: cs.borderTopStyle !== 'none' && parseFloat(cs.borderTopWidth) >= 1 ? cs.borderTopColor : null,
    canvas: getComputedStyle(document.body).backgroundColor,
    parts: [...bar.children].map((c) => getComputedStyle(c).backgroundColor),
  };
}, root);

function expectPositionBar(what, look) {
  if (!look.border) throw new Error(`${what}: the position bar has no border in forced colours`);
  if (!look.parts.length || look.parts.some((c) => c === look.canvas || /rgba\(0, 0, 0, 0\)|transparent/.test(c))) {
    throw new Error(`${what}: a part of the position bar is the canvas colour (${JSON.stringify(look)})`);
  }
  if (new Set(look.parts).size !== look.parts.length) throw new Error(`${what}: two parts of the position bar look alike (${JSON.stringify(look.parts)})`);
}

export const tests = [
  {
    name: 'axe: no violations on an abs page with badges, panels and an open card, the popup (over an arXiv tab with its switch, search results, researcher view, Following), the options and the first-run page, light and dark',
    fn: async () => {
      const sc = scenario();
      const s = await launch(sc.fake);
      const found = [];

      const abs = await s.open(sc.url);
      await waitForBadgeStates(abs, sc.range, final, { timeout: 20_000 });
      await panelsSettled(abs);
      await followFromCard(abs, 1);
      await abs.keyboard.press('Escape');
      await abs.locator('[data-weft-author="0"] button').first().click();
      await abs.locator('[data-weft-card][role=dialog]').waitFor({ timeout: 5000 });
      found.push(...await axeInSchemes(abs, 'abs page', async (cs) => {
        await scheme(abs)(cs);
        await screenshot(abs, `axe-abs-${cs}`);
      }, { weftOnly: true }));

      // The toolbar popup over the abs tab, with its switch for that tab (turned off: Weft hidden there).
      const toolbar = await openToolbarPopup(s, abs);
      await until(() => toolbar.evaluate(() => {
        const box = document.querySelector('[data-weft-action="toggle-tab"]');
        if (box?.checked) box.click();
        return document.querySelector('[data-weft-field="tab-visibility"]')?.getAttribute('data-hidden') === 'true';
      }), { timeout: 5000, what: 'the popup’s switch for the abs tab, off' });
      found.push(...await axeInSchemes(toolbar, 'toolbar popup over an arXiv tab', async (cs) => {
        await toolbar.emulateColorScheme(cs);
        await sleep(150);
      }));

      const popup = await s.open(extUrl(s, 'popup.html'));
      const box = popup.locator('[data-weft="search"]');
      await box.fill('training');
      await popup.locator('[data-weft-result]').first().waitFor({ timeout: 10_000 });
      found.push(...await axeInSchemes(popup, 'popup search results', scheme(popup)));

      const person = sc.catalog.people[0];
      await box.fill(person.name.split(' ').pop());
      await popup.locator(`[data-weft-result="researcher:${person.openalexId}"]`).click();
      await popup.locator(`[data-weft-researcher="${person.openalexId}"][data-state="ready"]`).waitFor({ timeout: 10_000 });
      found.push(...await axeInSchemes(popup, 'popup researcher view', scheme(popup)));

      await popup.locator('#tab-following').click();
      await popup.locator('[data-weft-followed]').first().waitFor({ timeout: 5000 });
      found.push(...await axeInSchemes(popup, 'popup Following tab', scheme(popup)));

      const options = await s.open(extUrl(s, 'options.html'));
      await options.locator('[data-weft-key="openalex"]').waitFor({ timeout: 5000 });
      await options.locator('[data-weft-field="cache-stats"]').waitFor({ timeout: 5000 });
      found.push(...await axeInSchemes(options, 'options page', scheme(options)));

      const welcome = await s.open(extUrl(s, 'welcome.html'));
      await welcome.locator('[data-weft-field="host-access"]').waitFor({ timeout: 5000 });
      found.push(...await axeInSchemes(welcome, 'first-run page', async (cs) => {
        await scheme(welcome)(cs);
        await screenshot(welcome, `axe-welcome-${cs}`, { fullPage: true });
      }));
      expectNone(found);
    },
  },
  {
    name: 'axe: no violations in same-day alerts — the mode line, a paper from arXiv, a muted guess, a topic match, their options — light and dark; the guess keeps its dashed border in forced colours',
    fn: async () => {
      const sc = sameDayScenario(72);
      const { popup } = await followed(sc);
      await popup.locator('.alert-options summary').click();
      await popup.locator('[data-weft-field="topic-query"]').fill('diffusion');
      await popup.locator('[data-weft-action="topic-follow"]').click();
      await popup.locator('[data-weft-topic-follow]').waitFor({ timeout: 5000 });
      sc.fake.setAnnouncement({ entries: [
        entry(1, [sc.me.name, sc.coauthor.name]),
        entry(2, [sc.me.name, 'Unknown Stranger']),
        entry(3, ['Ann Other'], { abstract: 'Diffusion on graphs.' }),
      ] });
      await checkNow(popup);
      await popup.locator('[data-weft-topic-paper]').waitFor({ timeout: 10_000 });
      await popup.locator('[data-weft-new-paper][data-match="guess"]').waitFor({ timeout: 5000 });
      const found = await axeInSchemes(popup, 'popup same-day alerts', async (cs) => {
        await scheme(popup)(cs);
        await screenshot(popup, `axe-same-day-${cs}`, { fullPage: true });
      });
      expectNone(found);
      await popup.emulateMedia({ forcedColors: 'active', colorScheme: 'light' });
      const border = await popup.locator('[data-weft-new-paper][data-match="guess"]').evaluate((el) => getComputedStyle(el).borderLeftStyle);
      if (border !== 'dashed') throw new Error(`a guess in forced colours: border-left ${border}, not dashed`);
    },
  },
  {
    name: 'axe: no violations among the badges of a listing page, an entry\'s "Published in" label and the card with Not this person? open, light and dark',
    fn: async () => {
      const html = fixturePage('rendered-2026-06/list_cs.DC_new.html');
      if (!html) return;
      const plain = await launch(new FakeApis(listingCatalog([])), { extension: false });
      const entries = await readEntries(plain.context, html);
      await plain.close();
      const catalog = listingCatalog(entries);
      // The first entry's record names its journal version: its label shows (docs/features.md, Published in).
      catalog.openalex.works[0].locations = [{ source: { type: 'journal', display_name: 'Journal of Made-Up Networking' }, landing_page_url: 'https://doi.org/10.5555/made-up.2026.17' }];
      const fake = new FakeApis(catalog, { pages: { '/list/cs.DC/new': html } });
      const s = await launch(fake);
      const page = await s.open('https://arxiv.org/list/cs.DC/new');
      await until(async () => {
        const byPaper = await page.evaluate(listingBadgeProbe);
        const first = byPaper[entries[0].id] ?? [];
        return first.length > 0 && first.every((b) => final(b.state)) && await page.evaluate(() => !!document.querySelector('[data-weft-published]:not([hidden])'));
      }, { timeout: 20_000, what: 'the first entry’s badges and label' });
      await page.locator(`[data-weft-paper="${entries[0].id}"][data-weft-author="0"] button`).click();
      await page.locator('[data-weft-card] [data-weft-action="not-this-person"]').click();
      await page.locator('[data-weft-card] [data-weft-action="no-profile"]').waitFor({ timeout: 10_000 });
      expectNone(await axeInSchemes(page, 'listing', scheme(page), { weftOnly: true }));
    },
  },
  {
    name: 'axe: no violations among the badges and panels of an HTML view, in arXiv’s light and dark theme',
    fn: async () => {
      const authors = makeAuthors(3, 5);
      const catalog = buildCatalog({ arxivId: ID, title: TITLE, authors, seed: 72 });
      const html = htmlViewPage({ id: ID, title: TITLE, creators: authors.map((a) => ({ name: `${a.first} ${a.last}` })) });
      const s = await launch(new FakeApis(catalog, { htmlPages: { [ID]: html }, htmlCss: HTML_VIEW_CSS }));
      const page = await s.open(`https://arxiv.org/html/${ID}v1`);
      await waitForBadgeStates(page, [0, 1, 2], final, { timeout: 20_000 });
      await panelsSettled(page);
      expectNone(await axeInSchemes(page, 'HTML view', async (theme) => {
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        await sleep(150);
        await screenshot(page, `axe-html-${theme}`);
      }, { weftOnly: true }));
    },
  },
  {
    name: 'forced colours: the open card’s badge, an institution’s highlighted badges and the highlighted search result are outlined, the chosen popup tab underlined, the position bars keep their border and parts',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 73 });
      const s = await launch(sc.fake);
      const abs = await s.context.newPage();
      await abs.emulateMedia({ forcedColors: 'active' });
      await abs.goto(sc.url, { waitUntil: 'domcontentloaded' });
      await waitForBadgeStates(abs, sc.range, final, { timeout: 20_000 });
      await panelsSettled(abs);
      if ((await badgeLook(abs, 1)).outline) throw new Error('a closed badge is outlined in forced colours: the open one would not stand out');
      await abs.locator('[data-weft-author="0"] button').first().click();
      await abs.locator('[data-weft-card][role=dialog]').waitFor({ timeout: 5000 });
      const open = await badgeLook(abs, 0);
      if (!open.outline) throw new Error(`the badge of the open card has no outline in forced colours: ${JSON.stringify(open)}`);
      if ((await badgeLook(abs, 1)).outline) throw new Error('a badge without an open card is outlined too');
      await abs.keyboard.press('Escape');
      // An institution's row points out its authors (hover or focus).
      await abs.locator('weft-panels [data-weft-institution] button.who').first().focus();
      const lit = await until(() => abs.evaluate(() => [...document.querySelectorAll('[data-weft-highlight]')].map((el) => el.getAttribute('data-weft-author'))).then((l) => l.length && l), { timeout: 5000, what: 'badges highlighted by an institution' });
      for (const i of lit) {
        const look = await badgeLook(abs, i);
        if (!look.outline) throw new Error(`highlighted badge #${i} has no outline in forced colours: ${JSON.stringify(look)}`);
      }
      await screenshot(abs, 'forced-colors-abs');
      await abs.close();

      const rs = researcherScenario({ works: 20, seed: 74 });
      const s2 = await launch(rs.fake);
      const page = await s2.context.newPage();
      await page.emulateMedia({ forcedColors: 'active' });
      await page.goto(`chrome-extension://${s2.extensionId}/researcher.html#${rs.id}`, { waitUntil: 'domcontentloaded' });
      await page.locator('[data-weft-field="positions"] .position-bar span').first().waitFor({ timeout: 15_000 });
      expectPositionBar('researcher page', await positionBarLook(page, '[data-weft-field="positions"]'));
      await screenshot(page, 'forced-colors-researcher', { fullPage: true });

      const popup = await s2.context.newPage();
      await popup.emulateMedia({ forcedColors: 'active' });
      await popup.goto(`chrome-extension://${s2.extensionId}/popup.html`, { waitUntil: 'domcontentloaded' });
      const tabs = await popup.evaluate(() => ['search', 'following'].map((t) => getComputedStyle(document.getElementById(`tab-${t}`)).borderBottomColor));
      if (tabs[0] === tabs[1]) throw new Error(`in forced colours the chosen tab's underline looks like the other's (${tabs[0]})`);
      await popup.locator('[data-weft="search"]').fill(rs.person.name.split(' ').pop());
      await popup.locator(`[data-weft-result="researcher:${rs.id}"]`).waitFor({ timeout: 10_000 });
      await popup.keyboard.press('ArrowDown');
      const active = await popup.evaluate(() => {
        const el = document.getElementById(document.querySelector('[data-weft="search"]').getAttribute('aria-activedescendant'));
        const cs = el && getComputedStyle(el);
        return cs && cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1;
      });
      if (!active) throw new Error('in forced colours the highlighted search result has no outline');
      await popup.locator(`[data-weft-result="researcher:${rs.id}"]`).click();
      await popup.locator(`[data-weft-researcher="${rs.id}"][data-state="ready"] .position-bar span`).first().waitFor({ timeout: 10_000 });
      expectPositionBar('popup researcher view', await positionBarLook(popup, `[data-weft-researcher="${rs.id}"]`));
    },
  },
];
