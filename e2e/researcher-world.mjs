// A researcher for the researcher-page tests and the bench: page author 0 of an ordinary
// buildCatalog() world, given a career — topics in two fields, counts_by_year with the holes
// OpenAlex leaves (years with no works and no citations are not listed), and `works` works with
// a circle of co-authors of very different frequencies, single-author works, journal versions
// and arXiv-only preprints. What the page must show is computed from these objects by the
// functions below, independently of Weft's code.

import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { absPage, makeAuthors } from './pages.mjs';

export const ARXIV_ID = '2406.05546';
const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';
const pad = (n, w) => String(n).padStart(w, '0');
const oa = (id) => `https://openalex.org/${id}`;

const TOPICS = [
  ['T10054', 'Parallel Computing and Optimization Techniques', 17, 'Computer Science', 1705, 'Computer Networks and Communications'],
  ['T10630', 'Federated Learning and Privacy', 17, 'Computer Science', 1702, 'Artificial Intelligence'],
  ['T11612', 'Stochastic Gradient Optimization Techniques', 26, 'Mathematics', 2604, 'Applied Mathematics'],
].map(([id, name, fid, field, sid, subfield]) => ({
  id: oa(id), display_name: name,
  subfield: { id: `https://openalex.org/subfields/${sid}`, display_name: subfield },
  field: { id: `https://openalex.org/fields/${fid}`, display_name: field },
  domain: { id: 'https://openalex.org/domains/3', display_name: 'Physical Sciences' },
}));

/**
 * @param {object} [o]
 * @param {number} [o.works]  how many works the researcher has besides the world's arXiv paper
 * @param {number} [o.seed]
 * @param {string|null} [o.mergedFrom]  an old id OpenAlex merged into the researcher's
 * @param {object} [o.twists]  FakeApis twists
 */
export function researcherScenario({ works: n = 60, seed = 31, mergedFrom = null, twists = {} } = {}) {
  const authors = makeAuthors(4);
  const catalog = buildCatalog({ arxivId: ARXIV_ID, title: TITLE, authors, seed });
  const person = catalog.people[0];
  const id = person.openalexId;
  const author = catalog.openalex.authors[id];
  const thisYear = new Date().getUTCFullYear();
  // Ten years; one in the middle (thisYear-4) has nothing and is left out, as OpenAlex does.
  const hole = thisYear - 4;
  author.counts_by_year = Array.from({ length: 10 }, (_, k) => thisYear - k)
    .filter((y) => y !== hole)
    .map((y, k) => ({ year: y, works_count: (y * 7 + k) % 9, cited_by_count: 100 + ((y * 37) % 400) }));
  author.topics = TOPICS.map((t, k) => ({ ...t, count: [23, 14, 9][k] }));
  author.display_name_alternatives = [person.name, `${person.name.split(' ')[0][0]}. ${person.name.split(' ').slice(1).join(' ')}`];

  // co-authors: A590… ids, person k appears on works where (i * (k + 3)) % (k + 2) === 0 — k small = often
  const circle = Array.from({ length: 16 }, (_, k) => ({ id: `A590${pad(seed, 3)}${pad(k, 5)}`, name: `Colleague ${String.fromCharCode(65 + k)} Example` }));
  const works = [];
  for (let i = 0; i < n; i++) {
    const year = thisYear - (i % 10);
    const co = circle.filter((c, k) => (i * (k + 3)) % (k + 2) === 0 && i % 11 !== 5);
    const single = i % 11 === 5;
    const slot = single ? 0 : i % 3 === 0 ? 0 : i % 3 === 1 ? co.length : Math.min(1, co.length);
    const names = [...co];
    names.splice(slot, 0, { id, name: person.name });
    const wid = `W7${pad(seed, 3)}${pad(i, 6)}`;
    const arxiv = i % 4 === 3 ? null : `${String(year).slice(2)}${pad((i % 12) + 1, 2)}.${pad(10000 + i, 5)}`;
    const journal = i % 5 === 0;
    const doi = journal ? `https://doi.org/10.5555/journal.${seed}.${i}` : arxiv ? `https://doi.org/10.48550/arxiv.${arxiv}` : null;
    works.push({
      id: oa(wid),
      doi,
      title: `Study ${i + 1} of elastic ${i % 2 ? 'training' : 'inference'}`,
      display_name: `Study ${i + 1} of elastic ${i % 2 ? 'training' : 'inference'}`,
      publication_year: year,
      publication_date: `${year}-${pad((i % 12) + 1, 2)}-01`,
      ids: { openalex: oa(wid), ...(doi ? { doi } : {}) },
      type: journal ? 'article' : 'preprint',
      primary_location: arxiv ? { is_oa: true, landing_page_url: `https://arxiv.org/abs/${arxiv}`, source: { display_name: 'arXiv (Cornell University)', type: 'repository' } } : null,
      locations: [
        ...(arxiv ? [{ landing_page_url: `https://arxiv.org/abs/${arxiv}`, source: { display_name: 'arXiv (Cornell University)', type: 'repository' } }] : []),
        ...(journal ? [{ landing_page_url: doi, source: { display_name: 'Journal of Elastic Systems', type: 'journal' } }] : []),
      ],
      authorships: names.map((a, k) => ({
        author_position: k === 0 ? 'first' : k === names.length - 1 ? 'last' : 'middle',
        author: { id: oa(a.id), display_name: a.name, orcid: null },
        institutions: [],
        raw_author_name: a.name,
      })),
      cited_by_count: (i * 53) % 97 + (i === 7 ? 500 : 0),
      topics: [TOPICS[i % 3], ...(i % 4 === 0 ? [TOPICS[(i + 1) % 3]] : [])].map((t) => ({ ...t, score: 0.9 })),
      primary_topic: { ...TOPICS[i % 3], score: 0.9 },
      related_works: [],
      created_date: `${year}-${pad((i % 12) + 1, 2)}-03`,
    });
  }
  // the co-authors have profiles of their own (their pages open from the graph)
  for (const [k, c] of circle.entries()) {
    catalog.openalex.authors[c.id] = {
      ...author, id: oa(c.id), display_name: c.name, display_name_alternatives: [], orcid: null,
      works_count: 20 + k, cited_by_count: 900 + k, summary_stats: { '2yr_mean_citedness': 1.5, h_index: 9 + k, i10_index: 7 + k },
    };
  }
  const fake = new FakeApis(catalog, {
    pages: { [ARXIV_ID]: absPage({ id: ARXIV_ID, title: TITLE, authors }) },
    twists: { ...(mergedFrom ? { merged: { [mergedFrom]: id } } : {}), ...twists },
  });
  for (const w of works) fake.addWork(w);
  // every work the catalog finds for them: these and the arXiv paper of the world
  return { catalog, fake, person, id, author, works: [catalog.openalex.work, ...works], hole, thisYear, url: `https://arxiv.org/abs/${ARXIV_ID}` };
}

/** Per co-author (bare A id): the works of `works` that name both them and `id`. */
export function sharedWorks(id, works) {
  const out = new Map();
  for (const w of works) {
    const ids = new Set(w.authorships.map((a) => a.author.id.replace('https://openalex.org/', '')));
    if (!ids.has(id)) continue;
    for (const x of ids) if (x !== id) out.set(x, (out.get(x) ?? 0) + 1);
  }
  return out;
}

/** First / middle / last / single counts of `id` over `works`. */
export function positionsOf(id, works) {
  const p = { first: 0, middle: 0, last: 0, single: 0 };
  for (const w of works) {
    const mine = w.authorships.find((a) => a.author.id.endsWith(`/${id}`));
    if (!mine) continue;
    if (w.authorships.length === 1) p.single++;
    else p[mine.author_position]++;
  }
  return p;
}

/** The hook value a work is shown with: its arXiv id, else its W id. */
export function workHook(w) {
  const arxiv = w.doi?.match(/10\.48550\/arxiv\.(.+)$/)?.[1] ?? w.locations?.find((l) => l.landing_page_url?.includes('arxiv.org/abs/'))?.landing_page_url.split('/abs/')[1];
  return arxiv ?? w.id.replace('https://openalex.org/', '');
}

/** What the researcher page shows, read from its hooks (document order). */
export function researcherPageProbe() {
  const a = (el, n) => el.getAttribute(n);
  const root = document.querySelector('[data-weft-researcher]');
  const chart = (hook) => [...document.querySelectorAll(`[data-weft-chart="${hook}"] [data-year]`)].map((el) => [Number(a(el, 'data-year')), Number(a(el, 'data-count'))]);
  return {
    id: root && a(root, 'data-weft-researcher'),
    state: root && a(root, 'data-state'),
    h: root && a(root, 'data-h-index'), i10: root && a(root, 'data-i10-index'), cited: root && a(root, 'data-cited-by'), works: root && a(root, 'data-works'),
    citations: chart('citations-per-year'),
    output: chart('works-per-year'),
    coauthors: [...document.querySelectorAll('[data-weft-coauthor]')].map((el) => [a(el, 'data-weft-coauthor'), Number(a(el, 'data-shared-works')), el.closest('svg') ? 'graph' : 'list']),
    positions: Object.fromEntries([...document.querySelectorAll('[data-weft-position]')].map((el) => [a(el, 'data-weft-position'), Number(a(el, 'data-count'))])),
    worksShown: [...document.querySelectorAll('[data-weft-work]')].map((el) => a(el, 'data-weft-work')),
    loading: document.querySelectorAll('[data-state="loading"]').length,
    hash: location.hash,
  };
}
