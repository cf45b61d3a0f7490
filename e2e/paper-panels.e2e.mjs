// Paper panels on arXiv abstract pages: citations, institutions and related papers in arXiv's sidebar.
//
// Hooks (docs/test-contract.md, Abs page): a `weft-panels` element in `.extra-services` right
// after `.full-text`, holding in its open shadow root one `[data-weft-panel=paper|institutions|related]`
// each with `data-state` (loading → ready | empty | unmatched | error); the paper panel has
// `data-cited-by` and `data-source`; institutions `[data-weft-institution]`, related papers
// `[data-weft-related]` with a link; a panel in error `[data-weft-action="retry"]`. Each panel's
// heading is a button (aria-expanded / aria-controls) that collapses it; the choice is remembered.

import { launch, relaunch, sleep, until, deepText, screenshot, tabTo } from './harness.mjs';
import { FakeApis } from './fake-apis.mjs';
import { PANELS, absScenario as scenario, waitForPanels, arxivOfWork, assertPaper, assertPanelsPlaced, assertRelated, bare, expectedInstitutions, panelProbe } from './checks.mjs';

const final = (st) => st && st !== 'loading';

async function panels(page) {
  const list = await page.evaluate(panelProbe);
  return Object.fromEntries(list.map((p) => [p.panel, p]));
}

async function loadPanels(sc, { session, timeout } = {}) {
  const s = session ?? await launch(sc.fake);
  const page = await s.open(sc.url);
  return { s, page, snap: await waitForPanels(page, final, timeout) };
}

/** The paper panel's "Published in …" line: its text and link, or null. */
const publishedLine = (page) => page.evaluate(() => {
  const host = [...document.querySelectorAll('weft-panels')].find((el) => el.shadowRoot);
  const line = host?.shadowRoot.querySelector('[data-weft-panel="paper"] .published');
  return line ? { text: line.textContent, href: line.querySelector('a')?.getAttribute('href') ?? null } : null;
});

/**
 * The scenario with its abs page printing a journal reference and related DOI, as arXiv's metatable
 * does (docs/arxiv-pages.md, Metatable and dateline); `ref` is HTML as the page has it.
 */
function withJournalRef(sc, ref, doi) {
  const rows = `<tr><td class="tablecell label">Journal&nbsp;reference:</td><td class="tablecell jref">${ref}</td></tr>`
    + `<tr><td class="tablecell label"><abbr title="Digital Object Identifier">Related DOI</abbr>:</td><td class="tablecell doi"><a href="https://doi.org/${doi}" data-doi="${doi}" class="link-https link-external" rel="external noopener nofollow">https://doi.org/${doi}</a></td></tr>`;
  const html = sc.html.replace(/(<div class="metatable">[\s\S]*?)(<\/table>)/, `$1${rows}$2`);
  if (html === sc.html) throw new Error('no metatable in the abs page');
  return { ...sc, html, fake: new FakeApis(sc.catalog, { pages: { [sc.id]: html } }) };
}

export const tests = [
  {
    name: 'panels show S2\'s citation count, the authors\' institutions and S2\'s recommendations',
    fn: async () => {
      const sc = scenario({ n: 6, seed: 21 });
      const { page, snap } = await loadPanels(sc);
      await assertPanelsPlaced(page);
      assertPaper(snap.paper, { citedBy: sc.catalog.s2.paper.citationCount, source: 's2', label: 'Semantic Scholar' });
      const want = expectedInstitutions(sc);
      const got = snap.institutions.institutions;
      if (snap.institutions.state !== 'ready' || JSON.stringify(got.map((i) => i.id).sort()) !== JSON.stringify([...want].sort())) {
        throw new Error(`institutions panel ${snap.institutions.state}: [${got.map((i) => i.id).join(', ')}], expected [${want.join(', ')}]`);
      }
      const insts = sc.catalog.openalex.work.authorships.flatMap((a) => a.institutions);
      for (const g of got) {
        const name = insts.find((i) => bare(i.ror) === g.id).display_name;
        if (!g.text.includes(name)) throw new Error(`institution ${g.id} shows ${JSON.stringify(g.text)}, not its name ${name}`);
      }
      assertRelated(snap.related, sc.catalog.s2.recommendations.recent.map((r) => r.externalIds.ArXiv));
      await screenshot(page, 'panels-light', { clip: { x: 700, y: 0, width: 580, height: 800 } });
    },
  },
  {
    name: 'dark mode: the panels follow the system colour scheme',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 22 });
      const s = await launch(sc.fake);
      const page = await s.context.newPage();
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(sc.url, { waitUntil: 'domcontentloaded' });
      await waitForPanels(page);
      const colours = await page.evaluate(() => {
        const group = document.querySelector('weft-panels').shadowRoot.querySelector('[role="region"]');
        const cs = getComputedStyle(group);
        return { bg: cs.backgroundColor, fg: cs.color };
      });
      // the dark tokens: background #1d2125, text #e6edf3
      if (colours.bg !== 'rgb(29, 33, 37)' || colours.fg !== 'rgb(230, 237, 243)') throw new Error(`dark mode colours ${JSON.stringify(colours)}`);
      await screenshot(page, 'panels-dark', { clip: { x: 700, y: 0, width: 580, height: 800 } });
    },
  },
  {
    name: 'slow catalogs: each panel shows "loading" before its data',
    fn: async () => {
      const sc = scenario({ n: 3, seed: 23, twists: { slowMs: 700 } });
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      const seen = Object.fromEntries(PANELS.map((p) => [p, []]));
      const t0 = Date.now();
      for (;;) {
        const snap = await panels(page);
        for (const p of PANELS) {
          const st = snap[p]?.state;
          if (st && seen[p].at(-1) !== st) seen[p].push(st);
        }
        if (PANELS.every((p) => seen[p].includes('ready')) || Date.now() - t0 > 20_000) break;
        await sleep(40);
      }
      const bad = PANELS.filter((p) => seen[p][0] !== 'loading' || !seen[p].includes('ready'));
      if (bad.length) throw new Error(`states seen: ${bad.map((p) => `${p} ${JSON.stringify(seen[p])}`).join('; ')}`);
    },
  },
  {
    name: 'Semantic Scholar down: OpenAlex\'s count and related works (one works batch), labelled',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 24, twists: { down: 's2' } });
      const { page, snap } = await loadPanels(sc, { timeout: 30_000 });
      assertPaper(snap.paper, { citedBy: sc.catalog.openalex.work.cited_by_count, source: 'openalex', label: 'OpenAlex' });
      if (!/Semantic Scholar did not answer/.test(snap.paper.text)) throw new Error(`the paper panel does not say S2 failed: ${JSON.stringify(snap.paper.text.slice(0, 200))}`);
      assertRelated(snap.related, sc.catalog.openalex.related.map(arxivOfWork), { ordered: false });
      const batches = sc.fake.apiRequests().filter((r) => r.host === 'api.openalex.org' && r.path === '/works');
      if (batches.length !== 1) throw new Error(`${batches.length} OpenAlex /works batch requests, expected 1`);
      if (sc.fake.apiRequests().some((r) => r.path.startsWith('/recommendations'))) throw new Error('S2 recommendations were asked although S2 had just failed on the paper');
      await screenshot(page, 'panels-s2-down', { clip: { x: 700, y: 0, width: 580, height: 800 } });
    },
  },
  {
    name: 'paper unknown to OpenAlex: institutions "unmatched" with a reason, citations and related from S2',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 25, twists: { openalexMissing: true } });
      const { snap } = await loadPanels(sc, { timeout: 30_000 });
      assertPaper(snap.paper, { citedBy: sc.catalog.s2.paper.citationCount, source: 's2', label: 'Semantic Scholar' });
      if (snap.institutions.state !== 'unmatched' || snap.institutions.institutions.length) {
        throw new Error(`institutions: ${snap.institutions.state} with ${snap.institutions.institutions.length} entries, expected unmatched and empty`);
      }
      if (!/no record of this paper/.test(snap.institutions.text)) throw new Error(`no reason given: ${JSON.stringify(snap.institutions.text)}`);
      assertRelated(snap.related, sc.catalog.s2.recommendations.recent.map((r) => r.externalIds.ArXiv));
    },
  },
  {
    name: 'every API down: each panel in error with retry; a retry reloads only its panel once the APIs are back',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 26, twists: { down: 'all' } });
      const { page, snap } = await loadPanels(sc, { timeout: 30_000 });
      const wrong = PANELS.filter((p) => snap[p].state !== 'error' || !snap[p].retry);
      if (wrong.length) throw new Error(`not in error with a retry: ${wrong.map((p) => `${p} ${snap[p].state} (${snap[p].retry} retry)`).join(', ')}`);
      await screenshot(page, 'panels-all-down', { clip: { x: 700, y: 0, width: 580, height: 800 } });
      sc.fake.setTwists({ down: false });
      await page.locator('[data-weft-panel="related"] [data-weft-action="retry"]').click();
      let after = await waitForPanels(page, (st, p) => (p === 'related' ? st === 'ready' : final(st)));
      assertRelated(after.related, sc.catalog.s2.recommendations.recent.map((r) => r.externalIds.ArXiv));
      if (after.paper.state !== 'error' || after.institutions.state !== 'error') {
        throw new Error(`retrying related papers changed the other panels: paper ${after.paper.state}, institutions ${after.institutions.state}`);
      }
      // keyboard: the retry button is reachable with Tab and works with Enter
      await tabTo(page, page.locator('[data-weft-panel="paper"] h2 button'), page.locator('[data-weft-panel="paper"] [data-weft-action="retry"]'));
      await page.keyboard.press('Enter');
      after = await waitForPanels(page, (st, p) => (p === 'paper' ? st === 'ready' : final(st)));
      assertPaper(after.paper, { citedBy: sc.catalog.s2.paper.citationCount, source: 's2', label: 'Semantic Scholar' });
    },
  },
  {
    name: 'a collapsed panel stays collapsed after a reload and a browser restart; Enter on its heading toggles it',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 27 });
      const { s, page } = await loadPanels(sc);
      const heading = (p) => page.locator(`[data-weft-panel="${p}"] h2 button`);
      const state = async (p) => {
        const expanded = await heading(p).getAttribute('aria-expanded');
        const body = page.locator(`#${await heading(p).getAttribute('aria-controls')}`);
        return `${expanded}/${(await body.isVisible()) ? 'visible' : 'hidden'}`;
      };
      if ((await state('institutions')) !== 'true/visible') throw new Error(`institutions panel starts ${await state('institutions')}`);
      await tabTo(page, heading('paper'), heading('institutions'));
      await page.keyboard.press('Enter');
      await until(async () => (await state('institutions')) === 'false/hidden', { timeout: 3000, what: 'Enter to collapse the institutions panel' });
      await sleep(300); // the setting is written to extension storage
      await page.reload({ waitUntil: 'domcontentloaded' });
      await waitForPanels(page);
      if ((await state('institutions')) !== 'false/hidden' || (await state('paper')) !== 'true/visible') {
        throw new Error(`after a reload: institutions ${await state('institutions')}, paper ${await state('paper')}`);
      }
      const s2 = await relaunch(s);
      const again = await loadPanels(sc, { session: s2 });
      const collapsed = await again.page.locator('[data-weft-panel="institutions"] h2 button').getAttribute('aria-expanded');
      if (collapsed !== 'false') throw new Error(`after a browser restart the institutions panel is aria-expanded=${collapsed}`);
      if (again.snap.institutions.state !== 'ready' || !again.snap.institutions.institutions.length) throw new Error('a collapsed panel must still load (its hooks stay)');
    },
  },
  {
    name: 'hovering an institution points out its authors\' badges; expanding it lists them',
    fn: async () => {
      const sc = scenario({ n: 6, seed: 28 });
      const { page, snap } = await loadPanels(sc);
      const first = snap.institutions.institutions[0];
      const authorsThere = sc.catalog.people.filter((p) => p.matched && bare(p.institution.ror) === first.id).map((p) => String(p.index));
      const row = page.locator(`[data-weft-institution="${first.id}"]`);
      await row.hover();
      const lit = () => page.evaluate(() => [...document.querySelectorAll('weft-author[data-weft-highlight]')].map((b) => b.getAttribute('data-weft-author')));
      await until(async () => JSON.stringify(await lit()) === JSON.stringify(authorsThere), { timeout: 5000, what: `badges ${authorsThere.join(', ')} to be highlighted` })
        .catch(async (e) => { throw new Error(`${e.message}; highlighted: ${JSON.stringify(await lit())}`); });
      await screenshot(page, 'panels-highlight');
      await page.mouse.move(5, 5);
      await until(async () => (await lit()).length === 0, { timeout: 3000, what: 'the highlight to clear' });
      await row.locator('button').click();
      const names = await deepText(row);
      const want = sc.catalog.people.filter((p) => p.matched && bare(p.institution.ror) === first.id).map((p) => p.name);
      const missing = want.filter((nm) => !names.includes(nm));
      if (missing.length) throw new Error(`expanded institution does not list ${missing.join(', ')}: ${JSON.stringify(names)}`);
    },
  },
  {
    name: 'warm reload: the panels make no API request and show the same data',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 29 });
      const cold = await loadPanels(sc);
      await sleep(800); // the cold load's cache writes
      const s2 = await relaunch(cold.s);
      sc.fake.clear();
      const warm = await loadPanels(sc, { session: s2 });
      await sleep(1000);
      const reqs = sc.fake.apiRequests();
      if (reqs.length) throw new Error(`warm load made ${reqs.length} API requests: ${reqs.map((r) => `${r.method} ${r.url}`).join('; ')}`);
      assertPaper(warm.snap.paper, { citedBy: sc.catalog.s2.paper.citationCount, source: 's2', label: 'Semantic Scholar' });
      assertRelated(warm.snap.related, sc.catalog.s2.recommendations.recent.map((r) => r.externalIds.ArXiv));
    },
  },
  {
    name: 'a preprint S2 knows as published shows "Published in <venue>, <year>" linked to its DOI, labelled S2',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 23 });
      Object.assign(sc.catalog.s2.paper, { venue: 'Journal of Made-Up Networking', journal: { name: 'Journal of Made-Up Networking', volume: '3' }, year: 2026 });
      sc.catalog.s2.paper.externalIds.DOI = '10.5555/made-up.2026.17';
      const { page, snap } = await loadPanels(sc);
      if (snap.paper.state !== 'ready') throw new Error(`paper panel ${snap.paper.state}`);
      const got = await publishedLine(page);
      const want = { text: 'Published in Journal of Made-Up Networking, 2026 according to Semantic Scholar', href: 'https://doi.org/10.5555/made-up.2026.17' };
      if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`published line ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    },
  },
  {
    name: 'a preprint no catalog knows as published shows the journal reference and DOI its abs page prints, as text, said to be its authors\'',
    fn: async () => {
      const sc = withJournalRef(scenario({ n: 4, seed: 25 }), 'Made-Up Lett. &lt;img src=x onerror="window.__weftPwned=1"&gt; 12 (2026) 101', '10.5555/made-up.2026.101');
      const { page, snap } = await loadPanels(sc);
      if (snap.paper.state !== 'ready') throw new Error(`paper panel ${snap.paper.state}`);
      const got = await publishedLine(page);
      const want = { text: 'Published in Made-Up Lett. <img src=x onerror="window.__weftPwned=1"> 12 (2026) 101 according to its authors, on arXiv', href: 'https://doi.org/10.5555/made-up.2026.101' };
      if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`published line ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      if (await page.evaluate(() => window.__weftPwned)) throw new Error('the reference\'s markup ran');
    },
  },
  {
    name: 'a catalog\'s version of record is shown rather than the journal reference the abs page prints',
    fn: async () => {
      const sc = withJournalRef(scenario({ n: 4, seed: 26 }), 'Made-Up Lett. 12 (2026) 101', '10.5555/made-up.2026.101');
      Object.assign(sc.catalog.s2.paper, { venue: 'Journal of Made-Up Networking', journal: { name: 'Journal of Made-Up Networking', volume: '3' }, year: 2026 });
      sc.catalog.s2.paper.externalIds.DOI = '10.5555/made-up.2026.17';
      const { page } = await loadPanels(sc);
      const got = await publishedLine(page);
      const want = { text: 'Published in Journal of Made-Up Networking, 2026 according to Semantic Scholar', href: 'https://doi.org/10.5555/made-up.2026.17' };
      if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`published line ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    },
  },
  {
    name: 'a preprint no catalog knows as published shows no "Published in" line',
    fn: async () => {
      const sc = scenario({ n: 4, seed: 24 });
      const { page, snap } = await loadPanels(sc);
      if (snap.paper.state !== 'ready') throw new Error(`paper panel ${snap.paper.state}`);
      const got = await publishedLine(page);
      if (got !== null) throw new Error(`a published line for an arXiv-only paper: ${JSON.stringify(got)}`);
    },
  },
];
