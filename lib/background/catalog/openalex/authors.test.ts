import type { OpenAlexClient } from './index';
import { AUTHOR_SELECT, client, filterValues, type Json, json, list, madeUpAuthor, notFound, priem, project, RECORDED, selectOf } from './test-helpers';
import { andRecorded, failure, MADE_UP_INSTITUTE } from '../test-helpers';

describe('OpenAlex authors', () => {
  it.each(andRecorded(
    RECORDED,
    { answers: 'made-up', author: madeUpAuthor },
    () => ({ answers: 'recorded', author: priem }),
  ))('selects only fields the $answers objects have', ({ author }) => {
    const authorKeys = Object.keys(author());
    for (const f of [...AUTHOR_SELECT, 'topics', 'counts_by_year', 'display_name_alternatives', 'affiliations']) expect(authorKeys).toContain(f);
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

    it.each([
      ['authorById', (oa: OpenAlexClient, id: string) => oa.authorById(id)],
      ['researcherProfile', (oa: OpenAlexClient, id: string) => oa.researcherProfile(id)],
      ['candidateById', (oa: OpenAlexClient, id: string) => oa.candidateById({ openalexId: id })],
    ] as const)('%s asks the free singleton of the bare A id, and never sends a malformed one', async (_, ask) => {
      const { oa, urls } = client((url) => json(project(madeUpAuthor(), url)));
      await expect(ask(oa, 'https://openalex.org/A5000000011')).resolves.toMatchObject({ openalexId: 'A5000000011', hIndex: 14 });
      for (const bad of ['A1?select=x', '../works/W1', 'W5000000001', '']) expect((await failure(ask(oa, bad))).kind).toBe('not-found');
      expect(urls.map((u) => u.pathname)).toEqual(['/authors/A5000000011']);
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
  });
});
