// Author badges on arXiv abstract pages: what a reader sees next to each author's name.
//
// Hooks (see README "e2e"): a `weft-author[data-weft-author="<i>"]` element right after author i's
// name, with `data-state` (loading | ready | unmatched | idle | error) and, when ready,
// `data-h-index` / `data-cited-by` / `data-works` / `data-openalex-id`; an open shadow root with a
// `button`. Clicking it opens `[data-weft-card]` (role="dialog") inside a `weft-card` element with
// `[data-weft-field=…]` and `a[data-weft-link=…]`. A badge in error offers `[data-weft-action="retry"]`.

import {
  launch, relaunch, sleep, until, badges, waitForBadgeStates, deepText, pageProbe, xssProbe, screenshot, publishScreenshot,
} from './harness.mjs';
import { absScenario as scenario, assertBadgesAfterNames, assertNoProblems, assertOneBadgePerAuthor, cardProblems, cardProbe, expectAll, expectWarmSame, fmt } from './checks.mjs';

const final = (st) => st && st !== 'loading' && st !== 'idle';

/** Load the scenario's page in a fresh browser and wait until every badge is final. */
async function loadReady(sc, { indices = sc.range(), timeout = 15_000, session } = {}) {
  const s = session ?? await launch(sc.fake);
  const page = await s.open(sc.url);
  const snap = await waitForBadgeStates(page, indices, final, { timeout, what: `${indices.length} badges to finish loading` });
  return { s, page, snap };
}

/** The card's field text, or null when the field is absent. */
async function field(page, name) {
  const loc = page.locator(`[data-weft-card] [data-weft-field="${name}"]`);
  return (await loc.count()) ? deepText(loc.first()) : null;
}

/** Check the open card against author i's catalog entry. */
async function checkCard(page, sc, i) {
  const exp = sc.catalog.expected(i);
  const card = page.locator('[data-weft-card]');
  await until(async () => (await card.count()) === 1 && card.isVisible(), { timeout: 5000, what: 'one visible [data-weft-card]' });
  // the card may fill in while it loads: give it a moment to show the name
  await until(async () => (await field(page, 'name'))?.includes(exp.name), { timeout: 5000, what: `the card to show ${exp.name}` }).catch(() => {});
  assertNoProblems(cardProblems(await page.evaluate(cardProbe), exp), `card of author #${i}`);
}

async function s2Href(page) {
  const s2 = page.locator('[data-weft-card] a[data-weft-link="s2"]');
  return (await s2.count()) ? s2.first().getAttribute('href') : null;
}

/** Esc closes the card and gives focus back to badge i. */
async function escClosesCard(page, i) {
  await page.keyboard.press('Escape');
  const card = page.locator('[data-weft-card]');
  const focusedBadge = () => page.evaluate(() => document.activeElement?.closest?.('[data-weft-author]')?.getAttribute('data-weft-author') ?? `${document.activeElement?.tagName}`);
  try {
    await until(async () => (await card.count()) === 0 || !(await card.first().isVisible()), { timeout: 3000, what: 'Esc to close the card' });
  } catch {
    const which = (await card.count()) ? await card.first().getAttribute('data-weft-card') : null;
    throw new Error(`one Esc did not close the card: 3 s later [data-weft-card="${which}"] is still visible, focus on ${await focusedBadge()} (badge #${i} opened it)`);
  }
  const focused = await focusedBadge();
  if (focused !== String(i)) throw new Error(`after Esc, focus is on ${focused}, expected badge #${i}`);
}

// ------------------------------------------------------------------------------------------------

async function readyOnLayout(layout) {
  const sc = scenario({ n: 6, layout, seed: layout === '2026-06' ? 1 : 2 });
  const { page, snap } = await loadReady(sc);
  assertOneBadgePerAuthor(snap, sc.n);
  expectAll(sc, snap, sc.range());
  await assertBadgesAfterNames(page, sc, sc.range());
  const hidden = [];
  for (const i of sc.range()) if (!(await page.locator(`[data-weft-author="${i}"]`).isVisible())) hidden.push(i);
  if (hidden.length) throw new Error(`badges not visible: #${hidden.join(', #')}`);
  await screenshot(page, `badges-${layout}`);
}

export const tests = [
  {
    name: 'badges show each author\'s OpenAlex metrics (2026-06 layout)',
    fn: () => readyOnLayout('2026-06'),
  },
  {
    name: 'badges show each author\'s OpenAlex metrics (2026-06-29 redesign)',
    fn: () => readyOnLayout('2026-06-29'),
  },
  {
    name: 'only the service worker calls the APIs, and only OpenAlex and Semantic Scholar',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 3 });
      await loadReady(sc);
      await sleep(500);
      const reqs = sc.fake.apiRequests();
      if (!reqs.length) throw new Error('no API request was made');
      const notSw = reqs.filter((r) => r.initiator !== 'sw');
      if (notSw.length) throw new Error(`API requests not from the service worker: ${fmt(notSw.map((r) => `${r.initiator} ${r.url}`))}`);
      if (sc.fake.blocked.length) throw new Error(`the extension asked other hosts: ${fmt(sc.fake.blocked.map((r) => r.url))}`);
    },
  },
  {
    name: 'clicking a badge opens the researcher card; Esc closes it and focus returns',
    fn: async () => {
      const sc = scenario({ n: 6, seed: 4 });
      const { page } = await loadReady(sc);
      await page.locator('[data-weft-author="1"] button').first().click();
      await checkCard(page, sc, 1);
      await sleep(300); // let any opening transition finish before the screenshot
      const shot = await screenshot(page, 'card-open', { clip: { x: 0, y: 0, width: 1280, height: 800 } });
      publishScreenshot(shot, 'abs-page'); // the card was checked above
      await escClosesCard(page, 1);
    },
  },
  {
    name: 'the card links the Semantic Scholar profile that the paper\'s S2 record names',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 13 });
      const { page } = await loadReady(sc);
      const s2Asked = sc.fake.apiRequests().some((r) => r.host === 'api.semanticscholar.org' && /authors/.test(decodeURIComponent(r.url)));
      await page.locator('[data-weft-author="0"] button').first().click();
      await checkCard(page, sc, 0);
      const exp = sc.catalog.expected(0);
      const href = await s2Href(page);
      if (href !== `https://www.semanticscholar.org/author/${exp.s2Id}`) {
        throw new Error(`a[data-weft-link="s2"] href=${JSON.stringify(href)}, expected the profile https://www.semanticscholar.org/author/${exp.s2Id}`
          + `${s2Asked ? ' (Weft fetched the S2 paper record, which lists this author with that authorId)' : ''}`);
      }
    },
  },
  {
    name: 'keyboard: Tab from an author\'s name reaches the badge, Enter opens the card, Esc returns focus',
    fn: async () => {
      const sc = scenario({ n: 5, seed: 5 });
      const { page } = await loadReady(sc);
      const i = 2;
      await page.locator('#abs div.authors a[href*="searchtype=author"]').nth(i).focus();
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.closest?.('[data-weft-author]')?.getAttribute('data-weft-author') ?? null);
      if (focused !== String(i)) throw new Error(`Tab after author #${i}'s name focused ${focused === null ? 'something else' : `badge #${focused}`}, expected badge #${i}`);
      await page.keyboard.press('Enter');
      await checkCard(page, sc, i);
      await escClosesCard(page, i);
    },
  },
  {
    name: 'warm reload (browser restarted, same profile): no API requests, same numbers',
    fn: async () => {
      const sc = scenario({ n: 5, seed: 6 });
      const warm = await expectWarmSame(sc, await loadReady(sc), { relaunch, loadReady });
      await screenshot(warm.page, 'warm-reload');
    },
  },
  {
    name: 'APIs down: badges in error with retry, the page intact; retry after recovery loads the badge',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 7, twists: { down: 'all' } });
      const { s, page } = await loadReady(sc, { timeout: 30_000 });
      const snap = await badges(page);
      const notError = sc.range().filter((i) => snap.byIndex.get(String(i))?.state !== 'error');
      if (notError.length) throw new Error(`with every API answering 500, badges not in "error": ${notError.map((i) => `#${i} ${snap.byIndex.get(String(i))?.state}`).join(', ')}`);
      const noRetry = sc.range().filter((i) => !snap.byIndex.get(String(i)).retry);
      if (noRetry.length) throw new Error(`badges in error without [data-weft-action="retry"]: #${noRetry.join(', #')}`);
      // the page's own content is unchanged (Weft may only add its elements)
      const baseline = await s.context.newPage();
      await baseline.setContent(sc.html);
      const want = await baseline.evaluate(pageProbe);
      const got = await page.evaluate(pageProbe);
      if (got.absText !== want.absText) {
        let k = 0;
        while (k < want.absText.length && got.absText[k] === want.absText[k]) k++;
        throw new Error(`#abs text changed at char ${k}: …${JSON.stringify(got.absText.slice(Math.max(0, k - 30), k + 50))}… instead of …${JSON.stringify(want.absText.slice(Math.max(0, k - 30), k + 50))}…`);
      }
      if (JSON.stringify(got.links) !== JSON.stringify(want.links)) throw new Error(`author links changed: ${JSON.stringify(got.links.slice(0, 3))} instead of ${JSON.stringify(want.links.slice(0, 3))}`);
      await screenshot(page, 'apis-down');
      // the APIs come back; the user clicks retry on the first badge
      sc.fake.setTwists({ down: false });
      await page.locator('[data-weft-author="0"] [data-weft-action="retry"]').first().click();
      const after = await waitForBadgeStates(page, [0], (st) => st === 'ready', { timeout: 15_000, what: 'badge #0 to be ready after retry' });
      expectAll(sc, after, [0]);
    },
  },
  {
    name: 'HTML in a catalog name is shown as text and never runs',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 8, xssAuthor: 2 });
      const { page, snap } = await loadReady(sc);
      expectAll(sc, snap, [0, 1, 3]);
      const b = snap.byIndex.get('2');
      if (b.state !== 'ready') throw new Error(`badge #2 (catalog name with HTML; raw_author_name clean) is "${b.state}", expected "ready"`);
      await page.locator('[data-weft-author="2"] button').first().click();
      await until(async () => (await page.locator('[data-weft-card]').count()) === 1, { timeout: 5000, what: 'the card' });
      await sleep(300);
      const text = await deepText(page.locator('[data-weft-card]').first());
      if (!text.includes('<img src=x onerror=')) throw new Error(`the card does not show the catalog name as text (no literal "<img"): ${JSON.stringify(text.slice(0, 160))}`);
      const x = await page.evaluate(xssProbe);
      if (x.imgs) throw new Error(`${x.imgs} <img src="x"> injected into the page`);
      if (x.pwned !== null) throw new Error(`the payload ran: window.__weftPwned = ${x.pwned}`);
      await screenshot(page, 'xss-card');
    },
  },
  {
    name: 'paper unknown to OpenAlex (404): badges use Semantic Scholar\'s metrics',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 9, twists: { openalexMissing: true } });
      const { snap } = await loadReady(sc, { timeout: 20_000 });
      expectAll(sc, snap, sc.range(), { openalexMissing: true, checkOpenAlexId: false });
    },
  },
  {
    name: 'an author missing from the catalog is "unmatched"; the others are matched by name',
    fn: async () => {
      const sc = scenario({ n: 5, seed: 10, unmatched: [1] });
      const { page, snap } = await loadReady(sc);
      expectAll(sc, snap, sc.range());
      await screenshot(page, 'unmatched');
    },
  },
  {
    name: 'surnames with particles, hyphens and apostrophes are matched (Van Mechelen, De Wolf, D\'Hondt, …)',
    fn: async () => {
      // as OpenAlex lists them: raw_author_name "Jan Van Mechelen"; the page's citation_author "Van Mechelen, Jan"
      const names = [
        { first: 'Mira', last: 'Okafor' },
        { first: 'Jan', last: 'Van Mechelen' },
        { first: 'Lucia', last: 'De Wolf' },
        { first: 'Pieter', last: "D'Hondt" },
        { first: 'Anna', last: 'Treberer-Treberspurg' },
        { first: 'Gilson', last: 'Da Silveira' },
        { first: 'Tomás', last: 'Lindqvist' },
      ];
      const sc = scenario({ names, seed: 14 });
      const { page, snap } = await loadReady(sc);
      await screenshot(page, 'compound-surnames');
      expectAll(sc, snap, sc.range());
    },
  },
  {
    name: 'slow catalog: badges show "loading" before "ready"',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 11, twists: { slowMs: 800 } });
      const s = await launch(sc.fake);
      const page = await s.context.newPage();
      const seen = new Map();
      let done = false;
      const nav = page.goto(sc.url, { waitUntil: 'domcontentloaded' });
      const t0 = Date.now();
      await nav;
      while (!done && Date.now() - t0 < 20_000) {
        const snap = await badges(page).catch(() => null);
        if (snap) {
          for (const [i, b] of snap.byIndex) {
            const arr = seen.get(i) ?? [];
            if (arr[arr.length - 1] !== b.state) arr.push(b.state);
            seen.set(i, arr);
          }
          done = sc.range().every((i) => snap.byIndex.get(String(i))?.state === 'ready');
        }
        await sleep(40);
      }
      const bad = sc.range().filter((i) => {
        const arr = seen.get(String(i)) ?? [];
        const r = arr.indexOf('ready');
        return r < 1 || !arr.slice(0, r).some((st) => st === 'loading' || st === 'idle');
      });
      if (bad.length) throw new Error(`states seen (API answers take 800 ms): ${bad.map((i) => `#${i} ${JSON.stringify(seen.get(String(i)) ?? [])}`).join('; ')}`);
    },
  },
  {
    name: '300 authors: one badge each; the first 100 load, hidden ones wait for "et al." and load once shown',
    fn: async () => {
      const sc = scenario({ n: 300, seed: 12 });
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      const first = sc.range(0, 100);
      const hidden = sc.range(100, 300);
      let snap = await waitForBadgeStates(page, first, final, { timeout: 30_000, what: 'the first 100 badges to finish loading' });
      await sleep(1500); // anything loading the hidden authors would have started by now
      snap = await badges(page);
      assertOneBadgePerAuthor(snap, sc.n);
      expectAll(sc, snap, first);
      const notIdle = hidden.filter((i) => snap.byIndex.get(String(i))?.state !== 'idle');
      if (notIdle.length) throw new Error(`hidden authors not "idle" before the toggle: ${fmt(notIdle.map((i) => `#${i} ${snap.byIndex.get(String(i))?.state}`))}`);
      await page.locator('#toggle').click();
      // the reader scrolls through the revealed names (Weft may load them as they come into view)
      let lastY = -1;
      for (let k = 0; k < 200; k++) {
        await page.mouse.wheel(0, 500);
        await sleep(60);
        const y = await page.evaluate(() => window.scrollY);
        if (y === lastY) break;
        lastY = y;
      }
      snap = await waitForBadgeStates(page, hidden, final, { timeout: 30_000, what: 'the 200 revealed badges to finish loading' });
      expectAll(sc, snap, hidden);
      await screenshot(page, 'long-list-expanded');
    },
  },
];
