import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { createHttp, parseRetryAfter, prioritized, validate, type HttpOptions } from './http';
import { PRIORITY } from './pacer';
import { classifyOpenAlex429 } from './openalex';
import { andRecorded, failure, madeUp, madeUpJson, recordedResponses } from './test-helpers';

// Made-up answers (./testdata) always; the APIs' recorded ones too when they are beside the repo.
const RECORDED = recordedResponses('http.test');
const fixture = (path: string) => readFileSync(join(RECORDED!, path), 'utf8');

const OA = new URL('https://api.openalex.org/works/W1');
const S2 = new URL('https://api.semanticscholar.org/graph/v1/paper/ARXIV:2312.07559');
const T0 = Date.UTC(2026, 7, 21, 8, 0, 0);

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
const text = (body: string, status: number, contentType: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': contentType, ...headers } });

/** An HTTP layer over scripted responses, with a fake clock that `sleep` advances. */
function setup(responses: (() => Response | Promise<Response>)[], opts: HttpOptions = {}) {
  let t = T0;
  const sleeps: number[] = [];
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    return next();
  });
  const http = createHttp({
    fetch,
    now: () => t,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    wait: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    ...opts,
  });
  return { http, fetch, calls, sleeps, advance: (ms: number) => (t += ms), now: () => t };
}


/** Like fetch against a server that never answers: settles only when the signal aborts. */
function hangingFetch(_: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const signal = init!.signal!;
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason));
  });
}

/** A QUOTED fixture: comment lines, status line, headers, blank line, body. */
function quotedResponse(raw: string): Response {
  const lines = raw.split('\n').filter((l) => !l.startsWith('#'));
  const status = Number(/^HTTP\/\S+ (\d+)/.exec(lines[0]!)![1]);
  const blank = lines.indexOf('');
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const h of lines.slice(1, blank)) headers.set(h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 1).trim());
  return new Response(lines.slice(blank + 1).join('\n'), { status, headers });
}

describe('createHttp', () => {
  it('returns parsed JSON and never lets the browser cache the request', async () => {
    const { http, calls } = setup([() => json({ ok: 1 })]);
    await expect(http.getJson(OA)).resolves.toEqual({ ok: 1 });
    expect(calls[0]!.init).toMatchObject({ method: 'GET', cache: 'no-store', credentials: 'omit' });
  });

  it('passes method, headers and body through', async () => {
    const { http, calls } = setup([() => json([])]);
    await http.getJson(S2, { method: 'POST', body: '{"ids":[]}', headers: { 'content-type': 'application/json' } });
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: '{"ids":[]}', headers: { 'content-type': 'application/json' } });
  });

  it.each(andRecorded(
    RECORDED,
    { answers: 'made-up', page: () => madeUp('openalex-404.html') },
    () => ({ answers: 'recorded', page: () => fixture('openalex/error-404-unknown-doi.html') }),
  ))('maps the $answers OpenAlex 404 HTML page to not-found, without retrying', async ({ page }) => {
    const { http, fetch } = setup([() => text(page(), 404, 'text/html; charset=utf-8')]);
    const e = await failure(http.getJson(OA));
    expect(e.kind).toBe('not-found');
    expect(e.isAnswer).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('rejects an HTML page served with status 200 as invalid-response', async () => {
    const { http } = setup([() => text('<!doctype html><title>Login</title>', 200, 'text/html')]);
    expect((await failure(http.getJson(OA))).kind).toBe('invalid-response');
  });

  it('rejects malformed JSON as invalid-response', async () => {
    const { http } = setup([() => text('{"results": [', 200, 'application/json')]);
    expect((await failure(http.getJson(OA))).kind).toBe('invalid-response');
  });

  it('maps other 4xx to http with the status, without retrying', async () => {
    const { http, fetch } = setup([() => json({ error: 'Invalid query parameters error.' }, 400)]);
    const e = await failure(http.getJson(OA));
    expect([e.kind, e.status]).toEqual(['http', 400]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a per-second 429 with full-jitter backoff', async () => {
    const perSecond = () => json({ error: 'Rate limit exceeded', message: 'Rate limit exceeded: 10 requests per second. Please slow down.' }, 429);
    const { http, fetch, sleeps } = setup([perSecond, perSecond, () => json({ ok: 1 })]);
    await expect(http.getJson(OA, { classify429: classifyOpenAlex429 })).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(3);
    // rand(0, min(cap, base·2^n)) with rand = 0.5, base 1 s: 0.5 s, then 1 s.
    expect(sleeps).toEqual([500, 1000]);
  });

  it('honours a short Retry-After in seconds or as an HTTP date', async () => {
    const { http, sleeps, now } = setup([
      () => json({}, 429, { 'retry-after': '3' }),
      () => json({}, 429, { 'retry-after': new Date(now() + 5000).toUTCString() }),
      () => json({ ok: 1 }),
    ]);
    await expect(http.getJson(OA)).resolves.toEqual({ ok: 1 });
    expect(sleeps).toEqual([3000, 5000]);
  });

  it('fails at once on a long Retry-After, then cools the host down', async () => {
    const { http, fetch, sleeps, advance } = setup([() => json({}, 429, { 'retry-after': '120' }), () => json({ ok: 1 }), () => json({ ok: 2 })]);
    const e = await failure(http.getJson(OA));
    expect([e.kind, e.retryAt]).toEqual(['rate-limited', T0 + 120_000]);
    expect(sleeps).toEqual([]);

    const fast = await failure(http.getJson(OA));
    expect([fast.kind, fast.retryAt]).toEqual(['rate-limited', T0 + 120_000]);
    expect(fetch).toHaveBeenCalledTimes(1);

    // Other hosts are not affected; the host itself recovers at retryAt.
    await expect(http.getJson(S2)).resolves.toEqual({ ok: 1 });
    advance(120_000);
    await expect(http.getJson(OA)).resolves.toEqual({ ok: 2 });
  });

  it.each(andRecorded(
    RECORDED,
    { answers: 'made-up', quoted: () => madeUp('openalex-budget-429.txt'), resetIn: 43_200_000 },
    () => ({ answers: 'quoted', quoted: () => fixture('openalex/error-429-insufficient-budget.QUOTED.txt'), resetIn: 57_539_000 }),
  ))('gives the $answers OpenAlex budget 429 as budget-exhausted, never retried', async ({ quoted, resetIn }) => {
    const { http, fetch, sleeps } = setup([() => quotedResponse(quoted()), () => json({ ok: 1 })]);
    const e = await failure(http.getJson(OA, { classify429: classifyOpenAlex429 }));
    expect([e.kind, e.retryAt, e.status]).toEqual(['budget-exhausted', T0 + resetIn, 429]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleeps).toEqual([]);
    // A spent budget is not a host cooldown: free singletons still go out.
    await expect(http.getJson(OA)).resolves.toEqual({ ok: 1 });
  });

  it.each(andRecorded(
    RECORDED,
    { answers: 'made-up', body: () => JSON.stringify(madeUpJson('s2-errors.json')[429]) },
    () => ({ answers: 'quoted', body: () => fixture('semanticscholar/error-429-too-many-requests.QUOTED.json') }),
  ))('sends a request the $answers S2 429 refused again, with backoff, and reports rate-limited only after its retries', async ({ body }) => {
    const s2429 = () => text(body(), 429, 'application/json');
    const { http, fetch, sleeps, now, advance } = setup([...Array.from({ length: 6 }, () => s2429), () => json({ ok: 1 })], { cooldownMs: 30_000 });
    const e = await failure(http.getJson(S2));
    expect(e.kind).toBe('rate-limited');
    expect(fetch).toHaveBeenCalledTimes(6);
    // Full-jitter backoff (rand 0.5) capped at 4 s, each retry also waiting for S2's one request a second.
    expect(sleeps.filter((ms) => [500, 1000, 2000].includes(ms))).toEqual([500, 1000, 2000, 2000, 2000]);
    expect(e.retryAt).toBe(now() + 30_000);
    // A host that refused every try is not hammered: it cools down, then takes requests again.
    expect((await failure(http.getJson(S2))).kind).toBe('rate-limited');
    expect(fetch).toHaveBeenCalledTimes(6);
    advance(30_000);
    await expect(http.getJson(S2)).resolves.toEqual({ ok: 1 });
  });

  it('turns a refusal that passes into an answer: a 429 is never the answer', async () => {
    const s2429 = () => json({ message: 'Too Many Requests', code: '429' }, 429);
    const { http, fetch } = setup([s2429, s2429, s2429, () => json({ data: [] })]);
    await expect(http.getJson(S2)).resolves.toEqual({ data: [] });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('still backs off when Retry-After says 0 or a date in the past', async () => {
    for (const retryAfter of ['0', new Date(T0 - 60_000).toUTCString()]) {
      const limited = () => json({}, 429, { 'retry-after': retryAfter });
      const { http, fetch, sleeps } = setup([limited, limited, () => json({ ok: 1 })]);
      await expect(http.getJson(OA)).resolves.toEqual({ ok: 1 });
      // The jittered backoff (rand 0.5: 0.5 s, then 1 s), not an immediate retry storm.
      expect(sleeps).toEqual([500, 1000]);
      expect(fetch).toHaveBeenCalledTimes(3);
    }
  });

  it('accepts a redirect within the catalog hosts and refuses one off them, without retrying', async () => {
    const redirected = (url: string) => () => Object.defineProperty(json({ id: 'A2' }), 'url', { value: url });
    const { http, fetch } = setup([redirected('https://api.openalex.org/authors/A2'), redirected('https://evil.example/authors/A2')]);
    // OpenAlex answers a merged author id with a 301 to the surviving id on its own host.
    await expect(http.getJson(new URL('https://api.openalex.org/authors/A1'))).resolves.toEqual({ id: 'A2' });
    const e = await failure(http.getJson(new URL('https://api.openalex.org/authors/A1')));
    expect(e.kind).toBe('invalid-response');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('refuses a body over the bound as invalid-response, by its length or while it streams', async () => {
    let pulled = 0;
    const endless = () => new Response(new ReadableStream({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode(`[${'1,'.repeat(500)}`));
      },
    }), { headers: { 'content-type': 'application/json' } });
    const declared = () => json({ big: 'x'.repeat(2000) }, 200, { 'content-length': '2012' });
    const { http, fetch } = setup([declared, endless, () => json({ small: 1 })]);
    expect((await failure(http.getJson(OA, { maxBytes: 1000 }))).kind).toBe('invalid-response');
    expect((await failure(http.getJson(OA, { maxBytes: 10_000 }))).kind).toBe('invalid-response');
    // Read until just past the bound, then cancelled: never buffered whole.
    expect(pulled).toBeLessThan(30);
    await expect(http.getJson(OA, { maxBytes: 1000 })).resolves.toEqual({ small: 1 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('fails a request that waits for a host that stopped answering, and lets the next one through', async () => {
    let release!: () => void;
    const fetch = vi.fn()
      .mockImplementationOnce(() => new Promise<Response>((r) => (release = () => r(json({ first: true })))))
      .mockImplementation(async () => json({ later: true }));
    const http = createHttp({ fetch, limits: { 'api.semanticscholar.org': { stallMs: 30 } } });
    const first = http.getJson(S2);
    const t0 = performance.now();
    const queued = failure(http.getJson(S2));
    expect((await queued).kind).toBe('timeout');
    expect(performance.now() - t0).toBeLessThan(1_000);
    release();
    await expect(first).resolves.toEqual({ first: true });
    await expect(http.getJson(S2)).resolves.toEqual({ later: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('retries 5xx, then reports http with the status', async () => {
    const down = () => json({ error: 'Internal Server Error' }, 503);
    const { http, fetch, sleeps } = setup([down, down, down]);
    const e = await failure(http.getJson(OA));
    expect([e.kind, e.status]).toEqual(['http', 503]);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleeps).toHaveLength(2);
  });

  it('recovers when a retry of a 5xx succeeds', async () => {
    const { http } = setup([() => text('Bad gateway', 502, 'text/html'), () => json({ ok: 1 })]);
    await expect(http.getJson(OA)).resolves.toEqual({ ok: 1 });
  });

  it('retries network failures, then reports network', async () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    const { http, fetch } = setup([offline, offline, offline]);
    expect((await failure(http.getJson(OA))).kind).toBe('network');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('times out a hanging request, without retrying', async () => {
    const fetch = vi.fn(hangingFetch);
    const http = createHttp({ fetch, timeoutMs: 20 });
    expect((await failure(http.getJson(OA))).kind).toBe('timeout');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('caps the timeout at 20 s', async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        signal = init!.signal!;
        return hangingFetch(input, init);
      };
      const pending = failure(createHttp({ fetch, timeoutMs: 60_000 }).getJson(OA));
      await vi.advanceTimersByTimeAsync(19_999);
      expect(signal!.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).kind).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects with the caller's abort reason, not a CatalogError", async () => {
    const controller = new AbortController();
    const pending = createHttp({ fetch: hangingFetch }).getJson(OA, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('keeps to the per-host concurrency limit, first come first served', async () => {
    const inFlight = new Map<string, number>();
    const peak = new Map<string, number>();
    const started: string[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      started.push(url.pathname);
      inFlight.set(url.host, (inFlight.get(url.host) ?? 0) + 1);
      peak.set(url.host, Math.max(peak.get(url.host) ?? 0, inFlight.get(url.host)!));
      await new Promise((r) => setTimeout(r, 2));
      inFlight.set(url.host, inFlight.get(url.host)! - 1);
      return json({});
    };
    const http = createHttp({ fetch, limits: { 'api.semanticscholar.org': { perSecond: 100 } } });
    const oa = Array.from({ length: 10 }, (_, i) => http.getJson(new URL(`https://api.openalex.org/works/W${i}`)));
    const s2 = Array.from({ length: 5 }, (_, i) => http.getJson(new URL(`https://api.semanticscholar.org/graph/v1/paper/${i}`)));
    await Promise.all([...oa, ...s2]);
    expect(peak.get('api.openalex.org')).toBe(6);
    expect(peak.get('api.semanticscholar.org')).toBe(1);
    expect(started.filter((p) => p.startsWith('/works/'))).toEqual(Array.from({ length: 10 }, (_, i) => `/works/W${i}`));
  });

  it('gives a free slot to what the reader is looking at before work ahead of the reader', async () => {
    const started: string[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      started.push(new URL(String(input)).pathname);
      await new Promise((r) => setTimeout(r, 2));
      return json({});
    };
    const http = createHttp({ fetch, limits: { 'api.openalex.org': { perSecond: 100 } } });
    const ahead = prioritized(http, PRIORITY.ahead);
    // Ten lookups ahead take the six slots and queue; two for the screen come after them.
    const early = Array.from({ length: 10 }, (_, i) => ahead.getJson(new URL(`https://api.openalex.org/works/W${i}`)));
    const now = [http.getJson(new URL('https://api.openalex.org/authors/A1')), http.getJson(new URL('https://api.openalex.org/authors/A2'))];
    await Promise.all([...early, ...now]);
    expect(started.slice(0, 8)).toEqual(['/works/W0', '/works/W1', '/works/W2', '/works/W3', '/works/W4', '/works/W5', '/authors/A1', '/authors/A2']);
    expect(started).toHaveLength(12);
  });

  it('paces a host to its cap per second: requests that waited their turn are answers, not errors', async () => {
    const { http, fetch, now } = setup([]);
    const sent: number[] = [];
    fetch.mockImplementation(async () => {
      sent.push(now());
      return json({ ok: 1 });
    });
    const all = await Promise.all(Array.from({ length: 5 }, (_, i) => http.getJson(new URL(`https://api.semanticscholar.org/graph/v1/paper/${i}`))));
    expect(all).toHaveLength(5);
    // One a second: every request at least a second after the one before.
    for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(1000);
  });

  it('lets a queued request leave the queue when its caller aborts', async () => {
    let release!: () => void;
    const fetch = vi.fn(() => new Promise<Response>((r) => (release = () => r(json({ first: true })))));
    const http = createHttp({ fetch });
    const first = http.getJson(S2);
    const controller = new AbortController();
    const queued = http.getJson(S2, { signal: controller.signal });
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    release();
    await expect(first).resolves.toEqual({ first: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('holds other requests to a host while one honours its Retry-After', async () => {
    let t = T0;
    const sleeps: { ms: number; wake: () => void }[] = [];
    const sleep = (ms: number) => new Promise<void>((resolve) => sleeps.push({ ms, wake: () => ((t += ms), resolve()) }));
    const responses = [json({}, 429, { 'retry-after': '2' }), json({ ok: 1 }), json({ ok: 1 })];
    const fetch = vi.fn(async () => responses.shift()!);
    const http = createHttp({ fetch, sleep, wait: sleep, now: () => t });

    const a = http.getJson(new URL('https://api.openalex.org/works/W1'));
    await vi.waitFor(() => expect(sleeps).toHaveLength(1));
    const b = http.getJson(new URL('https://api.openalex.org/works/W2'));
    // Both wait in the host's queue for the one pause.
    await new Promise((r) => setTimeout(r, 10));
    expect(sleeps.map((s) => s.ms)).toEqual([2000]);
    expect(fetch).toHaveBeenCalledTimes(1);

    sleeps[0]!.wake();
    await expect(Promise.all([a, b])).resolves.toEqual([{ ok: 1 }, { ok: 1 }]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('sends a refused request again before the less urgent ones that came while the host paused', async () => {
    let t = T0;
    const sleeps: { ms: number; wake: () => void }[] = [];
    const sleep = (ms: number) => new Promise<void>((resolve) => sleeps.push({ ms, wake: () => ((t += ms), resolve()) }));
    const asked: string[] = [];
    const responses = [json({ message: 'Too Many Requests', code: '429' }, 429), json({ ok: 'screen' }), json({ ok: 'ahead' })];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input)).pathname);
      return responses.shift()!;
    });
    const http = createHttp({ fetch, sleep, wait: sleep, now: () => t, random: () => 0.5 });
    const screen = prioritized(http, PRIORITY.first).getJson(new URL('https://api.semanticscholar.org/graph/v1/paper/screen'));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // Refused (Semantic Scholar's shared pool); meanwhile a lookup ahead of the reader comes.
    const ahead = prioritized(http, PRIORITY.ahead).getJson(new URL('https://api.semanticscholar.org/graph/v1/paper/ahead'));
    // The latest wait ends first, as a timer armed later for the same moment may.
    while (fetch.mock.calls.length < 3) {
      await vi.waitFor(() => expect(sleeps.length).toBeGreaterThan(0));
      sleeps.pop()!.wake();
      await new Promise((r) => setTimeout(r, 0));
    }
    await expect(Promise.all([screen, ahead])).resolves.toEqual([{ ok: 'screen' }, { ok: 'ahead' }]);
    expect(asked).toEqual(['/graph/v1/paper/screen', '/graph/v1/paper/screen', '/graph/v1/paper/ahead']);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and ignores garbage', () => {
    expect(parseRetryAfter('57539', T0)).toBe(57_539_000);
    expect(parseRetryAfter(new Date(T0 + 10_000).toUTCString(), T0)).toBe(10_000);
    expect(parseRetryAfter(new Date(T0 - 10_000).toUTCString(), T0)).toBe(0);
    expect(parseRetryAfter('soon', T0)).toBeNull();
    expect(parseRetryAfter(null, T0)).toBeNull();
  });
});

describe('validate', () => {
  const Schema = v.looseObject({ id: v.string(), n: v.nullish(v.number()) });

  it('passes valid data through, extra fields included', () => {
    expect(validate(Schema, { id: 'x', extra: true }, 'test')).toEqual({ id: 'x', extra: true });
  });

  it.each([[null], [[]], [{}], [{ id: 1 }], [{ id: 'x', n: '3' }]])('turns %j into invalid-response', (data) => {
    expect(() => validate(Schema, data, 'test')).toThrow(expect.objectContaining({ kind: 'invalid-response' }));
  });
});
