import { primaryOf } from './sources';

describe('which catalog is shown first', () => {
  const both = { openalex: { value: 27, fetchedAt: 1 }, s2: { value: 111, fetchedAt: 2 } };

  it("shows Semantic Scholar's citations first and OpenAlex's author figures first", () => {
    expect(primaryOf(both, 'citations')).toEqual({ value: 111, fetchedAt: 2, source: 's2' });
    expect(primaryOf(both, 'author')).toEqual({ value: 27, fetchedAt: 1, source: 'openalex' });
  });

  it('falls back to the other catalog when the first has no value', () => {
    expect(primaryOf({ openalex: { value: 27, fetchedAt: 1 }, s2: { value: null, fetchedAt: 2 } }, 'citations')).toEqual({ value: 27, fetchedAt: 1, source: 'openalex' });
    expect(primaryOf({}, 'author')).toBeNull();
  });
});
