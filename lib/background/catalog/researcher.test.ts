import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../cache/cache';
import type { AuthoredWork } from './openalex';
import { createResearchers, RECENT_WORKS, RESEARCHER_TTL, summariseRecentWorks } from './researcher';

type Co = AuthoredWork['coAuthors'][number];
const co = (id: string | null, name = `Person ${id}`): Co => ({ openalexId: id, name });
const work = (id: string, position: AuthoredWork['authorPosition'], coAuthors: Co[]): AuthoredWork => ({
  source: 'openalex', id, arxivId: null, doi: null, title: id, authorNames: [], year: 2025, citedBy: 0,
  catalogUrl: `https://openalex.org/${id}`, authorPosition: position, coAuthors,
});

describe('summariseRecentWorks', () => {
  it('counts first, middle, last and unplaced positions over all works', () => {
    const s = summariseRecentWorks('A1', [
      work('W1', 'first', []), work('W2', 'last', []), work('W3', 'last', []), work('W4', 'middle', []), work('W5', null, []),
    ]);
    expect(s.positions).toEqual({ first: 1, middle: 1, last: 2, unplaced: 1, works: 5 });
  });

  it('ranks co-authors by shared works, ties in order of appearance, each work counted once', () => {
    const s = summariseRecentWorks('A1', [
      work('W1', 'first', [co('A2'), co('A3'), co('A3')]),
      work('W2', 'last', [co('A4'), co('A3')]),
      work('W3', 'middle', [co('A4'), co(null, 'No Profile'), co('A1', 'Themself')]),
    ]);
    expect(s.coAuthors).toEqual([
      { id: 'A3', name: 'Person A3', sharedWorks: 2 },
      { id: 'A4', name: 'Person A4', sharedWorks: 2 },
      { id: 'A2', name: 'Person A2', sharedWorks: 1 },
    ]);
  });

  it('keeps at most 8 co-authors and ships works without their author lists', () => {
    const many = Array.from({ length: 30 }, (_, i) => co(`A${i + 10}`));
    const s = summariseRecentWorks('A1', [work('W1', 'first', many)]);
    expect(s.coAuthors).toHaveLength(8);
    expect(s.works[0]).not.toHaveProperty('coAuthors');
    expect(s.works[0]).toMatchObject({ id: 'W1', authorPosition: 'first' });
  });
});

describe('researchers', () => {
  function setup() {
    let now = 5_000_000;
    const openalex = {
      authorProfile: vi.fn(async (id: string) => ({ openalexId: id, displayName: 'Ada', topics: ['Graphs'] })),
      recentWorks: vi.fn(async () => [work('W1', 'first', [co('A2')])]),
    };
    const cache = createCache({ factory: new IDBFactory(), now: () => now });
    return { r: createResearchers({ openalex: openalex as never, cache }), openalex, advance: (ms: number) => (now += ms) };
  }

  it('asks for enough recent works for the breakdown, and caches profile and works', async () => {
    const { r, openalex } = setup();
    await r.profile('A1');
    const works = await r.recentWorks('A1');
    await r.profile('A1');
    await r.recentWorks('A1');
    expect(openalex.authorProfile).toHaveBeenCalledOnce();
    expect(openalex.recentWorks).toHaveBeenCalledOnce();
    expect(openalex.recentWorks).toHaveBeenCalledWith('A1', RECENT_WORKS);
    expect(works.value.coAuthors).toEqual([{ id: 'A2', name: 'Person A2', sharedWorks: 1 }]);
  });

  it('serves a day-old profile stale while refreshing it', async () => {
    const { r, openalex, advance } = setup();
    await r.profile('A1');
    advance(RESEARCHER_TTL.profile + 1);
    expect((await r.profile('A1')).stale).toBe(true);
    await vi.waitFor(() => expect(openalex.authorProfile).toHaveBeenCalledTimes(2));
  });
});
