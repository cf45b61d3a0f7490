import { parseRequest } from '../protocol';

describe('settings messages', () => {
  it.each([
    { type: 'settings-get' },
    { type: 'settings-set-keys', openalex: 'aB3dE5gH9kLm_2-x' },
    { type: 'settings-set-keys', s2: 'QwErTy1234567890' },
    { type: 'settings-set-keys', openalex: '', s2: '' },
    { type: 'cache-stats' },
    { type: 'cache-clear' },
  ])('accepts %o', (message) => {
    expect(parseRequest(message).ok).toBe(true);
  });

  it.each([
    ['a key with spaces inside', { type: 'settings-set-keys', openalex: 'abcd1234 efgh' }],
    ['an untrimmed key', { type: 'settings-set-keys', openalex: ' abcd1234efgh' }],
    ['an unbounded key', { type: 'settings-set-keys', s2: 'a'.repeat(201) }],
    ['a URL as key', { type: 'settings-set-keys', openalex: 'https://evil.example/' }],
    ['a non-alphanumeric S2 key', { type: 'settings-set-keys', s2: 'abcd-1234-efgh' }],
    ['a key for an unknown service', { type: 'settings-set-keys', crossref: 'abcd1234efgh' }],
    ['a smuggled url', { type: 'cache-clear', url: 'https://evil.example/' }],
    ['a non-string key', { type: 'settings-set-keys', openalex: 12345678 }],
  ])('rejects %s', (_, message) => {
    expect(parseRequest(message).ok).toBe(false);
  });
});
