import { parseRequest } from '../protocol';

describe('follow messages', () => {
  it.each([
    { type: 'follow', id: 'A5023888391', name: 'Ray Cao' },
    { type: 'follow', id: 'A5023888391', name: 'Ray Cao', category: 'cs.DC' },
    { type: 'unfollow', id: 'A5023888391' },
    { type: 'followed-ids' },
    { type: 'follows-state' },
    { type: 'mark-seen', papers: ['W4389761608'] },
    { type: 'mark-seen', papers: ['2406.05546', 'W4389761608'] },
    { type: 'hide-guesses', arxivIds: ['2406.05546'] },
    { type: 'alert-settings', sameDay: false, feed: 'rss' },
    { type: 'watch-categories', add: ['cs.LG', 'math'], remove: ['cs.DC'] },
    { type: 'watch-categories', reset: true },
    { type: 'topic-follow', query: 'diffusion model', categories: ['cs.LG'], ring: true },
    { type: 'topic-ring', id: 't1782000000000', ring: false },
    { type: 'topic-unfollow', id: 't1' },
    { type: 'topic-seen', keys: ['t1 2406.05546'] },
    { type: 'topic-seen' },
    { type: 'mark-all-seen' },
    { type: 'check-now' },
    { type: 'alert-settings', intervalMinutes: 30, notify: true },
    { type: 'import-follows', text: '{}' },
  ])('accepts %o', (message) => {
    expect(parseRequest(message).ok).toBe(true);
  });

  it.each([
    ['a URL in place of an author id', { type: 'follow', id: 'https://openalex.org/A1', name: 'x' }],
    ['a category that is none', { type: 'follow', id: 'A1', name: 'x', category: 'cs.DC/../../x' }],
    ['a work id as author', { type: 'unfollow', id: 'W1' }],
    ['an unbounded name', { type: 'follow', id: 'A1', name: 'x'.repeat(301) }],
    ['a smuggled url', { type: 'check-now', url: 'https://evil.example/' }],
    ['an unknown key', { type: 'follow', id: 'A1', name: 'x', followedAt: 1 }],
    ['a bad work id', { type: 'mark-seen', papers: ['A1'] }],
    ['a versioned arXiv id', { type: 'mark-seen', papers: ['2406.05546v2'] }],
    ['no work ids', { type: 'mark-seen', papers: [] }],
    ['the old field name', { type: 'mark-seen', workIds: ['W4389761608'] }],
    ['an unknown feed', { type: 'alert-settings', feed: 'export' }],
    ['not a category', { type: 'watch-categories', add: ['cs.LG/../x'] }],
    ['a long topic', { type: 'topic-follow', query: 'x'.repeat(121), categories: [], ring: true }],
    ['a topic in a made-up category', { type: 'topic-follow', query: 'x', categories: ['<b>'], ring: true }],
    ['a topic id that is no id', { type: 'topic-unfollow', id: 'A1' }],
    ['checks more often than every 30 minutes', { type: 'alert-settings', intervalMinutes: 5 }],
    ['a fractional interval', { type: 'alert-settings', intervalMinutes: 45.5 }],
    ['a huge import', { type: 'import-follows', text: 'x'.repeat(1_000_001) }],
  ])('rejects %s', (_, message) => {
    expect(parseRequest(message).ok).toBe(false);
  });
});
