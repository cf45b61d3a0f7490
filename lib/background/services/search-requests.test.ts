import { parseRequest } from '../protocol';

describe('search messages', () => {
  it.each([
    { type: 'search-researchers', q: 'hinton' },
    { type: 'search-papers', q: '"attention" is all | you need, 🚀' },
    { type: 'search-papers', q: 'x'.repeat(200) },
    { type: 'recent-searches' },
    { type: 'remember-search', query: 'graph neural networks' },
    { type: 'clear-recent-searches' },
  ])('accepts %j', (message) => {
    expect(parseRequest(message).ok).toBe(true);
  });

  it.each([
    ['a blank query', { type: 'search-papers', q: '   ' }],
    ['an empty query', { type: 'search-researchers', q: '' }],
    ['an untrimmed query', { type: 'search-researchers', q: ' hinton ' }],
    ['a query over 200 characters', { type: 'search-papers', q: 'x'.repeat(201) }],
    ['a query that is not text', { type: 'search-papers', q: 42 }],
    ['a URL smuggled as a key', { type: 'search-papers', q: 'hinton', url: 'https://evil.example' }],
    ['a blank search to remember', { type: 'remember-search', query: ' ' }],
    ['an untrimmed search to remember', { type: 'remember-search', query: ' luo' }],
    ['a list of searches to remember', { type: 'remember-search', query: ['luo'] }],
  ])('rejects %s', (_, message) => {
    expect(parseRequest(message).ok).toBe(false);
  });
});
