// Firefox: author badges, the card and the paper panels on an arXiv abstract page, as the
// Chromium suite checks them (e2e/author-badges.e2e.mjs, e2e/paper-panels.e2e.mjs), with the
// same fake catalog and the same checks (e2e/checks.mjs).

import { badges, waitForBadgeStates, xssProbe, sleep, until } from '../harness.mjs';
import {
  PANELS, absScenario, assertBadgesAfterNames, assertOneBadgePerAuthor, assertNoProblems, assertPaper, assertPanelsPlaced, assertRelated,
  cardProbe, cardProblems, expectAll, expectWarmSame, expectedInstitutions, fmt, panelProbe,
} from '../checks.mjs';
import { launch, relaunch } from './harness.mjs';

const final = (st) => st && st !== 'loading' && st !== 'idle';

async function loadReady(sc, { session, indices = sc.range() } = {}) {
  const s = session ?? await launch(sc.fake);
  const page = await s.open(sc.url);
  const snap = await waitForBadgeStates(page, indices, final, { timeout: 20_000, what: `${indices.length} badges to finish loading` });
  return { s, page, snap };
}

/** Wait until the card is open and shows `exp.name`; then compare it with the catalog. */
async function checkCard(page, exp, what) {
  const probe = await until(async () => {
    const c = await page.evaluate(cardProbe);
    return c.count === 1 && c.fields.name?.includes(exp.name) ? c : null;
  }, { timeout: 5000, what: `one [data-weft-card] showing ${exp.name}` });
  assertNoProblems(cardProblems(probe, exp), what);
}

/** Is a card shown (in the layout, not hidden)? */
const cardShown = (page) => page.evaluate(() => {
  const find = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.hasAttribute('data-weft-card')) return el;
      const inner = el.shadowRoot && find(el.shadowRoot);
      if (inner) return inner;
    }
    return null;
  };
  const card = find(document);
  return !!card && card.getClientRects().length > 0 && getComputedStyle(card).visibility !== 'hidden';
});

const focusedBadge = (page) => page.evaluate(() => document.activeElement?.closest?.('[data-weft-author]')?.getAttribute('data-weft-author') ?? `${document.activeElement?.tagName}`);

async function panels(page) {
  return Object.fromEntries((await page.evaluate(panelProbe)).map((p) => [p.panel, p]));
}

export const tests = [
  {
    name: 'badges show each author\'s OpenAlex metrics right after their names; only the extension asks, only the two catalogs',
    fn: async () => {
      const sc = absScenario({ n: 6, seed: 51 });
      const { page, snap } = await loadReady(sc);
      assertOneBadgePerAuthor(snap, sc.n);
      expectAll(sc, snap, sc.range());
      await assertBadgesAfterNames(page, sc, sc.range());
      await sleep(500);
      const reqs = sc.fake.apiRequests();
      if (!reqs.length) throw new Error('no API request was made');
      const notExt = reqs.filter((r) => r.initiator !== 'extension');
      if (notExt.length) throw new Error(`API requests not from the extension: ${fmt(notExt.map((r) => `${r.initiator} ${r.url}`))}`);
      if (sc.fake.blocked.length) throw new Error(`the extension asked other hosts: ${fmt(sc.fake.blocked.map((r) => r.url))}`);
    },
  },
  {
    name: 'warm: Firefox restarted on the same profile, the add-on installed again: no API request, same numbers',
    fn: async () => {
      const sc = absScenario({ n: 5, seed: 52 });
      await expectWarmSame(sc, await loadReady(sc), { relaunch, loadReady });
    },
  },
  {
    name: 'keyboard: Tab from an author\'s name reaches the badge, Enter opens the card with the right figures, Esc closes it and focus returns',
    fn: async () => {
      const sc = absScenario({ n: 5, seed: 53 });
      const { page } = await loadReady(sc);
      const i = 2;
      await page.evaluate((k) => document.querySelectorAll('#abs div.authors a[href*="searchtype=author"]')[k].focus(), i);
      await page.keyboard.press('Tab');
      const focused = await focusedBadge(page);
      if (focused !== String(i)) throw new Error(`Tab after author #${i}'s name focused ${focused}, expected badge #${i}`);
      await page.keyboard.press('Enter');
      await checkCard(page, sc.catalog.expected(i), `card of author #${i}`);
      await page.keyboard.press('Escape');
      await until(async () => !(await cardShown(page)), { timeout: 3000, what: 'Esc to close the card' });
      const after = await focusedBadge(page);
      if (after !== String(i)) throw new Error(`after Esc, focus is on ${after}, expected badge #${i}`);
    },
  },
  {
    name: 'the three panels, styled: Semantic Scholar\'s citation count, the authors\' institutions, S2\'s recommendations',
    fn: async () => {
      const sc = absScenario({ n: 6, seed: 54 });
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      let snap = {};
      await until(async () => {
        snap = await panels(page);
        return PANELS.every((p) => final(snap[p]?.state));
      }, { timeout: 20_000, what: 'the three panels' }).catch((e) => { throw new Error(`${e.message}; ${PANELS.map((p) => `${p}=${snap[p]?.state ?? '(none)'}`).join(', ')}`); });
      await assertPanelsPlaced(page);
      assertPaper(snap.paper, { citedBy: sc.catalog.s2.paper.citationCount, source: 's2', label: 'Semantic Scholar' });
      const want = expectedInstitutions(sc);
      const got = snap.institutions.institutions.map((x) => x.id);
      if (snap.institutions.state !== 'ready' || JSON.stringify([...got].sort()) !== JSON.stringify([...want].sort())) {
        throw new Error(`institutions panel ${snap.institutions.state}: [${got.join(', ')}], expected [${want.join(', ')}]`);
      }
      assertRelated(snap.related, sc.catalog.s2.recommendations.recent.map((r) => r.externalIds.ArXiv));
      // The shadow root's styles apply (a constructed sheet, or the <style> fallback where a
      // content script may not adopt one): the light tokens, background #ffffff, text #1f2328.
      const look = await page.evaluate(() => {
        const root = document.querySelector('weft-panels').shadowRoot;
        const cs = getComputedStyle(root.querySelector('[role="region"]'));
        return { bg: cs.backgroundColor, fg: cs.color, adopted: root.adoptedStyleSheets.length, styles: root.querySelectorAll('style').length };
      });
      if (look.bg !== 'rgb(255, 255, 255)' || look.fg !== 'rgb(31, 35, 40)') throw new Error(`the panels are not styled: ${JSON.stringify(look)}`);
    },
  },
  {
    name: 'dark mode: the panels follow the system colour scheme',
    fn: async () => {
      const sc = absScenario({ n: 3, seed: 56 });
      // 0: content sees prefers-color-scheme: dark (what a dark desktop theme gives).
      const s = await launch(sc.fake, { extraPrefs: { 'layout.css.prefers-color-scheme.content-override': 0 } });
      const page = await s.open(sc.url);
      if (!(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches))) throw new Error('the page does not see a dark colour scheme');
      await until(async () => (await page.evaluate(panelProbe)).some((p) => p.panel === 'paper' && final(p.state)), { timeout: 20_000, what: 'the paper panel' });
      const colours = await page.evaluate(() => {
        const cs = getComputedStyle(document.querySelector('weft-panels').shadowRoot.querySelector('[role="region"]'));
        return { bg: cs.backgroundColor, fg: cs.color };
      });
      // the dark tokens: background #1d2125, text #e6edf3
      if (colours.bg !== 'rgb(29, 33, 37)' || colours.fg !== 'rgb(230, 237, 243)') throw new Error(`dark mode colours ${JSON.stringify(colours)}`);
    },
  },
  {
    name: 'HTML in a catalog name is shown as text on the badge\'s card and never runs',
    fn: async () => {
      const sc = absScenario({ n: 4, seed: 55, xssAuthor: 2 });
      const { page, snap } = await loadReady(sc);
      expectAll(sc, snap, [0, 1, 3]);
      if (snap.byIndex.get('2')?.state !== 'ready') throw new Error(`badge #2 (catalog name with HTML) is "${snap.byIndex.get('2')?.state}", expected "ready"`);
      await page.click('[data-weft-author="2"] >>> button');
      const card = await until(async () => {
        const c = await page.evaluate(cardProbe);
        return c.count === 1 && c.fields.name ? c : null;
      }, { timeout: 5000, what: 'the card' });
      if (!card.fields.name.includes('<img src=x onerror=')) throw new Error(`the card does not show the catalog name as text: ${JSON.stringify(card.fields.name)}`);
      const x = await page.evaluate(xssProbe);
      if (x.imgs) throw new Error(`${x.imgs} <img src="x"> injected into the page`);
      if (x.pwned !== null) throw new Error(`the payload ran: window.__weftPwned = ${x.pwned}`);
      const again = await badges(page);
      if (again.dups.length) throw new Error(`duplicate badges ${again.dups.join(', ')}`);
    },
  },
];
