// The world of the same-day alert tests (same-day.e2e.mjs, accessibility.e2e.mjs): an abs page whose
// author #1 the reader follows, their co-author #2, a namesake of #1 with a friend of their own, the
// evening's announcement in arXiv's listing (FakeApis#setAnnouncement), and the popup's hooks.
/* global chrome -- evaluated in the extension's service worker */

import { launch, until, waitForBadgeStates, followFromCard } from './harness.mjs';
import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { absPage, makeAuthors } from './pages.mjs';

const ID = '2406.05546';
const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';
const yymm = () => new Date().toISOString().slice(2, 7).replace('-', '');
export const paperId = (k) => `${yymm()}.${String(91_000 + k).padStart(5, '0')}`;

/** The abs page of a paper by four people; the reader follows #1, whose co-author #2 is on the evening's paper. */
export function scenario(seed) {
  const authors = makeAuthors(4, 7);
  const catalog = buildCatalog({ arxivId: ID, title: TITLE, authors, seed });
  const [, me, coauthor, other] = catalog.people;
  // A namesake: the same name, another profile, more cited, writing with a friend of theirs.
  const namesake = { ...catalog.openalex.authors[me.openalexId], id: 'https://openalex.org/A5999000001', cited_by_count: 99_999, works_count: 400 };
  const friend = { ...catalog.openalex.authors[other.openalexId], id: 'https://openalex.org/A5999000002', display_name: 'Bo Friendly', display_name_alternatives: ['Bo Friendly'] };
  catalog.openalex.authors.A5999000001 = namesake;
  catalog.openalex.authors.A5999000002 = friend;
  const fake = new FakeApis(catalog, { pages: { [ID]: absPage({ id: ID, title: TITLE, authors }) } });
  fake.addWork(work('W4999000009', '2401.00009', [['A5999000001', me.name], ['A5999000002', 'Bo Friendly']], '2024-01-05'));
  return { catalog, fake, me, coauthor, other, url: `https://arxiv.org/abs/${ID}` };
}

/** An OpenAlex work as the fake serves it: `authors` = [[A id, name], …]. */
export function work(wid, arxivId, authors, created = new Date().toISOString().slice(0, 10)) {
  return {
    id: `https://openalex.org/${wid}`, doi: `https://doi.org/10.48550/arxiv.${arxivId}`, title: `Recorded ${arxivId}`, display_name: `Recorded ${arxivId}`,
    publication_year: Number(created.slice(0, 4)), publication_date: created, created_date: created, updated_date: `${created}T00:00:00`,
    type: 'preprint', cited_by_count: 0, related_works: [], locations: [], is_authors_truncated: false,
    authorships: authors.map(([id, name], k) => ({ author_position: k ? 'middle' : 'first', author: { id: `https://openalex.org/${id}`, display_name: name }, institutions: [], raw_author_name: name })),
  };
}

export const entry = (k, authors, over = {}) => ({ id: paperId(k), title: `Evening paper ${k}`, authors, categories: ['cs.DC'], abstract: 'We study things.', ...over });
export const popupUrl = (s) => `chrome-extension://${s.extensionId}/popup.html`;
export const toolbarBadge = (s) => s.sw.evaluate(() => chrome.action.getBadgeText({}));
export const hooks = (popup) => popup.evaluate(() => [...document.querySelectorAll('[data-weft-new-paper]')].map((e) => ({
  id: e.getAttribute('data-weft-new-paper'), source: e.getAttribute('data-source'), match: e.getAttribute('data-match'), for: e.getAttribute('data-weft-for'),
  guess: e.classList.contains('guess'), text: e.textContent,
})));

/** Follows page author #1 from their card; returns the session and the popup (Following tab). */
export async function followed(sc) {
  const s = await launch(sc.fake);
  const page = await s.open(sc.url);
  await waitForBadgeStates(page, [1], (st) => st === 'ready');
  await followFromCard(page, 1);
  await page.close();
  const popup = await s.open(popupUrl(s));
  await popup.locator('#tab-following').click();
  await popup.locator(`[data-weft-followed="${sc.me.openalexId}"]`).waitFor({ timeout: 10_000 });
  // What Weft learns of them at the follow (their latest works) is what the evening's read uses.
  await until(() => popup.locator('[data-weft-alert-mode="arxiv"]').count(), { timeout: 10_000, what: 'same-day alerts on, watching their categories' });
  return { s, popup };
}

export async function checkNow(popup) {
  await popup.locator('#tab-following').click();
  const button = popup.locator('.check-bar [data-weft-action="check-now"]');
  await button.click();
  await until(async () => !(await button.isDisabled()) && (await popup.locator('.check-result').count()) > 0, { timeout: 20_000, what: 'the check to finish' });
}

export const countOf = (popup, id) => popup.locator(`[data-weft-followed="${id}"]`).getAttribute('data-new-count');

/**
 * The clock of `where` (the service worker, whose same-day alerts read Date.now at each call, or
 * the popup, which says when a paper was announced) at `iso`.
 */
export const setClock = (where, iso) => where.evaluate((target) => {
  const real = (globalThis.__weftRealNow ??= Date.now.bind(Date));
  const offset = target - real();
  Date.now = () => real() + offset;
}, Date.parse(iso));

/**
 * The bench's evening (bench/run.mjs, "same-day"): `followed` researchers, each with one earlier
 * work and two co-authors of their own, imported from a follow file; an announcement of `items`
 * papers (about 1.5 kB each with its abstract, as arXiv's listing prints them) in which 30 are
 * theirs with a known co-author, 10 carry a followed name with a stranger (guesses), and 10 are a
 * namesake's, who shares an earlier work with their co-author there.
 */
export function sameDayBench({ followed = 100, items = 2000, seed = 81 } = {}) {
  const catalog = buildCatalog({ arxivId: '2406.05546', title: 'Bench', authors: makeAuthors(4, 7), seed });
  const template = Object.values(catalog.openalex.authors)[0];
  const profile = (id, name) => ({ ...template, id: `https://openalex.org/${id}`, display_name: name, display_name_alternatives: [name], orcid: null });
  // Under the catalogs' real caps and latency, as the bench's other rows (FakeApis twist `net`).
  const fake = new FakeApis(catalog, { twists: { net: true } });
  const names = makeAuthors(followed * 4 + 40, 300).map((a) => `${a.first} ${a.last}`);
  const people = Array.from({ length: followed }, (_, i) => ({
    id: `A58${String(i).padStart(8, '0')}`, name: names[i],
    coauthors: [[`A581${String(2 * i).padStart(7, '0')}`, names[followed + 2 * i]], [`A581${String(2 * i + 1).padStart(7, '0')}`, names[followed + 2 * i + 1]]],
  }));
  const topic = { id: 'https://openalex.org/T10054', display_name: 'Machine learning', field: { id: 'https://openalex.org/fields/17', display_name: 'Computer Science' } };
  people.forEach((p, i) => {
    catalog.openalex.authors[p.id] = profile(p.id, p.name);
    for (const [id, name] of p.coauthors) catalog.openalex.authors[id] = profile(id, name);
    fake.addWork({ ...work(`W48${String(i).padStart(8, '0')}`, `2501.${String(10_000 + i).padStart(5, '0')}`, [[p.id, p.name], ...p.coauthors], '2025-01-10'), primary_topic: topic });
  });
  // Namesakes of the first ten, each with a friend they wrote with.
  const friends = names.slice(followed * 3, followed * 3 + 10);
  for (let i = 0; i < 10; i++) {
    const ns = `A582${String(i).padStart(7, '0')}`;
    const fr = `A583${String(i).padStart(7, '0')}`;
    catalog.openalex.authors[ns] = { ...profile(ns, people[i].name), cited_by_count: 50_000 };
    catalog.openalex.authors[fr] = profile(fr, friends[i]);
    fake.addWork(work(`W49${String(i).padStart(8, '0')}`, `2402.${String(10_000 + i).padStart(5, '0')}`, [[ns, people[i].name], [fr, friends[i]]], '2024-02-10'));
  }
  const abstract = 'We propose a method and study it at length. '.repeat(20).trim();
  // Names no followed researcher has (makeAuthors repeats itself beyond 3,000 names).
  const letters = (n) => { let t = ''; do { t += String.fromCharCode(97 + (n % 26)); n = Math.floor(n / 26); } while (n); return t; };
  const strangers = Array.from({ length: items * 4 + 40 }, (_, k) => `Xa${letters(k)} Zu${letters(k * 7 + 3)}`);
  const entries = Array.from({ length: items }, (_, k) => {
    const id = `${yymm()}.${String(20_000 + k).padStart(5, '0')}`;
    const base = { id, title: `Announced paper ${k} on learning`, categories: ['cs.LG'], abstract };
    if (k < 30) return { ...base, authors: [people[k].name, people[k].coauthors[0][1], strangers[4 * k]] };
    if (k < 40) return { ...base, authors: [people[k].name, strangers[4 * k]] };
    if (k < 50) return { ...base, authors: [friends[k - 40], people[k - 40].name] };
    return { ...base, authors: strangers.slice(4 * k, 4 * k + 4) };
  });
  const file = JSON.stringify({ format: 'weft-follows', version: 3, follows: people.map((p) => ({ id: p.id, name: p.name })) });
  return { fake, people, entries, file };
}
