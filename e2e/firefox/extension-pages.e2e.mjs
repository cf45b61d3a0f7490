// Firefox: Weft's own pages (the popup and the options page, each opened as a tab) and what
// the background does for them, as the Chromium suite checks them (e2e/popup-search.e2e.mjs,
// e2e/alerts.e2e.mjs, e2e/options.e2e.mjs); and the notice when the reader revokes a catalog
// host permission, which only Firefox allows.
/* global browser -- evaluated in the extension's pages */

import { OA_HOST, S2_HOST, XSS } from '../fake-apis.mjs';
import { waitForBadgeStates, xssProbe, sleep, until } from '../harness.mjs';
import { absScenario, fmt, newWork, waitForPanels } from '../checks.mjs';
import { click, fill, launch } from './harness.mjs';

const KEY = 'e2eOpenAlexKeyFx42';
const final = (st) => st && st !== 'loading' && st !== 'idle';
const attr = (page, sel, name) => page.$eval(sel, (el, n) => el.getAttribute(n), name).catch(() => null);
const count = (page, sel) => page.$$eval(sel, (els) => els.length);
const text = (page, sel) => page.$eval(sel, (el) => el.textContent.replace(/\s+/g, ' ').trim());

/** Open the abs page and follow author i from their card; returns their OpenAlex id. */
async function followFromCard(s, sc, i) {
  const page = await s.open(sc.url);
  await waitForBadgeStates(page, [i], (st) => st === 'ready', { timeout: 20_000 });
  await click(page, `[data-weft-author="${i}"] >>> button`);
  await click(page, 'weft-card >>> [data-weft-action="follow"]');
  await page.waitForSelector('weft-card >>> [data-weft-action="unfollow"]', { timeout: 5000 });
  await page.waitForSelector(`[data-weft-author="${i}"] >>> .followed`, { timeout: 5000 });
  return page;
}

/**
 * Waits until the first check of a new follow has recorded what exists (it is held 300 ms so
 * that a burst of follows costs one call): a paper published before then is an old one.
 */
async function firstChecked(s, id) {
  await until(() => s.ext(async (a) => (await browser.runtime.sendMessage({ type: 'follows-state' })).data?.follows?.find((f) => f.id === a)?.checkedAt, id),
    { timeout: 10_000, what: `the first check of ${id}` });
}

async function openPopup(s) {
  const popup = await s.openExtensionPage('popup.html');
  await popup.waitForSelector('[data-weft="search"]', { timeout: 5000 });
  return popup;
}

const resultIds = (popup) => popup.$$eval('[data-weft-result]', (els) => els.map((e) => e.getAttribute('data-weft-result')));

async function waitForResults(popup, want, what) {
  let last = [];
  await until(async () => JSON.stringify(last = await resultIds(popup)) === JSON.stringify(want), { timeout: 10_000, what })
    .catch((e) => { throw new Error(`${e.message}; results ${JSON.stringify(last)}, expected ${JSON.stringify(want)}`); });
}

async function showFollowing(popup) {
  if ((await attr(popup, '#tab-following', 'aria-selected')) !== 'true') await click(popup, '#tab-following');
}

/** "Check now" on the Following tab, then wait for its answer. */
async function checkNow(popup) {
  await showFollowing(popup);
  await click(popup, '.check-bar [data-weft-action="check-now"]');
  await until(async () => (await popup.$eval('.check-bar [data-weft-action="check-now"]', (b) => !b.disabled)) && (await count(popup, '.check-result')) > 0,
    { timeout: 10_000, what: 'the check to finish' });
}

export const tests = [
  {
    name: 'popup: the search box has focus, a surname finds the researcher (a hostile name as text), and a researcher followed from the card is under Following',
    fn: async () => {
      const sc = absScenario({ n: 4, seed: 61, xssAuthor: 2 });
      const s = await launch(sc.fake);
      await followFromCard(s, sc, 1);
      const popup = await openPopup(s);
      const focused = await popup.evaluate(() => document.activeElement?.getAttribute('data-weft'));
      if (focused !== 'search') throw new Error(`focus is on ${JSON.stringify(focused)}, not the search box`);
      const person = sc.catalog.people[1];
      const surname = person.name.split(' ').pop().toLowerCase();
      await popup.type('[data-weft="search"]', surname, { delay: 25 });
      await waitForResults(popup, [`researcher:${person.openalexId}`], `the result for ${surname}`);
      const row = await text(popup, `[data-weft-result="researcher:${person.openalexId}"]`);
      if (!row.includes(person.name) || !row.includes(person.lastKnown.display_name)) throw new Error(`researcher result ${JSON.stringify(row)} lacks the name or institution`);
      const asked = sc.fake.apiRequests().filter((r) => r.host === OA_HOST && r.path.startsWith('/autocomplete/') && new URL(r.url).searchParams.get('q') === surname);
      if (asked.length !== 2) throw new Error(`${asked.length} autocomplete requests for the settled query, expected 2`);

      const hostile = sc.catalog.people[2];
      await popup.$eval('[data-weft="search"]', (el) => { el.value = ''; el.dispatchEvent(new InputEvent('input', { bubbles: true })); });
      await popup.type('[data-weft="search"]', hostile.name.split(' ').pop(), { delay: 10 });
      await waitForResults(popup, [`researcher:${hostile.openalexId}`], 'the hostile-named result');
      const shown = await text(popup, `[data-weft-result="researcher:${hostile.openalexId}"]`);
      if (!shown.includes(XSS)) throw new Error(`the name is not shown literally: ${JSON.stringify(shown)}`);
      const x = await popup.evaluate(xssProbe);
      if (x.imgs || x.pwned !== null) throw new Error(`markup was interpreted: ${JSON.stringify(x)}`);

      await showFollowing(popup);
      await popup.waitForSelector(`[data-weft-followed="${person.openalexId}"]`, { timeout: 10_000 });
    },
  },
  {
    name: 'Check now finds a followed researcher\'s new paper: listed in the popup with its arXiv link, and the toolbar badge reads "1"',
    fn: async () => {
      const sc = absScenario({ n: 4, seed: 62, nameOffset: 5 });
      const A = sc.catalog.people[1].openalexId;
      const s = await launch(sc.fake);
      await followFromCard(s, sc, 1);
      const popup = await openPopup(s);
      const row = `[data-weft-followed="${A}"]`;
      await showFollowing(popup);
      await popup.waitForSelector(row, { timeout: 10_000 });
      await checkNow(popup);
      if (await count(popup, '[data-weft-new-paper]')) throw new Error('a check right after following flagged an older paper as new');
      if ((await s.toolbarBadge()) !== '') throw new Error(`toolbar badge ${JSON.stringify(await s.toolbarBadge())} before any new paper`);

      const fresh = newWork(sc.catalog, A);
      sc.fake.addWork(fresh.work);
      await checkNow(popup);
      await popup.waitForSelector(`[data-weft-new-paper="${fresh.arxivId}"]`, { timeout: 5000 });
      const link = await attr(popup, `[data-weft-new-paper="${fresh.arxivId}"] a`, 'href');
      if (link !== `https://arxiv.org/abs/${fresh.arxivId}`) throw new Error(`the new paper links to ${link}, not its arXiv abstract page`);
      await until(async () => (await attr(popup, row, 'data-new-count')) === '1', { timeout: 5000, what: 'data-new-count="1"' });
      await until(async () => (await s.toolbarBadge()) === '1', { timeout: 5000, what: 'toolbar badge "1"' });
    },
  },
  {
    name: 'the background is an event page: suspended when idle, it wakes for the next page view and check, the toolbar badge and the check alarm kept, no paper counted twice',
    fn: async () => {
      const sc = absScenario({ n: 4, seed: 66, nameOffset: 7 });
      const A = sc.catalog.people[0].openalexId;
      // Firefox suspends an idle event page after 30 s; a shorter wait here, the same path.
      const s = await launch(sc.fake, { extraPrefs: { 'extensions.background.idle.timeout': 1000 } });
      const page = await followFromCard(s, sc, 0);
      await firstChecked(s, A);
      const fresh = newWork(sc.catalog, A, 3);
      sc.fake.addWork(fresh.work);
      const popup = await openPopup(s);
      await checkNow(popup);
      await until(async () => (await s.toolbarBadge()) === '1', { timeout: 5000, what: 'toolbar badge "1"' });
      await popup.close();
      // A mark on the background's window: gone once Firefox has suspended it and started it again.
      await s.ext(async () => { (await browser.runtime.getBackgroundPage()).__weftE2eMark = true; });
      await sleep(6000);
      const kept = await s.ext(async () => (await browser.runtime.getBackgroundPage()).__weftE2eMark === true);
      if (kept) throw new Error('the background was not suspended after 6 s idle (extensions.background.idle.timeout = 1 s)');
      if ((await s.toolbarBadge()) !== '1') throw new Error(`toolbar badge ${JSON.stringify(await s.toolbarBadge())} after the background woke, expected "1"`);
      const alarm = await s.ext(() => browser.alarms.get('weft-follows-check'));
      if (!alarm || alarm.periodInMinutes !== 360) throw new Error(`the check alarm after a suspension: ${JSON.stringify(alarm)}`);

      await sleep(3000); // suspended again: a page view wakes it
      sc.fake.clear();
      await page.reload({ waitUntil: 'domcontentloaded' });
      const snap = await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000, what: 'the badges after the background woke' });
      const wrong = sc.range().filter((i) => snap.byIndex.get(String(i))?.h !== String(sc.catalog.people[i].h));
      if (wrong.length) throw new Error(`badges after the wake: #${wrong.join(', #')} wrong`);
      await sleep(800); // late requests would show up here
      if (sc.fake.apiRequests().length) throw new Error(`the woken background asked again for what it had cached: ${fmt(sc.fake.apiRequests().map((r) => r.url))}`);

      await sleep(3000);
      const again = await openPopup(s);
      await checkNow(again);
      await again.waitForSelector(`[data-weft-new-paper="${fresh.arxivId}"]`, { timeout: 5000 });
      if ((await count(again, '[data-weft-new-paper]')) !== 1) throw new Error(`${await count(again, '[data-weft-new-paper]')} new papers after a check by the woken background, expected 1`);
      if ((await s.toolbarBadge()) !== '1') throw new Error(`toolbar badge ${JSON.stringify(await s.toolbarBadge())} after a second check, expected "1"`);
    },
  },
  {
    name: 'desktop notifications: allowed from the popup\'s toggle (the optional permission granted at once), the next check that finds a paper shows one',
    fn: async () => {
      const sc = absScenario({ n: 4, seed: 67, nameOffset: 11 });
      const A = sc.catalog.people[2].openalexId;
      // No prompt in a headless run: an optional permission asked for is granted as if accepted.
      const s = await launch(sc.fake, { extraPrefs: { 'extensions.webextOptionalPermissionPrompts': false } });
      await followFromCard(s, sc, 2);
      const popup = await openPopup(s);
      await showFollowing(popup);
      await click(popup, '.alert-options summary');
      await click(popup, '[data-weft-action="notifications"]');
      await until(() => popup.$eval('[data-weft-action="notifications"]', (el) => el.checked), { timeout: 5000, what: 'the notifications box to stay ticked' });
      if (!(await s.ext(() => browser.permissions.contains({ permissions: ['notifications'] })))) throw new Error('the notifications permission was not granted');
      // Headless Firefox closes a notification as soon as it is shown: its events say it was there.
      await s.ext(() => {
        window.weftNotified = [];
        for (const ev of ['onShown', 'onClosed']) browser.notifications[ev].addListener((id) => window.weftNotified.push(id));
      });
      await firstChecked(s, A);
      const fresh = newWork(sc.catalog, A, 4);
      sc.fake.addWork(fresh.work);
      await checkNow(popup);
      await popup.waitForSelector(`[data-weft-new-paper="${fresh.arxivId}"]`, { timeout: 5000 });
      const shown = await until(async () => {
        const ids = await s.ext(() => [...new Set(window.weftNotified)]);
        return ids.length ? ids : null;
      }, { timeout: 5000, what: 'a desktop notification' });
      if (JSON.stringify(shown) !== JSON.stringify([`weft-paper:${fresh.arxivId}`])) throw new Error(`notifications ${JSON.stringify(shown)}, expected the one for ${fresh.arxivId}`);
    },
  },
  {
    name: 'options: a saved OpenAlex key goes out as api_key on OpenAlex requests only; Clear cached data makes the page ask again',
    fn: async () => {
      const sc = absScenario({ n: 4, seed: 63, nameOffset: 9, twists: { keys: { openalex: [KEY] } } });
      const s = await launch(sc.fake);
      const options = await s.openExtensionPage('options.html');
      const key = '[data-weft-key="openalex"]';
      await fill(options, `${key} [data-weft-field="api-key"]`, `  ${KEY} `);
      await click(options, `${key} [data-weft-action="save-key"]`);
      await options.waitForSelector(`${key} [data-weft-field="masked-key"]`, { timeout: 5000 });
      const masked = await text(options, `${key} [data-weft-field="masked-key"]`);
      if (!masked.endsWith(KEY.slice(-4)) || masked.includes(KEY.slice(0, 8))) throw new Error(`saved key shown as ${JSON.stringify(masked)}, expected it masked`);

      const view = async (page, since) => {
        await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000 });
        await waitForPanels(page); // Semantic Scholar's panels come a second apart at its pace (docs/performance.md)
        await sleep(800); // late requests would show up here
        return sc.fake.apiRequests(since);
      };
      const t0 = Date.now();
      const page = await s.open(sc.url);
      const first = await view(page, t0);
      const oa = first.filter((r) => r.host === OA_HOST);
      if (!oa.length) throw new Error('the page made no OpenAlex requests');
      const keyless = oa.filter((r) => new URL(r.url).searchParams.get('api_key') !== KEY);
      if (keyless.length) throw new Error(`OpenAlex requests without api_key=${KEY}: ${keyless.map((r) => r.url).join('; ')}`);
      if (first.some((r) => r.host === S2_HOST && r.url.includes(KEY))) throw new Error('the OpenAlex key went to Semantic Scholar');

      const t1 = Date.now();
      await page.reload({ waitUntil: 'domcontentloaded' });
      const warm = await view(page, t1);
      if (warm.length) throw new Error(`a reload before clearing made ${warm.length} API requests`);

      const options2 = await s.openExtensionPage('options.html'); // the stats are read when the page opens
      const entries = () => attr(options2, '[data-weft-field="cache-stats"]', 'data-entries').then(Number);
      await until(async () => (await entries()) > 0, { timeout: 5000, what: 'the cache stats to count entries' });
      await click(options2, '[data-weft-action="clear-cache"]');
      await until(async () => (await entries()) === 0, { timeout: 5000, what: 'the cache stats to show the cache emptied' });
      if (!(await count(options2, `${key} [data-weft-field="masked-key"]`))) throw new Error('clearing the cache removed the saved key');

      const t2 = Date.now();
      await page.reload({ waitUntil: 'domcontentloaded' });
      const again = (await view(page, t2)).filter((r) => r.host === OA_HOST);
      if (!again.length) throw new Error('after clearing the cache, a reload made no OpenAlex requests');
      if (again.some((r) => new URL(r.url).searchParams.get('api_key') !== KEY)) throw new Error('after clearing the cache, OpenAlex requests went without the key');
    },
  },
  {
    name: 'a catalog host permission revoked (permissions.remove): nothing is asked of that host, the open options page and the popup name it; "Allow access again" gets it back, the notices go, and it is asked again',
    fn: async () => {
      const sc = absScenario({ n: 3, seed: 64 });
      // No prompt in a headless run: a permission asked for is granted as if accepted.
      const s = await launch(sc.fake, { extraPrefs: { 'extensions.webextOptionalPermissionPrompts': false } });
      const notice = '[data-weft-notice="host-access"]';
      await sleep(500);
      if (await count(s.control, notice)) throw new Error('the host-access notice shows while every host is granted');
      const removed = await s.ext(() => browser.permissions.remove({ origins: ['https://api.semanticscholar.org/*'] }));
      if (removed !== true) throw new Error(`permissions.remove answered ${removed}`);
      const lost = await s.ext(() => browser.permissions.contains({ origins: ['https://api.semanticscholar.org/*'] }));
      if (lost) throw new Error('the permission is still granted after permissions.remove');
      // Firefox would still send the requests (as CORS requests from moz-extension://, which both
      // catalogs allow): Weft must not, and the other catalog's numbers still show.
      const page = await s.open(sc.url);
      const snap = await waitForBadgeStates(page, sc.range(), final, { timeout: 20_000, what: 'the badges with one catalog revoked' });
      const notReady = sc.range().filter((i) => snap.byIndex.get(String(i))?.h !== String(sc.catalog.people[i].h));
      if (notReady.length) throw new Error(`with Semantic Scholar revoked, OpenAlex's badges are missing: #${notReady.join(', #')}`);
      await sleep(3000); // the fetch layer's retries would show up here
      const toRevoked = sc.fake.apiRequests().filter((r) => r.host === S2_HOST);
      if (toRevoked.length) throw new Error(`${toRevoked.length} requests went to the revoked ${S2_HOST}: ${fmt(toRevoked.map((r) => r.url))}`);
      const popup = await openPopup(s);
      const pages = [[s.control, 'the open options page'], [popup, 'the popup']];
      for (const [page, where] of pages) {
        await page.waitForSelector(notice, { timeout: 5000 }).catch(() => { throw new Error(`no ${notice} on ${where}`); });
        const t = await text(page, notice);
        if (!t.includes(S2_HOST) || t.includes(OA_HOST)) throw new Error(`${where}'s notice ${JSON.stringify(t)} should name ${S2_HOST} only`);
        if (!(await count(page, `${notice} [data-weft-action="grant-hosts"]`))) throw new Error(`${where}'s notice offers no "Allow access again"`);
      }
      await click(popup, `${notice} [data-weft-action="grant-hosts"]`);
      for (const [page, where] of pages) await until(async () => !(await count(page, notice)), { timeout: 5000, what: `the notice on ${where} to go once access is allowed again` });
      if (!(await s.ext(() => browser.permissions.contains({ origins: ['https://api.semanticscholar.org/*'] })))) throw new Error('"Allow access again" did not get the permission back');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await until(() => sc.fake.apiRequests().some((r) => r.host === S2_HOST), { timeout: 10_000, what: `a request to ${S2_HOST} once access is allowed again` });
    },
  },
  {
    name: 'same-day alerts: arXiv’s RSS feed chosen (the optional permission granted at once), the evening’s paper found, parsed in the event page; arxiv.org revoked: catalog only, said, and allowed again',
    fn: async () => {
      const sc = absScenario({ n: 4, seed: 68, nameOffset: 13 });
      const [, me, coauthor] = sc.catalog.people;
      const s = await launch(sc.fake, { extraPrefs: { 'extensions.webextOptionalPermissionPrompts': false } });
      await followFromCard(s, sc, 1);
      const popup = await openPopup(s);
      await showFollowing(popup);
      await popup.waitForSelector('[data-weft-alert-mode="arxiv"]', { timeout: 10_000 });
      await click(popup, '.alert-options summary');
      await click(popup, '[data-weft-action="feed-rss"]');
      await until(() => s.ext(() => browser.permissions.contains({ origins: ['https://rss.arxiv.org/*'] })), { timeout: 5000, what: 'rss.arxiv.org granted' });
      // Tuesday 1 December 2026, 10:00 EST: the feeds carry Monday evening's announcement.
      await s.ext(async (t) => {
        const bg = await browser.runtime.getBackgroundPage();
        const offset = t - bg.Date.now();
        const real = bg.Date.now.bind(bg.Date);
        bg.Date.now = () => real() + offset;
      }, Date.parse('2026-12-01T15:00:00Z'));
      const id = '2612.91001';
      sc.fake.setAnnouncement({ listedAs: '2026-12-01', entries: [
        { id, title: 'An evening paper <img src=x onerror="window.__weftPwned=1">', authors: [me.name, coauthor.name], categories: ['cs.DC'], abstract: 'x', affiliations: { 0: ['Somewhere, Far Away'] } },
      ] });
      await checkNow(popup);
      await popup.waitForSelector(`[data-weft-new-paper="${id}"][data-source="arxiv"][data-match="inferred"][data-weft-for="${me.openalexId}"]`, { timeout: 10_000 });
      const asked = sc.fake.feedRequests.map((r) => r.url);
      if (JSON.stringify(asked) !== JSON.stringify(['https://rss.arxiv.org/rss/cs.DC'])) throw new Error(`arXiv asked: ${fmt(asked)}`);
      const shownTitle = await text(popup, `[data-weft-new-paper="${id}"] .paper-title`);
      if (!shownTitle.includes('<img src=x onerror="window.__weftPwned=1">') || (await popup.evaluate(xssProbe)).imgs) throw new Error(`the feed’s title is not shown as text: ${shownTitle}`);

      await s.ext(() => browser.permissions.remove({ origins: ['https://arxiv.org/*', 'https://rss.arxiv.org/*'] }));
      const again = await openPopup(s);
      await showFollowing(again);
      await again.waitForSelector('[data-weft-alert-mode="catalog"]', { timeout: 10_000 });
      if (!/does not let Weft read arxiv\.org/.test(await text(again, '[data-weft-alert-mode="catalog"]'))) throw new Error('the popup does not say why alerts are catalog only');
      await click(again, '[data-weft-action="allow-arxiv"]');
      await again.waitForSelector('[data-weft-alert-mode="arxiv"]', { timeout: 10_000 });
    },
  },
];
