// Firefox: the badges and panels on arXiv's other pages, as the Chromium suite checks them: a
// listing (e2e/listing-badges.e2e.mjs, on the shared workspace's rendered fixture) and the HTML
// view (e2e/html-view.e2e.mjs, on a generated page in the 2026 scaffold).

import { FakeApis, buildCatalog } from '../fake-apis.mjs';
import { fixturePage, listingCatalog, readEntries } from '../fake-listing.mjs';
import { HTML_VIEW_CSS, htmlViewPage } from '../html-pages.mjs';
import { waitForBadgeStates, until } from '../harness.mjs';
import { PANELS, expectAll, fmt, listingProblems, mixed, panelProbe, scrollThrough, settled } from '../checks.mjs';
import { displayName, makeAuthors } from '../pages.mjs';
import { launch } from './harness.mjs';

const final = (st) => st && st !== 'loading' && st !== 'idle';

export const tests = [
  {
    name: 'listing (/list/cs.DC/new): one badge after each author link, with the paper\'s own figures; arXiv\'s links untouched',
    fn: async () => {
      const html = fixturePage('rendered-2026-06/list_cs.DC_new.html');
      if (!html) return;
      const url = 'https://arxiv.org/list/cs.DC/new';
      const s = await launch(new FakeApis(listingCatalog([])));
      const entries = await readEntries(s.browser, html);
      const catalog = listingCatalog(entries, { kindOf: mixed });
      s.useFake(new FakeApis(catalog, { pages: { [new URL(url).pathname]: html } }));
      const lst = { entries, catalog };
      const page = await s.open(url);
      const links = () => page.evaluate(() => [...document.querySelectorAll('.list-authors a, dt a, p.list-title a')].map((a) => `${a.getAttribute('href')} ${a.textContent.trim()}`));
      const before = await links();
      await scrollThrough(page);
      const all = entries.map((_, k) => k);
      const snap = await settled(page, lst, all);
      const problems = listingProblems(lst, snap, all);
      if (problems.length) throw new Error(`listing badges: ${fmt(problems)}`);
      if (JSON.stringify(await links()) !== JSON.stringify(before)) throw new Error('arXiv\'s links changed');
    },
  },
  {
    name: 'HTML view: a badge right after each author\'s name with their figures, and the three panels on the page',
    fn: async () => {
      const id = '2406.05546';
      const title = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';
      const authors = makeAuthors(4, 2);
      const catalog = buildCatalog({ arxivId: id, title, authors, seed: 65 });
      const html = htmlViewPage({ id, title, creators: authors.map((a, k) => ({ name: displayName(a), affiliation: `Institute ${k}` })) });
      const fake = new FakeApis(catalog, { htmlPages: { [id]: html }, htmlCss: HTML_VIEW_CSS });
      const s = await launch(fake);
      const page = await s.open(`https://arxiv.org/html/${id}v1`);
      const range = authors.map((_, i) => i);
      const snap = await waitForBadgeStates(page, range, final, { timeout: 20_000, what: 'the HTML view\'s badges' });
      expectAll({ catalog }, snap, range);
      const misplaced = await page.evaluate((names) => names.flatMap((name, i) => {
        const el = document.querySelector(`[data-weft-author="${i}"]`);
        const person = el?.closest('.ltx_creator')?.querySelector('.ltx_personname');
        return person?.textContent.trim() === name ? [] : [`#${i} not in ${name}'s creator`];
      }), authors.map(displayName));
      if (misplaced.length) throw new Error(fmt(misplaced));
      let panels = {};
      await until(async () => {
        panels = Object.fromEntries((await page.evaluate(panelProbe)).map((p) => [p.panel, p]));
        return PANELS.every((p) => final(panels[p]?.state));
      }, { timeout: 20_000, what: 'the panels' }).catch((e) => { throw new Error(`${e.message}; ${PANELS.map((p) => `${p}=${panels[p]?.state ?? '(none)'}`).join(', ')}`); });
      const notReady = PANELS.filter((p) => panels[p].state !== 'ready');
      if (notReady.length) throw new Error(`panels not ready: ${notReady.map((p) => `${p}=${panels[p].state}`).join(', ')}`);
      if (!(await page.evaluate(() => document.querySelector('weft-panels')?.parentElement === document.body))) throw new Error('the panels\' host is not a child of <body>');
    },
  },
];
