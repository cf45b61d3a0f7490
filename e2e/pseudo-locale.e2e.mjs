// Every string of Weft's UI comes through browser.i18n (docs/architecture.md, "Strings"): the
// build is copied with pseudo-localised messages in place of the English ones
// (scripts/pseudo-locale.mjs: accented and about 40 % longer), and on an abs page (badges, an
// open card, the panels), a paper no catalog has yet (the card saying why an author has no
// profile, which the background decides), a listing, the popup (search results, Following, a
// refused import), the settings and the researcher page no visible text of Weft's is a text of
// the English messages, nor English the background wrote (a sentence no message made), which
// only a string that bypassed the messages can still show; and every page and host of Weft's
// says it is in the messages' language (en-XA). Each view's screenshot is saved to
// e2e/artifacts/pseudo-*.png, to see what longer words do to the layout.

import fs from 'node:fs';
import { EXT_DIR, launch, until, waitForBadgeStates, screenshot } from './harness.mjs';
import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { absPage, displayName, makeAuthors } from './pages.mjs';
import { fixturePage, listingCatalog, listingBadgeProbe, readEntries } from './fake-listing.mjs';
import { researcherScenario } from './researcher-world.mjs';
import { EN_MESSAGES, PSEUDO_FIXED, writePseudoBuild } from '../scripts/pseudo-locale.mjs';

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

/** Words of English prose no message would leave unaccented in the pseudo build (every one has a letter it accents). */
const FUNCTION_WORDS = new Set(['the', 'of', 'and', 'to', 'is', 'was', 'not', 'no', 'this', 'that', 'with', 'for', 'in', 'on', 'by', 'it', 'be', 'are', 'from', 'as', 'at', 'an', 'or', 'could', 'did', 'has', 'have', 'been', 'its', 'their', 'there', 'than', 'then', 'would', 'will', 'can', 'into', 'only', 'yet', 'here']);

/**
 * Whether `text` holds English that no message made: a whole text shaped as a sentence (a capital
 * first, a full stop last, three words or more) with no letter the pseudo build accents, or, in
 * any text, a run of four plain words with two of English's little words in it (a sentence the
 * background wrote, filled into a message). A name or a title the catalogs give is neither.
 */
function writtenInEnglish(text) {
  const pseudo = /[áéíóúñçẃýÁÉÍÓÚÑÇẂÝ]|·/;
  if (!pseudo.test(text) && /^\p{Lu}/u.test(text) && /[.?!]\)?$/.test(text) && text.split(/\s+/).length >= 3) return true;
  for (const run of text.split(/[^\p{L}\s'’-]|\s[-–—]\s/u)) {
    const words = run.split(/\s+/).filter(Boolean);
    for (let i = 0; i + 4 <= words.length; i++) {
      const four = words.slice(i, i + 4);
      if (four.some((w) => pseudo.test(w))) continue;
      if (new Set(four.map((w) => w.toLowerCase()).filter((w) => FUNCTION_WORDS.has(w))).size >= 2) return true;
    }
  }
  return false;
}

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

/** The `lang` of an extension page, or of each of Weft's hosts on an arXiv page. */
function languages(whole) {
  if (whole) return [document.documentElement.lang];
  return [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('weft-') && el.shadowRoot).map((el) => el.lang);
}

/**
 * Saves the view's screenshot and fails on any English message text shown in it, any English
 * the background wrote, or a page or host not in the messages' language; returns how many texts
 * were read.
 */
async function expectPseudo(page, what, { whole = false, fullPage = false } = {}) {
  await screenshot(page, `pseudo-${what}`, { fullPage });
  const texts = await page.evaluate(visibleTexts, whole);
  const plain = [...new Set(texts.filter((text) => ENGLISH.has(text.replace(/^[\s\p{P}·]+|[\s\p{P}·]+$/gu, '')) || writtenInEnglish(text)))];
  if (plain.length) throw new Error(`${what}: ${plain.length} English text(s) bypassed the messages: ${plain.map((x) => JSON.stringify(x)).join(', ')}`);
  if (!texts.some((text) => /[áéíóúñçẃý]|\s·+$/i.test(text))) throw new Error(`${what}: no pseudo-localised text shown (${texts.length} texts read): the pseudo build was not loaded`);
  const langs = [...new Set(await page.evaluate(languages, whole))];
  if (langs.length !== 1 || langs[0] !== PSEUDO_FIXED.languageTag) throw new Error(`${what}: Weft's ${whole ? 'page says it is' : 'hosts say they are'} in ${JSON.stringify(langs)}, not the messages' ${PSEUDO_FIXED.languageTag}`);
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
      // A file that is no follow list: why, the background says as data.
      await popup.locator('.alert-options summary').click();
      await popup.locator('[data-weft-field="import-file"]').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
      await until(async () => /\S/.test(await popup.locator('.import-result').textContent()), { timeout: 5000, what: 'why the file was refused' });
      await expectPseudo(popup, 'popup-import', { whole: true, fullPage: true });

      const options = await s.open(extUrl(s, 'options.html'));
      await options.locator('[data-weft-key="openalex"]').waitFor({ timeout: 5000 });
      await options.locator('[data-weft-field="cache-stats"]').waitFor({ timeout: 5000 });
      await expectPseudo(options, 'options', { whole: true, fullPage: true });
    }),
  },
  {
    name: 'pseudo-locale: a paper no catalog has yet: the card says why an author has no profile in the messages’ words, not the background’s',
    fn: () => withPseudoBuild(async (extDir) => {
      const authors = makeAuthors(4, 31);
      const catalog = buildCatalog({ arxivId: ID, title: TITLE, authors, seed: 72, unmatched: [2] });
      const fake = new FakeApis(catalog, { pages: { [ID]: absPage({ id: ID, title: TITLE, authors }) }, twists: { fresh: true } });
      const s = await launch(fake, { extDir });
      const abs = await s.open(`https://arxiv.org/abs/${ID}`);
      await waitForBadgeStates(abs, [0, 1, 2, 3], final, { timeout: 20_000 });
      await abs.locator('[data-weft-author="2"] button').first().click();
      const note = abs.locator('[data-weft-card][role=dialog] .note').first();
      await note.waitFor({ timeout: 5000 });
      await expectPseudo(abs, 'abs-fresh');
      // The note names the author (why no profile fits), in the pseudo build's words.
      const said = (await note.textContent()).trim();
      if (!said.includes(displayName(authors[2])) || !said.endsWith('·')) throw new Error(`the card does not say in the messages' words why ${displayName(authors[2])} has no profile: ${JSON.stringify(said)}`);
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
