// Checks shared by the Chromium suite (e2e/*.e2e.mjs) and the Firefox one (e2e/firefox/): the abs
// page scenario, probes evaluated in the page (self-contained, so any driver can run them), and
// pure comparisons of what they read against what the fake catalog says a reader must see.

import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { shows, sleep, until } from './harness.mjs';
import { listingBadgeProbe } from './fake-listing.mjs';
import { absPage, displayName, makeAuthors } from './pages.mjs';

export const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';
export const PANELS = ['paper', 'institutions', 'related'];
export const bare = (id) => String(id).replace('https://openalex.org/', '').replace('https://ror.org/', '');
export const arxivOfWork = (w) => w.doi.replace('https://doi.org/10.48550/arxiv.', '');

/** One paper: its page, its catalog and the fake APIs serving both. */
export function absScenario({ n = 4, id = '2406.05546', layout = '2026-06', seed = 1, twists = {}, unmatched = [], xssAuthor = null, nameOffset = 0, names = null } = {}) {
  const authors = names ?? makeAuthors(n, nameOffset);
  n = authors.length;
  const html = absPage({ id, title: TITLE, authors, layout });
  const catalog = buildCatalog({ arxivId: id, title: TITLE, authors, seed, unmatched, xssAuthor });
  const fake = new FakeApis(catalog, { pages: { [id]: html }, twists });
  return { id, url: `https://arxiv.org/abs/${id}`, authors, html, catalog, fake, n, range: (a = 0, b = n) => Array.from({ length: b - a }, (_, k) => a + k) };
}

/** Everything Weft added to a page (probe): the tag of each custom element of its own and of each element with a data-weft-* hook. */
export function weftElementsProbe() {
  return [...document.querySelectorAll('*')]
    .filter((el) => el.tagName.startsWith('WEFT-') || [...el.attributes].some((a) => a.name.startsWith('data-weft')))
    .map((el) => el.tagName.toLowerCase());
}

export const fmt = (arr, max = 4) => (arr.length > max ? `${arr.slice(0, max).join('; ')}; … (${arr.length} in all)` : arr.join('; '));

/** Each badge host sits right after its author's name in div.authors (page: a Playwright or puppeteer page). */
export async function assertBadgesAfterNames(page, sc, indices) {
  const names = indices.map((i) => displayName(sc.authors[i]));
  const wrong = await page.evaluate(({ indices: idx, names: nm }) => {
    const out = [];
    idx.forEach((i, k) => {
      const el = document.querySelector(`[data-weft-author="${i}"]`);
      if (!el) { out.push(`#${i}: not in the light DOM`); return; }
      let prev = el.previousSibling;
      while (prev && prev.nodeType === 3 && !prev.data.trim()) prev = prev.previousSibling;
      const text = prev ? (prev.textContent ?? '').trim() : '';
      if (!el.closest('#abs div.authors') || text !== nm[k]) out.push(`#${i}: follows ${JSON.stringify(text.slice(-40))}, expected the name ${JSON.stringify(nm[k])}`);
    });
    return out;
  }, { indices, names });
  assertNoProblems(wrong, 'badge placement');
}

/** Problems with badge i against the catalog's expectation (empty when right). */
export function badgeProblems(b, exp, i, { checkOpenAlexId = true } = {}) {
  if (!b) return [`#${i}: no [data-weft-author="${i}"]`];
  if (b.state !== exp.state) return [`#${i}: data-state="${b.state}", expected "${exp.state}"`];
  if (exp.state !== 'ready') return [];
  const out = [];
  const cmp = (attr, got, want) => { if (got !== String(want)) out.push(`#${i}: ${attr}=${JSON.stringify(got)}, expected "${want}"`); };
  cmp('data-h-index', b.h, exp.h);
  cmp('data-cited-by', b.cited, exp.cited);
  cmp('data-works', b.works, exp.works);
  if (checkOpenAlexId) cmp('data-openalex-id', b.oa, exp.openalexId);
  if (!new RegExp(`\\bh(?:-index)?\\s*:?\\s*${exp.h}\\b`, 'i').test(b.text)) out.push(`#${i}: visible badge text ${JSON.stringify(b.text)} does not show the h-index ("h ${exp.h}")`);
  return out;
}

export function assertNoProblems(problems, what) {
  if (problems.length) throw new Error(`${what}: ${fmt(problems)}`);
}

/** Exactly one badge per author index, none outside the list. */
export function assertOneBadgePerAuthor(snap, n) {
  const missing = [];
  for (let i = 0; i < n; i++) if (!snap.byIndex.has(String(i))) missing.push(i);
  const stray = [...snap.byIndex.keys()].filter((k) => !(/^\d+$/.test(k) && Number(k) < n));
  const dups = [...new Set(snap.dups)];
  if (missing.length || stray.length || dups.length) {
    throw new Error(`badges: ${[missing.length && `missing #${fmt(missing.map(String), 6)}`, dups.length && `duplicated #${fmt(dups, 6)}`, stray.length && `indices outside the ${n}-author list: ${fmt(stray)}`].filter(Boolean).join('; ')}`);
  }
}

export function expectAll(sc, snap, indices, opts = {}) {
  const problems = [];
  for (const i of indices) problems.push(...badgeProblems(snap.byIndex.get(String(i)), sc.catalog.expected(i, opts), i, opts));
  assertNoProblems(problems, 'badges');
}

/**
 * Waits until the requests made since `since` are over: nothing new has gone out for longer than
 * Semantic Scholar's pace spaces its requests (about a second, docs/performance.md).
 */
export async function requestsOver(fake, since = 0) {
  await until(() => Date.now() - Math.max(since, ...fake.apiRequests(since).map((r) => r.tStart)) > 2500, { timeout: 30_000, what: 'the requests to end' });
}

/**
 * The cold load's numbers, then the same page after a browser restart on the same profile
 * (`relaunch` and `loadReady` of the browser's harness): no API request, the same numbers.
 * Returns the warm load.
 */
export async function expectWarmSame(sc, cold, { relaunch, loadReady }) {
  expectAll(sc, cold.snap, sc.range());
  await requestsOver(sc.fake); // the cold load's last answers (panels at Semantic Scholar's pace)
  await sleep(800); // the cold load's cache writes
  const session = await relaunch(cold.s);
  sc.fake.clear();
  const warm = await loadReady(sc, { session });
  await sleep(1000); // late requests would show up here
  const reqs = sc.fake.apiRequests();
  if (reqs.length) throw new Error(`warm load made ${reqs.length} API requests: ${fmt(reqs.map((r) => `${r.method} ${r.url}`))}`);
  expectAll(sc, warm.snap, sc.range());
  return warm;
}

/**
 * The open author card: {count, role, fields: {<data-weft-field>: text}, links: {<data-weft-link>: href}}
 * (the first [data-weft-card], shadow roots included; texts as deepText() reads them).
 */
export function cardProbe() {
  const all = (root, sel, out = []) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.matches(sel)) out.push(el);
      if (el.shadowRoot) all(el.shadowRoot, sel, out);
    }
    return out;
  };
  const text = (el) => {
    let s = '';
    const walk = (n) => {
      if (n.nodeType === 3) { s += n.data; return; }
      if (n.nodeType !== 1 && n.nodeType !== 11) return;
      if (n.nodeType === 1 && /^(SCRIPT|STYLE|TEMPLATE)$/.test(n.tagName)) return;
      if (n.shadowRoot) walk(n.shadowRoot);
      for (const c of n.childNodes) walk(c);
    };
    walk(el);
    return s.replace(/\s+/g, ' ').trim();
  };
  const cards = all(document, '[data-weft-card]');
  const card = cards[0];
  if (!card) return { count: 0, role: null, fields: {}, links: {} };
  const fields = {};
  for (const el of all(card, '[data-weft-field]')) fields[el.getAttribute('data-weft-field')] ??= text(el);
  const links = {};
  for (const a of all(card, 'a[data-weft-link]')) links[a.getAttribute('data-weft-link')] ??= a.getAttribute('href');
  return { count: cards.length, role: card.getAttribute('role'), fields, links };
}

/** What is wrong with the card (cardProbe()) against catalog.expected(i) (empty when right). */
export function cardProblems(probe, exp) {
  const problems = [];
  if (probe.role !== 'dialog') problems.push(`role=${JSON.stringify(probe.role)}, expected "dialog"`);
  const want = {
    name: (t) => t.includes(exp.catalogName) || `does not contain the catalog name ${JSON.stringify(exp.catalogName)}`,
    'h-index': (t) => shows(t, exp.h) || `does not show the h-index ${exp.h}`,
    'cited-by': (t) => shows(t, exp.cited) || `does not show the citations ${exp.cited}`,
    works: (t) => shows(t, exp.works) || `does not show the works count ${exp.works}`,
    institutions: (t) => t.includes(exp.institution) || `does not name the institution on this paper, ${exp.institution}`,
    'last-known': (t) => t.includes(exp.lastKnown) || `does not name the last known institution, ${exp.lastKnown}`,
    source: (t) => (/openalex/i.test(t) && /updated/i.test(t)) || 'does not say "OpenAlex" and "updated"',
  };
  for (const [name, ok] of Object.entries(want)) {
    const t = probe.fields[name];
    if (t == null) { problems.push(`no [data-weft-field="${name}"]`); continue; }
    const r = ok(t);
    if (r !== true) problems.push(`${name} ${JSON.stringify(t.slice(0, 120))} ${r}`);
  }
  const oaHref = probe.links.openalex;
  if (oaHref !== `https://openalex.org/${exp.openalexId}`) problems.push(`a[data-weft-link="openalex"] href=${JSON.stringify(oaHref)}, expected https://openalex.org/${exp.openalexId}`);
  const s2 = probe.links.s2;
  // a Semantic Scholar link, when shown, goes to this author (profile, or a search for the name);
  // that it is the profile itself is checked by its own test below
  if (s2 !== null && s2 !== `https://www.semanticscholar.org/author/${exp.s2Id}` && !s2.startsWith('https://www.semanticscholar.org/search?')) {
    problems.push(`a[data-weft-link="s2"] href=${JSON.stringify(s2)}, expected https://www.semanticscholar.org/author/${exp.s2Id}`);
  }
  return problems;
}

/** Waits until the panels shown (all three unless told) are in a final state (or `ok(state, panel)`); returns the snapshot by panel. */
export async function waitForPanels(page, ok = (st) => st && st !== 'loading', timeout = 20_000, shown = PANELS) {
  let snap = {};
  try {
    await until(async () => {
      snap = Object.fromEntries((await page.evaluate(panelProbe)).map((p) => [p.panel, p]));
      return shown.every((p) => ok(snap[p]?.state, p));
    }, { timeout, what: 'the paper panels' });
  } catch (e) {
    throw new Error(`${e.message}; panels: ${shown.map((p) => `${p}=${snap[p]?.state ?? '(none)'}`).join(', ')}`);
  }
  return snap;
}

/** Every panel: {panel, state, citedBy, source, retry, institutions:[{id,text}], related:[{id,href,text}], text}. */
export function panelProbe() {
  const out = [];
  const text = (n) => {
    let s = '';
    const walk = (x) => {
      if (x.nodeType === 3) s += ` ${x.data}`; // separate elements' words, as they are on screen
      if (x.nodeType !== 1 && x.nodeType !== 11) return;
      if (x.nodeType === 1 && /^(STYLE|SCRIPT)$/.test(x.tagName)) return;
      if (x.shadowRoot) walk(x.shadowRoot);
      for (const c of x.childNodes) walk(c);
    };
    walk(n);
    return s.replace(/\s+/g, ' ').trim();
  };
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.hasAttribute('data-weft-panel')) {
        out.push({
          panel: el.getAttribute('data-weft-panel'), state: el.getAttribute('data-state'),
          citedBy: el.getAttribute('data-cited-by'), source: el.getAttribute('data-source'),
          retry: el.querySelectorAll('[data-weft-action="retry"]').length,
          institutions: [...el.querySelectorAll('[data-weft-institution]')].map((x) => ({ id: x.getAttribute('data-weft-institution'), text: text(x) })),
          related: [...el.querySelectorAll('[data-weft-related]')].map((x) => ({ id: x.getAttribute('data-weft-related'), href: x.querySelector('a')?.getAttribute('href') ?? null, text: text(x) })),
          text: text(el),
        });
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return out;
}

/** The distinct institutions of the paper's authorships, as ROR ids. */
export const expectedInstitutions = (sc) => [...new Set(sc.catalog.openalex.work.authorships.flatMap((a) => a.institutions.map((i) => bare(i.ror))))];

/** The abs page's panels sit in arXiv's sidebar, right after its full-text links. */
export async function assertPanelsPlaced(page) {
  const where = await page.evaluate(() => {
    const host = document.querySelector('weft-panels');
    return host && { parent: host.parentElement.className, prev: host.previousElementSibling?.className };
  });
  if (!where || where.parent !== 'extra-services' || where.prev !== 'full-text') throw new Error(`panels placed at ${JSON.stringify(where)}, expected in .extra-services after .full-text`);
}

export function assertPaper(p, want) {
  if (p.state !== 'ready' || p.citedBy !== String(want.citedBy) || p.source !== want.source) {
    throw new Error(`paper panel: data-state=${p.state} data-cited-by=${p.citedBy} data-source=${p.source}, expected ready, ${want.citedBy}, ${want.source}`);
  }
  if (!shows(p.text, want.citedBy)) throw new Error(`paper panel text does not show ${want.citedBy}: ${JSON.stringify(p.text.slice(0, 160))}`);
  if (!p.text.includes(want.label)) throw new Error(`paper panel does not name its source "${want.label}": ${JSON.stringify(p.text.slice(0, 200))}`);
}

/** Related entries: exactly `ids` (in order unless `ordered` is false), each linking its arXiv abstract page. */
export function assertRelated(p, ids, { ordered = true } = {}) {
  if (p.state !== 'ready') throw new Error(`related panel: data-state=${p.state}, expected ready`);
  const shown = p.related.map((r) => r.id);
  const same = ordered ? JSON.stringify(shown) === JSON.stringify(ids) : JSON.stringify([...shown].sort()) === JSON.stringify([...ids].sort());
  if (!same) throw new Error(`related papers [${shown.join(', ')}], expected ${ordered ? '' : 'in any order '}[${ids.join(', ')}]`);
  const badLinks = p.related.filter((r) => r.href !== `https://arxiv.org/abs/${r.id}`);
  if (badLinks.length) throw new Error(`related links not to the arXiv abstract page: ${badLinks.map((r) => `${r.id} → ${r.href}`).join('; ')}`);
}

/** A work by `authorId` that OpenAlex first indexed today (created_date is a UTC date), on arXiv. */
export function newWork(catalog, authorId, k = 1) {
  const today = new Date().toISOString().slice(0, 10);
  const yymm = today.slice(2, 4) + today.slice(5, 7);
  const arxivId = `${yymm}.${String(90000 + k).padStart(5, '0')}`;
  const wid = `W49${String(k).padStart(8, '0')}`;
  const author = catalog.openalex.authors[authorId];
  return {
    arxivId,
    wid,
    work: {
      id: `https://openalex.org/${wid}`, doi: `https://doi.org/10.48550/arxiv.${arxivId}`,
      title: `A new result number ${k}`, display_name: `A new result number ${k}`,
      publication_year: Number(today.slice(0, 4)), publication_date: today, created_date: today, updated_date: `${today}T00:00:00`,
      type: 'preprint', cited_by_count: 0, related_works: [], locations: [], is_authors_truncated: false,
      authorships: [{ author_position: 'first', author: { id: author.id, display_name: author.display_name }, institutions: [], raw_author_name: author.display_name }],
    },
  };
}

/** A third of the entries of each kind, spread over the page. */
export const mixed = (k) => ['indexed', 's2only', 'fresh'][k % 3];

const final = (st) => !!st && st !== 'loading' && st !== 'idle';

/** Waits until every author of entries `ks` has a final badge; returns the last probe. */
export async function settled(page, lst, ks, { timeout = 20_000 } = {}) {
  let last;
  await until(async () => {
    last = await page.evaluate(listingBadgeProbe);
    return ks.every((k) => {
      const bs = last[lst.entries[k].id] ?? [];
      return bs.length === lst.entries[k].names.length && bs.every((b) => final(b.state));
    });
  }, { timeout, what: `the badges of ${ks.length} entries to settle` }).catch((e) => {
    const open = ks.filter((k) => !(last?.[lst.entries[k].id] ?? []).every((b) => final(b.state)) || (last?.[lst.entries[k].id] ?? []).length !== lst.entries[k].names.length);
    throw new Error(`${e.message}: ${fmt(open.map((k) => `${lst.entries[k].id} ${JSON.stringify((last?.[lst.entries[k].id] ?? []).map((b) => b.state))}`))}`);
  });
  return last;
}

/**
 * Brings entry `id` of a listing or search page to the middle of the window. Its badges are
 * drawn only once it comes near (docs/performance.md), so tests scroll to the entry, not to a badge.
 */
export async function scrollToEntry(page, id) {
  await page.evaluate((want) => {
    const bare = (href) => decodeURIComponent(href).replace(/^.*\/abs\//, '').replace(/v\d+$/, '');
    const links = document.querySelectorAll('#dlpage dl > dt a[title="Abstract"], li.arxiv-result p.list-title a[href*="/abs/"]');
    const link = [...links].find((a) => bare(a.getAttribute('href')) === want);
    if (!link) throw new Error(`no entry ${want} on the page`);
    (link.closest('dt, li') ?? link).scrollIntoView({ block: 'center' });
  }, id);
}

/** Scrolls to the end a viewport at a time, letting each view settle briefly. */
export async function scrollThrough(page, { dwell = 120 } = {}) {
  for (;;) {
    const moved = await page.evaluate(async (d) => {
      const before = scrollY;
      scrollBy(0, innerHeight);
      await new Promise((r) => setTimeout(r, d));
      return scrollY > before;
    }, dwell);
    if (!moved) return;
  }
}

/** What is wrong with the badges of entries `ks` (empty when all are right). */
export function listingProblems(lst, snap, ks) {
  const out = [];
  for (const k of ks) {
    const e = lst.entries[k];
    const bs = snap[e.id] ?? [];
    if (bs.length !== e.names.length) out.push(`${e.id}: ${bs.length} badges for ${e.names.length} author links`);
    bs.forEach((b) => {
      const i = Number(b.i);
      const x = lst.catalog.expected(k, i);
      const tag = `${e.id} #${b.i} ${e.names[i]}`;
      if (!b.inEntry) out.push(`${tag}: badge outside its entry`);
      if (b.after !== e.names[i]) out.push(`${tag}: follows ${JSON.stringify(b.after)}, not the author's link`);
      if (x.state === 'fresh') {
        if (b.state === 'unmatched') return;
        if (b.state !== 'ready' || !['inferred', 'guess'].includes(b.match) || b.oa !== x.openalexId || b.h !== String(x.h)) {
          out.push(`${tag}: ${b.state} data-match=${JSON.stringify(b.match)} ${b.oa}, expected unmatched or this person (${x.openalexId}) inferred or as a guess`);
        }
        return;
      }
      if (b.state !== x.state) { out.push(`${tag}: ${b.state}, expected ${x.state}`); return; }
      if (x.state !== 'ready') return;
      for (const [attr, got, want] of [['data-h-index', b.h, x.h], ['data-cited-by', b.cited, x.cited], ['data-works', b.works, x.works], ['data-match', b.match, x.match]]) {
        if (got !== String(want)) out.push(`${tag}: ${attr}=${JSON.stringify(got)}, expected ${want}`);
      }
      if (x.openalexId && b.oa !== x.openalexId) out.push(`${tag}: data-openalex-id=${JSON.stringify(b.oa)}, expected ${x.openalexId}`);
    });
  }
  return out;
}
