/**
 * Transport faults, through the whole background: what a page asking for its authors and
 * panels gets when the catalogs answer badly, and that nothing bad is ever cached.
 */
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing';
import { tried } from '../ledger.mjs';
import { allowanceBackAt } from '@/lib/background/catalog/allowance';
import type { PaperAuthorsResult, PaperCitationsResult } from '@/lib/background/protocol';
import { OA_HOST, S2_HOST } from '../../e2e/fake-apis.mjs';
import { FROM_POPUP, ID, json, startBackground, type Background, type Route } from './background';

const isList = (u: URL) => u.host === OA_HOST && /^\/(authors|works)\/?$/.test(u.pathname);
const OA_WORK = /^\/works\/doi:10\.48550\/arxiv\./i;
const isWork = (u: URL) => u.host === OA_HOST && OA_WORK.test(decodeURIComponent(u.pathname));
const authorsOf = (bg: Background) => bg.ask<PaperAuthorsResult>({ type: 'paper-authors', arxivId: ID, names: bg.names, eager: 100 });

/** An answer the page can show: every author paired with OpenAlex and their numbers loaded. */
async function expectHealthy(bg: Background) {
  const r = await authorsOf(bg);
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  expect(r.data.slots.map((s) => s.openalex?.openalexId)).toEqual(bg.catalog.people.map((p) => p.openalexId));
  expect(r.data.eagerMetrics && 'metrics' in r.data.eagerMetrics && Object.keys(r.data.eagerMetrics.metrics).length).toBe(bg.names.length);
}

/**
 * The OpenAlex work answers `bad` (every catalog answer would, for S2 too when `s2` is set):
 * the page gets a typed error, and once the catalog is healthy the next ask fetches again
 * (the bad answer was not cached) and shows everything.
 */
async function badThenHealed(bad: () => Response, kind: string, { s2 = true } = {}) {
  const route: Route = (u) => (isWork(u) || (s2 && u.host === S2_HOST) ? bad() : undefined);
  const bg = startBackground({ route });
  const r = await authorsOf(bg);
  expect(r).toMatchObject({ ok: false, error: { kind } });
  await bg.deps.cache.settle();
  bg.reroute();
  const before = bg.requests.length;
  await expectHealthy(bg);
  expect(bg.requests.slice(before).some(isWork)).toBe(true);
  return bg;
}

describe('transport faults', () => {
  it('[html-error-page-200] an HTML page with status 200 is a typed error, never cached', async () => {
    await badThenHealed(() => new Response('<!doctype html><title>Login</title><h1>Sign in to the Wi-Fi</h1>', { status: 200, headers: { 'content-type': 'text/html' } }), 'invalid-response');
    tried('html-error-page-200');
  });

  it('[malformed-json] truncated JSON is a typed error, never cached', async () => {
    await badThenHealed(() => new Response('{"id":"https://openalex.org/W1","authorships":[{"auth', { status: 200, headers: { 'content-type': 'application/json' } }), 'invalid-response');
    tried('malformed-json');
  });

  it('[server-5xx] 500/502/503: capped retries, a retryable error, never cached', async () => {
    for (const status of [500, 502, 503]) {
      const bg = await badThenHealed(() => json({ error: 'Internal Server Error' }, status), 'http');
      // 3 attempts (1 + 2 retries) for the work, then the answer came from the healthy catalog
      expect(bg.slept.length).toBeLessThanOrEqual(4);
    }
    tried('server-5xx');
  });

  it('[server-5xx] a saved answer past its TTL is still shown (marked stale) and kept when the refresh fails', async () => {
    let t = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => t);
    const bg = startBackground();
    await expectHealthy(bg);
    await bg.deps.cache.settle();
    t += 8 * 86_400_000; // past the paper's and the authors' TTLs
    bg.reroute(() => json({ error: 'Service Unavailable' }, 503));
    const r = await authorsOf(bg);
    expect(r).toMatchObject({ ok: true, data: { stale: true } });
    await bg.deps.cache.settle();
    bg.reroute(() => { throw new TypeError('Failed to fetch'); });
    const again = await authorsOf(bg);
    expect(again).toMatchObject({ ok: true, data: { stale: true } });
    if (again.ok) expect(again.data.slots.map((s) => s.openalex?.openalexId)).toEqual(bg.catalog.people.map((p) => p.openalexId));
    tried('server-5xx');
  });

  it('[slow-past-timeout] an answer slower than the timeout is a "timeout", not retried, not cached', async () => {
    const slow: Route = (u, init) => (isWork(u) || u.host === S2_HOST
      ? new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
      : undefined);
    const bg = startBackground({ route: slow, http: { timeoutMs: 150 } });
    const t0 = performance.now();
    const r = await authorsOf(bg);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(r).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(bg.requests.filter(isWork)).toHaveLength(1);
    bg.reroute();
    await expectHealthy(bg);
    tried('slow-past-timeout');
  });

  it('[offline] a rejected fetch is a "network" error with retry; cached papers still answer; back online it loads', async () => {
    const bg = await badThenHealed(() => { throw new TypeError('Failed to fetch'); }, 'network');
    // the paper loaded above is now cached: offline again, the page still gets it
    bg.reroute(() => { throw new TypeError('Failed to fetch'); });
    await expectHealthy(bg);
    tried('offline');
  });

  it('[openalex-budget-429] a spent budget: one request, list calls stop until the reset, numbers come from the free endpoint, checks wait', async () => {
    const bg = startBackground();
    bg.fake.setTwists({ budgetSpent: true });
    const asked = Date.now();
    const r = await authorsOf(bg);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // the author list (a free singleton) is there, and so are the numbers: the call that found
    // the budget spent turned to the free endpoint at once
    expect(r.data.slots.every((s) => s.openalex?.openalexId)).toBe(true);
    expect(r.data.eagerMetrics && 'metrics' in r.data.eagerMetrics && Object.keys(r.data.eagerMetrics.metrics)).toHaveLength(bg.names.length);
    // Retry-After: 57539 s, believed up to the next midnight UTC (plus a margin), when the allowance resets
    const back = allowanceBackAt(asked + 57_539_000, asked);
    expect(Math.abs((await bg.deps.openalex.budgetResetAt()) - back)).toBeLessThan(60_000);
    expect(bg.requests.filter(isList)).toHaveLength(1); // no retry storm
    // the page asks again: numbers one by one from the free endpoint, no list call
    const from = bg.requests.length;
    const ids = bg.catalog.people.map((p) => p.openalexId!);
    const again = await bg.ask<{ metrics: Record<string, unknown> }>({ type: 'author-metrics', ids });
    expect(again.ok && Object.keys(again.data.metrics).sort()).toEqual([...ids].sort());
    expect(bg.requests.slice(from).filter(isList)).toHaveLength(0);
    // a new-paper check waits for the reset instead of spending requests
    await bg.ask({ type: 'follow', id: ids[0], name: 'Someone' });
    await vi.waitFor(async () => expect((await bg.deps.follows.state()).status.retryAt).toBeGreaterThan(back - 60_000));
    const before = bg.requests.length;
    const check = await bg.ask({ type: 'check-now' }, FROM_POPUP);
    expect(check).toMatchObject({ ok: true, data: { ran: false, reason: 'budget' } });
    expect(bg.requests.length).toBe(before);
    tried('openalex-budget-429');
  });

  it('[openalex-budget-restart] a spent budget outlives a worker restart; with the free endpoint failing too, numbers are errors, not "no profile"', async () => {
    const first = startBackground();
    first.fake.setTwists({ budgetSpent: true });
    await authorsOf(first);
    expect(first.requests.filter(isList)).toHaveLength(1);

    // The worker is stopped and started again (nothing in memory, the browser session goes on).
    const bg = startBackground();
    bg.fake.setTwists({ budgetSpent: true });
    const r = await authorsOf(bg);
    expect(r.ok && r.data.eagerMetrics && 'metrics' in r.data.eagerMetrics && Object.keys(r.data.eagerMetrics.metrics)).toHaveLength(bg.names.length);
    expect(bg.requests.filter(isList)).toHaveLength(0); // not one request to learn it again

    // Restarted again, and now the network fails too: the badges say so and offer a retry.
    const offline = startBackground({ route: (u) => { if (u.host === OA_HOST && u.pathname.startsWith('/authors/')) throw new TypeError('Failed to fetch'); return undefined; } });
    offline.fake.setTwists({ budgetSpent: true });
    const ids = offline.catalog.people.map((p) => p.openalexId!);
    const metrics = await offline.ask({ type: 'author-metrics', ids });
    expect(metrics).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(offline.requests.filter(isList)).toHaveLength(0);
    tried('openalex-budget-restart');
  });

  it('[restart-spent-allowance] the browser restarts (storage.session cleared) after OpenAlex said the allowance is spent: one list call learns it again, no more; checks stay paused; numbers from the free endpoint', async () => {
    const idb = new IDBFactory();
    const first = startBackground({ idb });
    first.fake.setTwists({ budgetSpent: true });
    const A = first.catalog.people[0]!.openalexId!;
    expect(await first.ask({ type: 'follow', id: A, name: 'Someone' })).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect((await first.deps.follows.state()).status.retryAt).toBeGreaterThan(Date.now()));
    await authorsOf(first);

    // The browser restarts: the session's memory of the allowance is gone, the user data is not.
    await fakeBrowser.storage.session.clear();
    const bg = startBackground({ idb });
    bg.fake.setTwists({ budgetSpent: true });
    for (let i = 0; i < 3; i++) {
      const r = await authorsOf(bg);
      expect(r.ok && r.data.eagerMetrics && 'metrics' in r.data.eagerMetrics && Object.keys(r.data.eagerMetrics.metrics)).toHaveLength(bg.names.length);
      await bg.ask({ type: 'author-metrics', ids: bg.catalog.people.map((p) => p.openalexId!), revalidate: true });
    }
    expect(bg.requests.filter(isList)).toHaveLength(1); // learnt once, then remembered
    const from = bg.requests.length;
    expect(await bg.ask({ type: 'check-now' }, FROM_POPUP)).toMatchObject({ ok: true, data: { ran: false, reason: 'budget' } });
    expect(bg.requests.length).toBe(from);
    tried('restart-spent-allowance');
  });

  it('[openalex-per-second-429] Retry-After: 1 is waited as told, then the call answers', async () => {
    let limited = 0;
    const bg = startBackground({
      route: (u) => (u.host === OA_HOST && u.pathname === '/authors' && limited++ === 0
        ? json({ error: 'Too Many Requests', message: 'Rate limit exceeded: 10 requests per second' }, 429, { 'retry-after': '1' })
        : undefined),
    });
    await expectHealthy(bg);
    expect(limited).toBe(2);
    // The retry went out a second after the refusal (less the real milliseconds that passed meanwhile).
    const [refused, retried] = bg.requests.flatMap((u, i) => (u.host === OA_HOST && u.pathname === '/authors' ? [i] : []));
    expect(bg.sentAt[retried!]! - bg.sentAt[refused!]!).toBeGreaterThan(900);
    tried('openalex-per-second-429');
  });

  it('[s2-429-no-retry-after] capped jittered retries, then S2 cools down; citations and related papers fall back to OpenAlex', async () => {
    const bg = startBackground({ route: (u) => (u.host === S2_HOST ? json({ message: 'Too Many Requests' }, 429) : undefined) });
    const cites = await bg.ask<PaperCitationsResult>({ type: 'paper-citations', arxivId: ID });
    expect(cites).toMatchObject({ ok: true, data: { known: true, source: 'openalex', s2Failure: 'rate-limited' } });
    const s2Calls = bg.count(S2_HOST);
    expect(s2Calls).toBeGreaterThan(0);
    expect(s2Calls).toBeLessThanOrEqual(6); // 1 + at most 5 retries, however many panels asked
    // full jitter: waits are drawn, not fixed, and capped
    expect(bg.slept.every((ms) => ms >= 0 && ms <= 10_000)).toBe(true);
    const from = bg.requests.length;
    const related = await bg.ask({ type: 'related-papers', arxivId: ID });
    expect(related).toMatchObject({ ok: true, data: { known: true, source: 'openalex' } });
    expect(bg.count(S2_HOST, from)).toBe(0); // cooling down: no request at all
    tried('s2-429-no-retry-after');
  });

  it('[s2-hangs-20-tabs] 20 tabs restored while Semantic Scholar hangs: every answer settles within the stated bounds', async () => {
    // S2 never answers; a fetch only ends when its signal aborts (the attempt timeout).
    const hang: Route = (u, init) => (u.host === S2_HOST
      ? new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
      : undefined);
    const papers = Array.from({ length: 20 }, (_, k) => `2406.${10_000 + k}`);
    /** OpenAlex knows every paper: each is answered with the fake catalog's work. */
    const route: Route = (u, init, fake) => {
      const s2 = hang(u, init, fake);
      if (s2) return s2;
      const m = /^\/works\/doi:10\.48550\/arxiv\.(.+)$/i.exec(decodeURIComponent(u.pathname));
      if (u.host !== OA_HOST || !m || m[1] === ID) return undefined;
      const same = new URL(u.href.replace(encodeURIComponent(m[1]!), ID).replace(m[1]!, ID));
      return json(JSON.parse(fake.respond('GET', same.href).body));
    };
    /** One restored abs page: its badges (with numbers) and its three panels; ms until the last settles. */
    const tab = async (bg: Background, arxivId: string, { s2Authors = false } = {}) => {
      const t0 = performance.now();
      const answers = await Promise.all([
        bg.ask<PaperAuthorsResult>({ type: 'paper-authors', arxivId, names: bg.names, eager: 100 }),
        bg.ask<PaperCitationsResult>({ type: 'paper-citations', arxivId }),
        bg.ask({ type: 'related-papers', arxivId }),
        bg.ask({ type: 'paper-institutions', arxivId }),
        ...(s2Authors ? [bg.ask({ type: 'paper-s2-authors', arxivId, names: bg.names })] : []),
      ]);
      return { ms: performance.now() - t0, answers };
    };

    // The shipped timeouts (an S2 attempt 15 s, its stall limit 10 s): the pages answer from
    // OpenAlex within S2_WAIT_MS (3 s) and do not wait for S2 at all.
    let bg = startBackground({ route, http: { timeoutMs: 15_000, limits: { [S2_HOST]: { stallMs: 10_000 } } } });
    const tabs = await Promise.all(papers.map((id) => tab(bg, id)));
    expect(Math.max(...tabs.map((t) => t.ms))).toBeLessThan(3_000 + 1_500);
    for (const { answers: [authors, cites, related, institutions] } of tabs) {
      expect(authors).toMatchObject({ ok: true, data: { source: 'openalex', s2Paired: false } });
      if (authors!.ok) expect(authors.data.eagerMetrics && 'metrics' in authors.data.eagerMetrics && Object.keys(authors.data.eagerMetrics.metrics)).toHaveLength(bg.names.length);
      expect(cites).toMatchObject({ ok: true, data: { known: true, source: 'openalex', s2Failure: 'timeout' } });
      expect(related).toMatchObject({ ok: true, data: { known: true, source: 'openalex', s2Failure: 'timeout' } });
      expect(institutions).toMatchObject({ ok: true, data: { known: true } });
    }

    // Scaled down (attempt 200 ms, stall limit 300 ms): what waits for S2 alone (its own pairing)
    // settles within stall limit + attempt timeout, however many tabs ask, as a typed timeout.
    bg = startBackground({ route, http: { timeoutMs: 200, limits: { [S2_HOST]: { stallMs: 300 } } } });
    const scaled = await Promise.all(papers.map((id) => tab(bg, id, { s2Authors: true })));
    expect(Math.max(...scaled.map((t) => t.ms))).toBeLessThan(300 + 200 + 1_000);
    for (const { answers } of scaled) expect(answers[4]).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    // one S2 attempt at a time: the rest gave up in the queue, none was retried
    expect(bg.count(S2_HOST)).toBeLessThanOrEqual(papers.length);
    tried('s2-hangs-20-tabs');
  });

  it('[retry-after-zero] Retry-After: 0 or a past date still gets the jittered backoff: the refused request is not sent again at once', async () => {
    for (const retryAfter of ['0', new Date(Date.now() - 3_600_000).toUTCString()]) {
      let limited = 0;
      const bg = startBackground({
        route: (u) => (u.host === OA_HOST && u.pathname === '/authors' && limited++ === 0
          ? json({ error: 'Too Many Requests', message: 'Rate limit exceeded: 10 requests per second' }, 429, { 'retry-after': retryAfter })
          : undefined),
      });
      await expectHealthy(bg);
      // OpenAlex's pace would let it go again at once (a place of ten): only the backoff holds it.
      const [refused, retried] = bg.requests.flatMap((u, i) => (u.host === OA_HOST && u.pathname === '/authors' ? [i] : []));
      expect(retried).toBeDefined();
      expect(bg.sentAt[retried!]! - bg.sentAt[refused!]!).toBeGreaterThan(0);
    }
    tried('retry-after-zero');
  });

  it('[redirect-off-catalog] an answer redirected off the catalog hosts is refused; a same-host 301 (merged author) still works', async () => {
    const off = (r: Response) => Object.defineProperty(r, 'url', { value: 'https://evil.example/works/W1' });
    const bg = await badThenHealed(() => off(json({ id: 'https://openalex.org/W1', authorships: [] })), 'invalid-response');
    expect(bg.requests.some((u) => u.host === 'evil.example')).toBe(false);
    const merged = startBackground({
      route: (u, _init, fake) => {
        if (u.host !== OA_HOST || !u.pathname.startsWith('/authors/A')) return undefined;
        const r = json(JSON.parse(fake.respond('GET', u.href).body));
        return Object.defineProperty(r, 'url', { value: `https://${OA_HOST}${u.pathname}?redirected=1` });
      },
    });
    const ids = merged.catalog.people.map((p) => p.openalexId!);
    merged.fake.setTwists({ budgetSpent: true }); // numbers come from the singletons, each "redirected" on OpenAlex
    const r = await merged.ask<{ metrics: Record<string, unknown> }>({ type: 'author-metrics', ids });
    expect(r.ok && Object.keys(r.data.metrics).sort()).toEqual([...ids].sort());
    tried('redirect-off-catalog');
  });

  it('[body-over-bound] a body larger than the bound is an invalid-response, read no further than the bound, never cached', async () => {
    let sent = 0;
    const endless = () => new Response(new ReadableStream({
      pull(controller) {
        sent += 1 << 20;
        controller.enqueue(new Uint8Array(1 << 20).fill(0x20));
      },
    }), { headers: { 'content-type': 'application/json' } });
    await badThenHealed(endless, 'invalid-response');
    // two catalogs, each cut off just past its 8 MB bound (lib/shared/limits.ts)
    expect(sent).toBeLessThanOrEqual(2 * ((8 << 20) + 2 * (1 << 20))); // + a chunk read and one pulled ahead
    tried('body-over-bound');
  });
});
