import { checkApiKey, isApiKey, maskKey } from './key-format';

describe('API key format', () => {
  it('takes a pasted key with surrounding spaces, stored trimmed', () => {
    expect(checkApiKey('openalex', '  aB3dE5gH9kLm_2-x \n')).toEqual({ ok: true, key: 'aB3dE5gH9kLm_2-x' });
    expect(checkApiKey('s2', '\tQwErTy1234567890abcdef ')).toEqual({ ok: true, key: 'QwErTy1234567890abcdef' });
  });

  it.each([
    ['openalex', '', /Paste your OpenAlex API key/],
    ['openalex', '   ', /Paste your OpenAlex API key/],
    ['openalex', 'abcd1234 efgh5678', /no spaces or line breaks/],
    ['s2', 'abcd1234\nefgh5678', /no spaces or line breaks/],
    ['openalex', 'a'.repeat(201), /at most 200 characters/],
    ['s2', 'abc12', /too short/],
    ['s2', 'abcd-1234-efgh', /only letters and digits/],
    ['openalex', 'key=abc12345&x=1', /only letters, digits/],
    ['openalex', 'https://evil.example/', /only letters, digits/],
  ] as const)('rejects %s key %j with a reason', (service, raw, reason) => {
    const r = checkApiKey(service, raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(reason);
  });

  it('accepts only the exact stored form on the wire', () => {
    expect(isApiKey('openalex', 'aB3dE5gH9kLm')).toBe(true);
    expect(isApiKey('openalex', ' aB3dE5gH9kLm')).toBe(false);
    expect(isApiKey('s2', 'a'.repeat(200))).toBe(true);
    expect(isApiKey('s2', 'a'.repeat(201))).toBe(false);
  });

  it('masks a key down to its last four characters', () => {
    const masked = maskKey('aB3dE5gH9kLm1a2b');
    expect(masked.endsWith('1a2b')).toBe(true);
    expect(masked).not.toContain('aB3dE5gH9kLm');
  });
});
