// Every string of Weft's UI comes through browser.i18n (docs/architecture.md, "Strings"): the
// build is copied with pseudo-localised messages in place of the English ones
// (scripts/pseudo-locale.mjs: accented and about 40 % longer), and on an abs page (badges, an
// open card, the panels), a listing, the popup (search results, Following), the settings and
// the researcher page no visible text of Weft's is a text of the English messages, which only
// a string that bypassed the messages can still show. Each view's screenshot is saved to
// e2e/artifacts/pseudo-*.png, to see what longer words do to the layout.

import fs from 'node:fs';
import { EXT_DIR, launch, until, waitForBadgeStates, screenshot } from './harness.mjs';
import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { absPage, makeAuthors } from './pages.mjs';
import { fixturePage, listingCatalog, listingBadgeProbe, readEntries } from './fake-listing.mjs';
import { researcherScenario } from './researcher-world.mjs';
import { EN_MESSAGES, writePseudoBuild } from '../scripts/pseudo-locale.mjs';

const ID = '2406.05546';
const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';
const final = (st) => !!st && st !== 'loading' && st !== 'idle';
const extUrl = (s, page) => `chrome-extension://${s.extensionId}/${page}`;

/**
 * The English texts a string that skipped the messages would show: each message's parts between
 * its placeholders, trimmed of spaces and punctuation, of two letters or more.
 */
const ENGLISH = new Set(
  Object.values(JSON.parse(fs.readFileSync(EN_MESSAGES, 'utf8')))
    .flatMap(({ message }) => message.split(/\$\d|\$\$/))
    .map((part) => part.replace(/^[\s\p{P}·]+|[\s\p{P}·]+$/gu, ''))
    .filter((part) => /\p{L}.*\p{L}/u.test(part)),
);

/** The visible text nodes of Weft's UI in a page: its own shadow roots, or the whole of an extension page. */
function visibleTexts(whole) {
  const roots = whole ? [document.body] : [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('weft-') && el.shadowRoot).map((el) => el.shadowRoot);
  const texts = [];
  const walk = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (text && el && !['SCRIPT', 'STYLE'].includes(el.tagName) && el.checkVisibility({ visibilityProperty: true })) texts.push(text);
    }
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  roots.forEach(walk);
  return texts;
}

/** Saves the view's screenshot and fails on any English message text shown in it; returns how many texts were read. */
async function expectPseudo(page, what, { whole = false, fullPage = false } = {}) {
  await screenshot(page, `pseudo-${what}`, { fullPage });
  const texts = await page.evaluate(visibleTexts, whole);
  const plain = [...new Set(texts.filter((text) => ENGLISH.has(text.replace(/^[\s\p{P}·]+|[\s\p{P}·]+$/gu, ''))))];
  if (plain.length) throw new Error(`${what}: ${plain.length} English text(s) bypassed the messages: ${plain.map((x) => JSON.stringify(x)).join(', ')}`);
  if (!texts.some((text) => /[áéíóúñçẃý]|\s·+$/i.test(text))) throw new Error(`${what}: no pseudo-localised text shown (${texts.length} texts read): the pseudo build was not loaded`);
  return texts.length;
}

/**
 * Runs `fn(extDir)` with a pseudo-locale copy of the build beside it, removed afterwards. Beside
 * it, not in the system's temporary folder: Chromium 156 gave an unpacked extension loaded from
 * /tmp its messages in content scripts but none on its own pages.
 */
async function withPseudoBuild(fn) {
  const dir = `${EXT_DIR}-pseudo`;
  try {
    return await fn(writePseudoBuild(EXT_DIR, dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const tests = [
  {
    name: 'pseudo-locale: an abs page (badges, a card, panels), the popup (search, a researcher, Following) and the settings show only texts from the messages',
    fn: () => withPseudoBuild(async (extDir) => {
      const authors = makeAuthors(4, 11);
      const catalog = buildCatalog({ arxivId: ID, title: TITLE, authors, seed: 71 });
      const fake = new FakeApis(catalog, { pages: { [ID]: absPage({ id: ID, title: TITLE, authors }) } });
      const s = await launch(fake, { extDir });

      const abs = await s.open(`https://arxiv.org/abs/${ID}`);
      await waitForBadgeStates(abs, [0, 1, 2, 3], final, { timeout: 20_000 });
      await abs.locator('weft-panels [data-weft-panel][data-state="ready"]').first().waitFor({ timeout: 20_000 });
      await abs.locator('[data-weft-author="0"] button').first().click();
      await abs.locator('[data-weft-card][role=dialog]').waitFor({ timeout: 5000 });
      await expectPseudo(abs, 'abs');

      const popup = await s.open(extUrl(s, 'popup.html'));
      const box = popup.locator('[data-weft="search"]');
      await box.fill('training');
      await popup.locator('[data-weft-result]').first().waitFor({ timeout: 10_000 });
      await expectPseudo(popup, 'popup-search', { whole: true });
      const person = catalog.people[0];
      await box.fill(person.name.split(' ').pop());
      await popup.locator(`[data-weft-result="researcher:${person.openalexId}"]`).click();
      await popup.locator(`[data-weft-researcher="${person.openalexId}"][data-state="ready"]`).waitFor({ timeout: 10_000 });
      await expectPseudo(popup, 'popup-researcher', { whole: true });
      await popup.locator('#tab-following').click();
      await popup.locator('#panel-following .following-tab > :not([aria-busy])').first().waitFor({ timeout: 5000 });
      await expectPseudo(popup, 'popup-following', { whole: true });

      const options = await s.open(extUrl(s, 'options.html'));
      await options.locator('[data-weft-key="openalex"]').waitFor({ timeout: 5000 });
      await options.locator('[data-weft-field="cache-stats"]').waitFor({ timeout: 5000 });
      await expectPseudo(options, 'options', { whole: true, fullPage: true });
    }),
  },
  {
    name: 'pseudo-locale: the badges of a listing page and the researcher page show only texts from the messages',
    fn: () => withPseudoBuild(async (extDir) => {
      const html = fixturePage('rendered-2026-06/list_cs.DC_new.html');
      if (html) {
        const plain = await launch(new FakeApis(listingCatalog([])), { extension: false });
        const entries = await readEntries(plain.context, html);
        await plain.close();
        const s = await launch(new FakeApis(listingCatalog(entries), { pages: { '/list/cs.DC/new': html } }), { extDir });
        const page = await s.open('https://arxiv.org/list/cs.DC/new');
        await until(async () => {
          const first = (await page.evaluate(listingBadgeProbe))[entries[0].id] ?? [];
          return first.length > 0 && first.every((b) => final(b.state));
        }, { timeout: 20_000, what: 'the first entry’s badges' });
        await expectPseudo(page, 'listing');
        await s.close();
      }

      const rs = researcherScenario({ works: 20, seed: 74 });
      const s = await launch(rs.fake, { extDir });
      const page = await s.open(extUrl(s, `researcher.html#${rs.id}`));
      await page.locator('[data-weft-field="positions"] .position-bar span').first().waitFor({ timeout: 15_000 });
      await page.locator('.works-block[data-state="ready"]').waitFor({ timeout: 15_000 });
      await expectPseudo(page, 'researcher', { whole: true, fullPage: true });
    }),
  },
];
