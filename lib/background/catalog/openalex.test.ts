import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHttp } from './http';
import { createOpenAlex, type OpenAlexOptions } from './openalex';
import { createBudgetMemory } from './openalex/budget';
import { andRecorded, failure, MADE_UP_INSTITUTE, madeUp, madeUpJson, recordedResponses } from './test-helpers';
import { arxivDoi } from '../../arxiv/ids';

// Made-up answers (./testdata) always; OpenAlex's recorded ones too when they are beside the repo.
const RECORDED = recordedResponses('openalex.test', 'openalex');

type Json = Record<string, unknown>;
const read = (name: string) => readFileSync(join(RECORDED!, name), 'utf8');
const load = (name: string) => JSON.parse(read(name)) as Json;
const T0 = Date.UTC(2026, 7, 21, 8, 0, 0);

/** The made-up list: the journal version of 2607.90001 and its arXiv preprint, as two works. */
const madeUpWorks = () => madeUpJson('openalex-works.json').results as Json[];
const madeUpPreprint = () => madeUpWorks()[1]!;
const madeUpJournal = () => madeUpWorks()[0]!;
const madeUpAuthor = () => madeUpJson('openalex-author.json');

const WORK_SELECT = ['id', 'doi', 'display_name', 'publication_year', 'cited_by_count', 'authorships', 'related_works', 'locations'];
const SUMMARY_SELECT = ['id', 'doi', 'display_name', 'publication_year', 'cited_by_count', 'authorships', 'locations'];
const ALERT_SELECT = ['id', 'doi', 'display_name', 'publication_date', 'created_date', 'authorships', 'locations'];
const AUTHOR_SELECT = ['id', 'display_name', 'orcid', 'works_count', 'cited_by_count', 'summary_stats', 'last_known_institutions'];

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
const html404 = (body: string) => new Response(body, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
const notFound = () => html404(madeUp('openalex-404.html'));

/** What `select=` does at OpenAlex: only the named top-level fields, null when absent. */
function project(obj: Json, url: URL): Json {
  const select = url.searchParams.get('select');
  return select ? Object.fromEntries(select.split(',').map((f) => [f, obj[f] ?? null])) : obj;
}

/** The list envelope around `results`, projected like OpenAlex would. */
function list(results: Json[], url: URL, meta: Json = {}): Json {
  const envelope = madeUpJson('openalex-works.json');
  return {
    ...envelope,
    meta: { ...(envelope.meta as Json), count: results.length, per_page: Number(url.searchParams.get('per_page') ?? 25), ...meta },
    results: results.map((r) => project(r, url)),
  };
}

/** The headers and body of a QUOTED recording. */
function quoted(raw: string, status = 429): Response {
  const lines = raw.split('\n').filter((l) => !l.startsWith('#'));
  const blank = lines.indexOf('');
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const h of lines.slice(1, blank)) headers.set(h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 1).trim());
  return new Response(lines.slice(blank + 1).join('\n'), { status, headers });
}

function client(route: (url: URL) => Response | Promise<Response>, opts: Partial<OpenAlexOptions> = {}) {
  let t = T0;
  const urls: URL[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    return route(url);
  });
  const now = () => t;
  const http = createHttp({ fetch, now, random: () => 0.5, sleep: async (ms) => void (t += ms), wait: async (ms) => void (t += ms) });
  return { oa: createOpenAlex({ http, now, ...opts }), urls, fetch };
}

const selectOf = (url: URL) => url.searchParams.get('select')?.split(',');
const filterValues = (url: URL, key: string) =>
  url.searchParams
    .get('filter')!
    .split(',')
    .find((c) => c.startsWith(`${key}:`))!
    .slice(key.length + 1)
    .split('|');


describe('OpenAlex client', () => {
  const recordedPreprint = () => (load('list-title-search-arxiv-only-preprint.json').results as Json[])[0]!;
  const recordedTwoWorks = () => load('list-title-search-journal-and-arxiv-preprint-as-two-works.json').results as Json[];
  const priem = () => load('author-A5023888391.json');

  it.each(andRecorded(
    RECORDED,
    { answers: 'made-up', work: madeUpJournal, author: madeUpAuthor },
    () => ({ answers: 'recorded', work: () => load('work-singleton-by-doi-W4408732759.json'), author: priem }),
  ))('selects only fields the $answers objects have', ({ work, author }) => {
    const workKeys = Object.keys(work());
    const authorKeys = Object.keys(author());
    for (const f of [...WORK_SELECT, ...SUMMARY_SELECT, ...ALERT_SELECT]) expect(workKeys).toContain(f);
    for (const f of [...AUTHOR_SELECT, 'topics', 'counts_by_year', 'display_name_alternatives', 'affiliations']) expect(authorKeys).toContain(f);
  });

  describe('workByArxivId', () => {
    it('asks the free DOI singleton, version stripped, for exactly the fields it reads', async () => {
      const { oa, urls } = client((url) => json(project(madeUpPreprint(), url)));
      await oa.workByArxivId('arXiv:2607.90001v3');
      expect(urls).toHaveLength(1);
      expect(urls[0]!.origin + urls[0]!.pathname).toBe('https://api.openalex.org/works/doi:10.48550/arxiv.2607.90001');
      expect([...urls[0]!.searchParams.keys()]).toEqual(['select']);
      expect(selectOf(urls[0]!)).toEqual(WORK_SELECT);
    });

    it('lower-cases old-style ids into the DOI', async () => {
      const { oa, urls } = client(notFound);
      await failure(oa.workByArxivId('math.GT/0309136v2'));
      // The DOI form itself is decided (and tested) in lib/arxiv/ids.ts.
      expect(urls[0]!.pathname).toBe(`/works/doi:${arxivDoi('math.GT/0309136')}`);
    });

    it.each(andRecorded(
      RECORDED,
      {
        answers: 'made-up', work: madeUpPreprint, arxivId: '2607.90001',
        record: { openalexId: 'W5000000001', title: 'Gossip Rounds for Sparse Parameter Exchange in O(log n) Steps', year: 2026, citedBy: 9 },
        authors: [
          ['Mira Okonkwo-Hale', 'Okonkwo-Hale, Mira', 'A5000000011'],
          ['Teodor Väisänen', 'Väisänen, Teodor', 'A5000000012'],
          ['Fang Wang', '王芳', 'A5000000013'],
          ['Paul Lindqvist', 'Lindqvist Jr., Paul', 'A5000000014'],
          ['Ana Sofía Ruiz', 'Ruiz, Ana Sofía', 'A5000000015'],
        ],
        related: ['W5000000002', 'W5000000021'],
      },
      () => ({
        answers: 'recorded', work: recordedPreprint, arxivId: '2312.07559',
        record: { openalexId: 'W4389761608', title: 'PaperQA: Retrieval-Augmented Generative Agent for Scientific Research', year: 2023, citedBy: 27 },
        authors: [
          ['Jakub Lála', 'Lála, Jakub', 'A5092171854'],
          ['Odhran O’Donoghue', "O'Donoghue, Odhran", 'A5050347345'],
          ['Aleksandar Shtedritski', 'Shtedritski, Aleksandar', 'A5025880600'],
          ['Sam Cox', 'Cox, Sam', 'A5101971357'],
          ['Samuel G. Rodriques', 'Rodriques, Samuel G.', 'A5061828831'],
          ['Andrew Dickson White', 'White, Andrew D.', 'A5103115676'],
        ],
        related: ['W972276598', 'W4321353415'],
      }),
    ))('maps the $answers arXiv-only preprint', async ({ work, arxivId, record, authors, related }) => {
      const { oa } = client((url) => json(project(work(), url)));
      const paper = await oa.workByArxivId(arxivId);
      expect(paper).toMatchObject({ source: 'openalex', arxivId, s2Id: null, journalDoi: null, journalName: null, ...record });
      expect(paper.authors.map((a) => [a.name, a.rawName, a.openalexId])).toEqual(authors);
      expect(paper.authors.every((a) => a.institutions.length === 0 && a.metrics === null && a.s2Id === null)).toBe(true);
      expect(paper.relatedOpenAlexIds.slice(0, 2)).toEqual(related);
    });

    it.each(andRecorded(
      RECORDED,
      {
        answers: 'made-up journal work W5000000002', work: madeUpJournal,
        record: {
          openalexId: 'W5000000002', title: 'Gossip Rounds for Sparse Parameter Exchange in O(log n) Steps', year: 2026, citedBy: 41,
          journalDoi: '10.5555/made-up.2026.17', journalName: 'Journal of Made-Up Networking',
        },
        authorCount: 5, first: { name: 'Mira Okonkwo-Hale', openalexId: 'A5000000011' },
        institution: MADE_UP_INSTITUTE,
        related: { count: 2, first: 'W5000000021' },
      },
      () => ({
        answers: 'recorded journal work singleton W4408732759', work: () => load('work-singleton-by-doi-W4408732759.json'),
        record: {
          openalexId: 'W4408732759', title: 'High-throughput screening of human genetic variants by pooled prime editing', year: 2025, citedBy: 3,
          journalDoi: '10.1016/j.xgen.2025.100814', journalName: 'Cell Genomics',
        },
        authorCount: 6, first: { name: 'Michael Herger', openalexId: 'A5067011895' },
        institution: { openalexId: 'I2801081054', rorId: '04tnbqb63', name: 'The Francis Crick Institute', countryCode: 'GB' },
        related: { count: 10, first: 'W580487332' },
      }),
    ))('maps the $answers', async ({ work, record, authorCount, first, institution, related }) => {
      const { oa } = client((url) => json(project(work(), url)));
      const paper = await oa.workByArxivId('2503.00001');
      expect(paper).toMatchObject(record);
      expect(paper.authors).toHaveLength(authorCount);
      expect(paper.authors[0]).toMatchObject(first);
      expect(paper.authors[0]!.institutions[0]).toEqual(institution);
      expect(paper.relatedOpenAlexIds).toHaveLength(related.count);
      expect(paper.relatedOpenAlexIds[0]).toBe(related.first);
    });

    it.each(andRecorded(
      RECORDED,
      { answers: 'made-up W5000000002', work: madeUpJournal, rorIds: [['0madeup01', null], ['0madeup02'], ['0madeup01'], ['0madeup02', '0madeup01'], []] },
      () => ({ answers: 'recorded W2109415576', work: () => load('work-singleton-by-doi-W2109415576.json'), rorIds: [[], [], [], [], ['05rrcem69']] }),
    ))('keeps per-paper institutions where only some authorships have them ($answers)', async ({ work, rorIds }) => {
      const { oa } = client((url) => json(project(work(), url)));
      const paper = await oa.workByArxivId('1410.0001');
      expect(paper.authors.map((a) => a.institutions.map((i) => i.rorId))).toEqual(rorIds);
    });

    it.each(andRecorded(
      RECORDED,
      { answers: 'made-up', journal: madeUpJournal, arxivId: '2607.90001', doi: '10.5555/made-up.2026.17', name: 'Journal of Made-Up Networking' },
      () => ({
        answers: 'recorded', journal: () => recordedTwoWorks().find((w) => w.id === 'https://openalex.org/W4396723768')!,
        arxivId: '2304.05376', doi: '10.1038/s42256-024-00832-8', name: 'Nature Machine Intelligence',
      }),
    ))('takes the journal DOI when OpenAlex merged the preprint into its journal version ($answers)', async ({ journal, arxivId, doi, name }) => {
      const { oa } = client((url) => json(project(journal(), url)));
      expect(await oa.workByArxivId(arxivId)).toMatchObject({ arxivId, journalDoi: doi, journalName: name });
    });

    it.each(andRecorded(RECORDED, { answers: 'made-up', page: () => madeUp('openalex-404.html') }, () => ({ answers: 'recorded', page: () => read('error-404-unknown-doi.html') })))(
      'maps the $answers 404 HTML page to not-found',
      async ({ page }) => {
        const { oa } = client(() => html404(page()));
        const e = await failure(oa.workByArxivId('2406.99999'));
        expect(e.kind).toBe('not-found');
      },
    );

    it('never sends a malformed id', async () => {
      const { oa, fetch } = client(notFound);
      for (const bad of ['2406.05546?select=x', '../authors/A1', 'W123', '']) {
        expect((await failure(oa.workByArxivId(bad))).kind).toBe('not-found');
      }
      expect(fetch).not.toHaveBeenCalled();
    });

    it.each<[string, (w: Json) => Json]>([
      ['a string count', (w) => ({ ...w, cited_by_count: '27' })],
      ['authorships as an object', (w) => ({ ...w, authorships: {} })],
      ['no id', (w) => ({ ...w, id: null })],
      ['an id of another entity', (w) => ({ ...w, id: 'https://openalex.org/A1' })],
      ['a nameless author of the wrong type', (w) => ({ ...w, authorships: [{ author: { display_name: 42 } }] })],
    ])('rejects a work with %s as invalid-response', async (_, spoil) => {
      const { oa } = client((url) => json(spoil(project(madeUpPreprint(), url))));
      expect((await failure(oa.workByArxivId('2607.90001'))).kind).toBe('invalid-response');
    });

    it('reads fields that are missing or null as null', async () => {
      const { oa } = client(() => json({ id: 'https://openalex.org/W1' }));
      expect(await oa.workByArxivId('2312.07559')).toEqual({
        source: 'openalex',
        arxivId: '2312.07559',
        openalexId: 'W1',
        s2Id: null,
        title: '',
        year: null,
        citedBy: null,
        authors: [],
        relatedOpenAlexIds: [],
        journalDoi: null,
        journalName: null,
      });
    });

    it('sends the optional API key as api_key', async () => {
      const { oa, urls } = client((url) => json(project(madeUpPreprint(), url)), { getKey: async () => 'k3y' });
      await oa.workByArxivId('2607.90001');
      expect(urls[0]!.searchParams.get('api_key')).toBe('k3y');
    });
  });

  describe('authors', () => {
    const other = () => ({ ...madeUpAuthor(), id: 'https://openalex.org/A2', display_name: 'Other Person', summary_stats: { h_index: 3 } });

    it.each(andRecorded(
      RECORDED,
      {
        answers: 'made-up author A5000000011', author: madeUpAuthor,
        metrics: {
          openalexId: 'A5000000011', orcid: '0000-0002-9999-0001', displayName: 'Mira Okonkwo-Hale', hIndex: 14, citedBy: 1290, works: 38,
          lastKnownInstitutions: [MADE_UP_INSTITUTE],
        },
      },
      () => ({
        answers: 'recorded author A5023888391', author: priem,
        metrics: {
          openalexId: 'A5023888391', orcid: '0000-0001-6187-6610', displayName: 'Jason Priem', hIndex: 17, citedBy: 3890, works: 62,
          lastKnownInstitutions: [{ openalexId: 'I4200000001', rorId: '02nr0ka47', name: 'OurResearch', countryCode: 'CA' }],
        },
      }),
    ))('maps the $answers', async ({ author, metrics }) => {
      const { oa, urls } = client((url) => json(project(author(), url)));
      expect(await oa.authorById(`https://openalex.org/${metrics.openalexId}`)).toEqual({ source: 'openalex', s2Id: null, ...metrics });
      expect(urls[0]!.pathname).toBe(`/authors/${metrics.openalexId}`);
      expect(selectOf(urls[0]!)).toEqual(AUTHOR_SELECT);
    });

    it('maps a missing author to not-found', async () => {
      const { oa } = client(notFound);
      expect((await failure(oa.authorById('A1'))).kind).toBe('not-found');
    });

    it('batches ≤100 ids per list call and matches results by id, not by order', async () => {
      const { oa, urls } = client((url) => {
        const asked = filterValues(url, 'id');
        // OpenAlex orders lists by citations, and leaves out ids it does not know.
        return json(list([madeUpAuthor(), other()].filter((a) => asked.includes(String(a.id).slice(21))), url));
      });
      const ids = ['A2', ...Array.from({ length: 148 }, (_, i) => `A${1000 + i}`), 'https://openalex.org/A5000000011', 'A2', 'not-an-id'];
      const metrics = await oa.authorsByIds(ids);
      expect(metrics.map((m) => [m.openalexId, m.hIndex])).toEqual([
        ['A2', 3],
        ['A5000000011', 14],
      ]);
      expect(urls).toHaveLength(2);
      expect(urls.map((u) => filterValues(u, 'id').length)).toEqual([100, 50]);
      for (const u of urls) {
        expect(u.pathname).toBe('/authors');
        expect(u.searchParams.get('per_page')).toBe('100');
        expect(selectOf(u)).toEqual(AUTHOR_SELECT);
      }
    });

    it('asks nothing for an empty id list', async () => {
      const { oa, fetch } = client(notFound);
      expect(await oa.authorsByIds([])).toEqual([]);
      expect(fetch).not.toHaveBeenCalled();
    });

    it.each(andRecorded(
      RECORDED,
      {
        answers: 'made-up', author: madeUpAuthor, id: 'A5000000011', hIndex: 14,
        topics: ['Gossip and Epidemic Protocols', 'Distributed Machine Learning Systems', 'Lantern Signalling Networks', 'Sparse Gradient Compression', 'Peer-to-Peer Overlays'],
        latestYear: { year: 2026, works: 4, citedBy: 210 },
      },
      () => ({
        answers: 'recorded', author: priem, id: 'A5023888391', hIndex: 17,
        topics: [
          'scientometrics and bibliometrics research',
          'Research Data Management Practices',
          'Wikis in Education and Collaboration',
          'Semantic Web and Ontologies',
          'Scientific Computing and Data Management',
        ],
        latestYear: { year: 2025, works: 0, citedBy: 80 },
      }),
    ))('builds a profile of the $answers author: top 5 topics and counts by year (free singleton)', async ({ author, id, hIndex, topics, latestYear }) => {
      const { oa, urls } = client((url) => json(project(author(), url)));
      const profile = await oa.authorProfile(id);
      expect(profile).toMatchObject({ openalexId: id, hIndex });
      expect(profile.topics).toEqual(topics);
      expect(profile.countsByYear[0]).toEqual(latestYear);
      expect(selectOf(urls[0]!)).toEqual([...AUTHOR_SELECT, 'topics', 'counts_by_year']);
    });
  });

  describe('fresh-paper candidates', () => {
    const CANDIDATE_SELECT = [...AUTHOR_SELECT, 'display_name_alternatives', 'affiliations', 'topics'];

    it.each(andRecorded(
      RECORDED,
      {
        answers: 'made-up', author: madeUpAuthor,
        profile: { openalexId: 'A5000000011', displayName: 'Mira Okonkwo-Hale', hIndex: 14, citedBy: 1290, works: 38, orcid: '0000-0002-9999-0001' },
        alternativeNames: ['M. Okonkwo-Hale', 'Mira Okonkwo‐Hale', 'Okonkwo-Hale Mira'],
        institutions: { first: ['Institute of Made-Up Networks', 'Placeholder Polytechnic', 'University of Nowhere in Particular'], count: 3 },
        fields: [{ id: 17, name: 'Computer Science', count: 42 }, { id: 22, name: 'Engineering', count: 9 }],
      },
      () => ({
        answers: 'recorded', author: priem,
        profile: { openalexId: 'A5023888391', displayName: 'Jason Priem', hIndex: 17, citedBy: 3890, works: 62, orcid: '0000-0001-6187-6610' },
        alternativeNames: ['Priem Jason', 'Jason Priem'],
        institutions: { first: ['OurResearch', 'Johns Hopkins University', 'Florida State University'], count: 8 },
        fields: [{ id: 18, name: 'Decision Sciences', count: 41 }, { id: 17, name: 'Computer Science', count: 40 }],
      }),
    ))('maps the $answers author: every name, every institution, topic counts per field', async ({ author, profile, alternativeNames, institutions, fields }) => {
      const { oa, urls } = client((url) => json(list([author()], url)));
      const [p] = await oa.candidateProfiles([profile.openalexId]);
      expect(p).toMatchObject(profile);
      expect(p!.alternativeNames).toEqual(alternativeNames);
      // Last known first, then the past affiliations, each once.
      expect(p!.institutions.map((i) => i.name).slice(0, 3)).toEqual(institutions.first);
      expect(p!.institutions).toHaveLength(institutions.count);
      expect(p!.fields.slice(0, 2)).toEqual(fields);
      expect(urls[0]!.pathname).toBe('/authors');
      expect(selectOf(urls[0]!)).toEqual(CANDIDATE_SELECT);
    });

    it('searches many names in one call, OR-ed, each cut free of filter syntax; cut short when more matched than its page', async () => {
      const meta: Json = {};
      const { oa, urls } = client((url) => json(list([madeUpAuthor()], url, meta)));
      const found = await oa.namesakes(['Mira Okonkwo-Hale', 'Cao, Ray', 'A|B: C']);
      expect(found).toMatchObject({ complete: true, profiles: [{ openalexId: 'A5000000011', alternativeNames: expect.any(Array) }] });
      expect(urls[0]!.pathname).toBe('/authors');
      expect(urls[0]!.searchParams.get('filter')).toBe('display_name.search:Mira Okonkwo-Hale|Cao Ray|A B C');
      expect(urls[0]!.searchParams.get('per_page')).toBe('200');
      expect(selectOf(urls[0]!)).toEqual(CANDIDATE_SELECT);
      meta.count = 900;
      await expect(oa.namesakes(['Mira Okonkwo-Hale'])).resolves.toMatchObject({ complete: false });
    });

    it('looks a profile up by ORCID with the free singleton', async () => {
      const { oa, urls } = client((url) => json(project(madeUpAuthor(), url)));
      const p = await oa.candidateById({ orcid: '0000-0002-9999-0001' });
      expect(p.openalexId).toBe('A5000000011');
      expect(urls[0]!.pathname).toBe('/authors/orcid:0000-0002-9999-0001');
      expect((await failure(oa.candidateById({ orcid: '0000-0002-9999-0001/../x' }))).kind).toBe('not-found');
      expect(urls).toHaveLength(1);
    });

    it('asks for works joining every set: one clause per set, OR inside, one page of 200', async () => {
      const work = (id: string, ...authors: string[]) => ({ id: `https://openalex.org/${id}`, authorships: authors.map((a) => ({ author: { id: `https://openalex.org/${a}`, display_name: `Person ${a}` } })) });
      const { oa, urls } = client((url) => json(list([work('W1', 'A1', 'A3', 'A9'), { id: 'bad' }], url)));
      const joined = await oa.worksJoining([['A1', 'https://openalex.org/A2'], ['A3']], { recentFirst: true });
      // With the names, which name a common name's profile beyond its autocomplete (identifier.ts).
      expect(joined.works).toEqual([{ id: 'W1', authorIds: ['A1', 'A3', 'A9'], authorNames: ['Person A1', 'Person A3', 'Person A9'] }]);
      const url = urls[0]!;
      expect(url.pathname).toBe('/works');
      expect(url.searchParams.get('filter')).toBe('authorships.author.id:A1|A2,authorships.author.id:A3');
      expect(url.searchParams.get('per_page')).toBe('200');
      expect(url.searchParams.get('sort')).toBe('publication_date:desc');
      expect(selectOf(url)).toEqual(['id', 'authorships']);
    });

    it('refuses a set OpenAlex would reject, before any request', async () => {
      const { oa, fetch } = client((url) => json(list([], url)));
      await expect(oa.worksJoining([Array.from({ length: 101 }, (_, i) => `A${i + 1}`)])).rejects.toThrow(RangeError);
      await expect(oa.worksJoining([['A1'], []])).rejects.toThrow(RangeError);
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  describe.each(andRecorded(
    RECORDED,
    { answers: 'made-up', response: () => quoted(madeUp('openalex-budget-429.txt')), resetIn: 43_200_000 },
    () => ({ answers: 'recorded', response: () => quoted(read('error-429-insufficient-budget.QUOTED.txt')), resetIn: 57_539_000 }),
  ))('budget, spent as the $answers 429 says', ({ response: budget429, resetIn }) => {
    const route = (url: URL) => (url.pathname === '/authors' ? budget429() : json(project(madeUpAuthor(), url)));

    it('fails list calls fast once the budget is spent, while free singletons still work', async () => {
      const onBudgetExhausted = vi.fn();
      let key: string | null = null;
      const { oa, urls } = client(route, { onBudgetExhausted, getKey: () => key });
      expect(await oa.budgetResetAt()).toBe(0);

      const e = await failure(oa.authorsByIds(['A5000000011']));
      expect([e.kind, e.retryAt]).toEqual(['budget-exhausted', T0 + resetIn]);
      expect(onBudgetExhausted).toHaveBeenCalledWith(T0 + resetIn);
      expect(await oa.budgetResetAt()).toBe(T0 + resetIn);
      expect(urls).toHaveLength(1);

      expect((await failure(oa.worksByIds(['W1']))).kind).toBe('budget-exhausted');
      expect(urls).toHaveLength(1);

      await expect(oa.authorById('A5000000011')).resolves.toMatchObject({ hIndex: 14 });
      expect(urls).toHaveLength(2);

      // A key brings its own budget.
      key = 'fresh-key';
      await failure(oa.authorsByIds(['A5000000011']));
      expect(urls).toHaveLength(3);
      expect(urls[2]!.searchParams.get('api_key')).toBe('fresh-key');
    });

    it('remembers a spent budget across a worker restart, per key', async () => {
      let stored: Record<string, number> = {};
      const store = { getValue: async () => stored, setValue: async (v: Record<string, number>) => void (stored = v) };
      let key: string | null = 'OaKey12345';
      const before = client(route, { getKey: () => key, budget: createBudgetMemory(store, () => T0) });
      await failure(before.oa.authorsByIds(['A5000000011']));
      // The key itself is never written down, only a hash of it.
      expect(JSON.stringify(stored)).not.toContain('OaKey12345');

      // A new worker (a new client, nothing in memory) still knows: no request to learn it again.
      const after = client(route, { getKey: () => key, budget: createBudgetMemory(store, () => T0) });
      const e = await failure(after.oa.authorsByIds(['A5000000011']));
      expect([e.kind, e.retryAt]).toEqual(['budget-exhausted', T0 + resetIn]);
      expect(await after.oa.budgetResetAt()).toBe(T0 + resetIn);
      expect(after.urls).toHaveLength(0);

      // Another key is another budget; past the reset the remembered one is forgotten.
      key = 'OtherKey678';
      expect(await after.oa.budgetResetAt()).toBe(0);
      key = 'OaKey12345';
      expect(await createBudgetMemory(store, () => T0 + resetIn + 1).resetAt(key)).toBe(0);
    });
  });

  describe('budget, per second', () => {
    it('retries a per-second 429 instead of treating it as a spent budget', async () => {
      let calls = 0;
      const { oa } = client((url) =>
        calls++ === 0
          ? json({ error: 'Rate limit exceeded', message: 'Rate limit exceeded: 10 requests per second. Please slow down.' }, 429)
          : json(list([madeUpAuthor()], url)),
      );
      await expect(oa.authorsByIds(['A5000000011'])).resolves.toHaveLength(1);
      expect(await oa.budgetResetAt()).toBe(0);
    });

    it('reads a budget 429 from the rate-limit headers alone, resetting at midnight UTC without Retry-After', async () => {
      const { oa } = client(() => json({}, 429, { 'x-ratelimit-remaining': '0', 'x-ratelimit-credits-required': '1' }));
      const e = await failure(oa.authorsByIds(['A1']));
      expect([e.kind, e.retryAt]).toEqual(['budget-exhausted', Date.UTC(2026, 7, 22)]);
    });
  });

  describe('works', () => {
    const arxivCopy = (id: string, arxivId: string, doi: string, title: string, authorNames: string[], year: number, citedBy: number) =>
      ({ source: 'openalex', id, arxivId, doi, title, authorNames, year, citedBy, catalogUrl: `https://openalex.org/${id}` });

    it.each(andRecorded(
      RECORDED,
      {
        answers: 'made-up', works: madeUpWorks,
        asked: ['https://openalex.org/W5000000001', 'W5000000002', 'W9'],
        preprint: arxivCopy('W5000000001', '2607.90001', '10.48550/arxiv.2607.90001', 'Gossip Rounds for Sparse Parameter Exchange in O(log n) Steps',
          ['Mira Okonkwo-Hale', 'Teodor Väisänen', 'Fang Wang', 'Paul Lindqvist', 'Ana Sofía Ruiz'], 2026, 9),
        journal: { id: 'W5000000002', arxivId: null, doi: '10.5555/made-up.2026.17', citedBy: 41 },
      },
      () => ({
        answers: 'recorded', works: recordedTwoWorks,
        asked: ['https://openalex.org/W4365597205', 'W4396723768', 'W9'],
        preprint: arxivCopy('W4365597205', '2304.05376', '10.48550/arxiv.2304.05376', 'ChemCrow: Augmenting large-language models with chemistry tools',
          ['Andres M Bran', 'Sam Cox', 'Andrew Dickson White', 'Philippe Schwaller'], 2023, 106),
        journal: { id: 'W4396723768', arxivId: null, doi: '10.1038/s42256-024-00832-8', citedBy: 236 },
      }),
    ))('hydrates the $answers works by id in the order asked, detecting arXiv copies', async ({ works: listed, asked, preprint, journal }) => {
      const { oa, urls } = client((url) => json(list(listed(), url)));
      const works = await oa.worksByIds(asked);
      expect(works).toEqual([preprint, expect.objectContaining(journal)]);
      expect(filterValues(urls[0]!, 'ids.openalex')).toEqual(asked.map((id) => id.replace('https://openalex.org/', '')));
      expect(urls[0]!.searchParams.get('per_page')).toBe('100');
      expect(selectOf(urls[0]!)).toEqual(SUMMARY_SELECT);
    });

    it.each(andRecorded(
      RECORDED,
      { answers: 'made-up', preprint: madeUpPreprint, arxivId: '2607.90001' },
      () => ({ answers: 'recorded', preprint: () => recordedTwoWorks()[1]!, arxivId: '2304.05376' }),
    ))('finds the arXiv id of the $answers preprint from an arxiv.org landing page when the DOI is not arXiv’s', async ({ preprint, arxivId }) => {
      const { oa } = client((url) => json(list([{ ...preprint(), doi: null }], url)));
      expect((await oa.worksByIds([String(preprint().id)]))[0]!.arxivId).toBe(arxivId);
    });

    it.each(andRecorded(
      RECORDED,
      {
        answers: 'made-up', works: madeUpWorks, author: 'A5000000012',
        positions: [['W5000000002', 'middle'], ['W5000000001', 'middle']],
        coAuthors: [
          { openalexId: 'A5000000011', name: 'Mira Okonkwo-Hale' },
          { openalexId: 'A5000000013', name: 'Fang Wang' },
          { openalexId: 'A5000000014', name: 'Paul Lindqvist' },
          { openalexId: 'A5000000015', name: 'Ana Sofía Ruiz' },
        ],
      },
      () => ({
        answers: 'recorded', works: recordedTwoWorks, author: 'A5101971357',
        positions: [['W4396723768', 'middle'], ['W4365597205', 'middle']],
        coAuthors: [
          { openalexId: 'A5055903035', name: 'Andres M Bran' },
          { openalexId: 'A5103115676', name: 'Andrew Dickson White' },
          { openalexId: 'A5028051805', name: 'Philippe Schwaller' },
        ],
      }),
    ))('lists an author’s recent works with their position and co-authors ($answers)', async ({ works: listed, author, positions, coAuthors }) => {
      const { oa, urls } = client((url) => json(list(listed(), url)));
      const works = await oa.recentWorks(author, 5);
      expect(works.map((w) => [w.id, w.authorPosition])).toEqual(positions);
      expect(works[1]!.coAuthors).toEqual(coAuthors);
      const url = urls[0]!;
      expect(url.pathname).toBe('/works');
      expect(url.searchParams.get('filter')).toBe(`authorships.author.id:${author}`);
      expect(url.searchParams.get('sort')).toBe('publication_date:desc');
      expect(url.searchParams.get('per_page')).toBe('5');
      expect(selectOf(url)).toEqual(SUMMARY_SELECT);
    });
  });

  describe('worksByArxivIds', () => {
    const work = (id: string, extra: Json = {}) => ({ ...madeUpPreprint(), id: `https://openalex.org/W9${id.replace(/\D/g, '')}`, doi: `https://doi.org/${arxivDoi(id)}`, ...extra });
    it('asks the DOI filter in calls of 100 and keys the unordered results by the ids asked', async () => {
      const ids = Array.from({ length: 150 }, (_, k) => `2406.${String(10000 + k)}`);
      const { oa, urls } = client((url) => {
        // OpenAlex lists by its own order, and leaves out what it does not have.
        const asked = filterValues(url, 'doi').filter((d) => !d.endsWith('10003'));
        return json(list(asked.reverse().map((d) => work(d.slice('10.48550/arxiv.'.length))), url));
      });
      const found = await oa.worksByArxivIds(ids);
      expect(urls.map((u) => filterValues(u, 'doi').length)).toEqual([100, 50]);
      expect(urls[0]!.searchParams.get('per_page')).toBe('100');
      expect(selectOf(urls[0]!)).toEqual(WORK_SELECT);
      expect(found.size).toBe(149);
      expect(found.has('2406.10003')).toBe(false);
      expect(found.get('2406.10042')).toMatchObject({ arxivId: '2406.10042', openalexId: 'W9240610042' });
    });

    it('finds an old-style id through its registered DOI', async () => {
      const { oa, urls } = client((url) => json(list([work('math/0309136')], url)));
      const found = await oa.worksByArxivIds(['math.GT/0309136']);
      expect(filterValues(urls[0]!, 'doi')).toEqual([arxivDoi('math.GT/0309136')]);
      expect(found.get('math.GT/0309136')?.arxivId).toBe('math.GT/0309136');
    });

    it('fetches a work whose authorships the list cut at 100 whole, with the free singleton', async () => {
      const many = (n: number) => Array.from({ length: n }, (_, k) => ({ author: { id: `https://openalex.org/A${k + 1}`, display_name: `Person ${k}` } }));
      const { oa, urls } = client((url) =>
        url.pathname === '/works' ? json(list([work('2406.10001', { authorships: many(100) })], url)) : json(project(work('2406.10001', { authorships: many(140) }), url)));
      const found = await oa.worksByArxivIds(['2406.10001']);
      expect(urls.map((u) => u.pathname)).toEqual(['/works', '/works/doi:10.48550/arxiv.2406.10001']);
      expect(found.get('2406.10001')!.authors).toHaveLength(140);
    });
  });

  describe('worksByAuthorsSince', () => {
    it.each(andRecorded(
      RECORDED,
      {
        answers: 'made-up', works: madeUpWorks,
        found: [['W5000000002', '2026-11-05', 2026], ['W5000000001', '2026-07-09', 2026]],
        authorIds: ['A5000000011', 'A5000000012', 'A5000000013', 'A5000000014', 'A5000000015'],
      },
      () => ({
        answers: 'recorded', works: recordedTwoWorks,
        found: [['W4396723768', '2024-05-09', 2024], ['W4365597205', '2023-04-15', 2023]],
        authorIds: ['A5055903035', 'A5101971357', 'A5103115676', 'A5028051805'],
      }),
    ))('pages with a cursor, ≤100 authors per call, without premium filters ($answers)', async ({ works: listed, found, authorIds }) => {
      const [journal, arxiv] = listed();
      const { oa, urls } = client((url) => {
        const cursor = url.searchParams.get('cursor');
        if (cursor === '*') return json(list([journal!], url, { page: null, next_cursor: 'Mg' }));
        return json(list([arxiv!], url, { page: null, next_cursor: null }));
      });
      const authors = ['A5101971357', ...Array.from({ length: 120 }, (_, i) => `A${i + 1}`)];
      const { works, complete } = await oa.worksByAuthorsSince(authors, 2025);
      expect(complete).toBe(true);
      // Two author chunks × two pages; the same works come back for both chunks, once each.
      expect(urls.map((u) => u.searchParams.get('cursor'))).toEqual(['*', 'Mg', '*', 'Mg']);
      expect(urls.map((u) => filterValues(u, 'authorships.author.id').length)).toEqual([100, 100, 21, 21]);
      for (const u of urls) {
        expect(filterValues(u, 'publication_year')).toEqual(['>2024']);
        expect(u.searchParams.get('per_page')).toBe('100');
        expect(selectOf(u)).toEqual(ALERT_SELECT);
        expect(u.searchParams.has('sort')).toBe(false);
        expect(u.searchParams.get('filter')).not.toMatch(/created_date|updated_date/);
      }
      expect(works.map((w) => [w.id, w.createdDate, w.year])).toEqual(found);
      expect(works[1]!.authorIds).toEqual(authorIds);
      expect(works[1]!.authorsTruncated).toBe(false);
    });

    it('stops at the page cap and says the list is incomplete', async () => {
      let n = 0;
      const { oa, urls } = client((url) => json(list([{ ...madeUpJournal(), id: `https://openalex.org/W${++n}` }], url, { next_cursor: `c${n}` })));
      const { works, complete } = await oa.worksByAuthorsSince(['A1'], 2025);
      expect(complete).toBe(false);
      expect(urls).toHaveLength(10);
      expect(works).toHaveLength(10);
    });
  });

  describe('autocomplete', () => {
    const authorHit = {
      id: 'https://openalex.org/A5023888391',
      short_id: 'authors/A5023888391',
      display_name: 'Jason Priem',
      hint: 'OurResearch, CA',
      cited_by_count: 3890,
      works_count: 62,
      entity_type: 'author',
      external_id: 'https://orcid.org/0000-0001-6187-6610',
      filter_key: 'authorships.author.id',
    };

    it('maps author suggestions', async () => {
      const { oa, urls } = client((url) => json(list([authorHit], url)));
      expect(await oa.autocomplete('authors', '  priem ')).toEqual([
        { id: 'A5023888391', name: 'Jason Priem', hint: 'OurResearch, CA', citedBy: 3890, works: 62 },
      ]);
      expect(urls[0]!.pathname).toBe('/autocomplete/authors');
      expect(urls[0]!.searchParams.get('q')).toBe('priem');
    });

    it('drops a suggestion without an id and keeps the others', async () => {
      const { oa } = client((url) => json(list([{ ...authorHit, id: null }, authorHit], url)));
      expect((await oa.autocomplete('authors', 'priem')).map((a) => a.id)).toEqual(['A5023888391']);
    });

    it('maps work suggestions to paper summaries', async () => {
      const hit = {
        ...authorHit,
        id: 'https://openalex.org/W4389761608',
        display_name: 'PaperQA: Retrieval-Augmented Generative Agent for Scientific Research',
        hint: 'Jakub Lála, Odhran O’Donoghue, Aleksandar Shtedritski',
        cited_by_count: 27,
        works_count: null,
        external_id: 'https://doi.org/10.48550/arxiv.2312.07559',
      };
      const { oa } = client((url) => json(list([hit], url)));
      expect(await oa.autocomplete('works', 'paperqa')).toEqual([
        {
          source: 'openalex',
          id: 'W4389761608',
          arxivId: '2312.07559',
          doi: '10.48550/arxiv.2312.07559',
          title: 'PaperQA: Retrieval-Augmented Generative Agent for Scientific Research',
          authorNames: ['Jakub Lála', 'Odhran O’Donoghue', 'Aleksandar Shtedritski'],
          year: null,
          citedBy: 27,
          catalogUrl: 'https://openalex.org/W4389761608',
        },
      ]);
    });

    it('answers an empty or blank query without a request', async () => {
      const { oa, fetch } = client(() => json(list([], new URL('https://x/'))));
      expect(await oa.autocomplete('authors', '')).toEqual([]);
      expect(await oa.autocomplete('works', ' \t\n ')).toEqual([]);
      expect(fetch).not.toHaveBeenCalled();
    });

    it.each([
      ['"quoted" name', '"quoted" name'],
      ['a|b,c:d&e=f#g?h/i', 'a|b,c:d&e=f#g?h/i'],
      ['%2F%00 100% ', '%2F%00 100%'],
      ['Müller 李明 🧪👩🏽‍🔬', 'Müller 李明 🧪👩🏽‍🔬'],
    ])('sends %j as exactly one well-formed q parameter', async (q, expected) => {
      const { oa, urls } = client((url) => json(list([], url)));
      await oa.autocomplete('works', q);
      const url = urls[0]!;
      expect(url.pathname).toBe('/autocomplete/works');
      expect([...url.searchParams.keys()]).toEqual(['q']);
      expect(url.searchParams.get('q')).toBe(expected);
    });

    it('caps a 500-character query at 200 characters without splitting an emoji', async () => {
      const { oa, urls } = client((url) => json(list([], url)));
      await oa.autocomplete('authors', `${'a'.repeat(199)}${'🧪'.repeat(301)}`);
      const q = urls[0]!.searchParams.get('q')!;
      expect(Array.from(q)).toHaveLength(200);
      expect(q.endsWith('🧪')).toBe(true);
      expect(q.isWellFormed()).toBe(true);
    });
  });
});
