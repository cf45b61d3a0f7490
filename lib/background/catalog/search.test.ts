import { UNPACED } from './test-helpers';
import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../cache/cache';
import { createHttp } from './http';
import { createOpenAlex, type AuthorSuggestion } from './openalex';
import { createSearch, SEARCH_TTL } from './search';
import { CatalogError, type PaperSummary } from '../../catalog/types';

const person = (id: string, name: string): AuthorSuggestion => ({ id, name, hint: null, citedBy: 10, works: 2 });
const paper = (id: string, arxivId: string | null): PaperSummary => ({
  source: 'openalex', id, arxivId, doi: null, title: `Paper ${id}`, authorNames: ['A. Author'], year: null, citedBy: 1,
  catalogUrl: `https://openalex.org/${id}`,
});

function setup() {
  let now = 1_000_000;
  const autocomplete = vi.fn(async (entity: 'authors' | 'works', q: string): Promise<unknown[]> =>
    entity === 'authors' ? [person('A1', `Hit for ${q}`)] : [paper('W1', '2406.05546'), paper('W2', 'hep-th/9901001'), paper('W3', null)],
  );
  const cache = createCache({ factory: new IDBFactory(), now: () => now });
  const search = createSearch({ openalex: { autocomplete } as never, cache });
  return { search, autocomplete, advance: (ms: number) => (now += ms) };
}

describe('search', () => {
  it('asks OpenAlex once per query: a repeated query is answered from the cache', async () => {
    const { search, autocomplete } = setup();
    const first = await search.researchers('hinton');
    const again = await search.researchers('hinton');
    expect(autocomplete).toHaveBeenCalledOnce();
    expect(again.value).toEqual(first.value);
    expect(again.stale).toBe(false);
  });

  it('treats case and spacing variants as the same query', async () => {
    const { search, autocomplete } = setup();
    await search.papers('Attention  Is All');
    await search.papers(' attention is all ');
    expect(autocomplete).toHaveBeenCalledOnce();
    expect(autocomplete).toHaveBeenCalledWith('works', 'Attention Is All');
  });

  it('keeps researchers and papers apart', async () => {
    const { search, autocomplete } = setup();
    await search.researchers('luo');
    await search.papers('luo');
    expect(autocomplete.mock.calls.map((c) => c[0])).toEqual(['authors', 'works']);
  });

  it('asks again once the hour is over', async () => {
    const { search, autocomplete, advance } = setup();
    await search.researchers('hinton');
    advance(SEARCH_TTL + 1);
    const r = await search.researchers('hinton');
    expect(autocomplete).toHaveBeenCalledTimes(2);
    expect(r.stale).toBe(false);
  });

  it('answers with the older list, marked stale, when asking again fails', async () => {
    const { search, autocomplete, advance } = setup();
    const first = await search.researchers('hinton');
    advance(SEARCH_TTL + 1);
    autocomplete.mockRejectedValueOnce(new CatalogError('network', 'offline'));
    const r = await search.researchers('hinton');
    expect(r).toMatchObject({ value: first.value, stale: true });
  });

  it('reports a failure when there is nothing to fall back on, and caches no failure', async () => {
    const { search, autocomplete } = setup();
    autocomplete.mockRejectedValueOnce(new CatalogError('rate-limited', 'slow down', 5));
    await expect(search.researchers('hinton')).rejects.toMatchObject({ kind: 'rate-limited' });
    await expect(search.researchers('hinton')).resolves.toMatchObject({ value: [person('A1', 'Hit for hinton')] });
  });

  it('gives arXiv papers the year of their id when the catalog gives none', async () => {
    const { search } = setup();
    const r = await search.papers('x');
    expect(r.value.map((p) => p.year)).toEqual([2024, 1999, null]);
  });
});

describe('search requests on the wire', () => {
  function wire() {
    const urls: URL[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      urls.push(new URL(String(input)));
      return new Response(JSON.stringify({ meta: { count: 0 }, results: [] }), { headers: { 'content-type': 'application/json' } });
    });
    const openalex = createOpenAlex({ http: createHttp({ fetch, random: () => 0.5, sleep: async () => undefined, ...UNPACED }) });
    const search = createSearch({ openalex, cache: createCache({ factory: new IDBFactory() }) });
    return { search, urls };
  }

  it.each([
    ['quotes, pipes and commas', '"deep learning", graphs | trees', '"deep learning", graphs | trees'],
    ['emoji', 'rocket 🚀 science', 'rocket 🚀 science'],
    ['500 characters', 'y'.repeat(500), 'y'.repeat(200)],
    ['an ampersand and a hash', 'R&D #1?', 'R&D #1?'],
  ])('sends %s as one encoded q parameter', async (_, typed, sent) => {
    const { search, urls } = wire();
    await search.papers(typed);
    expect(urls).toHaveLength(1);
    const url = urls[0]!;
    expect(url.pathname).toBe('/autocomplete/works');
    expect([...url.searchParams.keys()]).toEqual(['q']);
    expect(url.searchParams.get('q')).toBe(sent);
    expect(url.search).not.toMatch(/[",| ]/); // OpenAlex rejects raw commas; none of these travel raw
  });

  it('makes no request for a query of spaces', async () => {
    const { search, urls } = wire();
    await expect(search.researchers('    ')).resolves.toMatchObject({ value: [] });
    expect(urls).toHaveLength(0);
  });
});
