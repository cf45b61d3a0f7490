import { fakeBrowser } from 'wxt/testing';
import { createBackgroundDeps } from './deps';
import { freshIndexedDb, putRecords } from './user-data/testing';

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
});

/** Every request the catalog clients make, answered 404 (the paper is unknown). */
function recordFetches() {
  const calls: { url: URL; headers: Headers }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), headers: new Headers(init?.headers) });
    return new Response('<html>Not Found</html>', { status: 404, headers: { 'content-type': 'text/html' } });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the background’s catalog clients', () => {
  it('send no key when the reader saved none', async () => {
    const calls = recordFetches();
    const deps = createBackgroundDeps();
    await expect(deps.openalex.workByArxivId('2406.05546')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(deps.s2.paperByArxivId('2406.05546')).rejects.toMatchObject({ kind: 'not-found' });
    expect(calls.map((c) => c.url.searchParams.has('api_key'))).toEqual([false, false]);
    expect(calls[1]!.headers.has('x-api-key')).toBe(false);
  });

  it('send the saved keys: OpenAlex as api_key, Semantic Scholar as x-api-key, a new key from the next request', async () => {
    // Saved by an earlier Weft in storage.local: moved out of content scripts' reach, still used.
    await fakeBrowser.storage.local.set({ apiKeys: { openalex: 'OaKey12345', s2: 'S2key67890' }, 'apiKeys$': { v: 1 } });
    const calls = recordFetches();
    const deps = createBackgroundDeps();
    await expect(deps.openalex.workByArxivId('2406.05546')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(deps.s2.paperByArxivId('2406.05546')).rejects.toMatchObject({ kind: 'not-found' });
    expect(calls[0]!.url.host).toBe('api.openalex.org');
    expect(calls[0]!.url.searchParams.get('api_key')).toBe('OaKey12345');
    expect(calls[1]!.url.host).toBe('api.semanticscholar.org');
    expect(calls[1]!.headers.get('x-api-key')).toBe('S2key67890');
    expect(calls[1]!.url.searchParams.has('api_key')).toBe(false);

    expect(await fakeBrowser.storage.local.get(null)).toEqual({});

    await deps.apiKeys.save({ openalex: 'NewOaKey999' });
    await expect(deps.openalex.workByArxivId('2406.05547')).rejects.toMatchObject({ kind: 'not-found' });
    expect(calls[2]!.url.searchParams.get('api_key')).toBe('NewOaKey999');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('report a refused key (S2 403) for the settings page and keep sending it', async () => {
    await putRecords({ key: 'apiKeys', version: 1, value: { openalex: '', s2: 'S2key67890' } });
    const calls: Headers[] = [];
    vi.stubGlobal('fetch', async (_: RequestInfo | URL, init?: RequestInit) => {
      calls.push(new Headers(init?.headers));
      return new Response('{"message":"Forbidden"}', { status: 403, headers: { 'content-type': 'application/json' } });
    });
    const deps = createBackgroundDeps();
    await expect(deps.s2.paperByArxivId('2406.05546')).rejects.toMatchObject({ kind: 'key-rejected' });
    await vi.waitFor(async () => expect((await fakeBrowser.storage.local.get('apiKeyProblems')).apiKeyProblems).toMatchObject({ s2: expect.any(Number), openalex: null }));
    expect(await deps.apiKeys.getKey('s2')()).toBe('S2key67890');
    await expect(deps.s2.paperByArxivId('2406.05546')).rejects.toMatchObject({ kind: 'key-rejected' });
    expect(calls.map((h) => h.get('x-api-key'))).toEqual(['S2key67890', 'S2key67890']);
  });
});
