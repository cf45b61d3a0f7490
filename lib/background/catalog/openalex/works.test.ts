import { ALERT_SELECT, client, filterValues, html404, type Json, json, list, load, madeUpJournal, madeUpPreprint, madeUpWorks, notFound, project, read, RECORDED, recordedPreprint, recordedTwoWorks, selectOf, SUMMARY_SELECT, WORK_SELECT } from './test-helpers';
import { andRecorded, failure, MADE_UP_INSTITUTE, madeUp } from '../test-helpers';
import { arxivDoi } from '../../../arxiv/ids';

describe('OpenAlex works', () => {
  it.each(andRecorded(
    RECORDED,
    { answers: 'made-up', work: madeUpJournal },
    () => ({ answers: 'recorded', work: () => load('work-singleton-by-doi-W4408732759.json') }),
  ))('selects only fields the $answers objects have', ({ work }) => {
    const workKeys = Object.keys(work());
    for (const f of [...WORK_SELECT, ...SUMMARY_SELECT, ...ALERT_SELECT]) expect(workKeys).toContain(f);
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
  });

  describe('worksJoining', () => {
    it('asks for works joining every set: one clause per set, OR inside, one page of 200', async () => {
      const work = (id: string, ...authors: string[]) => ({ id: `https://openalex.org/${id}`, authorships: authors.map((a) => ({ author: { id: `https://openalex.org/${a}`, display_name: `Person ${a}` } })) });
      const { oa, urls } = client((url) => json(list([work('W1', 'A1', 'A3', 'A9'), { id: 'bad' }], url)));
      const joined = await oa.worksJoining([['A1', 'https://openalex.org/A2'], ['A3']], { recentFirst: true });
      // With the names, which name a common name's profile beyond its autocomplete (identity/fresh/sources/common-names.ts).
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
    ))('lists an author’s newest works with their position and co-authors ($answers)', async ({ works: listed, author, positions, coAuthors }) => {
      const { oa, urls } = client((url) => json(list(listed(), url)));
      const { works } = await oa.researcherWorks(author, 'recent', 1);
      expect(works.map((w) => [w.id, w.authorPosition])).toEqual(positions);
      expect(works[1]!.coAuthors).toEqual(coAuthors);
      const url = urls[0]!;
      expect(url.pathname).toBe('/works');
      expect(url.searchParams.get('filter')).toBe(`authorships.author.id:${author}`);
      expect(url.searchParams.get('sort')).toBe('publication_date:desc');
      expect(url.searchParams.get('per_page')).toBe('200');
      expect(selectOf(url)).toEqual(expect.arrayContaining(SUMMARY_SELECT));
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
});
