// Hostile catalog text and links, rendered for real: every API string Weft shows carries
// HTML/script payloads that count their own executions (window.__weftPwned), every URL field a
// javascript:/data:/http:/look-alike link. On the abs page (badges, card, panels) and in the
// popup (search results, researcher view, inbox), on the researcher page and in the settings'
// list of corrections: 0 scripts executed, 0 injected elements, only https links to known hosts,
// and the payloads shown as text.
/* global chrome -- evaluated in the extension's popup */

import { launch, until, waitForBadgeStates, sleep } from '../../e2e/harness.mjs';
import { tried } from '../ledger.mjs';
import { scenario, popupUrl, final, weftDomProbe, badHrefs } from './common.mjs';

const RUN = 'window.__weftPwned=(window.__weftPwned||0)+1';
const PAYLOADS = [`<img src=x onerror="${RUN}">`, `<script>${RUN}</script>`, `<svg onload="${RUN}"></svg>`, `"><iframe src="javascript:${RUN}">`];
const BAD_URLS = [`javascript:${RUN}`, ` JaVaScRiPt:${RUN}`, `data:text/html,<script>${RUN}</script>`, 'http://arxiv.org/abs/2406.05546',
  'https://arxiv.org.evil.example/abs/2406.05546', 'https://user:pw@openalex.org/W1', `\tjavascript:${RUN}`];
const p = (k) => PAYLOADS[k % PAYLOADS.length];
const u = (k) => BAD_URLS[k % BAD_URLS.length];

/** Every rendered string and URL field of the catalog made hostile (ids and raw names kept, so pairing still works). */
function poison(catalog) {
  const inst = (i, k) => ({ ...i, display_name: `${i.display_name} ${p(k)}`, ror: u(k) });
  Object.values(catalog.openalex.authors).forEach((a, k) => {
    Object.assign(a, { display_name: `${a.display_name} ${p(k)}`, orcid: u(k), last_known_institutions: a.last_known_institutions.map((i) => inst(i, k + 1)) });
    a.affiliations = a.affiliations.map((x) => ({ ...x, institution: inst(x.institution, k) }));
  });
  const { work, related } = catalog.openalex;
  work.display_name = `${work.display_name} ${p(0)}`;
  work.authorships.forEach((s, k) => {
    s.author.display_name = `${s.author.display_name} ${p(k)}`;
    s.author.orcid = u(k);
    s.institutions = s.institutions.map((i) => inst(i, k));
  });
  work.locations = [{ landing_page_url: u(0), source: { display_name: `Journal ${p(1)}`, type: 'journal' } }];
  related.forEach((w, k) => Object.assign(w, { title: `${w.title} ${p(k)}`, display_name: `${w.display_name} ${p(k)}`, doi: u(k), primary_location: { landing_page_url: u(k + 1) } }));
  const s2 = catalog.s2;
  Object.assign(s2.paper, { url: u(2), venue: p(3), journal: { name: `Journal ${p(2)}` } });
  for (const pool of Object.values(s2.recommendations)) {
    pool.forEach((r, k) => Object.assign(r, { title: `${r.title} ${p(k)}`, url: u(k), authors: r.authors.map((a) => ({ ...a, name: `${a.name} ${p(k + 1)}` })), externalIds: k % 2 ? { ...r.externalIds, ArXiv: null, DOI: u(k) } : r.externalIds }));
  }
}

/** Probe `page`; report what it measured; throw on anything executed, injected or linked badly. */
async function check(page, where, measured, { links = false } = {}) {
  await sleep(300); // let an injected handler (if any) fire
  const probe = await page.evaluate(weftDomProbe);
  measured.scripts += probe.pwned;
  const bad = badHrefs(probe.hrefs);
  const problems = [
    probe.pwned && `${probe.pwned} payload(s) executed`,
    probe.injected.length && `injected elements: ${probe.injected.slice(0, 3).join(' ')}`,
    bad.length && `bad links: ${bad.slice(0, 3).join(' ')}`,
    !/<(img|script|svg)\b/.test(probe.text) && 'no payload shown as text',
    links && !probe.hrefs.length && 'no Weft link found to check',
  ].filter(Boolean);
  if (problems.length) measured.problems.push(`${where}: ${problems.join('; ')}`);
  return probe;
}

export const tests = [
  {
    name: '[html-in-api-strings] [hostile-urls] payloads in every catalog string and URL: shown as text on the abs page, in the popup, on the researcher page and in the settings\' corrections; nothing runs, no bad link',
    fn: async () => {
      const sc = scenario({ n: 4, bend: poison });
      const measured = { scripts: 0, problems: [] };
      const s = await launch(sc.fake);
      const page = await s.open(sc.url);
      await waitForBadgeStates(page, [0, 1, 2, 3], final, { timeout: 15_000 });
      await until(async () => (await page.locator('[data-weft-panel][data-state="ready"]').count()) >= 3, { timeout: 15_000, what: 'the three panels ready' });
      await page.locator('[data-weft-author="0"] button').first().click();
      await page.locator('[data-weft-card]').waitFor({ timeout: 5000 });
      await check(page, 'abs page', measured, { links: true });

      const popup = await s.open(popupUrl(s));
      await popup.locator('[data-weft="search"]').fill(sc.catalog.people[0].name.split(' ')[1]);
      const row = popup.locator(`[data-weft-result="researcher:${sc.catalog.people[0].openalexId}"]`);
      await row.waitFor({ timeout: 10_000 });
      await check(popup, 'popup search', measured);
      await row.click();
      await until(async () => /<(img|script|svg)/.test(await popup.locator('body').innerText()), { timeout: 10_000, what: 'the researcher view' });
      await sleep(500);
      await check(popup, 'researcher view', measured);

      const A = sc.catalog.people[1].openalexId;
      await popup.evaluate((id) => chrome.runtime.sendMessage({ type: 'follow', id, name: `Followed ${'<img src=x onerror="window.__weftPwned=(window.__weftPwned||0)+1">'}` }), A);
      await until(async () => (await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'follows-state' }))).data?.follows?.[0]?.checkedAt, { timeout: 10_000, what: 'the first check' });
      const today = new Date().toISOString().slice(0, 10);
      sc.fake.addWork({
        id: 'https://openalex.org/W4700000001', doi: u(2), title: `Inbox ${p(0)}`, display_name: `Inbox ${p(0)} ${p(1)}`,
        publication_year: Number(today.slice(0, 4)), publication_date: today, created_date: today, type: 'preprint', cited_by_count: 0,
        related_works: [], locations: [{ landing_page_url: u(0) }], is_authors_truncated: false,
        authorships: [{ author_position: 'first', author: { id: `https://openalex.org/${A}`, display_name: p(2) }, institutions: [], raw_author_name: p(3) }],
      });
      await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'check-now' }));
      const inbox = await s.open(popupUrl(s));
      await inbox.locator('[data-weft-new-paper]').first().waitFor({ timeout: 10_000 });
      await check(inbox, 'popup inbox', measured);

      // The researcher page, which shows the most catalog text (names, institutions, works, co-authors).
      const researcher = await s.open(`chrome-extension://${s.extensionId}/researcher.html#${A}`);
      await researcher.locator(`[data-weft-researcher="${A}"][data-state="ready"]`).waitFor({ timeout: 15_000 });
      await sleep(800); // works and co-authors load after the profile
      await check(researcher, 'researcher page', measured, { links: true });

      // The settings page's list of corrections: names as an imported file wrote them.
      const file = JSON.stringify({
        format: 'weft-follows', version: 2, follows: [{ id: 'A5000000099', name: `Imported ${p(0)}` }],
        corrections: PAYLOADS.map((x, k) => ({ arxivId: sc.id, index: k, name: `Corrected ${x}`, openalexId: k % 2 ? A : null, coauthors: [x] })),
      });
      await popup.evaluate((text) => chrome.runtime.sendMessage({ type: 'import-follows', text }), file);
      const options = await s.open(`chrome-extension://${s.extensionId}/options.html`);
      await options.locator('[data-weft-correction]').first().waitFor({ timeout: 10_000 });
      await check(options, 'settings: corrections', measured, { links: true });

      tried('html-in-api-strings', { scriptsExecuted: measured.scripts });
      tried('hostile-urls', { scriptsExecuted: measured.scripts });
      if (measured.problems.length) throw new Error(measured.problems.join(' || '));
    },
  },
];
