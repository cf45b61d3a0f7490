import { client, json, list } from './test-helpers';

describe('OpenAlex autocomplete', () => {
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
