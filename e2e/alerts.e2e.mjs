// Following researchers and new-paper alerts: follow from the author card on an abstract page,
// the popup's Following tab, "Check now", the inbox, the toolbar badge, export / import.
//
// Hooks (docs/test-contract.md, Abs page and Popup): `[data-weft-action="follow" | "unfollow"]` in the author card (and
// in each followed researcher's row of the popup); `[data-weft-followed="<A id>"]` with
// `data-new-count`; `[data-weft-new-paper="<arXiv id or W id>"]`; `[data-weft-action=
// "check-now" | "mark-seen" | "mark-all-seen" | "export" | "import"]`; the import file input
// `[data-weft-field="import-file"]`. A followed author's badge wraps its button in `.followed`.
// The toolbar badge is read in the service worker with chrome.action.getBadgeText.
/* global chrome -- evaluated in the extension's service worker */

import fs from 'node:fs';
import { launch, relaunch, until, screenshot, publishScreenshot, POPUP_CLIP, waitForBadgeStates, followFromCard } from './harness.mjs';
import { FakeApis, OA_HOST, buildCatalog } from './fake-apis.mjs';
import { absPage, makeAuthors } from './pages.mjs';
import { newWork } from './checks.mjs';

const ID = '2406.05546';
const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';

function scenario({ n = 4, seed = 31 } = {}) {
  const authors = makeAuthors(n, 5);
  const catalog = buildCatalog({ arxivId: ID, title: TITLE, authors, seed });
  const fake = new FakeApis(catalog, { pages: { [ID]: absPage({ id: ID, title: TITLE, authors }) } });
  return { catalog, fake, url: `https://arxiv.org/abs/${ID}` };
}

const popupUrl = (s) => `chrome-extension://${s.extensionId}/popup.html`;
const toolbarBadge = (s) => s.sw.evaluate(() => chrome.action.getBadgeText({}));

/** Opens the abs page and follows page author i from their card; returns the page (card open). */
async function openAndFollow(s, url, i) {
  const page = await s.open(url);
  await waitForBadgeStates(page, [i], (st) => st === 'ready');
  await followFromCard(page, i);
  return page;
}

/** The popup opens on Search unless there are unseen papers: go to the Following tab. */
async function showFollowing(popup) {
  const tab = popup.locator('#tab-following');
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
}

/** Click the Following tab's "Check now" and wait for its answer. */
async function checkNow(popup) {
  await showFollowing(popup);
  const button = popup.locator('.check-bar [data-weft-action="check-now"]');
  await button.click();
  await until(async () => !(await button.isDisabled()) && (await popup.locator('.check-result').count()) > 0, { timeout: 10_000, what: 'the check to finish' });
}

const followedRowCount = (popup, id) => popup.locator(`[data-weft-followed="${id}"][data-new-count="1"]`).count();

async function followedRow(popup, id) {
  await showFollowing(popup);
  const row = popup.locator(`[data-weft-followed="${id}"]`);
  await row.waitFor({ timeout: 10_000 });
  return row;
}

/** A browser whose reader followed page author i from the card, with the popup open on them. */
async function followedInPopup(seed, i) {
  const sc = scenario({ seed });
  const A = sc.catalog.people[i].openalexId;
  const s = await launch(sc.fake);
  await (await openAndFollow(s, sc.url, i)).close();
  const popup = await s.open(popupUrl(s));
  await followedRow(popup, A);
  return { sc, A, s, popup };
}

export const tests = [
  {
    name: 'follow from the author card → popup list → check now → inbox and badge; unfollow clears the count',
    fn: async () => {
      const sc = scenario();
      const A = sc.catalog.people[1].openalexId;
      const s = await launch(sc.fake);
      const page = await openAndFollow(s, sc.url, 1);

      const popup = await s.open(popupUrl(s));
      // Nothing new yet: the popup opens on Search, with "Check now" reachable from there too.
      if ((await popup.locator('#tab-search').getAttribute('aria-selected')) !== 'true') throw new Error('the popup did not open on Search');
      // Shown once the popup has read the follow list: waited for, not looked at once.
      await popup.locator('nav [data-weft-action="check-now"]').waitFor({ state: 'visible', timeout: 10_000 })
        .catch(() => { throw new Error('no "Check now" in the tab bar for a reader who follows someone'); });
      const row = await followedRow(popup, A);
      await checkNow(popup);
      if (await popup.locator('[data-weft-new-paper]').count()) throw new Error('a check right after following flagged an older paper as new');
      if ((await row.getAttribute('data-new-count')) !== '0') throw new Error(`data-new-count=${await row.getAttribute('data-new-count')} before any new paper`);
      if ((await toolbarBadge(s)) !== '') throw new Error(`toolbar badge ${JSON.stringify(await toolbarBadge(s))} before any new paper`);

      const fresh = newWork(sc.catalog, A);
      sc.fake.addWork(fresh.work);
      await checkNow(popup);
      // The popup updates while open: no reopening.
      await popup.locator(`[data-weft-new-paper="${fresh.arxivId}"]`).waitFor({ timeout: 5000 });
      const link = await popup.locator(`[data-weft-new-paper="${fresh.arxivId}"] a`).getAttribute('href');
      if (link !== `https://arxiv.org/abs/${fresh.arxivId}`) throw new Error(`the new paper links to ${link}, not its arXiv abstract page`);
      await until(async () => (await row.getAttribute('data-new-count')) === '1', { timeout: 5000, what: 'data-new-count="1"' });
      await until(async () => (await toolbarBadge(s)) === '1', { timeout: 5000, what: 'toolbar badge "1"' });
      publishScreenshot(await screenshot(popup, 'following-inbox', { clip: POPUP_CLIP }), 'popup-following');

      // Unfollowing from the popup clears the count, and the card on the abs page follows.
      await row.locator('[data-weft-action="unfollow"]').click();
      await until(async () => (await popup.locator(`[data-weft-followed="${A}"]`).count()) === 0, { timeout: 5000, what: 'the researcher to leave the list' });
      if (await popup.locator('[data-weft-new-paper]').count()) throw new Error('the unfollowed researcher’s paper is still in the inbox');
      await until(async () => (await toolbarBadge(s)) === '', { timeout: 5000, what: 'the toolbar badge to clear' });
      await page.locator('[data-weft-card] [data-weft-action="follow"]').waitFor({ timeout: 5000 });
      await until(async () => (await page.locator('[data-weft-author="1"] .followed').count()) === 0, { timeout: 5000, what: 'the badge to lose its followed mark' });

      // Undo: the researcher is back as they were, their unseen paper with them, for no check.
      const listCalls = sc.fake.apiRequests().filter((r) => r.host === OA_HOST && r.path === '/works').length;
      await popup.locator('[data-weft-action="undo-unfollow"]').click();
      await popup.locator(`[data-weft-new-paper="${fresh.arxivId}"]`).waitFor({ timeout: 5000 });
      await until(async () => (await followedRowCount(popup, A)) === 1 && (await toolbarBadge(s)) === '1', { timeout: 5000, what: 'the researcher and badge "1" back after Undo' });
      await page.locator('[data-weft-card] [data-weft-action="unfollow"]').waitFor({ timeout: 5000 });
      const after = sc.fake.apiRequests().filter((r) => r.host === OA_HOST && r.path === '/works').length;
      if (after !== listCalls) throw new Error(`Undo made ${after - listCalls} OpenAlex list calls`);
    },
  },
  {
    name: 'marking a paper seen clears it for good; the badge is back after a browser restart',
    fn: async () => {
      const followed = await followedInPopup(32, 0);
      const { sc, A } = followed;
      let { s, popup } = followed;
      await checkNow(popup);
      const one = newWork(sc.catalog, A, 1);
      const two = newWork(sc.catalog, A, 2);
      sc.fake.addWork(one.work);
      sc.fake.addWork(two.work);
      await checkNow(popup);
      await until(async () => (await toolbarBadge(s)) === '2', { timeout: 5000, what: 'toolbar badge "2"' });

      s = await relaunch(s);
      // The worker starts again: the badge is recomputed and the check alarm is there.
      await until(async () => (await toolbarBadge(s)) === '2', { timeout: 5000, what: 'toolbar badge "2" after the restart' });
      const alarm = await s.sw.evaluate(() => chrome.alarms.get('weft-follows-check'));
      if (!alarm || alarm.periodInMinutes !== 360) throw new Error(`the check alarm after a restart: ${JSON.stringify(alarm)}`);

      popup = await s.open(popupUrl(s));
      await popup.locator(`[data-weft-new-paper="${one.arxivId}"] [data-weft-action="mark-seen"]`).click();
      await until(async () => (await toolbarBadge(s)) === '1', { timeout: 5000, what: 'toolbar badge "1"' });
      await checkNow(popup);
      if (await popup.locator(`[data-weft-new-paper="${one.arxivId}"]`).count()) throw new Error('a paper marked seen came back with the next check');
      await popup.locator('[data-weft-action="mark-all-seen"]').click();
      await until(async () => (await popup.locator('[data-weft-new-paper]').count()) === 0 && (await toolbarBadge(s)) === '', { timeout: 5000, what: 'an empty inbox and badge' });
      const count = await popup.locator(`[data-weft-followed="${A}"]`).getAttribute('data-new-count');
      if (count !== '0') throw new Error(`data-new-count=${count} after marking everything seen`);
    },
  },
  {
    name: 'export the list, import it into another browser; an invalid file changes nothing',
    fn: async () => {
      const { A, popup } = await followedInPopup(33, 2);
      await popup.locator('.alert-options summary').click();
      const [download] = await Promise.all([popup.waitForEvent('download'), popup.locator('[data-weft-action="export"]').click()]);
      const file = fs.readFileSync(await download.path(), 'utf8');
      const parsed = JSON.parse(file);
      if (parsed.format !== 'weft-follows' || parsed.follows?.[0]?.id !== A) throw new Error(`the export file: ${file.slice(0, 200)}`);

      const other = await launch(scenario({ seed: 34 }).fake);
      const page = await other.open(popupUrl(other));
      await page.locator('#tab-following').click(); // nobody followed yet: the popup opened on Search
      await page.locator('.alert-options summary').click();
      const input = page.locator('[data-weft-field="import-file"]');
      await input.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
      await until(async () => /not a Weft follow list/.test(await page.locator('.import-result').textContent()), { timeout: 5000, what: 'a clear message for an invalid file' });
      if (await page.locator('[data-weft-followed]').count()) throw new Error('an invalid file added researchers');

      await input.setInputFiles({ name: 'weft-follows.json', mimeType: 'application/json', buffer: Buffer.from(file) });
      await followedRow(page, A);
      await until(async () => /Imported 1 researcher/.test(await page.locator('.import-result').textContent()), { timeout: 5000, what: 'the import result' });
    },
  },
];
