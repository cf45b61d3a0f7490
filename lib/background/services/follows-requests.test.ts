import { parseRequest } from '../protocol';

describe('follow messages', () => {
  it.each([
    { type: 'follow', id: 'A5023888391', name: 'Ray Cao' },
    { type: 'unfollow', id: 'A5023888391' },
    { type: 'followed-ids' },
    { type: 'follows-state' },
    { type: 'mark-seen', workIds: ['W4389761608'] },
    { type: 'mark-all-seen' },
    { type: 'check-now' },
    { type: 'alert-settings', intervalMinutes: 30, notify: true },
    { type: 'import-follows', text: '{}' },
  ])('accepts %o', (message) => {
    expect(parseRequest(message).ok).toBe(true);
  });

  it.each([
    ['a URL in place of an author id', { type: 'follow', id: 'https://openalex.org/A1', name: 'x' }],
    ['a work id as author', { type: 'unfollow', id: 'W1' }],
    ['an unbounded name', { type: 'follow', id: 'A1', name: 'x'.repeat(301) }],
    ['a smuggled url', { type: 'check-now', url: 'https://evil.example/' }],
    ['an unknown key', { type: 'follow', id: 'A1', name: 'x', followedAt: 1 }],
    ['a bad work id', { type: 'mark-seen', workIds: ['A1'] }],
    ['no work ids', { type: 'mark-seen', workIds: [] }],
    ['checks more often than every 30 minutes', { type: 'alert-settings', intervalMinutes: 5 }],
    ['a fractional interval', { type: 'alert-settings', intervalMinutes: 45.5 }],
    ['a huge import', { type: 'import-follows', text: 'x'.repeat(1_000_001) }],
  ])('rejects %s', (_, message) => {
    expect(parseRequest(message).ok).toBe(false);
  });
});
