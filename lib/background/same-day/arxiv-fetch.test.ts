import { ARXIV_SPACING_MS, createArxivFetch, FeedError } from './arxiv-fetch';

const LIST = 'https://arxiv.org/list/cs.DC/new';

function setup({ granted = true, answer = (_url: string, _init: RequestInit) => new Response('<html>ok</html>', { status: 200, headers: { etag: '"v1"', 'last-modified': 'Tue, 01 Dec 2026 01:00:00 GMT' } }) } = {}) {
  let t = 1_000_000;
  const asked: { url: string; at: number; headers: Record<string, string>; init: RequestInit }[] = [];
  let last = 0;
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(url), at: t, headers: { ...(init?.headers as Record<string, string>) }, init: init! });
    return answer(String(url), init!);
  });
  const arxiv = createArxivFetch({
    fetch: fetch as unknown as typeof globalThis.fetch,
    granted: async () => granted,
    now: () => t,
    sleep: async (ms) => void (t += ms),
    lastRequest: { get: async () => last, set: async (v) => void (last = v) },
  });
  return { arxiv, asked, advance: (ms: number) => void (t += ms), setLast: (v: number) => void (last = v) };
}

describe('asking arXiv', () => {
  it('asks one address at a time, at least 3 s apart, also after a worker restart', async () => {
    const s = setup();
    s.setLast(1_000_000 - 1000); // a request 1 s ago, by the worker before this one
    await Promise.all([s.arxiv.get(LIST), s.arxiv.get('https://arxiv.org/list/math/new'), s.arxiv.get(LIST)]);
    const at = s.asked.map((a) => a.at);
    expect(at[0]).toBe(1_000_000 - 1000 + ARXIV_SPACING_MS);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(3000);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(3000);
  });

  it('sends the validators it has, no cookies, and bypasses the HTTP cache; a 304 is “not modified”', async () => {
    const s = setup({ answer: () => new Response(null, { status: 304 }) });
    expect(await s.arxiv.get(LIST, { etag: '"v1"', lastModified: 'Tue, 01 Dec 2026 01:00:00 GMT' })).toEqual({ kind: 'not-modified' });
    expect(s.asked[0]!.headers).toEqual({ 'If-None-Match': '"v1"', 'If-Modified-Since': 'Tue, 01 Dec 2026 01:00:00 GMT' });
    expect(s.asked[0]!.init).toMatchObject({ credentials: 'omit', cache: 'no-store' });
  });

  it('gives the body and the validators of a 200', async () => {
    const s = setup();
    expect(await s.arxiv.get(LIST)).toEqual({ kind: 'content', text: '<html>ok</html>', validators: { etag: '"v1"', lastModified: 'Tue, 01 Dec 2026 01:00:00 GMT' } });
    expect(s.asked[0]!.headers).toEqual({});
  });

  it('asks nothing but arXiv’s announcement addresses: never export.arxiv.org, never another page', async () => {
    const s = setup();
    for (const url of ['https://export.arxiv.org/api/query?search_query=cat:cs.DC', 'https://arxiv.org/abs/2406.05546', 'https://rss.arxiv.org/rss/cs.DC/extra', 'https://arxiv.org/list/cs.DC+math/new', 'https://arxiv.org/list/cs.DC/pastweek', 'https://evil.example/list/cs/new']) {
      await expect(s.arxiv.get(url)).rejects.toThrow(RangeError);
    }
    expect(s.asked).toEqual([]);
  });

  it('asks nothing when the browser does not grant the host', async () => {
    const s = setup({ granted: false });
    await expect(s.arxiv.get(LIST)).rejects.toMatchObject({ kind: 'no-access' });
    expect(s.asked).toEqual([]);
  });

  it('reports a 429 or 503 with arXiv’s Retry-After, other statuses as errors, and a body too large', async () => {
    const busy = setup({ answer: () => new Response('', { status: 503, headers: { 'retry-after': '600' } }) });
    await expect(busy.arxiv.get(LIST)).rejects.toMatchObject({ kind: 'rate-limited', retryAt: 1_000_000 + 600_000 });
    const gone = setup({ answer: () => new Response('', { status: 404 }) });
    await expect(gone.arxiv.get(LIST)).rejects.toMatchObject({ kind: 'http', status: 404 });
    const big = setup({ answer: () => new Response('x', { status: 200, headers: { 'content-length': String(64 * 1024 * 1024) } }) });
    const e = await big.arxiv.get(LIST).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(FeedError);
    expect(e).toMatchObject({ kind: 'too-large' });
  });
});
