// Numbers a reader can trust: both catalogs side by side, Refresh, and a wrong person fixed in place.
//
// Hooks (docs/test-contract.md, Abs page): ready badges carry `data-s2-h-index`, `data-s2-cited-by`,
// `data-s2-works` (Semantic Scholar's own figures) and `data-match`; the paper panel
// `data-openalex-cited-by` and `data-s2-cited-by`; the card `[data-weft-action="refresh"]`,
// `[data-weft-action="not-this-person"]`, then `[data-weft-candidate="<A id>"]` and
// `[data-weft-action="no-profile"]`.

import fs from 'node:fs';
import { launch, relaunch, sleep, until, badges, waitForBadgeStates, screenshot, publishScreenshot } from './harness.mjs';
import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { absPage, makeAuthors } from './pages.mjs';
import { requestsOver } from './checks.mjs';

const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';
const ID = '2406.05546';
const URL_ = `https://arxiv.org/abs/${ID}`;

function scenario(seed) {
  const authors = makeAuthors(4);
  const catalog = buildCatalog({ arxivId: ID, title: TITLE, authors, seed });
  return { authors, catalog, fake: new FakeApis(catalog, { pages: { [ID]: absPage({ id: ID, title: TITLE, authors, layout: '2026-06' }) } }) };
}

/** A second OpenAlex profile with author i's name: the namesake a reader may pick instead. */
function addNamesake(catalog, i) {
  const p = catalog.people[i];
  const id = `A59${String(i).padStart(9, '0')}`;
  const own = catalog.openalex.authors[p.openalexId];
  catalog.openalex.authors[id] = {
    ...own, id: `https://openalex.org/${id}`, ids: { openalex: `https://openalex.org/${id}` }, orcid: null,
    display_name: p.name, works_count: 3, cited_by_count: 21, summary_stats: { ...own.summary_stats, h_index: 2, i10_index: 0 },
  };
  return { id, h: 2, cited: 21, works: 3 };
}

async function loadReady(s, n = 4) {
  const page = await s.open(URL_);
  await waitForBadgeStates(page, [...Array(n).keys()], (st) => st === 'ready');
  return page;
}

const attrs = (page, sel, names) => page.locator(sel).first().evaluate((el, ns) => Object.fromEntries(ns.map((n) => [n, el.getAttribute(n)])), names);

async function openCard(page, i) {
  await page.keyboard.press('Escape');
  await page.locator(`[data-weft-author="${i}"] button`).first().click();
  await page.locator('[data-weft-card]').first().waitFor({ timeout: 5000 });
}

export const tests = [
  {
    name: 'both catalogs: each badge carries Semantic Scholar\'s own figures, the card shows both side by side, the paper panel both counts',
    fn: async () => {
      const sc = scenario(21);
      const s = await launch(sc.fake);
      const page = await loadReady(s);
      await until(async () => (await attrs(page, '[data-weft-author="3"]', ['data-s2-h-index']))['data-s2-h-index'] !== null, { what: 'S2 figures on the badges' });
      for (const p of sc.catalog.people) {
        const a = await attrs(page, `[data-weft-author="${p.index}"]`, ['data-h-index', 'data-s2-h-index', 'data-s2-cited-by', 'data-s2-works', 'data-match']);
        const want = { 'data-h-index': String(p.h), 'data-s2-h-index': String(p.s2h), 'data-s2-cited-by': String(p.s2cited), 'data-s2-works': String(p.s2papers), 'data-match': 'record' };
        if (JSON.stringify(a) !== JSON.stringify(want)) throw new Error(`badge #${p.index}: ${JSON.stringify(a)}, expected ${JSON.stringify(want)}`);
      }
      const panel = await until(async () => {
        const v = await attrs(page, '[data-weft-panel="paper"]', ['data-openalex-cited-by', 'data-s2-cited-by']);
        return v['data-s2-cited-by'] ? v : null;
      }, { what: 'the paper panel' });
      const wantPanel = { 'data-openalex-cited-by': String(sc.catalog.openalex.work.cited_by_count), 'data-s2-cited-by': String(sc.catalog.s2.paper.citationCount) };
      if (JSON.stringify(panel) !== JSON.stringify(wantPanel)) throw new Error(`paper panel ${JSON.stringify(panel)}, expected ${JSON.stringify(wantPanel)}`);

      await openCard(page, 1);
      const p = sc.catalog.people[1];
      const cells = {};
      for (const f of ['h-index', 's2-h-index', 'works', 's2-works']) cells[f] = (await page.locator(`[data-weft-card] [data-weft-field="${f}"]`).first().textContent())?.trim();
      const wantCells = { 'h-index': String(p.h), 's2-h-index': String(p.s2h), works: String(p.works), 's2-works': String(p.s2papers) };
      if (JSON.stringify(cells) !== JSON.stringify(wantCells)) throw new Error(`card cells ${JSON.stringify(cells)}, expected ${JSON.stringify(wantCells)}`);
      await page.mouse.move(0, 0);
      await sleep(300);
      publishScreenshot(await screenshot(page, 'card-both-catalogs', { clip: { x: 0, y: 0, width: 1280, height: 800 } }), 'card-both-catalogs');
      await s.close();
    },
  },
  {
    name: 'Refresh asks the catalogs again for exactly this paper and its authors, once a minute at most',
    fn: async () => {
      const sc = scenario(22);
      const s = await launch(sc.fake);
      const page = await loadReady(s);
      await sleep(500);
      await openCard(page, 0);
      const t0 = Date.now();
      await page.locator('[data-weft-action="refresh"]').first().click();
      await until(() => sc.fake.apiRequests(t0).length >= 2, { what: 'the refresh requests' });
      await requestsOver(sc.fake, t0);
      const reqs = sc.fake.apiRequests(t0).map((r) => decodeURIComponent(r.url));
      const work = sc.catalog.openalex.work.id.split('/').pop();
      const about = (u) => u.toLowerCase().includes(ID) || u.includes(sc.catalog.people[0].openalexId) || u.includes(work);
      const other = reqs.filter((u) => !about(u));
      if (!reqs.some((u) => u.includes('api.openalex.org/works/doi:'))) throw new Error(`no OpenAlex lookup of the paper after Refresh: ${reqs.join('; ')}`);
      if (other.length) throw new Error(`Refresh asked for other things: ${other.join('; ')}`);
      const b = (await badges(page)).byIndex.get('0');
      if (b?.state !== 'ready' || b.h !== String(sc.catalog.people[0].h)) throw new Error(`after Refresh badge #0 is ${JSON.stringify(b)}`);
      // A second Refresh within the minute is answered from what was just fetched.
      const t1 = Date.now();
      await page.locator('[data-weft-action="refresh"]').first().click();
      await sleep(1200);
      const again = sc.fake.apiRequests(t1);
      if (again.length) throw new Error(`a second Refresh within a minute made ${again.length} API requests: ${again.map((r) => r.url).join('; ')}`);
      await s.close();
    },
  },
  {
    name: 'Not this person: the profiles of that name, a choice applied at once and kept after a restart, Clear cached data, and export → import into a fresh profile; No profile',
    fn: async () => {
      const sc = scenario(23);
      const other = addNamesake(sc.catalog, 1);
      let s = await launch(sc.fake);
      let page = await loadReady(s);
      await openCard(page, 1);
      await page.locator('[data-weft-action="not-this-person"]').first().click();
      const cands = page.locator('[data-weft-candidate]');
      await cands.first().waitFor({ timeout: 8000 });
      const ids = await cands.evaluateAll((els) => els.map((e) => e.getAttribute('data-weft-candidate')));
      const want = [sc.catalog.people[1].openalexId, other.id].sort();
      if (JSON.stringify([...ids].sort()) !== JSON.stringify(want)) throw new Error(`candidates ${JSON.stringify(ids)}, expected the two profiles named ${sc.catalog.people[1].name}: ${JSON.stringify(want)}`);
      await page.mouse.move(0, 0);
      publishScreenshot(await screenshot(page, 'card-candidates', { clip: { x: 0, y: 0, width: 1280, height: 800 } }), 'card-candidates');
      await page.locator(`[data-weft-candidate="${other.id}"]`).click();
      const held = async (pg) => {
        const a = await attrs(pg, '[data-weft-author="1"]', ['data-state', 'data-match', 'data-openalex-id', 'data-h-index', 'data-cited-by', 'data-works']);
        return a['data-match'] === 'reader' && a['data-openalex-id'] === other.id && a['data-h-index'] === String(other.h)
          && a['data-cited-by'] === String(other.cited) && a['data-works'] === String(other.works) ? a : null;
      };
      await until(() => held(page), { what: 'the chosen profile on badge #1' });
      // No profile for author #2.
      await openCard(page, 2);
      await page.locator('[data-weft-action="not-this-person"]').first().click();
      await page.locator('[data-weft-action="no-profile"]').first().click();
      await until(async () => (await attrs(page, '[data-weft-author="2"]', ['data-state']))['data-state'] === 'unmatched', { what: 'no profile on badge #2' });
      await sleep(500);

      s = await relaunch(s);
      page = await s.open(URL_);
      await until(() => held(page), { what: 'the correction after a browser restart' });
      await until(async () => (await attrs(page, '[data-weft-author="2"]', ['data-state']))['data-state'] === 'unmatched', { what: 'no profile after a restart' });

      const options = await s.open(`chrome-extension://${s.extensionId}/options.html`);
      await options.getByRole('button', { name: /clear cached data/i }).click();
      await sleep(800);
      sc.fake.clear();
      page = await s.open(URL_);
      await until(() => held(page), { what: 'the correction after Clear cached data' });
      if (!sc.fake.apiRequests().length) throw new Error('nothing was fetched again after Clear cached data');

      // Export (the followed list carries the corrections), then import into a fresh profile.
      await openCard(page, 0);
      await page.locator('[data-weft-action="follow"]').first().click();
      await page.locator('[data-weft-action="unfollow"]').first().waitFor({ timeout: 5000 });
      const popup = await s.open(`chrome-extension://${s.extensionId}/popup.html`);
      await popup.locator('#tab-following').click();
      await popup.locator('.alert-options summary').click();
      const [download] = await Promise.all([popup.waitForEvent('download'), popup.locator('[data-weft-action="export"]').click()]);
      const file = fs.readFileSync(await download.path(), 'utf8');
      if (JSON.parse(file).corrections?.length !== 2) throw new Error(`the export file holds no corrections: ${file.slice(0, 300)}`);
      await s.close();
      const elsewhere = await launch(sc.fake);
      const importer = await elsewhere.open(`chrome-extension://${elsewhere.extensionId}/popup.html`);
      await importer.locator('#tab-following').click();
      await importer.locator('.alert-options summary').click();
      await importer.locator('[data-weft-field="import-file"]').setInputFiles({ name: 'weft-follows.json', mimeType: 'application/json', buffer: Buffer.from(file) });
      await until(async () => /2 corrections/.test(await importer.locator('.import-result').textContent()), { what: 'the import result' });
      const fresh = await elsewhere.open(URL_);
      await until(() => held(fresh), { what: 'the correction in a fresh profile after import' });
      await elsewhere.close();
    },
  },
  {
    name: 'a page script clicking Weft\'s buttons (follow, no profile) changes nothing: only the reader\'s own clicks count',
    fn: async () => {
      const sc = scenario(24);
      const s = await launch(sc.fake);
      const page = await loadReady(s);
      await openCard(page, 0);
      // What a hostile page script can do: find Weft's open shadow roots and dispatch clicks.
      await page.evaluate(() => {
        const all = [];
        const walk = (root) => { for (const el of root.querySelectorAll('*')) { all.push(el); if (el.shadowRoot) walk(el.shadowRoot); } };
        walk(document);
        for (const el of all) if (['follow', 'not-this-person'].includes(el.getAttribute('data-weft-action'))) el.click();
      });
      await sleep(800);
      const stillFollow = await page.locator('[data-weft-action="follow"]').count();
      if (!stillFollow) throw new Error('a synthetic click followed the researcher');
      if (await page.locator('[data-weft-candidate]').count()) throw new Error('a synthetic click opened the candidate list');
      // The reader's own click still works.
      await page.locator('[data-weft-action="follow"]').first().click();
      await page.locator('[data-weft-action="unfollow"]').first().waitFor({ timeout: 5000 });
      await s.close();
    },
  },
];
