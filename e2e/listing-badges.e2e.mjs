// Author badges on arXiv listings (/list/…, /catchup/…) and search results, on the pages in the
// shared fixtures (arXiv-rendered and generated), served at their real arxiv.org addresses.
//
// Hooks (CONTRACT.md §5 in the acceptance suite; docs/features.md "Listing and search pages"): one
// `weft-author[data-weft-author="<i>"][data-weft-paper="<arXiv id>"]` right after each author link
// of an entry, with the abs page's data-state, data-h-index, data-cited-by, data-works,
// data-openalex-id, and data-match; data-followed="true" on followed researchers. The progress
// line is `weft-progress` (appended to <body>) holding `[data-weft-progress]`.

import { launch, relaunch, sleep, until, screenshot, publishScreenshot, closeAll } from './harness.mjs';
import { FakeApis } from './fake-apis.mjs';
import { LISTING_LOOK, fixturePage, listingCatalog, listingBadgeProbe, readEntries } from './fake-listing.mjs';
import { fmt, listingProblems, mixed, requestsOver, scrollThrough, scrollToEntry, settled } from './checks.mjs';
import { absPage } from './pages.mjs';


const PAGES = {
  dcNew: { file: 'rendered-2026-06/list_cs.DC_new.html', url: 'https://arxiv.org/list/cs.DC/new' },
  dcNewSpinout: { file: 'rendered-2026-06-29-spinout/list_cs.DC_new.html', url: 'https://arxiv.org/list/cs.DC/new' },
  dcRecent: { file: 'rendered-2026-06/list_cs.DC_recent.html', url: 'https://arxiv.org/list/cs.DC/recent' },
  qfinNew: { file: 'rendered-2026-06/list_q-fin_new.html', url: 'https://arxiv.org/list/q-fin/new' },
  oaNew: { file: 'rendered-2026-06/list_math.OA_new.html', url: 'https://arxiv.org/list/math.OA/new' },
  search: { file: 'rendered-2026-06/search_results.html', url: 'https://arxiv.org/search/?query=parameter+server&searchtype=all' },
  lg400: { file: 'generated/list_cs.LG_new_400.html', url: 'https://arxiv.org/list/cs.LG/new' },
  lg2000: { file: 'generated/list_cs.LG_pastweek_2000.html', url: 'https://arxiv.org/list/cs.LG/pastweek?skip=0&show=2000' },
};

/** Entries per fixture, read once per run (a 2,000-entry page takes a moment to parse). */
const read = new Map();

/** A page's HTML, entries and catalog, served by a FakeApis; null when the fixtures are absent. */
async function listing(name, { kindOf = mixed, twists = {}, sharedEarlier = false } = {}) {
  const { file, url } = PAGES[name];
  const html = fixturePage(file);
  if (!html) return null;
  if (!read.has(file)) {
    const plain = await launch(new FakeApis(listingCatalog([])), { extension: false });
    read.set(file, await readEntries(plain.context, html));
    await closeAll();
  }
  const entries = read.get(file);
  const catalog = listingCatalog(entries, { kindOf, sharedEarlier });
  const fake = new FakeApis(catalog, { pages: { [new URL(url).pathname]: html }, twists });
  return { name, url, html, entries, catalog, fake };
}

/** The cs.DC listing, every paper indexed, and its first entry of two authors or more (k). */
async function coauthoredEntry() {
  const lst = await listing('dcNew', { kindOf: () => 'indexed' });
  if (!lst) return null;
  const k = lst.entries.findIndex((e) => e.names.length >= 2);
  return { lst, k, entry: lst.entries[k] };
}

/** Every badge of the page, by entry id. */
const probe = (page) => page.evaluate(listingBadgeProbe);

/** Indices of the entries whose element is within `screens` viewport heights of the viewport. */
function entriesInView(page, screens = 1) {
  return page.evaluate((n) => {
    const els = [...document.querySelectorAll('li.arxiv-result')];
    const dds = els.length ? els : [...document.querySelectorAll('#dlpage dl > dt + dd')];
    return dds.flatMap((el, k) => {
      const r = el.getBoundingClientRect();
      return r.bottom > -innerHeight * (n - 1) && r.top < innerHeight * n ? [k] : [];
    });
  }, screens);
}

/** The arXiv ids a request asks about: OpenAlex's works by DOI, Semantic Scholar's paper batch. */
const papersAskedIn = (r) => {
  const f = new URL(r.url).searchParams.get('filter') ?? '';
  if (f.startsWith('doi:')) return f.slice(4).split('|').map((d) => d.replace('10.48550/arxiv.', ''));
  if (r.path.endsWith('/paper/batch')) return (JSON.parse(r.body ?? '{}').ids ?? []).map((id) => id.replace(/^ARXIV:/, '').toLowerCase());
  return [];
};
/** A fresh entry's identification (autocomplete per name, shared works, profiles): on top of the batched calls, on its own budget. */
const identifying = (r) => r.path.startsWith('/autocomplete/') || /^\/authors\/A/.test(r.path) || /authorships\.author\.id|display_name/.test(decodeURIComponent(r.url));

/**
 * Each entry's "Published in" label (docs/test-contract.md, Listing and search pages): the host
 * `[data-weft-published]` in the entry, by the entry's arXiv id (its abs link: a listing's in the
 * dt before its dd, a search result's in its title line).
 */
function publishedProbe() {
  const out = {};
  for (const host of document.querySelectorAll('[data-weft-published]')) {
    if (!host.shadowRoot || host.hidden) continue;
    const entry = host.closest('dd, li.arxiv-result');
    const link = entry?.localName === 'dd' ? entry.previousElementSibling?.querySelector('a[title="Abstract"]') : entry?.querySelector('p.list-title a');
    const id = link?.getAttribute('href').replace(/^.*\/abs\//, '') ?? '?';
    const p = host.shadowRoot.querySelector('p');
    out[id] = {
      doi: host.getAttribute('data-weft-published'), source: host.getAttribute('data-source'), text: p?.textContent ?? null,
      title: p?.getAttribute('title') ?? null, href: p?.querySelector('a')?.getAttribute('href') ?? null,
      markup: !!host.shadowRoot.querySelector('img'), after: host.previousElementSibling?.className ?? null,
    };
  }
  return out;
}

/** The page's "Published in" labels, once every entry has settled, against `want`. */
async function assertPublished(page, lst, want, what) {
  await scrollThrough(page);
  await settled(page, lst, lst.entries.map((_, k) => k));
  const got = await page.evaluate(publishedProbe);
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${what}: labels ${JSON.stringify(got, null, 1)}, expected ${JSON.stringify(want, null, 1)}`);
  if (await page.evaluate(() => window.__weftPwned)) throw new Error(`${what}: a venue's markup ran`);
}

function assertRight(lst, snap, ks, what) {
  if (!ks.length) throw new Error(`${what}: no entry to check (the test would test nothing)`);
  const p = listingProblems(lst, snap, ks);
  if (p.length) throw new Error(`${what}: ${fmt(p)}`);
}

/** arXiv's own author links and entry links, as [href, text] per entry: Weft must not change them. */
function arxivLinks() {
  const out = [];
  for (const a of document.querySelectorAll('.list-authors a, p.authors a, dt a, p.list-title a')) out.push(`${a.getAttribute('href')} ${a.textContent.trim()}`);
  return out;
}

export const tests = [
  {
    name: 'Published in: an entry whose record names a version of record says so under its authors, linked to the DOI, from the badges\' calls (none per entry); the others say nothing',
    fn: async () => {
      const lst = await listing('dcNew', { kindOf: () => 'indexed' });
      if (!lst) return;
      const { id } = lst.entries[0];
      const venue = 'Journal of Made-Up Networking <img src=x onerror="window.__weftPwned=1">';
      const work = lst.catalog.openalex.works.find((w) => w.doi.endsWith(`/arxiv.${id.toLowerCase()}`));
      work.locations = [{ source: { type: 'journal', display_name: venue }, landing_page_url: 'https://doi.org/10.5555/made-up.2026.17' }];
      const s = await launch(lst.fake);
      const page = await s.open(lst.url);
      const by = 'according to OpenAlex';
      await assertPublished(page, lst, {
        [id]: { doi: '10.5555/made-up.2026.17', source: 'openalex', text: `Published in ${venue}, 2026 ${by}`, title: by, href: 'https://doi.org/10.5555/made-up.2026.17', markup: false, after: 'list-authors' },
      }, 'cs.DC /new');
      const single = lst.fake.apiRequests().filter((r) => /^\/works\/|\/paper\/(?!batch)/.test(r.path));
      if (single.length) throw new Error(`requests for one paper: ${fmt(single.map((r) => r.url.slice(0, 90)))}`);
    },
  },
  {
    name: 'Published in: where no catalog names one, the journal reference an entry prints (and a search result\'s DOI), said to be its authors\'',
    fn: async () => {
      const by = 'according to its authors, on arXiv';
      const printed = (text, doi = '', after = 'list-authors') => ({ doi, source: 'arxiv', text: `Published in ${text} ${by}`, title: by, href: doi ? `https://doi.org/${doi}` : null, markup: false, after });
      const wants = {
        qfinNew: {
          '2303.09330': printed('Journal of Risk Financial Management 2023, 16(2), 114'),
          '2303.09405': printed('Economic Thought, 2023, 20 (6)'),
        },
        search: {
          '2406.99901': printed('Synthetic Journal of Fixtures 1 (2024) 1-13', '10.1234/synthetic.2024.001', 'authors'),
          '1411.4413': printed('Nature 522, 68-72 (04 June 2015)', '10.1038/nature14474', 'authors'),
          'cs/0006007': printed('SIAM Journal on Computing 27:5, 1998, pp. 1457--1491', '', 'authors'),
        },
      };
      for (const [name, want] of Object.entries(wants)) {
        const lst = await listing(name);
        if (!lst) return;
        const s = await launch(lst.fake);
        await assertPublished(await s.open(lst.url), lst, want, name);
        await closeAll();
      }
    },
  },
  // One test per rendering: /new, the 2026-06-29 chrome, /recent, a listing OpenAlex has all of.
  ...['dcNew', 'dcNewSpinout', 'dcRecent', 'oaNew'].map((name) => ({
    name: `rendered listing ${name}: one badge after each author link, with the paper's own figures`,
    fn: async () => {
      const lst = await listing(name);
      if (!lst) return;
      const s = await launch(lst.fake);
      const page = await s.open(lst.url);
      const before = await page.evaluate(arxivLinks);
      await scrollThrough(page);
      const snap = await settled(page, lst, lst.entries.map((_, k) => k));
      assertRight(lst, snap, lst.entries.map((_, k) => k), name);
      const after = await page.evaluate(arxivLinks);
      if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`${name}: arXiv's links changed`);
      // 李明 on 2406.99901 is printed without a link: not an author of the entry's list, no badge
      const strays = await page.evaluate(() => [...document.querySelectorAll('[data-weft-paper]')].filter((el) => el.previousSibling?.nodeName !== 'A').length);
      if (strays) throw new Error(`${name}: ${strays} badges not right after an author link`);
      await closeAll();
    },
  })),
  {
    name: 'q-fin /new: badges settle as the reader scrolls, and the warm reading asks nothing',
    fn: async () => {
      const lst = await listing('qfinNew');
      if (!lst) return;
      let s = await launch(lst.fake);
      let page = await s.open(lst.url);
      // This page's header fills the first 800 px: its first screen of entries is the second.
      const first = await entriesInView(page, 2);
      assertRight(lst, await settled(page, lst, first), first, 'first screen');
      await scrollThrough(page);
      const all = lst.entries.map((_, k) => k);
      assertRight(lst, await settled(page, lst, all), all, 'after scrolling');
      const cold = lst.fake.apiRequests().filter((r) => !identifying(r));
      if (cold.length > 4) throw new Error(`${cold.length} API requests for ${all.length} entries: ${fmt(cold.map((r) => r.url.slice(0, 90)))}`);
      await page.addStyleTag({ content: LISTING_LOOK });
      const firstBadge = page.locator(`[data-weft-paper="${lst.entries[0].id}"][data-weft-author="0"]`);
      await firstBadge.evaluate((el) => el.closest('dd').previousElementSibling.scrollIntoView());
      await firstBadge.locator('button').click();
      await page.locator('[data-weft-card] [data-weft-action="follow"]').waitFor({ timeout: 5000 });
      await sleep(300);
      const shot = await screenshot(page, 'listing-q-fin-new', { clip: { x: 0, y: 0, width: 1280, height: 800 } });
      publishScreenshot(shot, 'listing-page'); // the badges were checked above
      await page.keyboard.press('Escape');
      s = await relaunch(s);
      const since = Date.now();
      page = await s.open(lst.url);
      await scrollThrough(page, { dwell: 60 });
      assertRight(lst, await settled(page, lst, all), all, 'warm');
      const warm = lst.fake.apiRequests(since);
      if (warm.length) throw new Error(`the warm reading made ${warm.length} API requests: ${fmt(warm.map((r) => r.url.slice(0, 90)))}`);
    },
  },
  {
    name: 'search results: the shown authors only (not ":" nor "et al."), old-style ids bare',
    fn: async () => {
      const lst = await listing('search');
      if (!lst) return;
      const s = await launch(lst.fake);
      const page = await s.open(lst.url);
      await scrollThrough(page);
      const all = lst.entries.map((_, k) => k);
      const snap = await settled(page, lst, all);
      assertRight(lst, snap, all, 'search results');
      const cms = snap['1411.4413'] ?? [];
      if (cms.length !== 24) throw new Error(`1411.4413 shows 24 linked authors (25 links, one a stray ":"), it has ${cms.length} badges`);
      if (!snap['cs/0006007']) throw new Error(`no badge names the old-style paper as data-weft-paper="cs/0006007" (got ${Object.keys(snap).join(', ')})`);
      const etAl = await page.evaluate(() => [...document.querySelectorAll('p.authors')].some((p) => /et al\. \(2808 additional authors not shown\)/.test(p.textContent)));
      if (!etAl) throw new Error('the "et al." text of 1411.4413 was changed');
    },
  },
  {
    name: '2,000 entries: the first screen at once, nothing asked for far entries, a jump loads its spot, each author asked once, warm asks nothing again',
    fn: async () => {
      const lst = await listing('lg2000', { kindOf: (k) => (k % 20 === 7 ? 's2only' : k % 20 === 13 ? 'fresh' : 'indexed') });
      if (!lst) return;
      let s = await launch(lst.fake);
      let page = await s.open(lst.url);
      // This page's header fills the first 800 px: its first screen of entries is the second.
      const first = await entriesInView(page, 2);
      assertRight(lst, await settled(page, lst, first), first, 'first screen');
      await sleep(500);
      const asked = (reqs) => new Set(reqs.flatMap(papersAskedIn));
      const firstAsked = asked(lst.fake.apiRequests());
      const far = lst.entries.slice(300).filter((e) => firstAsked.has(e.id.toLowerCase()));
      if (far.length) throw new Error(`entries far below the first screen were asked for: ${fmt(far.map((e) => e.id))}`);
      const idle = await probe(page);
      if (lst.entries.slice(300).some((e) => idle[e.id])) throw new Error('entries far below the first screen have badges before the reader came near');
      // The browser skips the entries far from view, and the days' lists, each keeping the room
      // it took: the entries and headings below are where they would be drawn, so the page and its
      // scrollbar do not move. The entries near the first screen already have badges, drawn or
      // not (those not yet drawn take their room when the browser draws them): from there on
      // everything is moved by the same amount, the first day's heading not at all.
      const place = await page.evaluate(() => {
        const dds = [...document.querySelectorAll('#dlpage dl > dt + dd')];
        const lists = [...new Set(dds.map((dd) => dd.parentElement))];
        const contained = [...lists, ...dds].filter((el) => el.style.getPropertyValue('content-visibility') === 'auto');
        const top = (el) => Math.round(el.getBoundingClientRect().top + scrollY);
        const tops = () => [...[300, 1000, dds.length - 1].map((k) => top(dds[k])), ...lists.map((l) => top(l.firstElementChild)), document.documentElement.scrollHeight];
        const skipped = tops();
        // The page as it was: nothing contained, and the margins Weft set on each list's first and last children as the page had them.
        const touched = [...contained, ...lists.flatMap((l) => [l.firstElementChild, l.lastElementChild])];
        const styles = touched.map((el) => el.style.cssText);
        for (const el of contained) el.style.removeProperty('content-visibility');
        for (const l of lists) {
          l.firstElementChild.style.removeProperty('margin-top');
          l.lastElementChild.style.removeProperty('margin-bottom');
        }
        const drawn = tops();
        touched.forEach((el, k) => (el.style.cssText = styles[k]));
        return { entries: contained.filter((el) => el.matches('dd')).length, lists: `${contained.filter((el) => el.matches('dl')).length} of ${lists.length}`, skipped, drawn };
      });
      if (place.entries < 1900) throw new Error(`${place.entries} of 2,000 entries let the browser skip them`);
      if (place.lists !== '5 of 5') throw new Error(`${place.lists} lists of entries let the browser skip them`);
      const moved = place.drawn.map((top, k) => top - place.skipped[k]);
      // [entry 300, 1000, 1999, the days' headings, the page's length]: the first heading (index 3) is above every badge.
      if (moved.some((by, k) => Math.abs(by - (k === 3 ? 0 : moved[0])) > 2)) throw new Error(`entries and headings skipped are not where they are drawn: at ${place.skipped} px, drawn at ${place.drawn} px`);
      // jump to the middle of the page, as the End key or a link to #item1500 would
      await page.evaluate(() => document.querySelectorAll('#dlpage dl > dt + dd')[1500].scrollIntoView());
      const there = await entriesInView(page);
      assertRight(lst, await settled(page, lst, there), there, 'after the jump');
      // Ahead of the reader the figures are there before the reader is: the entries three to four
      // screens below are final already, and the browser has not yet drawn them (badges put into
      // entries it draws cost it a pass over them: docs/performance.md, "Drawing badges without
      // jank").
      const ahead = await page.evaluate(() => [...document.querySelectorAll('#dlpage dl > dt + dd')].flatMap((dd, k) => {
        const top = dd.getBoundingClientRect().top;
        return top > innerHeight * 3 && top < innerHeight * 4 ? [k] : [];
      }));
      assertRight(lst, await settled(page, lst, ahead), ahead, 'three to four screens below the reader');
      const drawnAhead = await page.evaluate((ks) => {
        const dds = document.querySelectorAll('#dlpage dl > dt + dd');
        return ks.filter((k) => dds[k].firstElementChild.checkVisibility({ contentVisibilityAuto: true }));
      }, ahead);
      if (drawnAhead.length) throw new Error(`entries three to four screens below the reader were drawn: ${fmt(drawnAhead.map((k) => lst.entries[k].id))}`);
      // The batched calls (works by DOI, S2 batch, authors by id).
      const reqs = lst.fake.apiRequests().filter((r) => !identifying(r));
      const authorIds = reqs.filter((r) => r.path === '/authors').flatMap((r) => new URL(r.url).searchParams.get('filter').replace(/^id:/, '').split('|'));
      const twice = authorIds.filter((id, k) => authorIds.indexOf(id) !== k);
      if (twice.length) throw new Error(`authors asked for twice: ${fmt([...new Set(twice)])}`);
      if (reqs.length > 16) throw new Error(`${reqs.length} API requests for two screens of a 2,000-entry page: ${fmt(reqs.map((r) => r.url.slice(0, 80)))}`);
      // The new papers just below the jump are being identified ahead of the reader: once that
      // work is done (no request for a second), the same reading must find it all cached.
      await until(async () => {
        const before = lst.fake.apiRequests().length;
        await sleep(1000);
        return lst.fake.apiRequests().length === before;
      }, { timeout: 20_000, what: 'the background to finish the work ahead of the reader' });
      s = await relaunch(s);
      const since = Date.now();
      page = await s.open(lst.url);
      await settled(page, lst, first);
      await page.evaluate(() => document.querySelectorAll('#dlpage dl > dt + dd')[1500].scrollIntoView());
      assertRight(lst, await settled(page, lst, there), there, 'warm, after the jump');
      // Answers that come at once let the warm reading's look-ahead pool papers further down that
      // the cold one had not yet learnt OpenAlex lacks (listing-profiles.ts, upcomingOf): those it
      // may ask about; nothing the cold reading asked, nor anything about the entries read.
      const cold = lst.fake.apiRequests().filter((r) => r.tStart < since);
      const ofHost = (reqs) => new Set(reqs.flatMap((r) => papersAskedIn(r).map((id) => `${r.host} ${id}`)));
      const coldAsked = ofHost(cold);
      const read = new Set(first.concat(there).map((k) => lst.entries[k].id.toLowerCase()));
      const coldCalls = new Set(cold.map((r) => `${r.url} ${r.body ?? ''}`));
      const again = lst.fake.apiRequests(since).filter((r) => coldCalls.has(`${r.url} ${r.body ?? ''}`)
        || papersAskedIn(r).some((id) => read.has(id) || coldAsked.has(`${r.host} ${id}`)));
      if (again.length) throw new Error(`the warm reading asked again ${again.length} times: ${fmt(again.map((r) => `${r.url.slice(0, 90)} ${r.body ?? ''}`))}`);
    },
  },
  {
    name: '400 entries: a progress line while badges load ("Weft: N of 400 papers"), which the reader can dismiss',
    fn: async () => {
      const lst = await listing('lg400', { twists: { slowMs: 400 } });
      if (!lst) return;
      const s = await launch(lst.fake);
      const page = await s.open(lst.url);
      const line = page.locator('weft-progress [data-weft-progress]');
      await line.waitFor({ timeout: 10_000 });
      const text = await line.textContent();
      if (!/^Weft: \d+ of 400 papers/.test(text.trim())) throw new Error(`the progress line says ${JSON.stringify(text)}`);
      if (!(await page.locator('weft-progress [role="status"]').count())) throw new Error('the progress line is not a status for assistive technology');
      await page.locator('weft-progress button').click();
      await sleep(200);
      if (await line.count()) throw new Error('the progress line is still shown after it was dismissed');
      await page.evaluate(() => scrollBy(0, innerHeight * 5));
      await sleep(1200);
      if (await line.count()) throw new Error('the progress line came back after the reader dismissed it');
    },
  },
  {
    name: 'placeholders keep their space: the first screen does not move while its badges load',
    fn: async () => {
      const lst = await listing('qfinNew', { twists: { slowMs: 600 } });
      if (!lst) return;
      const s = await launch(lst.fake);
      const page = await s.context.newPage();
      await page.addInitScript(() => {
        window.__shifts = [];
        new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push([e.startTime, e.value]); }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(lst.url, { waitUntil: 'domcontentloaded' });
      const first = await entriesInView(page);
      const heights = () => page.evaluate((ks) => ks.map((k) => Math.round(document.querySelectorAll('#dlpage dl > dt + dd')[k].getBoundingClientRect().height)), first);
      await until(async () => {
        const snap = await probe(page);
        return first.every((k) => (snap[lst.entries[k].id] ?? []).length === lst.entries[k].names.length);
      }, { timeout: 10_000, what: 'the placeholders of the first screen' });
      const loading = await heights();
      const placedAt = await page.evaluate(() => performance.now());
      const states = Object.values(await probe(page)).flat().map((b) => b.state);
      if (!states.includes('loading')) throw new Error(`no placeholder was seen loading (states: ${[...new Set(states)].join(', ')}): the test did not test placeholders`);
      await settled(page, lst, first);
      const ready = await heights();
      if (JSON.stringify(ready) !== JSON.stringify(loading)) throw new Error(`first-screen entries changed height from ${loading} to ${ready} px when their badges loaded`);
      const shift = await page.evaluate((t) => window.__shifts.filter(([at]) => at > t).reduce((a, [, v]) => a + v, 0), placedAt);
      if (shift > 0) throw new Error(`layout shift ${shift.toFixed(3)} after the placeholders were placed`);
    },
  },
  {
    name: 'a researcher followed from a listing card is marked on every entry they are on',
    fn: async () => {
      const lst = await listing('lg400', { kindOf: () => 'indexed' });
      if (!lst) return;
      // someone on several entries near the top
      const byName = new Map();
      lst.entries.forEach((e, k) => e.names.forEach((n, i) => byName.set(n, [...(byName.get(n) ?? []), [k, i]])));
      const [name, slots] = [...byName].find(([, v]) => v.length > 1 && v.every(([k]) => k < 120)) ?? [];
      if (!name) throw new Error('the 400-entry fixture has nobody on two of its first 120 entries');
      const s = await launch(lst.fake);
      const page = await s.open(lst.url);
      const [k0, i0] = slots[0];
      const badge = page.locator(`[data-weft-paper="${lst.entries[k0].id}"][data-weft-author="${i0}"]`);
      await scrollToEntry(page, lst.entries[k0].id);
      await settled(page, lst, [k0]);
      await badge.locator('button').click();
      const follow = page.locator('[data-weft-card] [data-weft-action="follow"]');
      await follow.waitFor({ timeout: 5000 });
      await until(async () => !(await follow.isDisabled()), { timeout: 5000, what: 'Follow to be ready' });
      await follow.click();
      await page.locator('[data-weft-card] [data-weft-action="unfollow"]').waitFor({ timeout: 5000 });
      await page.keyboard.press('Escape');
      const id = lst.catalog.people.get(name).openalexId;
      for (const [k] of slots) {
        await scrollToEntry(page, lst.entries[k].id);
        await settled(page, lst, [k]);
      }
      const want = slots.map(([k, i]) => `${lst.entries[k].id}#${i}`).sort();
      let marked = [];
      await until(async () => {
        const snap = await probe(page);
        marked = Object.entries(snap).flatMap(([paper, bs]) => bs.filter((b) => b.followed === 'true').map((b) => `${paper}#${b.i}`)).sort();
        return JSON.stringify(marked) === JSON.stringify(want);
      }, { timeout: 5000, what: 'the followed researcher marked' }).catch(() => undefined);
      if (JSON.stringify(marked) !== JSON.stringify(want)) throw new Error(`data-followed="true" on ${fmt(marked)}; expected exactly ${name} (${id}) on ${fmt(want)}`);
    },
  },
  {
    name: 'a new paper on a listing: its cards say what each badge rests on (the shared papers, or why it is a guess)',
    fn: async () => {
      const lst = await listing('lg400', { sharedEarlier: true });
      if (!lst) return;
      const s = await launch(lst.fake);
      const page = await s.open(lst.url);
      const fresh = lst.entries.map((_, k) => k).filter((k) => lst.catalog.kinds[k] === 'fresh').slice(0, 30);
      const seen = new Map(); // data-match → [paper, author]
      for (const k of fresh) {
        await scrollToEntry(page, lst.entries[k].id);
        const snap = await settled(page, lst, [k]);
        for (const b of snap[lst.entries[k].id]) if (b.state === 'ready' && !seen.has(b.match)) seen.set(b.match, [lst.entries[k].id, b.i]);
        if (seen.has('inferred') && seen.has('guess')) break;
      }
      const lines = {
        inferred: /shares \d+ papers? with .+, authors of this paper/,
        guess: /Possibly this person[\s\S]*A guess: the only (profile named )?.+, with no earlier work shared with this paper’s authors\./,
      };
      for (const [match, want] of Object.entries(lines)) {
        if (!seen.has(match)) throw new Error(`no badge of the first new papers is data-match="${match}" (seen: ${fmt([...seen.keys()])})`);
        const [paper, i] = seen.get(match);
        await page.locator(`[data-weft-paper="${paper}"][data-weft-author="${i}"] button`).click();
        const line = page.locator('[data-weft-card] [data-weft-field="match"]');
        await line.waitFor({ timeout: 5000 });
        const text = (await line.innerText()).replace(/\s+/g, ' ');
        if (!want.test(text)) throw new Error(`the card of a ${match} badge (${paper} #${i}) says ${JSON.stringify(text)}, not what it rests on (${want})`);
        await page.keyboard.press('Escape');
      }
    },
  },
  {
    name: 'Not this person? on a listing card shows on the paper\'s abstract page, and one chosen there on the open listing',
    fn: async () => {
      const got = await coauthoredEntry();
      if (!got) return;
      const { lst, k, entry } = got;
      // A second profile of author i's name, with figures of its own: the one the reader picks.
      const namesake = (i) => {
        const id = `A58${String(i).padStart(8, '0')}`;
        const own = lst.catalog.openalex.authors[lst.catalog.people.get(entry.names[i]).openalexId];
        lst.catalog.openalex.authors[id] = { ...own, id: `https://openalex.org/${id}`, works_count: 3 + i, cited_by_count: 21 + i, summary_stats: { ...own.summary_stats, h_index: 1 + i } };
        return { id, h: String(1 + i) };
      };
      const chosen = [namesake(0), namesake(1)];
      const split = (name) => ({ first: name.slice(0, name.lastIndexOf(' ')), last: name.slice(name.lastIndexOf(' ') + 1) });
      lst.fake.addPage(entry.id, absPage({ id: entry.id, title: `Paper ${entry.id}`, authors: entry.names.map(split) }));
      const shows = async (badge, { id, h }) => {
        const a = await badge.first().evaluate((el) => [el.getAttribute('data-match'), el.getAttribute('data-openalex-id'), el.getAttribute('data-h-index')]).catch(() => null);
        return JSON.stringify(a) === JSON.stringify(['reader', id, h]);
      };
      const choose = async (page, badge, { id }) => {
        await badge.locator('button').first().click();
        await page.locator('[data-weft-card] [data-weft-action="not-this-person"]').click();
        await page.locator(`[data-weft-card] [data-weft-candidate="${id}"]`).click();
      };

      const s = await launch(lst.fake);
      const listingTab = await s.open(lst.url);
      const onListing = (i) => listingTab.locator(`[data-weft-paper="${entry.id}"][data-weft-author="${i}"]`);
      await scrollToEntry(listingTab, entry.id);
      await settled(listingTab, lst, [k]);
      await choose(listingTab, onListing(0), chosen[0]);
      await until(() => shows(onListing(0), chosen[0]), { what: 'the chosen profile on the listing badge' });
      await listingTab.keyboard.press('Escape');

      const abs = await s.open(`https://arxiv.org/abs/${entry.id}`);
      const onAbs = (i) => abs.locator(`[data-weft-author="${i}"]`);
      await until(() => shows(onAbs(0), chosen[0]), { what: 'the listing card\'s correction on the abstract page' });
      await choose(abs, onAbs(1), chosen[1]);
      await until(() => shows(onAbs(1), chosen[1]), { what: 'the chosen profile on the abstract page' });

      await listingTab.bringToFront();
      await until(() => shows(onListing(1), chosen[1]), { what: 'the abstract page\'s correction on the listing, without a reload' });
      if (!(await shows(onListing(0), chosen[0]))) throw new Error('the listing card\'s own correction did not hold');
    },
  },
  {
    name: 'Refresh on a listing card: the figures anew from the catalogs, asking only about that paper and its authors',
    fn: async () => {
      const got = await coauthoredEntry();
      if (!got) return;
      const { lst, k, entry } = got;
      const people = entry.names.map((n) => lst.catalog.people.get(n));
      const s = await launch(lst.fake);
      const page = await s.open(lst.url);
      await scrollToEntry(page, entry.id);
      await settled(page, lst, [k]);
      await requestsOver(lst.fake);
      // The catalog has moved on since: the cached figure is out of date.
      lst.catalog.openalex.authors[people[0].openalexId].summary_stats.h_index = 97;
      const badge = page.locator(`[data-weft-paper="${entry.id}"][data-weft-author="0"]`);
      const t0 = Date.now();
      await badge.locator('button').click();
      await page.locator('[data-weft-card] [data-weft-action="refresh"]').click();
      await until(async () => (await badge.getAttribute('data-h-index')) === '97', { what: 'the refreshed figure on the badge' });
      await requestsOver(lst.fake, t0);
      const work = lst.catalog.openalex.works.find((w) => w.doi.endsWith(entry.id.toLowerCase())).id.split('/').pop();
      const about = (u) => u.toLowerCase().includes(entry.id.toLowerCase()) || u.includes(work) || people.some((p) => u.includes(p.openalexId));
      const reqs = lst.fake.apiRequests(t0).map((r) => decodeURIComponent(r.url));
      const other = reqs.filter((u) => !about(u));
      if (other.length) throw new Error(`Refresh asked for other things: ${fmt(other)}`);
    },
  },
  {
    name: 'options: listing badges off and on again, and a quiet listing that marks only followed researchers',
    fn: async () => {
      const lst = await listing('dcNew', { kindOf: () => 'indexed' });
      if (!lst) return;
      const s = await launch(lst.fake);
      const page = await s.open(lst.url);
      const all = lst.entries.map((_, k) => k);
      await settled(page, lst, all);
      const options = await s.context.newPage();
      await options.goto(`chrome-extension://${s.extensionId}/options.html`);
      const badges = options.locator('[data-weft-listing="badges"]');
      await badges.uncheck();
      await until(async () => (await page.locator('[data-weft-paper]').count()) === 0, { timeout: 5000, what: 'the listing to lose its badges' });
      await badges.check();
      await settled(page, lst, all);
      // follow one researcher, then ask for a quiet listing
      const who = lst.catalog.people.get(lst.entries[0].names[1]);
      const sent = await options.evaluate((r) => globalThis.chrome.runtime.sendMessage({ type: 'follow', id: r.openalexId, name: r.name }), { openalexId: who.openalexId, name: who.name });
      if (!sent?.ok) throw new Error(`following ${who.name} failed: ${JSON.stringify(sent)}`);
      await options.locator('[data-weft-listing="onlyFollowed"]').check();
      await until(async () => {
        const snap = await probe(page);
        const shown = Object.values(snap).flat().filter((b) => !b.hidden);
        return shown.length > 0 && shown.every((b) => b.oa === who.openalexId && b.followed === 'true');
      }, { timeout: 8000, what: `only ${who.name}'s badges to show` });
    },
  },
];
