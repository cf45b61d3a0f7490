/**
 * The one fetch layer every catalog client uses (runs in the background service worker:
 * `fetch` only, no DOM). It owns everything that is about HTTP rather than about an API:
 * timeouts, a FIFO concurrency limit per host, retries with full-jitter backoff, Retry-After,
 * a per-host cooldown after rate limiting, and turning bad responses into `CatalogError`s.
 * API-specific knowledge (OpenAlex's budget 429) comes in through the `classify429` hook.
 */
import * as v from 'valibot';
import { CatalogError } from '../../catalog/types';
import { API_BASES, API_KEY_HEADER, API_KEY_PARAM, isCatalogUrl } from '../../catalog/hosts';
import { MAX_RESPONSE_BYTES } from '../../shared/limits';

export interface HttpOptions {
  fetch?: typeof fetch;
  now?: () => number;
  /** Uniform in [0, 1). */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Per attempt, including reading the body. Capped at 20 s: MV3 kills fetches slower than 30 s. */
  timeoutMs?: number;
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** A longer Retry-After fails the call at once instead of holding the caller. */
  maxRetryAfterMs?: number;
  /** How long a host stays in cooldown after a 429 that said nothing about when to come back. */
  cooldownMs?: number;
  /** Parallel requests per host, merged over the defaults (OpenAlex 4, Semantic Scholar 1). */
  concurrency?: Record<string, number>;
  /**
   * How long a request may wait for a free slot of its host before failing with `timeout`,
   * merged over the defaults (QUEUE_TIMEOUT_MS): a hanging host must not hold every tab.
   */
  queueTimeoutMs?: Record<string, number>;
  /** For hosts not listed; one at a time unless told otherwise (arXiv asks for a single connection). */
  defaultConcurrency?: number;
}

/** What a 429 looked like, for an API-specific classifier. */
export interface RateLimitInfo {
  headers: Headers;
  /** Parsed JSON body, or null when the body was not JSON. */
  body: unknown;
  /** Retry-After in ms from now, when the header was present and readable. */
  retryAfterMs: number | null;
  now: number;
}

/**
 * Tells a 429 that will not clear within the day (a spent budget) from a per-second one:
 * returns the epoch ms at which the budget resets, or null for an ordinary rate limit.
 */
export type Classify429 = (info: RateLimitInfo) => number | null;

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * `low`: work ahead of the reader (a listing's next entries). Such requests get a host's free
   * slot only when no `high` one (the default: what the reader is looking at) is waiting.
   */
  priority?: 'high' | 'low';
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  classify429?: Classify429;
  /** The largest body accepted, in bytes (lib/shared/limits.ts, MAX_RESPONSE_BYTES); default `single`. */
  maxBytes?: number;
}

/** A user's optional API key, read from settings at call time (so a new key applies at once). */
export type GetKey = () => string | null | undefined | Promise<string | null | undefined>;

const hostOf = (base: string) => new URL(base).host;
const DEFAULT_CONCURRENCY: Readonly<Record<string, number>> = {
  [hostOf(API_BASES.openalex)]: 4,
  // One at a time: S2's keyless pool is shared by everyone and "best quality possible is 1 RPS".
  [hostOf(API_BASES.s2)]: 1,
};

/**
 * The longest wait for a slot before a request fails with `timeout` (docs/reliability.md,
 * Network robustness). Semantic Scholar's one slot is held up to a timeout per request, so
 * its queue gives up soonest; OpenAlex's four slots drain a page's singletons well within its.
 */
const QUEUE_TIMEOUT_MS: Readonly<Record<string, number>> = {
  [hostOf(API_BASES.openalex)]: 30_000,
  [hostOf(API_BASES.s2)]: 10_000,
};
const DEFAULT_QUEUE_TIMEOUT_MS = 30_000;
/**
 * Work ahead of the reader waits this many times longer for a slot: it queues behind everything
 * else by design (a listing's next block is a few hundred lookups under OpenAlex's per-second
 * cap), and nothing on screen waits for it.
 */
const LOW_PRIORITY_QUEUE_FACTOR = 4;

const MAX_TIMEOUT_MS = 20_000;
/**
 * The shortest host cooldown after a 429 that ends the call: `Retry-After: 0` or a date in the
 * past must not turn the cooldown off (docs/reliability.md, Network robustness).
 */
const MIN_COOLDOWN_MS = 5_000;

interface HostState {
  limit: number;
  queueTimeoutMs: number;
  active: number;
  /** Waiting for a slot, by priority, each in arrival order. */
  waiting: Record<NonNullable<RequestOptions['priority']>, (() => void)[]>;
  /** Requests to this host fail fast with `rate-limited` until then. */
  cooldownUntil: number;
  /** Attempts to this host wait until then (another request is honouring a short Retry-After). */
  pausedUntil: number;
}

/** One attempt that produced no data: retry (after `delayMs`, else backoff) or give up. */
type Failure = { error: CatalogError; retry: boolean; delayMs: number | null };

/** The HTTP layer; one instance is shared by all clients so that per-host limits hold across them. */
export function createHttp(opts: HttpOptions = {}) {
  // Called through a closure: a detached `fetch` throws "Illegal invocation" in browsers.
  const fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const sleep = opts.sleep ?? abortableSleep;
  const timeoutMs = Math.min(opts.timeoutMs ?? 15_000, MAX_TIMEOUT_MS);
  const maxRetries = opts.maxRetries ?? 2;
  const backoffBaseMs = opts.backoffBaseMs ?? 1_000;
  const backoffCapMs = opts.backoffCapMs ?? 10_000;
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? 30_000;
  const cooldownMs = opts.cooldownMs ?? 30_000;
  const concurrency = { ...DEFAULT_CONCURRENCY, ...opts.concurrency };
  const queueTimeouts = { ...QUEUE_TIMEOUT_MS, ...opts.queueTimeoutMs };
  const defaultConcurrency = opts.defaultConcurrency ?? 1;
  const hosts = new Map<string, HostState>();

  function hostState(host: string): HostState {
    let state = hosts.get(host);
    if (!state) {
      state = {
        limit: concurrency[host] ?? defaultConcurrency,
        queueTimeoutMs: queueTimeouts[host] ?? DEFAULT_QUEUE_TIMEOUT_MS,
        active: 0,
        waiting: { high: [], low: [] },
        cooldownUntil: 0,
        pausedUntil: 0,
      };
      hosts.set(host, state);
    }
    return state;
  }

  /**
   * A slot of the host, in arrival order within its priority; rejects when the caller aborts or
   * the queue deadline passes.
   */
  async function acquire(state: HostState, label: string, { signal, priority = 'high' }: RequestOptions): Promise<void> {
    if (state.active < state.limit) {
      state.active++;
      return;
    }
    const queue = state.waiting[priority];
    await new Promise<void>((resolve, reject) => {
      const leave = (reason: unknown) => {
        clearTimeout(deadline);
        signal?.removeEventListener('abort', onAbort);
        queue.splice(queue.indexOf(grant), 1);
        reject(reason);
      };
      const grant = () => {
        clearTimeout(deadline);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => leave(signal!.reason);
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      const waitMs = state.queueTimeoutMs * (priority === 'low' ? LOW_PRIORITY_QUEUE_FACTOR : 1);
      const deadline = setTimeout(() => leave(new CatalogError('timeout', `${label}: no free slot within ${waitMs} ms`)), waitMs);
      queue.push(grant);
    });
  }

  function release(state: HostState): void {
    const next = state.waiting.high.shift() ?? state.waiting.low.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) next();
    else state.active--;
  }

  function failIfCoolingDown(state: HostState, label: string): void {
    if (state.cooldownUntil > now()) {
      throw new CatalogError('rate-limited', `${label}: host is cooling down after a 429`, state.cooldownUntil, 429);
    }
  }

  const backoff = (attempt: number) => random() * Math.min(backoffCapMs, backoffBaseMs * 2 ** attempt);

  async function attempt(url: URL, init: RequestOptions, label: string): Promise<{ data: unknown } | Failure> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new DOMException('Request timed out', 'TimeoutError')), timeoutMs);
    const signal = init.signal ? anySignal([init.signal, timeout.signal]) : timeout.signal;
    let res: Response;
    let text: string;
    try {
      const send = (target: URL, headers: Record<string, string> | undefined, keyed: boolean) =>
        fetchImpl(target, {
          method: init.method ?? 'GET',
          headers,
          body: init.body,
          signal,
          // A cached 429 would keep failing long after the limit cleared.
          cache: 'no-store',
          credentials: 'omit',
          // The reader's key follows no redirect (a header would travel with it): see keyedRedirect.
          redirect: keyed ? 'manual' : 'follow',
        });
      const keyed = carriesKey(url, init.headers);
      res = await send(url, init.headers, keyed);
      if (keyed && isRedirect(res)) {
        void res.body?.cancel().catch(() => undefined);
        const next = keyedRedirect(res, url, init.headers, label);
        res = await send(next.url, next.headers, next.keyed);
      }
      // Redirects are followed (OpenAlex answers a merged author id with a 301 on its own host),
      // but only to a catalog host: anything else is not the catalog's answer. (A Response
      // made in code rather than fetched has no URL, and nothing was redirected.)
      if (res.url && !isCatalogUrl(res.url)) {
        void res.body?.cancel().catch(() => undefined);
        throw new CatalogError('invalid-response', `${label}: redirected off the catalog hosts`);
      }
      text = await readCapped(res, init.maxBytes ?? MAX_RESPONSE_BYTES.single, label);
    } catch (e) {
      if (init.signal?.aborted) throw init.signal.reason;
      if (e instanceof CatalogError) throw e;
      // Not retried: two more 15 s waits would outlast the service worker's patience.
      if (timeout.signal.aborted) throw new CatalogError('timeout', `${label}: no answer within ${timeoutMs} ms`);
      const error = new CatalogError('network', `${label}: ${e instanceof Error ? e.message : String(e)}`);
      return { error, retry: true, delayMs: null };
    } finally {
      clearTimeout(timer);
    }

    const status = res.status;
    if (status >= 200 && status < 300) return { data: parseJson(res, text, label) };
    if (status === 404) throw new CatalogError('not-found', `${label}: not found`, null, 404);

    const at = now();
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), at);
    if (status === 429) {
      const budgetResetAt = init.classify429?.({ headers: res.headers, body: tryParseJson(res, text), retryAfterMs, now: at }) ?? null;
      if (budgetResetAt !== null) {
        throw new CatalogError('budget-exhausted', `${label}: daily budget exhausted`, budgetResetAt, 429);
      }
      const error = new CatalogError('rate-limited', `${label}: rate limited`, at + Math.max(retryAfterMs ?? cooldownMs, MIN_COOLDOWN_MS), 429);
      return { error, retry: retryAfterMs === null || retryAfterMs <= maxRetryAfterMs, delayMs: retryAfterMs };
    }
    if (status >= 500) {
      const error = new CatalogError('http', `${label}: HTTP ${status}`, retryAfterMs === null ? null : at + retryAfterMs, status);
      return { error, retry: retryAfterMs === null || retryAfterMs <= maxRetryAfterMs, delayMs: retryAfterMs };
    }
    throw new CatalogError('http', `${label}: HTTP ${status}`, null, status);
  }

  /**
   * Sends one request and resolves with its parsed JSON body; rejects with a `CatalogError`
   * (or with the caller's abort reason when `init.signal` aborts).
   */
  async function getJson(url: URL, init: RequestOptions = {}): Promise<unknown> {
    // Never the query: it may carry an API key.
    const label = `${init.method ?? 'GET'} ${url.host}${url.pathname}`;
    const state = hostState(url.host);
    failIfCoolingDown(state, label);
    await acquire(state, label, init);
    try {
      failIfCoolingDown(state, label);
      for (let attemptNo = 0; ; attemptNo++) {
        const pause = state.pausedUntil - now();
        if (pause > 0) await sleep(pause, init.signal);
        const result = await attempt(url, init, label);
        if ('data' in result) return result.data;
        const { error, retry } = result;
        if (!retry || attemptNo >= maxRetries) {
          if (error.kind === 'rate-limited') state.cooldownUntil = Math.max(state.cooldownUntil, error.retryAt ?? 0);
          throw error;
        }
        // Never less than the backoff: `Retry-After: 0` (or a past date) must not retry at once.
        const delayMs = Math.max(result.delayMs ?? 0, backoff(attemptNo));
        if (error.kind === 'rate-limited') state.pausedUntil = Math.max(state.pausedUntil, now() + delayMs);
        await sleep(delayMs, init.signal);
      }
    } finally {
      release(state);
    }
  }

  return { getJson };
}

export type Http = ReturnType<typeof createHttp>;

/** Whether a request carries the reader's key (as OpenAlex's query parameter or Semantic Scholar's header). */
function carriesKey(url: URL, headers: Record<string, string> | undefined): boolean {
  return url.searchParams.has(API_KEY_PARAM) || Object.keys(headers ?? {}).some((h) => h.toLowerCase() === API_KEY_HEADER);
}

const isRedirect = (res: Response) => res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400);

/**
 * Where a keyed request goes after its redirect, sent once more (docs/reliability.md, Network
 * robustness): to the same host, with the key, when the answer says where (OpenAlex's 301 for a
 * merged author id); when the browser hides where (a `manual` redirect is opaque in browsers),
 * the same request without the key, whose redirects are followed and checked like any other.
 * Anywhere else is not the catalog's answer.
 */
function keyedRedirect(res: Response, url: URL, headers: Record<string, string> | undefined, label: string) {
  const location = res.headers.get('location');
  if (location === null) {
    const bare = new URL(url);
    bare.searchParams.delete(API_KEY_PARAM);
    const rest = Object.entries(headers ?? {}).filter(([h]) => h.toLowerCase() !== API_KEY_HEADER);
    return { url: bare, headers: Object.fromEntries(rest), keyed: false };
  }
  const target = new URL(location, url);
  if (target.origin !== url.origin) throw new CatalogError('invalid-response', `${label}: redirected off the catalog hosts`);
  const key = url.searchParams.get(API_KEY_PARAM);
  if (key !== null) target.searchParams.set(API_KEY_PARAM, key);
  return { url: target, headers, keyed: true };
}

/** The same HTTP layer for work ahead of the reader: its requests yield every slot to the others. */
export function lowPriority(http: Http): Http {
  return { getJson: (url, init = {}) => http.getJson(url, { ...init, priority: 'low' }) };
}

/**
 * `data` validated against `schema`; anything else (missing or wrong-typed fields) becomes
 * an `invalid-response` error instead of a crash further in.
 */
export function validate<S extends v.GenericSchema>(schema: S, data: unknown, label: string): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  throw new CatalogError('invalid-response', `${label}: ${path ? `${path}: ` : ''}${issue.message}`);
}

const isJson = (res: Response) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(res.headers.get('content-type') ?? '');

function parseJson(res: Response, text: string, label: string): unknown {
  // An HTML error page served with 200 (proxies, captive portals) must not reach JSON.parse.
  if (!isJson(res)) throw new CatalogError('invalid-response', `${label}: expected JSON, got ${res.headers.get('content-type') ?? 'no content type'}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new CatalogError('invalid-response', `${label}: malformed JSON`);
  }
}

function tryParseJson(res: Response, text: string): unknown {
  if (!isJson(res)) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The body as text, read chunk by chunk and given up (as `invalid-response`) as soon as it
 * passes `maxBytes`, so an endless or huge answer is never buffered whole.
 */
async function readCapped(res: Response, maxBytes: number, label: string): Promise<string> {
  const tooBig = () => new CatalogError('invalid-response', `${label}: body over ${maxBytes} bytes`);
  const declared = Number(res.headers.get('content-length'));
  if (declared > maxBytes) {
    void res.body?.cancel().catch(() => undefined);
    throw tooBig();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** Retry-After as ms from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `AbortSignal.any` where the browser has it (Chrome 116, Firefox 124), else the same by hand. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    s.addEventListener('abort', () => controller.abort(s.reason), { once: true, signal: controller.signal });
  }
  return controller.signal;
}
