import { isNormalQuery, MAX_QUERY_CHARS, normaliseQuery, queryKey } from './search-query';

describe('search queries', () => {
  it('trims and collapses whitespace, keeping every other character', () => {
    expect(normaliseQuery('  "deep  learning" |\tgraphs, 2024 🚀 ')).toBe('"deep learning" | graphs, 2024 🚀');
  });

  it('treats a query of spaces as blank', () => {
    expect(normaliseQuery(' \t \n ')).toBe('');
    expect(isNormalQuery('   ')).toBe(false);
  });

  it('caps long queries by code point, never splitting an emoji', () => {
    const q = normaliseQuery('a'.repeat(199) + '🚀🚀' + 'b'.repeat(300));
    expect(Array.from(q)).toHaveLength(MAX_QUERY_CHARS);
    expect(q.endsWith('🚀')).toBe(true);
    expect(normaliseQuery('x'.repeat(500))).toHaveLength(MAX_QUERY_CHARS);
  });

  it('writes composed and decomposed accents the same way', () => {
    expect(normaliseQuery('Jose\u0301')).toBe(normaliseQuery('Jos\u00e9'));
  });

  it('keys queries case-insensitively', () => {
    expect(queryKey(' Geoffrey  HINTON ')).toBe(queryKey('geoffrey hinton'));
  });

  it('accepts only queries already in normal form', () => {
    expect(isNormalQuery('hinton')).toBe(true);
    expect(isNormalQuery(' hinton')).toBe(false);
    expect(isNormalQuery('x'.repeat(MAX_QUERY_CHARS + 1))).toBe(false);
  });
});
