// A catalog for a whole listing or search page, served by FakeApis (e2e/fake-apis.mjs): every
// entry's paper in OpenAlex ("indexed"), only in Semantic Scholar ("s2only") or in neither
// ("fresh"), and one researcher per name across the page (arXiv writes a person the same way on
// every entry of a listing), so the same person on several entries is one profile.
//
// Every figure differs from every other (as in buildCatalog): a number shown from the wrong
// field, or from another person, fails.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness.mjs';

/** The arXiv page fixtures, read in place (never copied into the repo). */
export const ARXIV_PAGES = path.join(ROOT, '..', 'shared', 'fixtures', 'arxiv-pages');

/** A fixture page's HTML, or null (with a notice) when the fixtures are not on this machine. */
export function fixturePage(relative) {
  const file = path.join(ARXIV_PAGES, relative);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  console.warn(`      (skipped: ${path.relative(ROOT, file)} is absent; the arXiv page fixtures are not on this machine)`);
  return null;
}

const hash = (s) => Number.parseInt(createHash('sha1').update(s).digest('hex').slice(0, 8), 16);
const pad = (n, w) => String(n).padStart(w, '0');

/**
 * The entries of a listing or search page as a reader sees them, read in a plain tab (the
 * same rules as CONTRACT.md §5: author links with a letter, in order; `et al.` and stray `:`
 * are not authors). [{ id, names, category }]
 */
export async function readEntries(context, html) {
  const page = await context.newPage();
  try {
    await page.setContent(html, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    return await page.evaluate(() => {
      const bare = (href) => decodeURIComponent(href).replace(/^.*\/abs\//, '').replace(/v\d+$/, '');
      const names = (links) => [...links].map((a) => a.textContent.replace(/\s+/g, ' ').trim()).filter((t) => /\p{L}/u.test(t));
      const out = [];
      for (const li of document.querySelectorAll('li.arxiv-result')) {
        const a = li.querySelector('p.list-title a[href*="/abs/"]');
        if (a) out.push({ id: bare(a.getAttribute('href')), names: names(li.querySelectorAll('p.authors a')), category: li.querySelector('div.tags > span.tag.is-link')?.textContent.trim() ?? null });
      }
      if (out.length) return out;
      for (const dt of document.querySelectorAll('#dlpage dl > dt')) {
        const a = dt.querySelector('a[title="Abstract"]');
        const dd = dt.nextElementSibling;
        if (!a || dd?.tagName !== 'DD') continue;
        const primary = dd.querySelector('span.primary-subject')?.textContent.match(/\(([^()]+)\)\s*$/)?.[1] ?? null;
        out.push({ id: bare(a.getAttribute('href')), names: names(dd.querySelectorAll('div.list-authors a')), category: primary });
      }
      return out;
    });
  } finally {
    await page.close();
  }
}

/**
 * The catalog of a page's entries.
 * @param {{id: string, names: string[]}[]} entries
 * @param {object} [o]
 * @param {(k: number, entry: object) => 'indexed' | 's2only' | 'fresh'} [o.kindOf]  default: all indexed
 * @param {(name: string) => boolean} [o.unmatched]  names OpenAlex's and S2's records leave unresolved
 * @param {boolean} [o.sharedEarlier]  each fresh entry's first two authors wrote an earlier paper together
 */
export function listingCatalog(entries, { kindOf = () => 'indexed', unmatched = () => false, sharedEarlier = false } = {}) {
  const people = new Map();
  const person = (name) => {
    let p = people.get(name);
    if (!p) {
      const k = people.size;
      const h = 3 + (hash(name) % 60);
      p = {
        name,
        openalexId: `A59${pad(k, 8)}`,
        s2Id: `31${pad(k, 8)}`,
        h,
        cited: 5_000 + k * 37 + (hash(name) % 997),
        works: 40 + (hash(`${name}:w`) % 700),
        s2h: h + 2,
        s2cited: 6_000 + k * 41,
        s2papers: 50 + (hash(`${name}:p`) % 700),
        unmatched: unmatched(name),
      };
      people.set(name, p);
    }
    return p;
  };
  const kinds = entries.map((e, k) => kindOf(k, e));
  const works = [];
  const s2Papers = [];
  entries.forEach((e, k) => {
    const authors = e.names.map(person);
    const kind = kinds[k];
    if (kind === 'indexed') {
      works.push({
        id: `https://openalex.org/W47${pad(k, 8)}`,
        doi: `https://doi.org/10.48550/arxiv.${e.id.toLowerCase()}`,
        title: `Paper ${e.id}`,
        display_name: `Paper ${e.id}`,
        publication_year: 2026,
        cited_by_count: hash(e.id) % 400,
        authorships: authors.filter((p) => !p.unmatched).map((p) => ({
          author: { id: `https://openalex.org/${p.openalexId}`, display_name: p.name },
          raw_author_name: p.name,
          institutions: [],
        })),
        related_works: [],
        locations: [],
      });
    } else if (kind === 'fresh' && sharedEarlier && authors.length > 1) {
      works.push({
        id: `https://openalex.org/W46${pad(k, 8)}`,
        doi: `https://doi.org/10.48550/arxiv.1901.${pad(k, 5)}`,
        title: `Earlier paper ${k}`,
        display_name: `Earlier paper ${k}`,
        publication_year: 2019,
        cited_by_count: hash(`${e.id}:earlier`) % 90,
        authorships: authors.slice(0, 2).map((p) => ({ author: { id: `https://openalex.org/${p.openalexId}`, display_name: p.name }, raw_author_name: p.name, institutions: [] })),
        related_works: [],
        locations: [],
      });
    } else if (kind === 's2only') {
      s2Papers.push({
        paperId: createHash('sha1').update(`s2:${e.id}`).digest('hex'),
        externalIds: { ArXiv: e.id, DOI: `10.48550/arXiv.${e.id}` },
        title: `Paper ${e.id}`,
        year: 2026,
        citationCount: hash(e.id) % 300,
        venue: 'arXiv.org',
        journal: { name: 'ArXiv' },
        authors: authors.map((p) => ({
          authorId: p.unmatched ? null : p.s2Id, name: p.name, affiliations: [],
          hIndex: p.unmatched ? null : p.s2h, citationCount: p.unmatched ? null : p.s2cited, paperCount: p.unmatched ? null : p.s2papers,
        })),
      });
    }
  });
  const oaAuthors = {};
  for (const p of people.values()) {
    oaAuthors[p.openalexId] = {
      id: `https://openalex.org/${p.openalexId}`, display_name: p.name, orcid: null, works_count: p.works, cited_by_count: p.cited,
      summary_stats: { h_index: p.h, i10_index: p.h + 4, '2yr_mean_citedness': 1.5 }, last_known_institutions: [], topics: [], counts_by_year: [],
    };
  }
  return {
    entries,
    kinds,
    people,
    openalex: { work: null, authors: oaAuthors, related: [], works },
    s2: { paper: null, recommendations: { recent: [], 'all-cs': [] }, papers: s2Papers },
    /** What a correct badge of entry k's author i shows. */
    expected(k, i) {
      const p = person(entries[k].names[i]);
      const kind = kinds[k];
      if (p.unmatched) return { state: 'unmatched' };
      // No catalog has the paper: evidence may identify its author (never as a record, never
      // as someone else), or nothing does.
      if (kind === 'fresh') return { state: 'fresh', h: p.h, cited: p.cited, works: p.works, openalexId: p.openalexId };
      if (kind === 's2only') return { state: 'ready', h: p.s2h, cited: p.s2cited, works: p.s2papers, openalexId: null, match: 'record' };
      return { state: 'ready', h: p.h, cited: p.cited, works: p.works, openalexId: p.openalexId, match: 'record' };
    },
  };
}

/** Badges of a listing by entry: Map(arXiv id → Map(author index → attributes)), read in one pass. */
export function listingBadgeProbe() {
  const out = {};
  for (const el of document.querySelectorAll('[data-weft-paper]')) {
    const paper = el.getAttribute('data-weft-paper');
    (out[paper] ??= []).push({
      i: el.getAttribute('data-weft-author'), state: el.getAttribute('data-state'), h: el.getAttribute('data-h-index'),
      cited: el.getAttribute('data-cited-by'), works: el.getAttribute('data-works'), oa: el.getAttribute('data-openalex-id'),
      match: el.getAttribute('data-match'), followed: el.getAttribute('data-followed'), hidden: el.hidden,
      after: (el.previousSibling?.textContent ?? '').trim(), inEntry: !!el.closest('dd, li.arxiv-result'),
    });
  }
  return out;
}

/** Looks of arXiv's own stylesheet for listing screenshots (the fixtures link it; the fake does not serve it). */
export const LISTING_LOOK = `body { font: 15px/1.45 "Lucida Grande", Helvetica, Arial, sans-serif; margin: 0 2em; color: #111; }
  #header { background: #b31b1b; color: #fff; margin: 0 -2em 1em; padding: 0.6em 2em; } #header a { color: #fff; }
  a { color: #0066cc; text-decoration: none; } .list-title { font-size: 1.15em; font-weight: bold; margin: 0.2em 0; }
  dl#articles dt { margin-top: 1em; } dl#articles dd { margin-left: 1.5em; } .descriptor { display: none; }
  .list-subjects, .list-comments { font-size: 0.9em; color: #444; } #cu-identity, .search-block, footer, .mobile-header, .is-sr-only { display: none; }`;
