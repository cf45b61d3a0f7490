// The researcher page (researcher.html#<A id>, docs/test-contract.md "Researcher page") on a faked catalog: every figure
// and chart value against the author object served, co-author counts and author positions
// against the works served, the works list's orders, paging and topic filter, a merged id, the
// warm (0 requests) and offline opens, the unknown-id and failure states, the links that open
// the page, and an axe-core accessibility run in light and dark.
//
// Hooks beyond the contract's: `[data-weft-position=first|middle|last|single][data-count]`,
// `[data-weft-topic=<T id>]` (a button: filters the works), `[data-weft-action=load-more |
// sort-recent | sort-cited | clear-topic | retry | refresh]`, `a[data-weft-link=researcher-page]`
// (the "Open profile" links of the card, the popup's researcher view and Following list).

import { launch, relaunch, until, sleep, screenshot, publishScreenshot } from './harness.mjs';
import { OA_HOST, S2_HOST } from './fake-apis.mjs';
import { axeViolations } from './axe.mjs';
import { researcherScenario, sharedWorks, positionsOf, workHook, researcherPageProbe } from './researcher-world.mjs';

const pageUrl = (s, id) => `chrome-extension://${s.extensionId}/researcher.html#${id}`;
const probe = (page) => page.evaluate(researcherPageProbe);

/** Open the page and wait until the profile and at least min(25, n) works are shown. */
async function openReady(s, id, n, { url = pageUrl(s, id) } = {}) {
  const page = await s.open(url);
  let last;
  try {
    await until(async () => {
      last = await probe(page);
      return last.state === 'ready' && last.worksShown.length >= Math.min(25, n) && last.loading === 0 && last.coauthors.length > 0;
    }, { timeout: 15_000, what: 'the researcher page to be ready' });
  } catch (e) {
    throw new Error(`${e.message}; last: ${JSON.stringify({ ...last, citations: undefined, output: undefined, coauthors: last?.coauthors.length })}`);
  }
  return { page, snap: last };
}

function expectEqual(what, got, want) {
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${what}: ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
}

/** The chart's bars must be every year from the first covered to this one, holes as 0. */
function expectedSeries(sc, field) {
  const by = new Map(sc.author.counts_by_year.map((c) => [c.year, c[field]]));
  const first = Math.min(...by.keys(), sc.thisYear - 9);
  return Array.from({ length: sc.thisYear - first + 1 }, (_, k) => [first + k, by.get(first + k) ?? 0]);
}

/** Co-author hooks: one value per id, equal to the works served that name both people. */
function checkCoauthors(snap, sc, works) {
  const want = sharedWorks(sc.id, works);
  const seen = new Map();
  for (const [id, n] of snap.coauthors) {
    if (seen.has(id) && seen.get(id) !== n) throw new Error(`co-author ${id} shown with ${seen.get(id)} and ${n}`);
    seen.set(id, n);
    if (want.get(id) !== n) throw new Error(`co-author ${id}: data-shared-works=${n}, the works served name both ${want.get(id) ?? 0} times`);
  }
  const ranked = [...want.values()].sort((a, b) => b - a);
  if (seen.size !== Math.min(12, want.size)) throw new Error(`${seen.size} co-authors shown, expected the ${Math.min(12, want.size)} most frequent`);
  const cut = ranked[seen.size - 1];
  for (const [id, n] of want) if (n > cut && !seen.has(id)) throw new Error(`co-author ${id} (${n} shared works) not shown, though less frequent ones are`);
  const where = new Set(snap.coauthors.map(([, , w]) => w));
  if (!where.has('graph') || !where.has('list')) throw new Error(`co-authors shown only in the ${[...where].join(', ')}: expected the graph and its list`);
}

export const tests = [
  {
    name: 'every figure, chart value, position and co-author count equals what the catalog served; 25 works at a time, newest first or most cited; a topic filters them',
    fn: async () => {
      const sc = researcherScenario({ works: 60 });
      const s = await launch(sc.fake);
      const t0 = Date.now();
      const n = sc.works.length;
      const { page, snap } = await openReady(s, sc.id, n);
      const a = sc.author;
      expectEqual('root', [snap.id, snap.h, snap.i10, snap.cited, snap.works], [sc.id, String(a.summary_stats.h_index), String(a.summary_stats.i10_index), String(a.cited_by_count), String(a.works_count)]);
      expectEqual('citations per year', snap.citations, expectedSeries(sc, 'cited_by_count'));
      expectEqual('works per year', snap.output, expectedSeries(sc, 'works_count'));
      if (!snap.output.some(([y, n]) => y === sc.hole && n === 0)) throw new Error(`the year OpenAlex left out (${sc.hole}) is not shown as 0`);
      checkCoauthors(snap, sc, sc.works);
      expectEqual('author positions', snap.positions, positionsOf(sc.id, sc.works));

      // The "since" column: sums of counts_by_year from thisYear - 5.
      const since = sc.thisYear - 5;
      const sum = (f) => a.counts_by_year.filter((c) => c.year >= since).reduce((x, c) => x + c[f], 0);
      const cells = await page.locator('table.figures tbody tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent.trim())));
      const row = (label) => cells.find((c) => c[0] === label);
      expectEqual('citations row', row('Citations').slice(1), [a.cited_by_count.toLocaleString('en'), sum('cited_by_count').toLocaleString('en')]);
      expectEqual('works row', row('Works').slice(1), [String(a.works_count), String(sum('works_count'))]);
      if (!(await page.getByText('the catalog has no “h-index since”').count())) throw new Error('the page does not say that the catalog has no h-index since');

      // requests: the free singleton and one page of 200 works, nothing else
      const reqs = sc.fake.apiRequests(t0).map((r) => `${r.host === OA_HOST ? 'oa' : 's2'} ${r.path}`);
      expectEqual('requests', reqs.sort(), ['oa /authors/' + sc.id, 'oa /works']);
      const works = new URL(sc.fake.apiRequests(t0).find((r) => r.path === '/works').url).searchParams;
      expectEqual('works request', [works.get('filter'), works.get('per_page'), works.get('page')], [`authorships.author.id:${sc.id}`, '200', '1']);

      // newest first, 25 at a time
      const byRecent = [...sc.works].sort((x, y) => (y.publication_date > x.publication_date ? 1 : y.publication_date < x.publication_date ? -1 : 0));
      const years = (ids) => ids.map((h) => sc.works.find((w) => workHook(w) === h).publication_year);
      expectEqual('first 25, newest first (years)', years(snap.worksShown), byRecent.slice(0, 25).map((w) => w.publication_year));
      await page.locator('[data-weft-action="load-more"]').click();
      await until(async () => (await probe(page)).worksShown.length === 50, { what: '50 works after Load more' });
      const focused = await page.evaluate(() => document.activeElement?.closest('[data-weft-work]')?.getAttribute('data-weft-work'));
      if (focused !== (await probe(page)).worksShown[25]) throw new Error(`after Load more the focus is on ${focused}, not the first new work`);
      await page.locator('[data-weft-action="load-more"]').click();
      await until(async () => (await probe(page)).worksShown.length === n, { what: `all ${n} works` });
      if (await page.locator('[data-weft-action="load-more"]').count()) throw new Error('Load more is still offered with every work shown');
      const all = (await probe(page)).worksShown;
      expectEqual('every work once', [...new Set(all)].sort(), sc.works.map(workHook).sort());

      // most cited: sorted here (all are loaded), no new request
      const t1 = Date.now();
      await page.locator('[data-weft-action="sort-cited"]').click();
      await until(async () => (await probe(page)).worksShown.length === 25, { what: 'the most cited 25' });
      const cited = (await probe(page)).worksShown.map((h) => sc.works.find((w) => workHook(w) === h).cited_by_count);
      expectEqual('most cited first', cited, [...sc.works].map((w) => w.cited_by_count).sort((x, y) => y - x).slice(0, 25));
      if (sc.fake.apiRequests(t1).length) throw new Error('sorting all loaded works asked the catalog again');

      // a topic filters the list
      const topic = 'T11612';
      await page.locator(`[data-weft-topic="${topic}"]`).click();
      const onTopic = sc.works.filter((w) => (w.topics ?? []).some((t) => t.id.endsWith(topic)));
      await until(async () => (await probe(page)).worksShown.length === Math.min(25, onTopic.length), { what: 'the works of one topic' });
      const shownIds = (await probe(page)).worksShown;
      const bad = shownIds.filter((h) => !onTopic.some((w) => workHook(w) === h));
      if (bad.length) throw new Error(`works off the topic shown: ${bad.join(', ')}`);
      if ((await page.locator(`[data-weft-topic="${topic}"]`).getAttribute('aria-pressed')) !== 'true') throw new Error('the chosen topic is not marked pressed');
      await page.locator('[data-weft-action="clear-topic"]').click();

      // a chart bar by keyboard says its value
      await page.locator('[data-weft-chart="citations-per-year"] [data-year]').last().focus();
      await page.keyboard.press('ArrowLeft');
      const tip = await page.locator('[data-weft-chart="citations-per-year"] .chart-tip').textContent();
      const [year, count] = snap.citations.at(-2);
      if (!tip.includes(String(year)) || !tip.includes(count.toLocaleString('en'))) throw new Error(`after ← the chart says ${JSON.stringify(tip)}, expected ${year} and ${count}`);

      await page.locator('[data-weft-action="sort-recent"]').click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await sleep(200);
      await screenshot(page, 'researcher-page-full', { fullPage: true });
      // The README's: the header, figures, charts, positions, co-authors and the first works, all checked above.
      publishScreenshot(await screenshot(page, 'researcher-page', { fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 1560 } }), 'researcher-page');
      // print: the controls go, the content stays
      await page.emulateMedia({ media: 'print' });
      if (await page.locator('[data-weft-action="load-more"]').isVisible()) throw new Error('Load more is printed');
      if (!(await page.locator('[data-weft-chart="works-per-year"] svg').isVisible())) throw new Error('the chart is not printed');
    },
  },
  {
    name: 'paging: 230 works load 200 at first and page 2 only when Load more reaches it; co-author counts cover every work loaded',
    fn: async () => {
      const sc = researcherScenario({ works: 230, seed: 32 });
      const s = await launch(sc.fake);
      const t0 = Date.now();
      const n = sc.works.length;
      const { page } = await openReady(s, sc.id, n);
      const worksCalls = () => sc.fake.apiRequests(t0).filter((r) => r.path === '/works').map((r) => new URL(r.url).searchParams.get('page'));
      expectEqual('works pages asked on open', worksCalls(), ['1']);
      const recent = [...sc.works].sort((x, y) => (y.publication_date > x.publication_date ? 1 : y.publication_date < x.publication_date ? -1 : x.cited_by_count - y.cited_by_count));
      const first200 = recent.slice(0, 200);
      checkCoauthors(await probe(page), sc, first200);
      for (let shown = 25; shown < 200; shown += 25) {
        await page.locator('[data-weft-action="load-more"]').click();
        await until(async () => (await probe(page)).worksShown.length === shown + 25, { what: `${shown + 25} works` });
      }
      expectEqual('works pages asked for 200 shown', worksCalls(), ['1']);
      await page.locator('[data-weft-action="load-more"]').click();
      await until(async () => (await probe(page)).worksShown.length === 225, { what: '225 works (page 2)' });
      expectEqual('works pages asked', worksCalls(), ['1', '2']);
      await page.locator('[data-weft-action="load-more"]').click();
      await until(async () => (await probe(page)).worksShown.length === n, { what: `all ${n} works` });
      const snap = await probe(page);
      expectEqual('every work once', [...new Set(snap.worksShown)].sort(), sc.works.map(workHook).sort());
      checkCoauthors(snap, sc, sc.works);
      expectEqual(`author positions over ${n}`, snap.positions, positionsOf(sc.id, sc.works));
      if (await page.locator('[data-weft-action="load-more"]').count()) throw new Error('Load more is still offered with every work shown');
    },
  },
  {
    name: 'a merged id opens the surviving profile: its id on the root and in the address, its works, no request naming the old id, Follow follows it',
    fn: async () => {
      const old = 'A5099900001';
      const sc = researcherScenario({ works: 30, seed: 33, mergedFrom: old });
      const s = await launch(sc.fake);
      const t0 = Date.now();
      const { page, snap } = await openReady(s, sc.id, 30, { url: pageUrl(s, old) });
      expectEqual('root and hash', [snap.id, snap.hash], [sc.id, `#${sc.id}`]);
      const reqs = sc.fake.apiRequests(t0);
      if (!reqs.some((r) => r.path === `/authors/${old}`)) throw new Error('the old id was never asked for');
      const stale = reqs.filter((r) => r.path !== `/authors/${old}` && decodeURIComponent(r.url).includes(old));
      if (stale.length) throw new Error(`requests still naming the merged id: ${stale.map((r) => r.url).join(', ')}`);
      expectEqual('works', [...new Set(snap.worksShown)].length, 25);
      await page.locator('[data-weft-action="follow"]').click();
      await page.locator('[data-weft-action="unfollow"]').waitFor({ timeout: 5000 });
      const popup = await s.open(`chrome-extension://${s.extensionId}/popup.html`);
      await popup.locator('#tab-following').click();
      await popup.locator(`[data-weft-followed="${sc.id}"]`).waitFor({ timeout: 5000 });
      if (await popup.locator(`[data-weft-followed="${old}"]`).count()) throw new Error('the merged id is followed');
    },
  },
  {
    name: 'warm open after a restart: 0 requests; offline: the saved profile with its age, and an unsaved one says so, with a retry that works once back',
    fn: async () => {
      const sc = researcherScenario({ works: 40, seed: 34 });
      let s = await launch(sc.fake);
      const cold = await openReady(s, sc.id, sc.works.length);
      const coauthor = cold.snap.coauthors[0][0];
      s = await relaunch(s);
      let t0 = Date.now();
      const warm = await openReady(s, sc.id, sc.works.length);
      expectEqual('warm requests', sc.fake.apiRequests(t0).map((r) => r.url), []);
      expectEqual('warm figures', [warm.snap.h, warm.snap.citations], [cold.snap.h, cold.snap.citations]);
      await warm.page.close();

      // offline: the catalogs are unreachable and the browser says so
      sc.fake.setTwists({ down: 'all' });
      await s.context.setOffline(true);
      t0 = Date.now();
      const off = await openReady(s, sc.id, sc.works.length);
      const note = await off.page.locator('[data-weft-notice="offline"]').textContent();
      if (!/offline/i.test(note) || !/saved (just now|\d+ min ago)/.test(note)) throw new Error(`offline notice ${JSON.stringify(note)} lacks the offline state or the age`);
      expectEqual('offline requests', sc.fake.apiRequests(t0).length, 0);
      // a co-author never opened: not saved, so an error state with a retry
      await off.page.locator(`.coauthor-list [data-weft-coauthor="${coauthor}"]`).click();
      await until(async () => (await probe(off.page)).state === 'error', { what: 'the unsaved profile to fail' });
      const text = await off.page.locator('main').textContent();
      if (!/offline/i.test(text)) throw new Error(`the failed page does not say the reader is offline: ${JSON.stringify(text.slice(0, 200))}`);
      sc.fake.setTwists({ down: false });
      await s.context.setOffline(false);
      await off.page.locator('[data-weft-action="retry"]').click();
      await until(async () => { const p = await probe(off.page); return p.state === 'ready' && p.id === coauthor; }, { what: 'the co-author after Retry' });
    },
  },
  {
    name: 'an id OpenAlex does not know is unmatched (and cached); a catalog error shows Retry, which loads the profile',
    fn: async () => {
      const sc = researcherScenario({ works: 10, seed: 35 });
      const s = await launch(sc.fake);
      const unknown = 'A5000000009';
      const page = await s.open(pageUrl(s, unknown));
      const unmatched = async () => { const p = await probe(page); return p.state === 'unmatched' && p.id === unknown; };
      await until(unmatched, { what: 'an unknown id to be unmatched' });
      const t0 = Date.now();
      await page.reload();
      await until(unmatched, { what: 'unmatched again' });
      expectEqual('requests for a known 404', sc.fake.apiRequests(t0).length, 0);
      sc.fake.setTwists({ down: 'openalex' });
      await page.goto(pageUrl(s, sc.id));
      await until(async () => (await probe(page)).state === 'error', { timeout: 20_000, what: 'the catalog error' });
      sc.fake.setTwists({ down: false });
      await page.locator('[data-weft-action="retry"]').click();
      await until(async () => { const p = await probe(page); return p.state === 'ready' && p.worksShown.length === sc.works.length; }, { what: 'the profile after Retry' });
    },
  },
  {
    name: 'Open profile from an author card opens the page with Semantic Scholar’s figures; the popup’s researcher view and Following list link to it too',
    fn: async () => {
      const sc = researcherScenario({ works: 12, seed: 36 });
      const s = await launch(sc.fake);
      const abs = await s.open(sc.url);
      await abs.locator('[data-weft-author="0"][data-state="ready"]').waitFor({ timeout: 15_000 });
      await abs.locator('[data-weft-author="0"] button').first().click();
      const link = abs.locator('[data-weft-card] a[data-weft-link="researcher-page"]');
      const href = await link.getAttribute('href');
      const want = `chrome-extension://${s.extensionId}/researcher.html?s2=${sc.person.s2Id}#${sc.id}`;
      if (href !== want) throw new Error(`the card links to ${href}, expected ${want}`);
      const [tab] = await Promise.all([s.context.waitForEvent('page', { timeout: 5000 }), link.click()]);
      await tab.waitForLoadState('domcontentloaded');
      if (tab.url() !== want) throw new Error(`the opened tab shows ${tab.url()}`);
      await until(async () => (await tab.locator('table.figures thead th').allTextContents()).includes('Semantic Scholar'), { what: 'the Semantic Scholar column' });
      const s2Row = async (label) => (await tab.locator('table.figures tbody tr').filter({ hasText: label }).locator('td').allTextContents()).at(-1);
      expectEqual('S2 figures', [await s2Row('h-index'), await s2Row('Citations'), await s2Row('Works')],
        [String(sc.person.s2h), sc.person.s2cited.toLocaleString('en'), String(sc.person.s2papers)]);
      if (!sc.fake.apiRequests().some((r) => r.host === S2_HOST && r.path === `/graph/v1/author/${sc.person.s2Id}`)) throw new Error('S2 author figures were not asked for');
      await tab.locator('[data-weft-action="follow"]').click();
      await tab.locator('[data-weft-action="unfollow"]').waitFor({ timeout: 5000 });

      const popup = await s.open(`chrome-extension://${s.extensionId}/popup.html`);
      await popup.locator('#tab-following').click();
      const row = popup.locator(`[data-weft-followed="${sc.id}"] a[data-weft-link="researcher-page"]`);
      expectEqual('Following list link', await row.getAttribute('href'), `chrome-extension://${s.extensionId}/researcher.html#${sc.id}`);
      await popup.locator(`[data-weft-followed="${sc.id}"] button.name`).click();
      const viewLink = popup.locator(`[data-weft-researcher="${sc.id}"] a[data-weft-link="researcher-page"]`);
      await viewLink.waitFor({ timeout: 5000 });
      const [fromPopup] = await Promise.all([s.context.waitForEvent('page', { timeout: 5000 }), viewLink.click()]);
      await fromPopup.waitForLoadState('domcontentloaded');
      // S2's id was remembered from the card's link: the popup's open shows S2's figures without it
      await until(async () => (await fromPopup.locator('table.figures thead th').allTextContents()).includes('Semantic Scholar'), { what: 'S2 figures on an open from the popup' });
    },
  },
  {
    name: 'axe-core finds no accessibility violations on the page, in light and in dark, with its tables open',
    fn: async () => {
      const sc = researcherScenario({ works: 40, seed: 37 });
      const s = await launch(sc.fake);
      const { page } = await openReady(s, sc.id, 40);
      await page.locator('details.chart-table summary').first().click();
      const found = [];
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        await sleep(100);
        for (const v of await axeViolations(page)) found.push(`${colorScheme}: ${v}`);
        await screenshot(page, `researcher-page-${colorScheme}`, { fullPage: true });
      }
      // the failure state too
      sc.fake.setTwists({ down: 'openalex' });
      await page.goto(pageUrl(s, 'A5000000123'));
      await until(async () => (await probe(page)).state === 'error', { timeout: 20_000, what: 'the error state' });
      for (const v of await axeViolations(page)) found.push(`error state: ${v}`);
      if (found.length) throw new Error(`${found.length} violations: ${found.join('; ')}`);
    },
  },
];
