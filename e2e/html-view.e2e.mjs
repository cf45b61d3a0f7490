// arXiv's HTML paper view (/html/<id>vN): the same badges, cards and panels as on abstract pages.
//
// Pages: the synthetic HTML-view fixtures of the shared workspace (see e2e/html-pages.mjs), each
// with a fake catalog whose records list the paper's authors as its abs page does. Hooks as on abs
// pages (README "e2e"), where `data-weft-author` is the person's position in the paper's author
// list (docs/arxiv-pages.md, "Collaborations and appendix author lists"); the panels sit in the
// `weft-panels` host's open shadow root, its dock button is `.tab`.

import { launch, relaunch, sleep, until, badges, waitForBadgeStates, screenshot, publishScreenshot } from './harness.mjs';
import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { HTML_VIEW_CSS, htmlFixture, htmlFixtureFiles, htmlFixturesMissing, htmlViewPage, olderGeneration } from './html-pages.mjs';

const final = (st) => st && st !== 'loading' && st !== 'idle';
const fmt = (arr, max = 4) => (arr.length > max ? `${arr.slice(0, max).join('; ')}; … (${arr.length} in all)` : arr.join('; '));
/** The long appendix list: the first names load with the page, the rest as the reader scrolls. */
const EAGER = 100;

function scenario(file, { twists = {}, page = (fx) => fx.html } = {}) {
  const fx = htmlFixture(file);
  const catalog = buildCatalog({ arxivId: fx.id, title: fx.title, authors: fx.authors, seed: 17 });
  const fake = new FakeApis(catalog, { htmlPages: { [fx.id]: page(fx) }, htmlCss: HTML_VIEW_CSS, twists });
  return { ...fx, catalog, fake };
}

/** Runs `fn` unless the shared fixtures are absent (then says so: nothing to test against). */
const withFixtures = (fn) => async () => {
  const missing = htmlFixturesMissing();
  if (missing) {
    console.log(`      (not run: ${missing})`);
    return;
  }
  await fn();
};

/** Load the view and wait until the named persons' badges are final (idle allowed in a long list's lazy part). */
async function loadView(sc, { session, viewport } = {}) {
  const s = session ?? await launch(sc.fake, viewport ? { viewport } : {});
  const page = await s.open(sc.url);
  const eager = sc.persons.slice(0, EAGER).map((p) => p.index);
  const snap = await waitForBadgeStates(page, eager, final, { timeout: 20_000, what: `the badges of ${sc.file}` });
  return { s, page, snap };
}

/** Where every hook sits: inside which creator and personname of the author block, or the appendix; the text before it. */
function hookPlaces() {
  const creators = [...document.querySelectorAll('.ltx_authors .ltx_creator')];
  return [...document.querySelectorAll('[data-weft-author]')].map((el) => {
    let prev = el.previousSibling;
    while (prev && ((prev.nodeType === 1 && prev.tagName.startsWith('WEFT-')) || (prev.nodeType === 3 && !prev.data.trim()))) prev = prev.previousSibling;
    const personName = el.closest('.ltx_personname');
    return {
      i: el.getAttribute('data-weft-author'),
      creator: creators.findIndex((c) => c.contains(el)),
      personName: personName ? [...document.querySelectorAll('.ltx_personname')].indexOf(personName) : -1,
      appendix: !!el.closest('section.ltx_appendix'),
      before: (prev?.textContent ?? '').replace(/\s+/g, ' ').slice(-40),
    };
  });
}

/** The article's text as the reader sees it, and as the page was served. */
function articleTexts(served) {
  const text = (doc) => (doc.querySelector('article.ltx_document')?.textContent ?? '').replace(/\s+/g, ' ').trim();
  return { live: text(document), served: text(new DOMParser().parseFromString(served, 'text/html')) };
}

const lastWord = (name) => name.replace(/\u00a0/g, ' ').trim().split(' ').at(-1);

async function checkNamesAndIndices(file) {
  const sc = scenario(file);
  const { page, snap: first } = await loadView(sc);
  const want = new Map(sc.persons.map((p) => [String(p.index), p]));
  // The lazy part of a long list: its badges are there (idle until scrolled to), with their indices.
  const snap = sc.persons.length > EAGER ? await badges(page) : first;
  const problems = [];
  for (const [i, p] of want) {
    const b = snap.byIndex.get(i);
    const person = sc.catalog.people[p.index];
    if (!b) problems.push(`#${i} ${p.name}: no badge`);
    else if (Number(i) < (sc.persons[EAGER]?.index ?? Infinity) && (b.state !== 'ready' || b.oa !== person.openalexId)) {
      problems.push(`#${i} ${p.name}: ${b.state} ${b.oa}, expected ready ${person.openalexId} (the record's author ${p.index}, ${person.name})`);
    }
  }
  const stray = [...snap.byIndex.keys()].filter((i) => !want.has(i));
  if (stray.length) problems.push(`badges for authors the page does not name: ${fmt(stray.map((i) => `#${i} ${sc.catalog.people[Number(i)]?.name}`))}`);
  if (snap.dups.length) problems.push(`duplicate badges ${fmt(snap.dups)}`);
  const labels = await page.evaluate(() => [...document.querySelectorAll('[data-weft-author][data-state="ready"]')].filter((b) => b.getAttribute('data-match') !== 'record').length);
  if (labels) problems.push(`${labels} ready badges without data-match="record"`);
  if (problems.length) throw new Error(`${file}: ${fmt(problems)}`);

  const places = await page.evaluate(hookPlaces);
  const misplaced = places.filter((pl) => !pl.before.includes(lastWord(want.get(pl.i).name))).map((pl) => `#${pl.i} after ${JSON.stringify(pl.before)}`);
  if (misplaced.length) throw new Error(`${file}: badges not right after their names: ${fmt(misplaced)}`);
  const { live, served } = await page.evaluate(articleTexts, sc.html);
  if (live !== served) throw new Error(`${file}: the article's text changed`);
  return { sc, page, places };
}

/** What each fixture shows beyond names and indices, from its own description. */
async function checkShape(sc, page, places) {
  const { entry } = sc;
  if (sc.collaboration) {
    // The block names only the collaboration: its persons are the appendix's.
    if (places.some((p) => p.creator >= 0)) throw new Error(`badges in the author block (the collaboration "${sc.collaboration.text}"): ${fmt(places.filter((p) => p.creator >= 0).map((p) => `#${p.i}`))}`);
    if (places.length !== sc.persons.length || !places.every((p) => p.appendix)) throw new Error(`${places.length} badges, ${places.filter((p) => p.appendix).length} in the appendix; expected ${sc.persons.length} there`);
    const pieces = sc.collaboration.pieces.filter((i) => places.some((p) => p.i === String(i)));
    if (pieces.length) throw new Error(`badges for the collaboration's pieces ${pieces.join(', ')}`);
    // Scrolled to, the lazy part of the long list loads too.
    const last = sc.persons.at(-1).index;
    await page.locator(`[data-weft-author="${last}"]`).scrollIntoViewIfNeeded();
    await waitForBadgeStates(page, [last], (st) => st === 'ready', { what: `badge #${last} once scrolled to` });
  } else if (entry.personnames === 1 && sc.persons.length > 1) {
    // Several names in one personname (a tabular \author block): one badge after each.
    const where = new Set(places.map((p) => `${p.creator}/${p.personName}`));
    if (places.length !== sc.persons.length || where.size !== 1 || where.has('-1/-1')) throw new Error(`${sc.persons.length} badges expected in the one personname, got ${places.length} in ${[...where].join(', ')}`);
  } else {
    const creators = new Set(places.map((p) => p.creator));
    if (creators.size !== sc.persons.length || creators.has(-1)) throw new Error(`badges in ${creators.size} creators for ${sc.persons.length} persons`);
  }
}

const FILES = htmlFixturesMissing() ? [] : htmlFixtureFiles();

export const tests = [
  ...FILES.map((file) => ({
    name: `${file}: one badge per person it names (grouped names split, a collaboration none), at the record's index, right after the name; the text intact`,
    fn: async () => {
      const { sc, page, places } = await checkNamesAndIndices(file);
      await checkShape(sc, page, places);
    },
  })),
  ...(FILES.length ? [] : [{ name: 'HTML-view fixtures', fn: withFixtures(async () => {}) }]),
  {
    name: 'fresh paper (no catalog has it): the affiliations, e-mail domains and ORCID printed go to the identification, tied to the right names; no wrong person shown as certain',
    fn: withFixtures(async () => {
      for (const file of ['html_2406.99901v1.html', 'html_2403.10561v1.html']) {
        const sc = scenario(file, { twists: { fresh: true } });
        const s = await launch(sc.fake);
        await s.sw.evaluate(() => {
          globalThis.__weftSeen = [];
          globalThis.chrome.runtime.onMessage.addListener((m) => void globalThis.__weftSeen.push(m));
        });
        const page = await s.open(sc.url);
        const snap = await waitForBadgeStates(page, sc.persons.map((p) => p.index), final, { what: `the badges of ${file}` });
        const matches = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-weft-author]')].map((b) => [b.getAttribute('data-weft-author'), b.getAttribute('data-match')])));
        const wrong = sc.persons.flatMap((p) => {
          const b = snap.byIndex.get(String(p.index));
          const match = matches[String(p.index)];
          if (match === 'record') return [`#${p.index} ${p.name}: data-match=record on a paper no catalog has`];
          return b.state === 'ready' && b.oa !== sc.catalog.people[p.index].openalexId && match !== 'guess' ? [`#${p.index} ${p.name}: ${b.oa} (${match}), not the true profile`] : [];
        });
        if (wrong.length) throw new Error(`${file}: ${fmt(wrong)}`);
        const [asked] = await s.sw.evaluate(() => globalThis.__weftSeen.filter((m) => m.type === 'paper-identify'));
        if (!asked?.printed) throw new Error(`${file}: paper-identify carries no printed evidence: ${JSON.stringify(asked).slice(0, 300)}`);
        const byName = (name) => asked.printed[asked.names.findIndex((n) => n.includes(lastWord(name)))];
        if (file === 'html_2406.99901v1.html') {
          // Every affiliation sits one creator late and the first author's e-mail on the last name:
          // only the e-mail ties to a name (by its local part). The affiliations, tied to no one,
          // are nobody's evidence (a namesake at one of them would pass for the author).
          const { misplaced_email: mail } = sc.entry;
          if (JSON.stringify(byName(mail.belongs_to)?.emailDomains) !== '["example.org"]') throw new Error(`${mail.belongs_to}'s e-mail domain not sent with that name: ${JSON.stringify(asked.printed)}`);
          const shifted = asked.printed.filter((a) => a?.affiliations.length);
          if (shifted.length || asked.paperPrinted) throw new Error(`affiliations sent though tied to no name: ${JSON.stringify({ shifted, paper: asked.paperPrinted })}`);
        } else {
          const { orcid } = sc.entry;
          if (byName(orcid.name)?.orcid !== orcid.id) throw new Error(`${orcid.name}'s ORCID not sent with that name: ${JSON.stringify(asked.printed)}`);
          if (JSON.stringify(byName('Aaqib Saeed')?.affiliations) !== '["Sample Institute of Technology"]') throw new Error(`affiliations not tied by their marks: ${JSON.stringify(asked.printed)}`);
        }
        await s.close();
      }
    }),
  },
  {
    name: 'fresh paper: the affiliation printed beside a name is what identifies its author (inferred); without it, only a guess',
    fn: async () => {
      const id = '2406.05546';
      const authors = [{ first: 'Ray', last: 'Cao' }];
      const catalog = buildCatalog({ arxivId: id, title: 'T', authors, seed: 9 });
      const person = catalog.people[0];
      const badgeWith = async (affiliation) => {
        const html = htmlViewPage({ id, title: 'Training Through Failure', creators: [{ name: 'Ray Cao', affiliation, email: 'rcao@cs.example.org' }] });
        const fake = new FakeApis(catalog, { htmlPages: { [id]: html }, htmlCss: HTML_VIEW_CSS, twists: { fresh: true } });
        const s = await launch(fake);
        const page = await s.open(`https://arxiv.org/html/${id}v1`);
        await waitForBadgeStates(page, [0], final, { what: `Ray Cao's badge (printed affiliation ${JSON.stringify(affiliation)})` });
        const b = await page.evaluate(() => { const el = document.querySelector('[data-weft-author="0"]'); return { state: el.getAttribute('data-state'), match: el.getAttribute('data-match'), oa: el.getAttribute('data-openalex-id') }; });
        await s.close();
        return b;
      };
      const printed = await badgeWith(`Department of Computer Science, ${person.institution.display_name}`);
      if (printed.state !== 'ready' || printed.match !== 'inferred' || printed.oa !== person.openalexId) {
        throw new Error(`with the profile's institution printed beside the name: ${JSON.stringify(printed)}, expected ready, inferred, ${person.openalexId}`);
      }
      const elsewhere = await badgeWith('Institute of Somewhere Else');
      if (elsewhere.match === 'inferred' || elsewhere.match === 'record' || (elsewhere.state === 'ready' && elsewhere.match !== 'guess')) {
        throw new Error(`with another institution printed: ${JSON.stringify(elsewhere)}, expected a guess or no profile`);
      }
    },
  },
  {
    name: 'the panels sit in the free column beside the article at 1280, 1536 and 1920 px, a closed drawer at 1024 px',
    fn: withFixtures(async () => {
      const sc = scenario('html_2406.05546v1.html');
      const { s, page } = await loadView(sc, { viewport: { width: 1280, height: 900 } });
      await waitForPanels(page);
      for (const width of [1280, 1536, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        for (const at of ['top', 'middle', 'bottom']) {
          await page.evaluate((where) => window.scrollTo(0, where === 'top' ? 0 : where === 'bottom' ? document.documentElement.scrollHeight : document.documentElement.scrollHeight / 2 - 450), at);
          await sleep(150);
          const v = await page.evaluate(layoutProbe);
          const shown = v.panels.filter((p) => p.box);
          // At the very bottom the dock leaves with the article it stands beside.
          if (shown.length !== 3 && at !== 'bottom') throw new Error(`at ${width} px (${at}): ${shown.length} of 3 panels shown`);
          const hit = shown.find((p) => [v.main, v.article].some((r) => overlaps(p.box, r)));
          if (hit) throw new Error(`at ${width} px (${at}): the ${hit.panel} panel ${JSON.stringify(hit.box)} covers the text column ${JSON.stringify(v.main)}`);
        }
      }
      await page.setViewportSize({ width: 1024, height: 900 });
      await sleep(300);
      let v = await page.evaluate(layoutProbe);
      if (v.panels.some((p) => p.box) || !v.tab || v.tab[2] - v.tab[0] > 64) throw new Error(`at 1024 px: panels ${JSON.stringify(v.panels)}, tab ${JSON.stringify(v.tab)}; expected a closed drawer ≤ 64 px wide`);
      await page.locator('weft-panels .tab').click();
      v = await until(async () => { const x = await page.evaluate(layoutProbe); return x.panels.filter((p) => p.box).length === 3 && x; }, { timeout: 3000, what: 'the drawer to open' });
      await screenshot(page, 'html-view-drawer');
      await page.keyboard.press('Escape');
      await until(async () => (await page.evaluate(layoutProbe)).panels.every((p) => !p.box), { timeout: 3000, what: 'Escape to close the drawer' });
      // Reading mode hides arXiv's sticky header: the dock follows it up (and never writes the setting).
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 400));
      await sleep(200);
      const withHeader = (await page.evaluate(layoutProbe)).panels[0].box[1];
      await page.evaluate(() => document.documentElement.setAttribute('data-reading-mode', 'enabled'));
      await until(async () => (await page.evaluate(layoutProbe)).panels[0].box?.[1] < withHeader, { timeout: 3000, what: 'the dock to move up in reading mode' });
      const stored = await page.evaluate(() => Object.keys(localStorage));
      if (stored.length) throw new Error(`the page's storage was written: ${stored.join(', ')}`);
      await s.close();
    }),
  },
  {
    name: 'dark mode follows <html data-theme>, at load and when arXiv\'s toggle changes it',
    fn: withFixtures(async () => {
      const sc = scenario('html_2406.05546v1.html');
      const s = await launch(sc.fake);
      const page = await s.context.newPage();
      await page.addInitScript(() => localStorage.setItem('ar5iv_theme', 'dark'));
      await page.goto(sc.url, { waitUntil: 'domcontentloaded' });
      await waitForBadgeStates(page, [0, 1, 2, 3], final);
      await waitForPanels(page);
      const check = async (theme) => {
        const c = await page.evaluate(themeProbe);
        if (c.theme !== theme) throw new Error(`data-theme=${c.theme}, expected ${theme}`);
        const wrong = c.measured.filter((x) => (theme === 'dark' ? !(x.lt > x.lb) : !(x.lt < x.lb)));
        if (!c.measured.length || wrong.length) throw new Error(`${theme}: ${JSON.stringify(wrong.length ? wrong : c)}`);
      };
      await check('dark');
      await screenshot(page, 'html-view-dark');
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
      await sleep(100);
      await check('light');
      await s.close();
    }),
  },
  {
    name: 'an older page (chrome built by script, moving the article): badges and panels all the same',
    fn: withFixtures(async () => {
      const sc = scenario('html_2406.05546v1.html', { page: (fx) => olderGeneration(fx.html, fx.id, fx.version) });
      const { s, page, snap } = await loadView(sc, { viewport: { width: 1280, height: 900 } });
      const wrong = sc.persons.filter((p) => snap.byIndex.get(String(p.index))?.oa !== sc.catalog.people[p.index].openalexId);
      if (wrong.length) throw new Error(`badges: ${fmt(wrong.map((p) => `#${p.index} ${p.name}`))}`);
      await waitForPanels(page);
      await page.locator('header.desktop_header').waitFor({ state: 'attached', timeout: 5000 });
      await sleep(300);
      const v = await page.evaluate(layoutProbe);
      const hit = v.panels.find((p) => !p.box || overlaps(p.box, v.main) || p.box[1] < v.main[1]);
      if (hit) throw new Error(`after the script-built header: the ${hit.panel} panel ${JSON.stringify(hit.box)} vs the text column ${JSON.stringify(v.main)}`);
      await s.close();
    }),
  },
  {
    name: 'a page that is no LaTeXML paper: one console warning, nothing added',
    fn: async () => {
      const catalog = buildCatalog({ arxivId: '2406.05546', title: 'T', authors: [{ first: 'Ray', last: 'Cao' }] });
      const fake = new FakeApis(catalog, { htmlPages: { '2406.05546': '<!doctype html><title>Conversion failed</title><main><h1>No HTML for this paper</h1><p class="authors">Ray Cao</p></main>' } });
      const s = await launch(fake);
      const page = await s.context.newPage();
      const warnings = [];
      page.on('console', (m) => m.text().startsWith('Weft') && warnings.push(`${m.type()}: ${m.text()}`));
      await page.goto('https://arxiv.org/html/2406.05546v1', { waitUntil: 'load' });
      await sleep(1000);
      const added = await page.evaluate(() => [...document.querySelectorAll('*')].filter((el) => el.tagName.startsWith('WEFT-') || [...el.attributes].some((a) => a.name.startsWith('data-weft'))).length);
      if (added || warnings.length !== 1 || !warnings[0].startsWith('warning')) throw new Error(`${added} Weft elements; console: ${JSON.stringify(warnings)}`);
      if (fake.apiRequests().length) throw new Error(`${fake.apiRequests().length} API requests for a page Weft does not read`);
    },
  },
  {
    name: 'warm reload: no API request, the same badges and panels; a screenshot for the README',
    fn: withFixtures(async () => {
      const sc = scenario('html_2406.05546v1.html');
      const cold = await loadView(sc, { viewport: { width: 1440, height: 900 } });
      await waitForPanels(cold.page);
      await sleep(800); // the cold load's cache writes
      const s = await relaunch(cold.s, { viewport: { width: 1440, height: 900 } });
      sc.fake.clear();
      const warm = await loadView(sc, { session: s });
      const panels = await waitForPanels(warm.page);
      await sleep(800);
      const reqs = sc.fake.apiRequests();
      if (reqs.length) throw new Error(`warm load made ${reqs.length} API requests: ${fmt(reqs.map((r) => `${r.method} ${r.url}`))}`);
      const same = sc.persons.every((p) => warm.snap.byIndex.get(String(p.index))?.h === cold.snap.byIndex.get(String(p.index))?.h);
      if (!same || panels.paper !== 'ready') throw new Error(`warm: badges ${same ? 'same' : 'differ'}, paper panel ${panels.paper}`);
      await warm.page.locator('[data-weft-author="1"] button').click();
      await warm.page.locator('[data-weft-card]').waitFor({ timeout: 5000 });
      publishScreenshot(await screenshot(warm.page, 'html-view'), 'html-view');
    }),
  },
];

/** The three panels' states, once all are final. */
async function waitForPanels(page) {
  let states = {};
  await until(async () => {
    states = await page.evaluate(() => Object.fromEntries([...(document.querySelector('weft-panels')?.shadowRoot?.querySelectorAll('[data-weft-panel]') ?? [])].map((p) => [p.getAttribute('data-weft-panel'), p.getAttribute('data-state')])));
    return ['paper', 'institutions', 'related'].every((p) => final(states[p]));
  }, { timeout: 15_000, what: `the panels (${JSON.stringify(states)})` });
  return states;
}

const overlaps = (a, b) => a && b && Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 1 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 1;

/** Boxes (viewport px, cut to the viewport and clipping ancestors) of the panels, the dock's tab and the text column. */
function layoutProbe() {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const cut = (r, q) => [Math.max(r[0], q[0]), Math.max(r[1], q[1]), Math.min(r[2], q[2]), Math.min(r[3], q[3])];
  const ok = (r) => r[2] - r[0] >= 1 && r[3] - r[1] >= 1;
  const up = (n) => (n.parentNode?.nodeType === 11 ? n.parentNode.host : n.parentElement);
  const box = (el) => {
    if (!el || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return null;
    const b = el.getBoundingClientRect();
    let r = cut([b.left, b.top, b.right, b.bottom], [0, 0, vw, vh]);
    for (let n = up(el); n && n !== document.documentElement; n = up(n)) {
      const s = getComputedStyle(n);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const q = n.getBoundingClientRect();
      r = cut(r, [q.left, q.top, q.right, q.bottom]);
    }
    return ok(r) ? r.map(Math.round) : null;
  };
  const root = document.querySelector('weft-panels')?.shadowRoot;
  return {
    panels: [...(root?.querySelectorAll('[data-weft-panel]') ?? [])].map((p) => ({ panel: p.getAttribute('data-weft-panel'), box: box(p) })),
    tab: box(root?.querySelector('.tab')),
    main: box(document.querySelector('.ltx_page_main')),
    article: box(document.querySelector('article.ltx_document')),
  };
}

/** Text and background luminance of Weft's badges and panels (the first opaque background up the tree). */
function themeProbe() {
  const cv = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const rgb = (css) => { cv.clearRect(0, 0, 1, 1); cv.fillStyle = css; cv.fillRect(0, 0, 1, 1); return [...cv.getImageData(0, 0, 1, 1).data]; };
  const lum = ([r, g, b]) => [r, g, b].map((x) => { const c = x / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; }).reduce((a, c, k) => a + c * [0.2126, 0.7152, 0.0722][k], 0);
  const up = (n) => (n.parentNode?.nodeType === 11 ? n.parentNode.host : n.parentElement);
  const measure = (el) => {
    let bg = [255, 255, 255];
    for (let n = el; n; n = up(n)) { const c = rgb(getComputedStyle(n).backgroundColor); if (c[3] === 255) { bg = c; break; } }
    return { lt: lum(rgb(getComputedStyle(el).color)), lb: lum(bg) };
  };
  const targets = [
    ...[...document.querySelectorAll('weft-author')].map((h) => h.shadowRoot?.querySelector('button')),
    ...[...(document.querySelector('weft-panels')?.shadowRoot?.querySelectorAll('[data-weft-panel] h2 button') ?? [])],
  ].filter(Boolean);
  return { theme: document.documentElement.getAttribute('data-theme'), measured: targets.map(measure) };
}
