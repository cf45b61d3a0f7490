import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../cache/cache';
import { createHttp } from '../catalog/http';
import { createOpenAlex, type OpenAlexClient } from '../catalog/openalex';
import { createResearchers, RECENT_WORKS, RESEARCHER_TTL } from './researchers';
import { createSemanticScholar } from '../catalog/semantic-scholar';
import { andRecorded, madeUpJson, recordedResponses, UNPACED } from '../catalog/test-helpers';
import { CatalogError } from '../../catalog/types';

// Made-up answers (./testdata) always; OpenAlex's recorded ones too when they are beside the repo.
const RECORDED = recordedResponses('researchers.test', 'openalex');

type Json = Record<string, unknown>;
const load = (name: string) => JSON.parse(readFileSync(join(RECORDED!, name), 'utf8')) as Json;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const project = (obj: Json, url: URL): Json => {
  const select = url.searchParams.get('select');
  return select ? Object.fromEntries(select.split(',').map((f) => [f, obj[f] ?? null])) : obj;
};

function setup(route: (url: URL) => Response) {
  const urls: URL[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    return route(url);
  });
  const http = createHttp({ fetch, random: () => 0.5, sleep: async () => undefined, maxRetries: 0, ...UNPACED });
  const openalex = createOpenAlex({ http });
  const s2 = createSemanticScholar({ http });
  const cache = createCache({ factory: new IDBFactory() });
  return { urls, openalex, pages: createResearchers({ openalex, s2, cache }) };
}

describe('researcher page: OpenAlex answers', () => {
  it.each(andRecorded(
    RECORDED,
    {
      answers: 'made-up', author: () => madeUpJson('openalex-author.json'),
      profile: {
        openalexId: 'A5000000011', displayName: 'Mira Okonkwo-Hale', hIndex: 14, i10Index: 17, meanCitedness2y: 4.25,
        alternativeNames: ['M. Okonkwo-Hale', 'Mira Okonkwo‐Hale', 'Okonkwo-Hale Mira'],
      },
      topic: { id: 'T10001', name: 'Gossip and Epidemic Protocols', count: 21, subfield: 'Computer Networks and Communications', field: 'Computer Science' },
      latestYear: { year: 2026, works: 4, citedBy: 210 },
    },
    () => ({
      answers: 'recorded', author: () => load('author-A5023888391.json'),
      profile: { openalexId: 'A5023888391', displayName: 'Jason Priem', hIndex: 17, i10Index: 20, meanCitedness2y: 6, alternativeNames: ['Priem Jason'] },
      topic: { id: 'T10102', name: 'scientometrics and bibliometrics research', count: 23, subfield: 'Statistics, Probability and Uncertainty', field: 'Decision Sciences' },
      latestYear: { year: 2025, works: 0, citedBy: 80 },
    }),
  ))('maps the $answers author: figures, other names, topics with their field, yearly counts', async ({ author, profile, topic, latestYear }) => {
    const { openalex, urls } = setup((url) => json(project(author(), url)));
    const p = await openalex.researcherProfile(profile.openalexId);
    expect(urls[0]!.pathname).toBe(`/authors/${profile.openalexId}`);
    expect(urls[0]!.searchParams.get('select')!.split(',')).toEqual(
      expect.arrayContaining(['summary_stats', 'display_name_alternatives', 'topics', 'counts_by_year', 'last_known_institutions']),
    );
    expect(p).toMatchObject(profile);
    expect(p.topics[0]).toEqual(topic);
    expect(p.countsByYear[0]).toEqual(latestYear);
  });

  it('a merged id: the profile is the one OpenAlex answers with (fetch followed its 301)', async () => {
    const author = { ...madeUpJson('openalex-author.json'), id: 'https://openalex.org/A5000000002' };
    const { openalex } = setup((url) => json(project(author, url)));
    expect((await openalex.researcherProfile('A5000000001')).openalexId).toBe('A5000000002');
  });

  it.each(andRecorded(
    RECORDED,
    {
      answers: 'made-up', listed: () => madeUpJson('openalex-works.json'), author: 'A5000000012',
      works: [
        ['W5000000002', 'middle', 5, 'Journal of Made-Up Networking', '10.5555/made-up.2026.17', null],
        ['W5000000001', 'middle', 5, null, null, '2607.90001'],
      ],
      topic: 'T10001',
    },
    () => ({
      answers: 'recorded', listed: () => load('list-title-search-journal-and-arxiv-preprint-as-two-works.json'), author: 'A5101971357',
      works: [
        ['W4396723768', 'middle', 6, 'Nature Machine Intelligence', '10.1038/s42256-024-00832-8', null],
        ['W4365597205', 'middle', 4, null, null, '2304.05376'],
      ],
      topic: 'T11948',
    }),
  ))('asks for one page of 200 works in the order chosen, and maps position, venue, links and topics ($answers)', async ({ listed, author, works, topic }) => {
    const { openalex, urls } = setup((url) => json({ ...listed(), results: (listed().results as Json[]).map((r) => project(r, url)) }));
    const page = await openalex.researcherWorks(author, 'cited', 2);
    const q = urls[0]!.searchParams;
    expect([urls[0]!.pathname, q.get('filter'), q.get('sort'), q.get('per_page'), q.get('page')]).toEqual(['/works', `authorships.author.id:${author}`, 'cited_by_count:desc', '200', '2']);
    expect(q.get('select')!.split(',')).toEqual(expect.arrayContaining(['topics', 'authorships', 'locations', 'cited_by_count']));
    expect(page.total).toBe(2);
    expect(page.works.map((w) => [w.id, w.authorPosition, w.authorCount, w.venue, w.journalDoi, w.arxivId])).toEqual(works);
    expect(page.works[0]!.topicIds[0]).toBe(topic);
    expect(page.works[0]).not.toHaveProperty('authorNames');
    expect(page.works[0]!.coAuthors.some((c) => c.openalexId === author)).toBe(false);
  });
});

describe('researcher page: cached answers', () => {
  it('an unknown id is an answer, cached: asked once', async () => {
    const { pages, urls } = setup(() => new Response('<html>Not Found</html>', { status: 404, headers: { 'content-type': 'text/html' } }));
    expect((await pages.profile('A9')).value).toEqual({ found: false });
    expect((await pages.profile('A9')).value).toEqual({ found: false });
    expect(urls).toHaveLength(1);
  });

  it('a failure is not cached: the next open asks again', async () => {
    let down = true;
    const author = { id: 'https://openalex.org/A7', display_name: 'Ada' };
    const { pages, urls } = setup((url) => (down ? json({ error: 'boom' }, 500) : json(project(author, url))));
    await expect(pages.profile('A7')).rejects.toBeInstanceOf(CatalogError);
    down = false;
    expect((await pages.profile('A7')).value).toMatchObject({ found: true, value: { displayName: 'Ada' } });
    expect(urls).toHaveLength(2);
  });

  it('each order and page of works is its own answer; a page seen before is not asked again', async () => {
    const { pages, urls } = setup(() => json({ meta: { count: 0 }, results: [] }));
    await pages.works('A1', 'recent', 1);
    await pages.works('A1', 'recent', 1);
    await pages.works('A1', 'cited', 1);
    await pages.works('A1', 'recent', 2);
    expect(urls.map((u) => `${u.searchParams.get('sort')} ${u.searchParams.get('page')}`)).toEqual(['publication_date:desc 1', 'cited_by_count:desc 1', 'publication_date:desc 2']);
  });

  it('remembers the S2 id a page was opened with, for later opens that do not know it', async () => {
    const s2Author = { authorId: '1741101', name: 'Ada', hIndex: 40, citationCount: 9000, paperCount: 120 };
    const { pages, urls } = setup(() => json(s2Author));
    expect(await pages.s2IdOf('A1')).toBeNull();
    expect(await pages.s2IdOf('A1', '1741101')).toBe('1741101');
    expect(await pages.s2IdOf('A1')).toBe('1741101');
    const r = await pages.s2Figures('1741101');
    expect(r.value).toEqual({ found: true, value: { s2Id: '1741101', name: 'Ada', hIndex: 40, citedBy: 9000, papers: 120 } });
    expect(urls[0]!.pathname).toBe('/graph/v1/author/1741101');
    expect(urls[0]!.searchParams.get('fields')).toBe('authorId,name,hIndex,citationCount,paperCount');
  });
});

describe("the popup's researcher: a summary of the researcher page's answers", () => {
  type Work = Awaited<ReturnType<OpenAlexClient['researcherWorks']>>['works'][number];
  const work = (id: string): Work => ({
    source: 'openalex', id, arxivId: null, doi: null, title: id, year: 2025, citedBy: 0, catalogUrl: `https://openalex.org/${id}`,
    authorPosition: 'first', coAuthors: [], venue: null, journalDoi: null, topicIds: [], authorCount: 1,
  });
  const profileOf = (id: string) => ({ openalexId: id, displayName: 'Ada', topics: [], countsByYear: [] });

  function fakes({ merged = {} as Record<string, string> } = {}) {
    let now = 5_000_000;
    const openalex = {
      researcherProfile: vi.fn(async (id: string) => profileOf(merged[id] ?? id)),
      researcherWorks: vi.fn(async (id: string) => ({ works: Array.from({ length: 30 }, (_, k) => work(`W${id}${k}`)), total: 30 })),
    };
    const cache = createCache({ factory: new IDBFactory(), now: () => now });
    const researchers = createResearchers({ openalex: openalex as never, s2: {} as never, cache });
    return { researchers, openalex, advance: (ms: number) => (now += ms) };
  }

  it('is the profile and the newest works of the first page, which the researcher page then opens with no request', async () => {
    const { researchers, openalex } = fakes();
    const s = await researchers.summary('A1');
    expect(s.profile.value).toMatchObject({ found: true, value: { openalexId: 'A1' } });
    expect(s.recent).toMatchObject({ ok: true, works: { stale: false } });
    expect(s.recent.ok && s.recent.works.value.map((w) => w.id)).toEqual(Array.from({ length: RECENT_WORKS }, (_, k) => `WA1${k}`));
    expect(openalex.researcherWorks.mock.calls).toEqual([['A1', 'recent', 1]]);
    await researchers.profile('A1');
    await researchers.works('A1', 'recent', 1);
    await researchers.summary('A1');
    expect(openalex.researcherProfile).toHaveBeenCalledOnce();
    expect(openalex.researcherWorks).toHaveBeenCalledOnce();
  });

  it('names the works of the surviving id of a merged profile', async () => {
    const { researchers, openalex } = fakes({ merged: { A1: 'A2' } });
    const s = await researchers.summary('A1');
    expect(s.recent.ok && s.recent.works.value[0]!.id).toBe('WA20');
    expect(openalex.researcherWorks.mock.calls.at(-1)).toEqual(['A2', 'recent', 1]);
  });

  it('keeps the profile when the works fail (a spent budget), and asks for them again next time', async () => {
    const { researchers, openalex } = fakes();
    const spent = new CatalogError('budget-exhausted', 'spent', 9, 429);
    openalex.researcherWorks.mockRejectedValueOnce(spent);
    const s = await researchers.summary('A1');
    expect(s.profile.value.found).toBe(true);
    expect(s.recent).toEqual({ ok: false, error: spent });
    expect((await researchers.summary('A1')).recent.ok).toBe(true);
    expect(openalex.researcherProfile).toHaveBeenCalledOnce();
  });

  it('serves a day-old profile stale while refreshing it', async () => {
    const { researchers, openalex, advance } = fakes();
    await researchers.summary('A1');
    advance(RESEARCHER_TTL.profile + 1);
    expect((await researchers.summary('A1')).profile.stale).toBe(true);
    await vi.waitFor(() => expect(openalex.researcherProfile).toHaveBeenCalledTimes(2));
  });
});
