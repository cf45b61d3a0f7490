import { parseRequest } from '../protocol';

describe('researcher page messages', () => {
  it.each([
    { type: 'researcher-profile', id: 'A5023888391' },
    { type: 'researcher-profile', id: 'A5023888391', revalidate: true },
    { type: 'researcher-works', id: 'A5023888391', order: 'recent', page: 1 },
    { type: 'researcher-works', id: 'A5023888391', order: 'cited', page: 50 },
    { type: 'researcher-s2', id: 'A5023888391' },
    { type: 'researcher-s2', id: 'A5023888391', s2Id: '1741101' },
    { type: 'open-researcher-page', id: 'A5023888391', s2Id: '1741101', background: true },
  ])('accepts %j', (message) => {
    expect(parseRequest(message).ok).toBe(true);
  });

  it.each([
    ['an author URL in place of an id', { type: 'researcher-profile', id: 'https://openalex.org/A5023888391' }],
    ['an order OpenAlex is not asked for', { type: 'researcher-works', id: 'A1', order: 'title', page: 1 }],
    ['page 0', { type: 'researcher-works', id: 'A1', order: 'recent', page: 0 }],
    ['a page past the first 10,000 works', { type: 'researcher-works', id: 'A1', order: 'recent', page: 51 }],
    ['a fractional page', { type: 'researcher-works', id: 'A1', order: 'recent', page: 1.5 }],
    ['an S2 id that is not a number', { type: 'researcher-s2', id: 'A1', s2Id: '../paper/x' }],
    ['a URL to open', { type: 'open-researcher-page', id: 'A1', url: 'https://evil.example' }],
  ])('rejects %s', (_, message) => {
    expect(parseRequest(message).ok).toBe(false);
  });
});
