// Same-day alerts from arXiv's announcement (CONTRACT §8, docs/same-day-alerts.md): the followed
// researcher's paper in the evening's listing, found from evidence before any catalog has it;
// a namesake's paper left out; a name-only match muted and not counted; the catalog's record
// confirming silently or withdrawing; a followed topic; no request on a weekend; a listing not
// updated yet (304); arxiv.org withheld by the reader (catalog only, said in the popup); a
// hostile answer. arXiv and the catalogs are faked at the network layer (FakeApis#setAnnouncement).
//
// Hooks: `[data-weft-new-paper]` with `data-source`, `data-match`, `data-weft-for`; the mode line
// `[data-weft-alert-mode="arxiv" | "catalog"]`; topic matches `[data-weft-topic-paper]`; the toolbar
// badge read in the service worker. Times: the tests that need a given evening set the service
// worker's clock (Date.now), which is all same-day alerts read time from.
/* global chrome -- evaluated on chrome://extensions */

import fs from 'node:fs';
import { launch, until, xssProbe, screenshot } from './harness.mjs';
import { checkNow, countOf, entry, followed, hooks, paperId, popupUrl, scenario, setClock, toolbarBadge, work } from './same-day-world.mjs';

export const tests = [
  {
    name: 'the evening’s paper inferred and counted; a namesake’s left out; a name-only match muted, not counted, hideable',
    fn: async () => {
      const sc = scenario(41);
      const { s, popup } = await followed(sc);
      const { me, coauthor } = sc;
      // Monday 30 November 2026, 21:00 EST, in the worker that reads and the popup that says when:
      // on the real clock "announced today" holds only within a day of an announcement (not at weekends).
      for (const where of [s.sw, popup]) await setClock(where, '2026-12-01T02:00:00Z');
      sc.fake.setAnnouncement({ listedAs: '2026-12-01', entries: [
        entry(1, [me.name, coauthor.name, 'Newcomer Person']),
        entry(2, ['Bo Friendly', me.name]),
        entry(3, [me.name, 'Unknown Stranger']),
        entry(4, ['Ann Other', 'Zed Yonder']),
      ] });
      await checkNow(popup);
      await popup.locator(`[data-weft-new-paper="${paperId(1)}"]`).waitFor({ timeout: 10_000 });
      const shown = await hooks(popup);
      const mine = shown.find((h) => h.id === paperId(1));
      if (!mine || mine.source !== 'arxiv' || mine.match !== 'inferred' || mine.for !== me.openalexId) throw new Error(`their paper: ${JSON.stringify(mine)}`);
      if (!/announced today on arXiv/.test(mine.text) || !mine.text.includes(`with ${coauthor.name}`)) throw new Error(`their paper says: ${mine.text}`);
      if (shown.some((h) => h.id === paperId(2))) throw new Error('the namesake’s paper is listed');
      const guess = shown.find((h) => h.id === paperId(3));
      if (!guess || guess.match !== 'guess' || !guess.guess || !/Possibly them/.test(guess.text)) throw new Error(`the name-only match: ${JSON.stringify(guess)}`);
      if (shown.some((h) => h.id === paperId(4))) throw new Error('someone else’s paper is listed');
      await until(async () => (await countOf(popup, me.openalexId)) === '1' && (await toolbarBadge(s)) === '1', { timeout: 5000, what: 'data-new-count="1" and badge "1": the guess is not counted' });
      const feeds = sc.fake.feedRequests.map((r) => r.url);
      // The category of the paper they were followed from (its card said so).
      if (feeds.length !== 1 || feeds[0] !== 'https://arxiv.org/list/cs.DC/new') throw new Error(`arXiv was asked: ${feeds.join(', ')}`);
      await screenshot(popup, 'same-day-inbox');

      await popup.locator(`[data-weft-new-paper="${paperId(3)}"] [data-weft-action="hide-guess"]`).click();
      await until(async () => !(await popup.locator(`[data-weft-new-paper="${paperId(3)}"]`).count()), { timeout: 5000, what: 'the guess to be hidden' });
      if ((await toolbarBadge(s)) !== '1') throw new Error('hiding a guess changed the count');
    },
  },
  {
    name: 'the catalog’s record later: confirms one paper silently, withdraws one that is not theirs (the count drops)',
    fn: async () => {
      const sc = scenario(42);
      const { s, popup } = await followed(sc);
      const { me, coauthor, other } = sc;
      sc.fake.setAnnouncement({ entries: [entry(1, [me.name, coauthor.name]), entry(2, [coauthor.name, me.name])] });
      await checkNow(popup);
      await until(async () => (await countOf(popup, me.openalexId)) === '2' && (await toolbarBadge(s)) === '2', { timeout: 10_000, what: 'two papers counted' });

      sc.fake.addWork(work('W4999000101', paperId(1), [[me.openalexId, me.name], [coauthor.openalexId, coauthor.name]]));
      sc.fake.addWork(work('W4999000102', paperId(2), [[coauthor.openalexId, coauthor.name], [other.openalexId, other.name]]));
      const before = sc.fake.feedRequests.length;
      await checkNow(popup);
      await until(async () => {
        const h = await hooks(popup);
        return h.length === 1 && h[0].id === paperId(1) && h[0].source === 'openalex' && h[0].match === 'record';
      }, { timeout: 10_000, what: `the same element confirmed by the record, the other withdrawn: ${JSON.stringify(await hooks(popup))}` });
      await until(async () => (await countOf(popup, me.openalexId)) === '1' && (await toolbarBadge(s)) === '1', { timeout: 5000, what: 'the count down to 1' });
      if (sc.fake.feedRequests.length !== before) throw new Error('the announcement was downloaded again');
    },
  },
  {
    name: 'a followed topic: its papers listed apart with the words that matched, counted when it rings; carried by the export file',
    fn: async () => {
      const sc = scenario(43);
      const s = await launch(sc.fake);
      const popup = await s.open(popupUrl(s));
      await popup.locator('#tab-following').click();
      await popup.locator('.alert-options summary').click();
      await popup.locator('[data-weft-field="topic-query"]').fill('"diffusion model"');
      await popup.locator('[data-weft-field="topic-categories"]').fill('cs.DC');
      await popup.locator('[data-weft-action="topic-follow"]').click();
      await popup.locator('[data-weft-topic-follow]').waitFor({ timeout: 5000 });
      sc.fake.setAnnouncement({ entries: [
        entry(1, ['Ann Other'], { abstract: 'We train Diffusion Models on graphs.' }),
        entry(2, ['Ann Other'], { abstract: 'A model of diffusion.' }), // the words, not the phrase
        entry(3, ['Ann Other'], { abstract: 'Diffusion models.', categories: ['math.PR'] }), // another category
      ] });
      await checkNow(popup);
      const topic = popup.locator(`[data-weft-topic-paper="${paperId(1)}"]`);
      await topic.waitFor({ timeout: 10_000 });
      if (!(await topic.textContent()).includes('Matched “diffusion model”')) throw new Error(`the match says: ${await topic.textContent()}`);
      if (await popup.locator('[data-weft-topic-paper]').count() !== 1) throw new Error('papers the topic does not fit are listed');
      await until(async () => (await toolbarBadge(s)) === '1', { timeout: 5000, what: 'badge "1" for the ringing topic' });
      const [download] = await Promise.all([popup.waitForEvent('download'), popup.locator('[data-weft-action="export"]').click()]);
      const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
      if (file.topics?.[0]?.query !== '"diffusion model"' || file.topics[0].categories[0] !== 'cs.DC') throw new Error(`the export file's topics: ${JSON.stringify(file.topics)}`);
    },
  },
  {
    name: 'no request on a weekend; the next evening’s listing not updated yet is asked conditionally (304), then read',
    fn: async () => {
      const sc = scenario(44);
      const { s, popup } = await followed(sc);
      const { me, coauthor } = sc;
      // Thursday 3 December 2026, 21:00 EST: Thursday's announcement, listed Friday.
      await setClock(s.sw, '2026-12-04T02:00:00Z');
      sc.fake.setAnnouncement({ listedAs: '2026-12-04', entries: [entry(1, [me.name, coauthor.name])] });
      await checkNow(popup);
      await until(() => sc.fake.feedRequests.length === 1, { timeout: 10_000, what: 'Thursday’s announcement read' });
      for (const iso of ['2026-12-05T17:00:00Z', '2026-12-06T17:00:00Z']) { // Saturday, Sunday noon
        await setClock(s.sw, iso);
        await checkNow(popup);
      }
      if (sc.fake.feedRequests.length !== 1) throw new Error(`arXiv asked on the weekend: ${sc.fake.feedRequests.length - 1} more request(s)`);
      const alarm = await s.sw.evaluate(() => chrome.alarms.get('weft-same-day-read'));
      const next = new Date(alarm?.scheduledTime ?? 0).toISOString();
      if (!(next >= '2026-12-07T01:30:00.000Z' && next < '2026-12-07T02:00:00.000Z')) throw new Error(`next read ${next}, not Sunday 20:30–21:00 EST`);

      await setClock(s.sw, '2026-12-07T01:40:00Z'); // Sunday 20:40 EST: the listing still shows Thursday's
      await checkNow(popup);
      const conditional = sc.fake.feedRequests[1];
      if (!conditional?.ifNoneMatch || conditional.status !== 304) throw new Error(`the second request: ${JSON.stringify(conditional)}`);
      sc.fake.setAnnouncement({ listedAs: '2026-12-07', entries: [entry(2, [me.name, coauthor.name])] });
      await setClock(s.sw, '2026-12-07T02:05:00Z');
      await checkNow(popup);
      await popup.locator(`[data-weft-new-paper="${paperId(2)}"]`).waitFor({ timeout: 10_000 });
      if (sc.fake.feedRequests.length !== 3 || sc.fake.feedRequests[2].status !== 200) throw new Error(`requests: ${JSON.stringify(sc.fake.feedRequests)}`);
    },
  },
  {
    name: 'arxiv.org withheld by the reader: catalog only, said in the popup, nothing asked of arXiv',
    fn: async () => {
      const sc = scenario(45);
      const { s, popup } = await followed(sc);
      // Chrome's site access "on specific sites": the catalogs granted, arxiv.org not.
      const settings = await s.open('chrome://extensions/');
      await settings.evaluate(async (id) => {
        await chrome.developerPrivate.updateExtensionConfiguration({ extensionId: id, hostAccess: 'ON_SPECIFIC_SITES' });
        await chrome.developerPrivate.addHostPermission(id, 'https://api.openalex.org/*');
        await chrome.developerPrivate.addHostPermission(id, 'https://api.semanticscholar.org/*');
      }, s.extensionId);
      sc.fake.setAnnouncement({ entries: [entry(1, [sc.me.name, sc.coauthor.name])] });
      await popup.reload();
      await popup.locator('#tab-following').click();
      const mode = popup.locator('[data-weft-alert-mode="catalog"]');
      await mode.waitFor({ timeout: 10_000 });
      const text = await mode.textContent();
      if (!/Catalog only/.test(text) || !/does not let Weft read arxiv\.org/.test(text)) throw new Error(`the popup says: ${text}`);
      await checkNow(popup);
      if (sc.fake.feedRequests.length) throw new Error('arXiv was asked although the reader withheld it');
      if (!sc.fake.apiRequests().some((r) => /[?&]filter=authorships\.author\.id/.test(decodeURIComponent(r.url)))) throw new Error('the catalog check did not run');
      if (!(await popup.locator('[data-weft-action="allow-arxiv"]').count())) throw new Error('no way to allow arxiv.org again');
    },
  },
  {
    name: 'a hostile answer: markup in titles and names stays text; one that is no announcement means catalog only',
    fn: async () => {
      const sc = scenario(46);
      const { s, popup } = await followed(sc);
      const { me, coauthor } = sc;
      await setClock(s.sw, '2026-12-01T02:00:00Z'); // Monday 30 November 2026, 21:00 EST
      sc.fake.setAnnouncement({ listedAs: '2026-12-01', entries: [entry(1, [me.name, `<b>${coauthor.name}</b>`], {
        title: 'Safe &lt;img src=x onerror="window.__weftPwned=1"&gt; <img src=x onerror="window.__weftPwned=2"> title',
      })] });
      await checkNow(popup);
      const el = popup.locator(`[data-weft-new-paper="${paperId(1)}"]`);
      await el.waitFor({ timeout: 10_000 });
      const x = await popup.evaluate(xssProbe);
      if (x.imgs || x.pwned !== null) throw new Error(`markup ran in the popup: ${JSON.stringify(x)}`);
      if (!(await el.locator('.paper-title').textContent()).includes('Safe <img src=x onerror="window.__weftPwned=1"> title')) throw new Error(`title shown: ${await el.locator('.paper-title').textContent()}`);

      // The next evening arXiv answers with something that is no listing: catalog only, said so.
      await setClock(s.sw, '2026-12-02T02:00:00Z');
      sc.fake.setAnnouncement({ body: '<html><body><h1>Please verify you are a human</h1></body></html>' });
      await checkNow(popup);
      const mode = popup.locator('[data-weft-alert-mode="catalog"]');
      await mode.waitFor({ timeout: 10_000 });
      if (!/could not read arXiv’s last announcement/.test(await mode.textContent())) throw new Error(`the popup says: ${await mode.textContent()}`);
    },
  },
];
