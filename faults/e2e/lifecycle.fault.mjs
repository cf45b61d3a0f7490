// The service worker stopped mid-fetch, mid-check and before a follow's first check (CDP, as
// Chrome idles it out): no badge stuck loading, no follow lost, no paper missed or alerted twice.
/* global chrome -- evaluated in the extension's service worker */

import { launch, sleep, until, waitForBadgeStates } from '../../e2e/harness.mjs';
import { tried } from '../ledger.mjs';
import { scenario, stopServiceWorker, popupUrl, final, badgesSettleAfterStop } from './common.mjs';

/** A work by `author` (a catalog author object) that OpenAlex first indexed today. */
function newWork(author, k) {
  const today = new Date().toISOString().slice(0, 10);
  const arxivId = `${today.slice(2, 4)}${today.slice(5, 7)}.${String(80000 + k)}`;
  return {
    arxivId,
    work: {
      id: `https://openalex.org/W48${String(k).padStart(8, '0')}`, doi: `https://doi.org/10.48550/arxiv.${arxivId}`,
      title: `Fresh result ${k}`, display_name: `Fresh result ${k}`, publication_year: Number(today.slice(0, 4)),
      publication_date: today, created_date: today, updated_date: `${today}T00:00:00`, type: 'preprint', cited_by_count: 0,
      related_works: [], locations: [], is_authors_truncated: false,
      authorships: [{ author_position: 'first', author: { id: author.id, display_name: author.display_name }, institutions: [], raw_author_name: author.display_name }],
    },
  };
}

export const tests = [
  {
    name: '[sw-killed-mid-fetch] the worker stopped while the page\'s requests are in flight: every badge ends ready or in error, and retry works',
    fn: async () => {
      const sc = scenario({ n: 5, twists: { slowMs: 2500 } });
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      await until(() => sc.fake.inFlight > 0, { timeout: 10_000, what: 'requests in flight' });
      await stopServiceWorker(s);
      sc.fake.setTwists({ slowMs: 0 });
      tried('sw-killed-mid-fetch');
      await badgesSettleAfterStop(page, sc);
    },
  },
  {
    name: '[sw-killed-mid-check] the worker stopped during a check: the next check finds the paper once, the follow kept',
    fn: async () => {
      const sc = scenario({ n: 4 });
      const s = await launch(sc.fake);
      const A = sc.catalog.people[1].openalexId;
      const popup = await s.open(popupUrl(s));
      // follow from the popup's own page (the background's message API), then let the first check set the watermark
      await popup.evaluate((id) => chrome.runtime.sendMessage({ type: 'follow', id, name: 'Followed Person' }), A);
      await until(async () => (await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'follows-state' }))).data?.follows?.[0]?.checkedAt, { timeout: 10_000, what: 'the first check' });
      const fresh = newWork(sc.catalog.openalex.authors[A], 1);
      sc.fake.addWork(fresh.work);
      sc.fake.setTwists({ slowMs: 3000 });
      const from = Date.now();
      void popup.evaluate(() => chrome.runtime.sendMessage({ type: 'check-now' })).catch(() => {});
      await until(() => sc.fake.apiRequests(from).some((r) => r.path === '/works' && r.tEnd === null), { timeout: 10_000, what: 'the check\'s list call in flight' });
      await stopServiceWorker(s);
      sc.fake.setTwists({ slowMs: 0 });
      // the next check (here "Check now"; the alarm does the same): it may wait for the interrupted one's lease
      const state = () => popup.evaluate(() => chrome.runtime.sendMessage({ type: 'follows-state' }));
      let outcome;
      await until(async () => {
        outcome = await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'check-now' }));
        return outcome?.data?.ran;
      }, { timeout: 20_000, every: 1000, what: 'a check to run after the restart' });
      await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'check-now' }));
      const st = (await state()).data;
      const inbox = st.inbox.map((p) => p.workId);
      const duplicateAlerts = inbox.length - new Set(inbox).size;
      const followsLost = st.follows.some((f) => f.id === A) ? 0 : 1;
      tried('sw-killed-mid-check', { duplicateAlerts, followsLost });
      if (followsLost) throw new Error('the follow was lost');
      if (duplicateAlerts) throw new Error(`duplicate inbox entries: ${JSON.stringify(inbox)}`);
      if (!inbox.includes(fresh.work.id.replace('https://openalex.org/', ''))) throw new Error(`the new paper is not in the inbox: ${JSON.stringify(inbox)}`);
      const badge = await popup.evaluate(() => chrome.action.getBadgeText({}));
      if (badge !== '1') throw new Error(`toolbar badge ${JSON.stringify(badge)}, expected "1"`);
    },
  },
  {
    name: '[sw-killed-before-first-check] the worker stopped before a follow\'s first check recorded what exists: a paper published since is alerted once, with the badge',
    fn: async () => {
      const sc = scenario({ n: 4 });
      const s = await launch(sc.fake);
      const A = sc.catalog.people[2].openalexId;
      const popup = await s.open(popupUrl(s));
      // the first check's list call held in flight, and the worker stopped under it
      sc.fake.setTwists({ slowMs: 3000 });
      const from = Date.now();
      await popup.evaluate((id) => chrome.runtime.sendMessage({ type: 'follow', id, name: 'Followed Person' }), A);
      await until(() => sc.fake.apiRequests(from).some((r) => r.path === '/works' && r.tEnd === null), { timeout: 10_000, what: 'the first check\'s list call in flight' });
      await stopServiceWorker(s);
      sc.fake.setTwists({ slowMs: 0 });
      const fresh = newWork(sc.catalog.openalex.authors[A], 2);
      sc.fake.addWork(fresh.work);
      await until(async () => (await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'check-now' })))?.data?.ran, { timeout: 20_000, every: 1000, what: 'a check to run after the restart' });
      const st = (await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'follows-state' }))).data;
      const inbox = st.inbox.map((p) => p.workId);
      const badge = await popup.evaluate(() => chrome.action.getBadgeText({}));
      tried('sw-killed-before-first-check', { duplicateAlerts: inbox.length - new Set(inbox).size, followsLost: st.follows.some((f) => f.id === A) ? 0 : 1 });
      if (JSON.stringify(inbox) !== JSON.stringify([fresh.work.id.replace('https://openalex.org/', '')])) throw new Error(`inbox ${JSON.stringify(inbox)}, expected only the paper published after the follow`);
      if (badge !== '1') throw new Error(`toolbar badge ${JSON.stringify(badge)}, expected "1"`);
    },
  },
  {
    name: '[extension-reloaded] Weft reloaded (as an update, a disable or a removal does) while an arXiv tab is open: its old content scripts go quiet, their UI removed at the reader\'s next move, no error thrown',
    fn: async () => {
      const sc = scenario({ n: 4 });
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => { if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) errors.push(m.text()); });
      await waitForBadgeStates(page, [0, 1, 2, 3], final, { timeout: 15_000 });
      await page.locator('[data-weft-author="0"] button').first().click();
      await page.locator('[data-weft-card]').waitFor({ timeout: 5000 });
      // What an update does to a running extension: the worker and every context of it go.
      await s.sw.evaluate(() => chrome.runtime.reload()).catch(() => undefined);
      await sleep(1500);
      // The reader carries on in the old tab: hovers, clicks, keys, scrolls.
      const hosts = () => page.evaluate(() => [...document.querySelectorAll('*')].filter((el) => el.shadowRoot && /^weft-/.test(el.tagName.toLowerCase())).length);
      await page.mouse.move(10, 10);
      await page.mouse.click(20, 300);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      await page.mouse.wheel(0, 400);
      await until(async () => (await hosts()) === 0, { timeout: 5000, what: 'the old Weft to take its UI away' }).catch(() => undefined);
      const left = await hosts();
      await sleep(500);
      tried('extension-reloaded');
      const problems = [];
      if (errors.length) problems.push(`errors in the old tab: ${errors.slice(0, 3).join(' | ')}`);
      if (left) problems.push(`${left} of the old Weft's elements still on the page, with nothing behind them`);
      // (A tab reloaded then gets the new copy; this harness cannot bring an unpacked extension back after
      // `runtime.reload`, so that half is left to the browser: the old scripts' side is what Weft owns.)
      if (problems.length) throw new Error(problems.join('; '));
    },
  },
];
