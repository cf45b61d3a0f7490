import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHttp } from './http';
import { createSemanticScholar, type SemanticScholarOptions } from './semantic-scholar';
import { andRecorded, failure, madeUp, madeUpJson, recordedResponses } from './test-helpers';

// Made-up answers (./testdata) always; Semantic Scholar's recorded ones too when they are beside the repo.
const RECORDED = recordedResponses('semantic-scholar.test', 'semanticscholar');

type Json = Record<string, unknown>;
const read = (name: string) => readFileSync(join(RECORDED!, name), 'utf8');
const load = (name: string) => JSON.parse(read(name)) as Json;
const T0 = Date.UTC(2026, 7, 21, 8, 0, 0);

/** The made-up record of 2607.90001: preprint and journal version merged, its authors with their figures. */
const madeUpPaper = () => madeUpJson('s2-paper.json');
/** The same paper before a journal version: S2 calls the preprint's venue "ArXiv" (docs/catalog-apis.md, Semantic Scholar pitfalls). */
const madeUpPreprint = () => ({ ...madeUpPaper(), externalIds: { ArXiv: '2607.90001', DOI: '10.48550/arXiv.2607.90001', CorpusId: 300000001 }, journal: { name: 'ArXiv' }, venue: 'arXiv.org' });
const madeUpBatch = () => madeUpJson<(Json | null)[]>('s2-paper-batch.json');
/** Each made-up error body, by its status. */
const madeUpError = (status: number) => JSON.stringify(madeUpJson('s2-errors.json')[status]);
const madeUpRecommendations = () => madeUp('s2-recommendations.json');

// Field names S2 accepts (docs/catalog-apis.md, Paper lookups; the same lists the acceptance fake enforces).
const S2_PAPER_FIELDS = ['paperId', 'corpusId', 'externalIds', 'url', 'title', 'abstract', 'venue', 'publicationVenue', 'year',
  'referenceCount', 'citationCount', 'influentialCitationCount', 'isOpenAccess', 'openAccessPdf', 'fieldsOfStudy',
  's2FieldsOfStudy', 'publicationTypes', 'publicationDate', 'journal', 'citationStyles', 'authors', 'citations',
  'references', 'embedding', 'tldr'];
const S2_AUTHOR_FIELDS = ['authorId', 'externalIds', 'url', 'name', 'affiliations', 'homepage', 'paperCount', 'citationCount', 'hIndex', 'papers'];
const PAPER_FIELDS = ['paperId', 'title', 'year', 'citationCount', 'externalIds', 'journal', 'venue',
  'authors.authorId', 'authors.name', 'authors.hIndex', 'authors.citationCount', 'authors.paperCount', 'authors.affiliations'];

const json = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Sent {
  url: URL;
  init: RequestInit;
}

function client(route: (sent: Sent) => Response, opts: Partial<SemanticScholarOptions> = {}) {
  let t = T0;
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const s = { url: new URL(String(input)), init: init ?? {} };
    sent.push(s);
    return route(s);
  });
  const http = createHttp({ fetch, now: () => t, random: () => 0.5, sleep: async (ms) => void (t += ms), wait: async (ms) => void (t += ms) });
  return { s2: createSemanticScholar({ http, ...opts }), sent, fetch, advance: (ms: number) => (t += ms) };
}

const fieldsOf = (url: URL) => url.searchParams.get('fields')!.split(',');


describe('Semantic Scholar client', () => {
  const paperQa = () => load('paper-by-arxiv-doi-2312.07559.json');
  /** The recorded paper with the recorded author objects (with metrics) of another paper. */
  const withMetrics = () => ({ ...paperQa(), authors: (load('paper-authors-with-hindex.json').data as Json[]) });

  it('asks only for fields S2 knows', () => {
    for (const f of PAPER_FIELDS) {
      const [head, sub] = f.split('.');
      expect(S2_PAPER_FIELDS).toContain(head);
      if (sub) expect(S2_AUTHOR_FIELDS).toContain(sub);
    }
  });

  describe('paperByArxivId', () => {
    it('GETs ARXIV:<id> without its version, with the nested author fields', async () => {
      const { s2, sent } = client(() => json(madeUpPaper()));
      await s2.paperByArxivId('2607.90001v2');
      const { url, init } = sent[0]!;
      expect(url.origin + url.pathname).toBe('https://api.semanticscholar.org/graph/v1/paper/ARXIV:2607.90001');
      expect(init.method).toBe('GET');
      expect(fieldsOf(url)).toEqual(PAPER_FIELDS);
    });

    it.each(andRecorded<{ answers: string; body: () => string; arxivId: string; record: Json; authors: [string, string | null][]; firstMetrics: Json }>(
      RECORDED,
      {
        answers: 'made-up', body: () => JSON.stringify(madeUpPreprint()), arxivId: '2607.90001',
        record: { s2Id: '5e0d2a9c1b7f4e3a8d6c0b9a7f1e2d3c4b5a6978', title: 'Gossip Rounds for Sparse Parameter Exchange in O(log n) Steps', year: 2026, citedBy: 52 },
        authors: [
          ['M. Okonkwo-Hale', '3000000011'],
          ['Teodor Väisänen', '3000000012'],
          ['Fang Wang', '3000000013'],
          ['Paul Lindqvist', null],
          ['A. S. Ruiz', '3000000015'],
        ],
        firstMetrics: { source: 's2', s2Id: '3000000011', hIndex: 13, citedBy: 1180, works: 40 },
      },
      () => ({
        answers: 'recorded', body: () => read('paper-by-arxiv-doi-2312.07559.json'), arxivId: '2312.07559',
        record: { s2Id: '7e55d8701785818776323b4147cb13354c820469', title: 'PaperQA: Retrieval-Augmented Generative Agent for Scientific Research', year: 2023, citedBy: 111 },
        authors: [
          ['Jakub L\'ala', '2219926382'],
          ["Odhran O'Donoghue", '2258961056'],
          ['Aleksandar Shtedritski', '2258961451'],
          ['Sam Cox', '2161337138'],
          ['Samuel G. Rodriques', '2258964497'],
          ['Andrew D. White', '2273941271'],
        ],
        firstMetrics: { source: 's2', s2Id: '2219926382', hIndex: null, citedBy: null, works: null },
      }),
    ))('maps the $answers arXiv-only paper', async ({ body, arxivId, record, authors, firstMetrics }) => {
      const { s2 } = client(() => json(body()));
      const paper = await s2.paperByArxivId(arxivId);
      expect(paper).toMatchObject({
        source: 's2',
        arxivId,
        openalexId: null,
        relatedOpenAlexIds: [],
        // The DOI is arXiv's own, and "ArXiv" / "arXiv.org" is not a venue.
        journalDoi: null,
        journalName: null,
        ...record,
      });
      expect(paper.authors.map((a) => [a.name, a.s2Id])).toEqual(authors);
      expect(paper.authors[0]!.metrics).toMatchObject(firstMetrics);
    });

    it.each(andRecorded<{ answers: string; paper: () => Json; first: Json; fourth: Json }>(
      RECORDED,
      {
        answers: 'made-up', paper: madeUpPaper,
        first: {
          name: 'M. Okonkwo-Hale', rawName: null, openalexId: null, s2Id: '3000000011', institutions: [],
          metrics: {
            source: 's2', openalexId: null, s2Id: '3000000011', orcid: null, displayName: 'M. Okonkwo-Hale', hIndex: 13, citedBy: 1180, works: 40,
            lastKnownInstitutions: [{ openalexId: null, rorId: null, name: 'Institute of Made-Up Networks', countryCode: null }],
          },
        },
        // Unresolved (authorId null): no figures to fill.
        fourth: { name: 'Paul Lindqvist', s2Id: null, metrics: null },
      },
      () => ({
        answers: 'recorded', paper: withMetrics,
        first: {
          name: 'E. Duflo', rawName: null, openalexId: null, s2Id: '2259683', institutions: [],
          metrics: {
            source: 's2', openalexId: null, s2Id: '2259683', orcid: null, displayName: 'E. Duflo', hIndex: 91, citedBy: 58740, works: 282,
            lastKnownInstitutions: [],
          },
        },
        fourth: { metrics: { hIndex: 12, citedBy: 3189, works: 35 } },
      }),
    ))('fills author metrics from the nested author fields ($answers)', async ({ paper, first, fourth }) => {
      const { s2 } = client(() => json(paper()));
      const authors = (await s2.paperByArxivId('2312.07559')).authors;
      expect(authors[0]).toEqual(first);
      expect(authors[3]).toMatchObject(fourth);
    });

    it('keeps self-reported affiliations as names only', async () => {
      const paper = madeUpPaper();
      (paper.authors as Json[])[1] = { ...(paper.authors as Json[])[1], affiliations: ['MIT', ' '] };
      const { s2 } = client(() => json(paper));
      const [, teodor] = (await s2.paperByArxivId('2607.90001')).authors;
      expect(teodor!.metrics!.lastKnownInstitutions).toEqual([{ openalexId: null, rorId: null, name: 'MIT', countryCode: null }]);
    });

    it('leaves an unresolved author (authorId null) without id or metrics', async () => {
      const { s2 } = client(() => json({ ...madeUpPaper(), authors: [{ authorId: null, name: 'Anonymous Person' }] }));
      const [author] = (await s2.paperByArxivId('2607.90001')).authors;
      expect(author).toMatchObject({ name: 'Anonymous Person', s2Id: null, metrics: null });
    });

    it.each(andRecorded(
      RECORDED,
      { answers: 'made-up', body: () => JSON.stringify(madeUpPaper()), arxivId: '2607.90001', merged: { citedBy: 52, journalDoi: '10.5555/made-up.2026.17', journalName: 'Journal of Made-Up Networking' } },
      () => ({
        answers: 'recorded', body: () => read('paper-by-doi-merged-preprint-and-journal.json'), arxivId: '2304.05376',
        merged: { citedBy: 500, journalDoi: '10.1038/s42256-024-00832-8', journalName: 'Nature Machine Intelligence' },
      }),
    ))('reads the journal DOI and name of a $answers record that merges preprint and journal version', async ({ body, arxivId, merged }) => {
      const { s2 } = client(() => json(body()));
      expect(await s2.paperByArxivId(arxivId)).toMatchObject(merged);
    });

    it.each(andRecorded(
      RECORDED,
      {
        answers: 'made-up', batch: madeUpBatch, id: 'nlin/0507001',
        record: { s2Id: '9a8b7c6d5e4f30211203f4e5d6c7b8a9f0e1d2c3', citedBy: 77, journalDoi: '10.5555/solitons.2005.3' },
      },
      () => ({
        answers: 'recorded', batch: () => load('paper-batch-fullfields-with-null.json') as unknown as (Json | null)[], id: 'hep-th/9901001',
        record: { s2Id: 'c31c87c591a25c64fbaa82e8ac6a81831b6ac7ce', citedBy: 10670, journalDoi: '10.2139/ssrn.288970' },
      }),
    ))('POSTs old-style ids to /paper/batch ($answers)', async ({ batch, id, record }) => {
      const { s2, sent } = client(() => json([batch()[1]]));
      const paper = await s2.paperByArxivId(`${id}v2`);
      const { url, init } = sent[0]!;
      expect(url.origin + url.pathname).toBe('https://api.semanticscholar.org/graph/v1/paper/batch');
      expect(fieldsOf(url)).toEqual(PAPER_FIELDS);
      expect(init.method).toBe('POST');
      expect(JSON.parse(String(init.body))).toEqual({ ids: [`ARXIV:${id}`] });
      expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
      expect(paper).toMatchObject({ arxivId: id, ...record });
    });

    it.each(andRecorded(
      RECORDED,
      { answers: 'made-up', body: () => madeUp('s2-paper-batch.json') },
      () => ({ answers: 'recorded', body: () => read('paper-batch-fullfields-with-null.json') }),
    ))('maps a null entry of the $answers batch to not-found', async ({ body }) => {
      const { s2 } = client(() => json(body()));
      expect((await failure(s2.paperByArxivId('hep-th/9901001'))).kind).toBe('not-found');
    });

    it.each(andRecorded(
      RECORDED,
      { answers: 'made-up', body: () => madeUpError(404) },
      () => ({ answers: 'recorded', body: () => read('error-404-paper-not-found.json') }),
    ))('maps the $answers 404 to not-found', async ({ body }) => {
      const { s2 } = client(() => json(body(), 404));
      expect((await failure(s2.paperByArxivId('2406.99999'))).kind).toBe('not-found');
    });

    it.each(andRecorded(
      RECORDED,
      { answers: 'made-up', fields: () => madeUpError(400), key: () => madeUpError(403) },
      () => ({ answers: 'recorded', fields: () => read('error-400-unrecognized-fields.json'), key: () => read('error-403-invalid-api-key.json') }),
    ))('reports the $answers 400 (unrecognized fields) and 403 (bad key) as http errors', async ({ fields, key }) => {
      const { s2 } = client(() => json(fields(), 400));
      expect(await failure(s2.paperByArxivId('2312.07559'))).toMatchObject({ kind: 'http', status: 400 });
      const keyed = client(() => json(key(), 403));
      expect(await failure(keyed.s2.paperByArxivId('2312.07559'))).toMatchObject({ kind: 'http', status: 403 });
    });
    it.each<[string, unknown]>([
      ['a non-object', []],
      ['no paperId', { title: 'x' }],
      ['a string citation count', { paperId: 'p', citationCount: '111' }],
      ['authors as an object', { paperId: 'p', authors: { 0: { name: 'x' } } }],
      ['a batch that is not an array', { 0: null }],
    ])('rejects %s as invalid-response', async (_, body) => {
      const { s2 } = client(() => json(body));
      expect((await failure(s2.paperByArxivId('2312.07559'))).kind).toBe('invalid-response');
    });

    it('never sends a malformed id', async () => {
      const { s2, fetch } = client(() => json(madeUpPaper()));
      expect((await failure(s2.paperByArxivId('2312.07559/../../author/1'))).kind).toBe('not-found');
      expect(fetch).not.toHaveBeenCalled();
    });

    it('sends the optional key as x-api-key, and no key header without one', async () => {
      const keyed = client(() => json(madeUpPaper()), { getKey: () => 'k3y' });
      await keyed.s2.paperByArxivId('2312.07559');
      expect(keyed.sent[0]!.init.headers).toEqual({ 'x-api-key': 'k3y' });
      const keyless = client(() => json(madeUpPaper()), { getKey: async () => undefined });
      await keyless.s2.paperByArxivId('2312.07559');
      expect(keyless.sent[0]!.init.headers).toEqual({});
    });

    it.each(andRecorded(
      RECORDED,
      { answers: 'made-up', body: () => madeUpError(429) },
      () => ({ answers: 'quoted', body: () => read('error-429-too-many-requests.QUOTED.json') }),
    ))('turns the $answers 429 into rate-limited and cools the host down', async ({ body }) => {
      const { s2, fetch, advance } = client(() => json(body(), 429));
      const e = await failure(s2.paperByArxivId('2312.07559'));
      expect(e.kind).toBe('rate-limited');
      expect(e.retryAt).toBeGreaterThan(T0);
      // Sent again a few times first: the shared pool refuses often and briefly.
      expect(fetch).toHaveBeenCalledTimes(6);

      // Later calls do not hammer the shared pool until retryAt.
      expect((await failure(s2.recommendations('2312.07559', 'recent'))).kind).toBe('rate-limited');
      expect(fetch).toHaveBeenCalledTimes(6);
      // After the cooldown, a call goes out again (and retries as usual).
      advance(e.retryAt! - T0);
      await failure(s2.paperByArxivId('2312.07559'));
      expect(fetch).toHaveBeenCalledTimes(12);
    });
  });

  describe('papersByArxivIds', () => {
    it('POSTs up to 500 ids a call and keys the aligned answers by the ids asked', async () => {
      const known = madeUpBatch()[1];
      const ids = Array.from({ length: 501 }, (_, k) => `2406.${String(10000 + k)}v2`);
      const { s2, sent } = client(({ init }) => {
        const asked = (JSON.parse(String(init.body)) as { ids: string[] }).ids;
        return json(asked.map((_, k) => (k % 2 ? null : known)));
      });
      const found = await s2.papersByArxivIds(ids);
      const bodies = sent.map(({ init }) => (JSON.parse(String(init.body)) as { ids: string[] }).ids);
      expect(bodies.map((b) => b.length)).toEqual([500, 1]);
      expect(bodies[0]![0]).toBe('ARXIV:2406.10000');
      expect(fieldsOf(sent[0]!.url)).toEqual(PAPER_FIELDS);
      expect(found.get('2406.10000')).toMatchObject({ arxivId: '2406.10000', source: 's2', s2Id: '9a8b7c6d5e4f30211203f4e5d6c7b8a9f0e1d2c3' });
      expect(found.get('2406.10001')).toBeNull();
      expect(found.get('2406.10500')).toMatchObject({ arxivId: '2406.10500' });
    });
  });

  describe('recommendations', () => {
    it('asks forpaper/ARXIV:<id> with pool, limit and minimal fields', async () => {
      const { s2, sent } = client(() => json(madeUpRecommendations()));
      await s2.recommendations('2312.07559v1', 'recent');
      const { url } = sent[0]!;
      expect(url.origin + url.pathname).toBe('https://api.semanticscholar.org/recommendations/v1/papers/forpaper/ARXIV:2312.07559');
      expect(url.searchParams.get('from')).toBe('recent');
      expect(url.searchParams.get('limit')).toBe('20');
      expect(fieldsOf(url)).toEqual(['paperId', 'title', 'year', 'citationCount', 'externalIds', 'url', 'authors']);
      for (const f of fieldsOf(url)) expect(S2_PAPER_FIELDS).toContain(f);
    });

    const titleOnly = (recorded: Json) => ({
      source: 's2', id: recorded.paperId, arxivId: null, doi: null, title: recorded.title, authorNames: [], year: null, citedBy: null, catalogUrl: null,
    });
    it.each(andRecorded<{ answers: string; pool: 'recent' | 'all-cs'; body: () => string; first: (recorded: Json) => unknown }>(
      RECORDED,
      {
        answers: 'made-up', pool: 'recent', body: madeUpRecommendations,
        first: (recorded) => ({
          source: 's2', id: recorded.paperId, arxivId: '2606.90100', doi: null, title: 'Gossip in Made-Up Systems', authorNames: ['Placeholder Author 1'],
          year: 2026, citedBy: 200, catalogUrl: `https://www.semanticscholar.org/paper/${String(recorded.paperId)}`,
        }),
      },
      // Recorded asking for titles alone.
      () => ({ answers: 'recorded', pool: 'recent', body: () => read('recommendations-forpaper-recent.json'), first: titleOnly }),
      () => ({ answers: 'recorded', pool: 'all-cs', body: () => read('recommendations-forpaper-all-cs.json'), first: titleOnly }),
    ))('maps the $answers $pool pool, in S2 order', async ({ pool, body, first }) => {
      const recorded = (JSON.parse(body()) as Json).recommendedPapers as Json[];
      const { s2, sent } = client(() => json(body()));
      const papers = await s2.recommendations('2312.07559', pool, 100);
      expect(sent[0]!.url.searchParams.get('from')).toBe(pool);
      expect(sent[0]!.url.searchParams.get('limit')).toBe('100');
      expect(papers.map((p) => p.id)).toEqual(recorded.map((p) => p.paperId));
      expect(papers[0]).toEqual(first(recorded[0]!));
    });

    it('maps full recommendation entries and keeps only safe catalog links', async () => {
      const entry = (url: string) => ({
        paperId: '7e55d8701785818776323b4147cb13354c820469',
        title: 'PaperQA',
        year: 2023,
        citationCount: 111,
        externalIds: { ArXiv: '2312.07559', DOI: '10.48550/arXiv.2312.07559', CorpusId: 266191420 },
        url,
        authors: [{ authorId: '2219926382', name: "Jakub L'ala" }, { authorId: null, name: 'Unresolved' }],
      });
      const urls = [
        'https://www.semanticscholar.org/paper/7e55d8701785818776323b4147cb13354c820469',
        'javascript:alert(document.domain)',
        ' JaVaScRiPt:alert(1)',
        'http://www.semanticscholar.org/paper/x',
        'https://evil.example/paper/x',
      ];
      const { s2 } = client(() => json({ recommendedPapers: urls.map(entry) }));
      const papers = await s2.recommendations('2312.07559', 'all-cs');
      expect(papers[0]).toEqual({
        source: 's2',
        id: '7e55d8701785818776323b4147cb13354c820469',
        arxivId: '2312.07559',
        doi: '10.48550/arXiv.2312.07559',
        title: 'PaperQA',
        authorNames: ["Jakub L'ala", 'Unresolved'],
        year: 2023,
        citedBy: 111,
        catalogUrl: urls[0],
      });
      expect(papers.slice(1).map((p) => p.catalogUrl)).toEqual([null, null, null, null]);
    });

    it('clamps the limit to what S2 allows', async () => {
      const { s2, sent } = client(() => json({ recommendedPapers: [] }));
      await s2.recommendations('2312.07559', 'recent', 10_000);
      await s2.recommendations('2312.07559', 'recent', 0);
      expect(sent.map((s) => s.url.searchParams.get('limit'))).toEqual(['500', '1']);
    });

    it('rejects an envelope without recommendedPapers as invalid-response', async () => {
      const { s2 } = client(() => json({ data: [] }));
      expect((await failure(s2.recommendations('2312.07559', 'recent'))).kind).toBe('invalid-response');
    });
  });
});
