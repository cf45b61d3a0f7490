import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../cache/cache';
import { createCatalog } from './catalog';
import { createHttp } from './http';
import { createOpenAlex } from './openalex';
import { createPaperPanels, groupInstitutions, PANEL_TTL, RELATED_MAX, tidyRelated } from './paper-panels';
import { createSemanticScholar } from './semantic-scholar';
import { andRecorded, MADE_UP_INSTITUTE, madeUpJson, recordedResponses } from './test-helpers';
import type { Institution, PaperAuthor, PaperSummary } from '../../catalog/types';

// Made-up answers (./testdata) always; the APIs' recorded ones too when they are beside the repo.
const RECORDED = recordedResponses('paper-panels.test');

type Json = Record<string, unknown>;
const load = (name: string) => JSON.parse(readFileSync(join(RECORDED!, name), 'utf8')) as Json;
const T0 = Date.UTC(2026, 7, 21, 8, 0, 0);

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const oa404 = () => new Response('<!doctype html><title>404 Not Found</title>', { status: 404, headers: { 'content-type': 'text/html' } });
const bare = (id: unknown) => String(id).replace('https://openalex.org/', '');

/** What the fake catalogs know; every field can be changed between calls. */
interface World {
  /** OpenAlex work of the paper (null: 404). */
  work: Json | null;
  /** S2 paper (null: 404). */
  s2Paper: Json | null;
  recent: Json[];
  allCs: Json[];
  /** Works OpenAlex lists for `/works?filter=ids.openalex:`, in the list's (cited-by) order. */
  works: Json[];
  /** OpenAlex author objects are this one with the asked id. */
  author: Json;
  s2Down: boolean;
  oaDown: boolean;
}

/**
 * A paper the fake catalogs know, and what the panels should show of it: made up (the paper of
 * ./testdata), or recorded (2312.07559, from the shared fixtures).
 */
interface Answers {
  answers: string;
  id: string;
  world: () => Omit<World, 's2Down' | 'oaDown'>;
  /** Each catalog's count and id for the paper. */
  s2: { citedBy: number; s2Id: string };
  openalex: { citedBy: number; openalexId: string };
  /** An S2 record merging preprint and journal version, and what the panel names of it. */
  merged: () => Json;
  journal: { citedBy: number; published: { venue: string; doi: string; year: number; source: 's2' } };
  /** A record whose authorships name institutions, and their groups. */
  withInstitutions: () => Json;
  institutions: { authorCount: number; groups: [string, number][]; first: { institution: Institution; authors: { name: string; openalexId: string }[] }; noCountry: string };
  /** The group of the authors' last known institution when the record names none. */
  lastKnown: { institution: Institution; names: string[] };
  /** The first recommendation as the panel shows it. */
  firstRelated: PaperSummary;
  /** OpenAlex's related works of the paper, hydrated. */
  related: { ids: string[]; second: Partial<PaperSummary> };
}

const s2PreprintOf = (paper: Json, id: string) => ({ ...paper, externalIds: { ArXiv: id, DOI: `10.48550/arXiv.${id}` }, journal: { name: 'ArXiv' }, venue: 'arXiv.org' });
const madeUpWorks = () => madeUpJson('openalex-works.json').results as Json[];
/** Two other papers, related to the made-up one. */
const madeUpRelated = () => [
  { ...madeUpWorks()[1], id: 'https://openalex.org/W5000000021', doi: 'https://doi.org/10.48550/arxiv.2607.90021', display_name: 'Made-Up Related Work One', cited_by_count: 5 },
  { ...madeUpWorks()[0], id: 'https://openalex.org/W5000000022', doi: 'https://doi.org/10.5555/made-up.2026.22', display_name: 'Made-Up Related Work Two', publication_year: 2025, cited_by_count: 12 },
];
const madeUpRecommendations = () => madeUpJson('s2-recommendations.json').recommendedPapers as Json[];

const ANSWERS = andRecorded<Answers>(
  RECORDED,
  {
    answers: 'made-up',
    id: '2607.90001',
    world: () => ({
      // The arXiv preprint's record (no institutions), its related works two other papers.
      work: { ...madeUpWorks()[1], related_works: ['https://openalex.org/W5000000021', 'https://openalex.org/W5000000022'] },
      s2Paper: s2PreprintOf(madeUpJson('s2-paper.json'), '2607.90001'),
      recent: madeUpRecommendations(),
      allCs: madeUpRecommendations().reverse(),
      works: madeUpRelated(),
      author: madeUpJson('openalex-author.json'),
    }),
    s2: { citedBy: 52, s2Id: '5e0d2a9c1b7f4e3a8d6c0b9a7f1e2d3c4b5a6978' },
    openalex: { citedBy: 9, openalexId: 'W5000000001' },
    merged: () => madeUpJson('s2-paper.json'),
    journal: { citedBy: 52, published: { venue: 'Journal of Made-Up Networking', doi: '10.5555/made-up.2026.17', year: 2026, source: 's2' } },
    withInstitutions: () => madeUpWorks()[0]!,
    institutions: {
      authorCount: 5,
      groups: [['Institute of Made-Up Networks', 3], ['Placeholder Polytechnic', 2], ['Lantern Foundation', 1]],
      first: {
        institution: MADE_UP_INSTITUTE,
        authors: [
          { name: 'Mira Okonkwo-Hale', openalexId: 'A5000000011' },
          { name: 'Fang Wang', openalexId: 'A5000000013' },
          { name: 'Paul Lindqvist', openalexId: 'A5000000014' },
        ],
      },
      noCountry: 'Lantern Foundation',
    },
    lastKnown: {
      institution: MADE_UP_INSTITUTE,
      names: ['Mira Okonkwo-Hale', 'Teodor Väisänen', 'Fang Wang', 'Paul Lindqvist', 'Ana Sofía Ruiz'],
    },
    firstRelated: {
      source: 's2', id: '01c0ffeec0ffeec0ffeec0ffeec0ffeec0ffee01', arxivId: '2606.90100', doi: null, title: 'Gossip in Made-Up Systems',
      authorNames: ['Placeholder Author 1'], year: 2026, citedBy: 200, catalogUrl: 'https://www.semanticscholar.org/paper/01c0ffeec0ffeec0ffeec0ffeec0ffeec0ffee01',
    },
    related: { ids: ['2607.90021', 'W5000000022'], second: { doi: '10.5555/made-up.2026.22', year: 2025, citedBy: 12, catalogUrl: 'https://openalex.org/W5000000022' } },
  },
  () => ({
    answers: 'recorded',
    id: '2312.07559',
    world: () => {
      const preprint = (load('openalex/list-title-search-arxiv-only-preprint.json').results as Json[])[0]!;
      return {
        // The recorded arXiv-only record of this paper, its related works pointing at the recorded list
        // (preprint first: OpenAlex lists them the other way round, by citations).
        work: { ...preprint, related_works: ['https://openalex.org/W4365597205', 'https://openalex.org/W4396723768'] },
        s2Paper: load('semanticscholar/paper-by-arxiv-doi-2312.07559.json'),
        recent: load('semanticscholar/recommendations-forpaper-recent.json').recommendedPapers as Json[],
        allCs: load('semanticscholar/recommendations-forpaper-all-cs.json').recommendedPapers as Json[],
        works: load('openalex/list-title-search-journal-and-arxiv-preprint-as-two-works.json').results as Json[],
        author: load('openalex/author-A5023888391.json'),
      };
    },
    s2: { citedBy: 111, s2Id: '7e55d8701785818776323b4147cb13354c820469' },
    openalex: { citedBy: 27, openalexId: 'W4389761608' },
    merged: () => load('semanticscholar/paper-by-doi-merged-preprint-and-journal.json'),
    journal: { citedBy: 500, published: { venue: 'Nature Machine Intelligence', doi: '10.1038/s42256-024-00832-8', year: 2023, source: 's2' } },
    withInstitutions: () => load('openalex/work-W2741809807.json'),
    institutions: {
      authorCount: 9,
      groups: [
        ['University of Washington', 3],
        ['Seattle University', 3],
        ['Impact Technology Development (United States)', 2],
        ['Université du Québec à Montréal', 2],
        ['Simon Fraser University', 2],
        ['Université de Montréal', 1],
        ['Public Knowledge Project', 1],
        ['University of Ottawa', 1],
      ],
      first: {
        institution: { openalexId: 'I201448701', rorId: '00cvxb145', name: 'University of Washington', countryCode: 'US' },
        authors: [
          { name: 'Bree Norlander', openalexId: 'A5015414792' },
          { name: 'Ashley Farley', openalexId: 'A5062989025' },
          { name: 'Jevin D. West', openalexId: 'A5046879461' },
        ],
      },
      noCountry: 'Public Knowledge Project',
    },
    lastKnown: {
      institution: { openalexId: 'I4200000001', rorId: '02nr0ka47', name: 'OurResearch', countryCode: 'CA' },
      names: ['Jakub Lála', 'Odhran O’Donoghue', 'Aleksandar Shtedritski', 'Sam Cox', 'Samuel G. Rodriques', 'Andrew Dickson White'],
    },
    // The recording asked for titles only: no year, citations, authors or link to make up.
    firstRelated: {
      source: 's2', id: '3e9bc879e8ba944d3e830e4b8565dfe6f2ec4bd8', arxivId: null, doi: null,
      title: 'Report shows slight improvement on grantmaker diversity, but compensation lagging behind inflation',
      authorNames: [], year: null, citedBy: null, catalogUrl: null,
    },
    related: { ids: ['2304.05376', 'W4396723768'], second: { doi: '10.1038/s42256-024-00832-8', year: 2024, citedBy: 236, catalogUrl: 'https://openalex.org/W4396723768' } },
  }),
);

function route(w: World, id: string, url: URL): Response {
  const openalex = url.host === 'api.openalex.org';
  if (openalex ? w.oaDown : w.s2Down) return json({ message: 'Internal server error' }, 500);
  const p = url.pathname;
  if (openalex) {
    if (p === `/works/doi:10.48550/arxiv.${id}`) return w.work ? json(w.work) : oa404();
    const filter = new Set((url.searchParams.get('filter') ?? '').replace(/^[^:]+:/, '').split('|'));
    if (p === '/works') return json({ meta: { count: 2 }, results: w.works.filter((x) => filter.has(bare(x.id))) });
    if (p === '/authors') return json({ meta: {}, results: [...filter].map((a) => ({ ...w.author, id: `https://openalex.org/${a}` })) });
    return oa404();
  }
  if (p === `/graph/v1/paper/ARXIV:${id}`) return w.s2Paper ? json(w.s2Paper) : json({ error: `Paper with id ARXIV:${id} not found` }, 404);
  if (p === `/recommendations/v1/papers/forpaper/ARXIV:${id}`) {
    if (!w.s2Paper) return json({ error: 'Paper not found' }, 404);
    return json({ recommendedPapers: url.searchParams.get('from') === 'all-cs' ? w.allCs : w.recent });
  }
  return json({ error: 'Not Found' }, 404);
}

/** Real clients, HTTP layer and cache over a fake network that knows `answers`; `sent` lists every request. */
function setup(answers: Answers, over: Partial<World> = {}) {
  const w: World = { ...answers.world(), s2Down: false, oaDown: false, ...over };
  let t = T0;
  const sent: URL[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    sent.push(url);
    return route(w, answers.id, url);
  });
  const http = createHttp({ fetch, now: () => t, random: () => 0.5, sleep: async (ms) => void (t += ms), wait: async (ms) => void (t += ms) });
  const openalex = createOpenAlex({ http, now: () => t });
  const s2 = createSemanticScholar({ http });
  const cache = createCache({ factory: new IDBFactory(), now: () => t });
  const catalog = createCatalog({ openalex, s2, cache });
  const panels = createPaperPanels({ catalog, cache, openalex, s2 });
  const paths = (since = 0) => sent.slice(since).map((u) => `${u.host === 'api.openalex.org' ? 'oa' : 's2'} ${u.pathname}`);
  return { panels, cache, w, sent, paths, advance: (ms: number) => (t += ms) };
}

const ids = (papers: PaperSummary[]) => papers.map((p) => p.arxivId ?? p.id);

describe.each(ANSWERS)('paper panels over the $answers answers', (answers) => {
  const ID = answers.id;
  const make = (over: Partial<World> = {}) => setup(answers, over);

  describe('citations', () => {
    it('shows Semantic Scholar’s count, with both catalog ids for the links', async () => {
      const { panels } = make();
      const r = await panels.citations(ID);
      expect(r.value).toEqual({
        known: true, source: 's2', citedBy: answers.s2.citedBy, s2Id: answers.s2.s2Id, openalexId: answers.openalex.openalexId,
        published: null, s2Failure: null,
        // Each catalog's own count, both shown by the panel (data-openalex-cited-by, data-s2-cited-by).
        counts: { s2: { value: answers.s2.citedBy, fetchedAt: T0 }, openalex: { value: answers.openalex.citedBy, fetchedAt: T0 } },
      });
      expect(r.fetchedAt).toBe(T0);
    });

    it('names the journal version S2 merged with the preprint', async () => {
      const { panels } = make({ s2Paper: answers.merged() });
      const r = await panels.citations(ID);
      expect(r.value).toMatchObject({ source: 's2', ...answers.journal });
    });

    it('falls back to OpenAlex’s count while S2 fails, and asks S2 again next time', async () => {
      const { panels, w } = make({ s2Down: true });
      const down = await panels.citations(ID);
      expect(down.value).toMatchObject({ known: true, source: 'openalex', citedBy: answers.openalex.citedBy, s2Failure: 'http' });
      w.s2Down = false;
      expect((await panels.citations(ID)).value).toMatchObject({ source: 's2', citedBy: answers.s2.citedBy, s2Failure: null });
    });

    it('uses OpenAlex when S2 does not know the paper; unknown to both is "unmatched", not an error', async () => {
      expect((await make({ s2Paper: null }).panels.citations(ID)).value).toMatchObject({ source: 'openalex', citedBy: answers.openalex.citedBy, s2Failure: null });
      expect((await make({ s2Paper: null, work: null }).panels.citations(ID)).value).toEqual({ known: false });
    });

    it('is an error when S2 fails and OpenAlex has no record (S2 might know it)', async () => {
      await expect(make({ s2Down: true, work: null }).panels.citations(ID)).rejects.toMatchObject({ kind: 'http' });
    });
  });

  describe('institutions', () => {
    it('groups the authorships’ institutions, most authors first', async () => {
      const { authorCount, groups, first, noCountry } = answers.institutions;
      const { panels } = make({ work: answers.withInstitutions() });
      const r = await panels.institutions(ID);
      if (!r.value.known) throw new Error('expected a known paper');
      expect(r.value.basis).toBe('paper');
      expect(r.value.authorCount).toBe(authorCount);
      expect(r.value.groups.map((g) => [g.institution.name, g.authors.length])).toEqual(groups);
      expect(r.value.groups[0]!.institution).toEqual(first.institution);
      expect(r.value.groups[0]!.authors).toEqual(first.authors);
      expect(r.value.groups.find((g) => g.institution.name === noCountry)!.institution.countryCode).toBeNull();
    });

    it('uses the authors’ last known institutions when the record names none, labelled as such', async () => {
      const { panels, paths } = make();
      const r = await panels.institutions(ID);
      expect(r.value).toMatchObject({ known: true, basis: 'last-known', authorCount: answers.lastKnown.names.length });
      if (!r.value.known) return;
      expect(r.value.groups).toHaveLength(1);
      expect(r.value.groups[0]!.institution).toEqual(answers.lastKnown.institution);
      expect(r.value.groups[0]!.authors.map((a) => a.name)).toEqual(answers.lastKnown.names);
      expect(paths()).toEqual([`oa /works/doi:10.48550/arxiv.${ID}`, 'oa /authors']);
    });

    it('is unmatched when OpenAlex has no record (S2 has no per-paper affiliations), an error when it fails', async () => {
      expect((await make({ work: null }).panels.institutions(ID)).value).toEqual({ known: false });
      await expect(make({ oaDown: true }).panels.institutions(ID)).rejects.toMatchObject({ kind: 'http' });
    });
  });

  describe('related papers', () => {
    it('maps the recommendations in S2’s order, at most 20, leaving out what S2 did not send', async () => {
      const { panels, paths, w } = make();
      const r = await panels.related(ID, 'A title of its own');
      if (!r.value.known) throw new Error('expected recommendations');
      expect(r.value).toMatchObject({ source: 's2', pool: 'recent', s2Failure: null });
      expect(r.value.papers).toHaveLength(RELATED_MAX);
      expect(r.value.papers.map((p) => p.id)).toEqual(w.recent.slice(0, RELATED_MAX).map((p) => p.paperId));
      expect(r.value.papers[0]).toEqual(answers.firstRelated);
      expect(paths()).toEqual([`s2 /graph/v1/paper/ARXIV:${ID}`, `s2 /recommendations/v1/papers/forpaper/ARXIV:${ID}`]);
    });

    it('asks the all-cs pool when the recent one is empty', async () => {
      const { panels, w, sent } = make({ recent: [] });
      const r = await panels.related(ID, null);
      expect(r.value).toMatchObject({ source: 's2', pool: 'all-cs' });
      if (r.value.known) expect(r.value.papers.map((p) => p.id)).toEqual(w.allCs.slice(0, RELATED_MAX).map((p) => p.paperId));
      expect(sent.map((u) => u.searchParams.get('from')).filter(Boolean)).toEqual(['recent', 'all-cs']);
    });

    it('hydrates OpenAlex’s related works in one call, in related_works order, when S2 fails', async () => {
      const { panels, paths } = make({ s2Down: true });
      const r = await panels.related(ID, null);
      expect(r.value).toMatchObject({ known: true, source: 'openalex', pool: null, s2Failure: 'http' });
      if (!r.value.known) return;
      expect(ids(r.value.papers)).toEqual(answers.related.ids);
      expect(r.value.papers[1]).toMatchObject(answers.related.second);
      // S2 failed on the paper itself, so its recommendations were not asked for.
      expect(paths().filter((p) => p.includes('recommendations'))).toEqual([]);
      expect(paths().filter((p) => p === 'oa /works')).toHaveLength(1);
    });

    it('costs nothing the second time (recommendations and hydrated works are cached)', async () => {
      for (const over of [{}, { s2Paper: null }]) {
        const { panels, sent, cache } = make(over);
        const first = await panels.related(ID, null);
        await cache.settle();
        const before = sent.length;
        expect((await panels.related(ID, null)).value).toEqual(first.value);
        expect(sent.length).toBe(before);
      }
    });

    it('answers stale recommendations at once after 3 days and refreshes them in the background', async () => {
      const { panels, cache, advance, paths } = make();
      await panels.related(ID, null);
      await cache.settle();
      advance(PANEL_TTL.recommendations + 1);
      const before = paths().length;
      const r = await panels.related(ID, null);
      expect(r.stale).toBe(true);
      await cache.settle();
      expect(paths(before)).toContain(`s2 /recommendations/v1/papers/forpaper/ARXIV:${ID}`);
    });

    it('is an error only when no catalog can answer', async () => {
      await expect(make({ s2Down: true, oaDown: true }).panels.related(ID, null)).rejects.toMatchObject({ kind: 'http' });
      await expect(make({ s2Down: true, work: null }).panels.related(ID, null)).rejects.toMatchObject({ kind: 'http' });
      expect((await make({ s2Paper: null, work: null }).panels.related(ID, null)).value).toEqual({ known: false });
    });
  });
});

const paper = (over: Partial<PaperSummary>): PaperSummary => ({
  source: 's2', id: 'p', arxivId: null, doi: null, title: 'A Perfectly Ordinary Title', authorNames: [], year: null, citedBy: null, catalogUrl: null, ...over,
});

describe('tidyRelated', () => {
  const self = { arxivId: '2406.05546', title: 'Training Through Failure: Effects of Data Consistency' };

  it('drops the paper itself, by arXiv id, arXiv DOI or title', () => {
    const out = tidyRelated([
      paper({ id: 'a', arxivId: '2406.05546' }),
      paper({ id: 'b', doi: '10.48550/arXiv.2406.05546' }),
      paper({ id: 'c', title: 'Training through failure — effects of data consistency', doi: '10.1145/1' }),
      paper({ id: 'd', title: 'Something else entirely' }),
    ], self);
    expect(out.map((p) => p.id)).toEqual(['d']);
  });

  it('shows a preprint and its journal version once (same id, DOI or title, transitively), keeping the first', () => {
    const out = tidyRelated([
      paper({ id: 'a', arxivId: '2301.00001', title: 'Sparse Attention at Scale' }),
      paper({ id: 'b', arxivId: '2301.00001', doi: '10.1/x', title: 'Sparse attention at scale (journal)' }),
      paper({ id: 'c', doi: '10.1/X', title: 'Another Paper Altogether' }),
      paper({ id: 'd', title: 'Sparse  <i>Attention</i> at Scalé' }),
      paper({ id: 'e', title: '$\\alpha$-Divergences in Practice' }),
      paper({ id: 'f', title: 'alpha divergences in practice' }),
    ], self);
    expect(out.map((p) => p.id)).toEqual(['a', 'e']);
  });

  it('does not merge short generic titles, drops untitled entries, and stops at 20', () => {
    expect(tidyRelated([paper({ id: 'a', title: 'Editorial' }), paper({ id: 'b', title: 'Editorial' }), paper({ id: 'c', title: '  ' })], self).map((p) => p.id))
      .toEqual(['a', 'b']);
    const many = Array.from({ length: 30 }, (_, i) => paper({ id: `p${i}`, title: `Distinct paper number ${i}` }));
    expect(tidyRelated(many, self).map((p) => p.id)).toEqual(many.slice(0, 20).map((p) => p.id));
  });
});

describe('groupInstitutions', () => {
  const inst = (id: string, name = `Institute ${id}`): Institution => ({ openalexId: id, rorId: null, name, countryCode: null });
  const author = (name: string, openalexId: string | null): PaperAuthor => ({ name, rawName: null, openalexId, s2Id: null, institutions: [], metrics: null });

  it('counts each author once per institution, ties in first-seen order', () => {
    const groups = groupInstitutions([
      { author: author('Ann', 'A1'), institutions: [inst('I1'), inst('I1')] },
      { author: author('Bo', 'A2'), institutions: [inst('I2'), inst('I1')] },
      { author: author('Cy', null), institutions: [inst('I3')] },
      { author: author('Di', null), institutions: [inst('I3')] },
    ]);
    expect(groups.map((g) => [g.institution.openalexId, g.authors.map((a) => a.name)])).toEqual([
      ['I1', ['Ann', 'Bo']],
      ['I3', ['Cy', 'Di']],
      ['I2', ['Bo']],
    ]);
  });

  it('groups institutions without ids by name', () => {
    const named = { openalexId: null, rorId: null, name: 'MIT', countryCode: null };
    const groups = groupInstitutions([
      { author: author('Ann', 'A1'), institutions: [named] },
      { author: author('Bo', 'A2'), institutions: [{ ...named, name: 'mit' }] },
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.authors).toHaveLength(2);
  });
});
