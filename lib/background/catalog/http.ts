/**
 * The one fetch layer every catalog client uses (runs in the background service worker:
 * `fetch` only, no DOM). It owns everything that is about HTTP rather than about an API:
 * timeouts, each host's pace and priorities (pacer.ts), retries with full-jitter backoff,
 * Retry-After, and turning bad responses into `CatalogError`s. API-specific knowledge
 * (OpenAlex's budget 429) comes in through the `classify429` hook.
 */
import * as v from 'valibot';
import { CatalogError } from '../../catalog/types';
import { API_BASES, API_KEY_HEADER, API_KEY_PARAM, isCatalogUrl } from '../../catalog/hosts';
import { CATALOGS, SOURCE_IDS } from '../../catalog/catalogs';
import { MAX_RESPONSE_BYTES } from '../../shared/limits';
import { createPacer, type HostLimits, type Pacer, type Permit, type Priority } from './pacer';

export interface HttpOptions {
  fetch?: typeof fetch;
  now?: () => number;
  /** Uniform in [0, 1). */
  random?: () => number;
  /** Waits before a retry (tests record it). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Waits for a host's next free place (default: a timer; tests on a fake clock advance it). */
  wait?: (ms: number) => Promise<void>;
  /** Arms the pacer's stall checks (tests keep real timers out). */
  setTimer?: (fn: () => void, ms: number) => () => void;
  /** Per attempt, including reading the body. Capped at 20 s: MV3 kills fetches slower than 30 s. */
  timeoutMs?: number;
  /** Retries of a failure that may pass (5xx, network). */
  maxRetries?: number;
  /** Retries of a request the host refused for its rate: a refusal never becomes an answer. */
  maxRateRetries?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /**
   * The longest backoff before sending a refused request again: Semantic Scholar's shared pool
   * refuses often and briefly, and a host that refuses everything must fail within seconds,
   * not minutes (docs/performance.md, Pacing).
   */
  rateBackoffCapMs?: number;
  /** A longer Retry-After fails the call at once instead of holding the caller. */
  maxRetryAfterMs?: number;
  /** How long a host stays in cooldown after a 429 whose Retry-After was too long to wait. */
  cooldownMs?: number;
  /** Each host's limits, merged over the defaults (HOST_LIMITS). */
  limits?: Record<string, Partial<HostLimits>>;
  /** Limits for hosts not listed; one at a time, once a second unless told otherwise. */
  defaultLimits?: Partial<HostLimits>;
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
   * How urgent the request is (pacer.ts PRIORITY; default `view`): a host's free place goes to
   * the most urgent request waiting. A box may be raised while the request waits.
   */
  priority?: Priority;
  /** The request carries the reader's own key: the host counts it apart, often with a higher cap. */
  keyed?: boolean;
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

/** Each catalog's limits, by host: its pace without and with a key (catalogs.ts). */
const HOST_LIMITS: Readonly<Record<string, { keyless: HostLimits; keyed: HostLimits }>> = Object.fromEntries(
  SOURCE_IDS.map((source) => [hostOf(API_BASES[source]), CATALOGS[source].pace]),
);
const DEFAULT_LIMITS: HostLimits = { concurrency: 1, perSecond: 1, stallMs: 30_000 };

const MAX_TIMEOUT_MS = 20_000;

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
  const maxRateRetries = opts.maxRateRetries ?? 5;
  const backoffBaseMs = opts.backoffBaseMs ?? 1_000;
  const backoffCapMs = opts.backoffCapMs ?? 10_000;
  const rateBackoffCapMs = opts.rateBackoffCapMs ?? 4_000;
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? 30_000;
  const cooldownMs = opts.cooldownMs ?? 30_000;
  const pacers = new Map<string, Pacer>();
  /** Requests to a host fail fast with `rate-limited` until then (a Retry-After too long to wait). */
  const cooldowns = new Map<string, number>();

  function pacerOf(host: string, keyed: boolean): Pacer {
    const id = `${keyed ? 'keyed' : 'keyless'} ${host}`;
    let pacer = pacers.get(id);
    if (!pacer) {
      const known = HOST_LIMITS[host]?.[keyed ? 'keyed' : 'keyless'];
      const limits = { ...(known ?? { ...DEFAULT_LIMITS, ...opts.defaultLimits }), ...opts.limits?.[host] };
      pacer = createPacer({ limits, now, sleep: opts.wait ?? ((ms) => abortableSleep(ms)), setTimer: opts.setTimer, label: host });
      pacers.set(id, pacer);
    }
    return pacer;
  }

  function failIfCoolingDown(host: string, label: string): void {
    const until = cooldowns.get(host) ?? 0;
    if (until > now()) throw new CatalogError('rate-limited', `${label}: host is cooling down after a 429`, until, 429);
  }

  const backoff = (attempt: number, cap: number) => random() * Math.min(cap, backoffBaseMs * 2 ** attempt);

  async function attempt(url: URL, init: RequestOptions, label: string, permit: Permit): Promise<{ data: unknown } | Failure> {
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
      permit.answered(now());
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
      const error = new CatalogError('rate-limited', `${label}: rate limited`, at + (retryAfterMs ?? cooldownMs), 429);
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
   * (or with the caller's abort reason when `init.signal` aborts). A request the host refused
   * for its rate is sent again (its place in the queue kept), up to `maxRateRetries` times: a
   * refusal is never an answer.
   */
  async function getJson(url: URL, init: RequestOptions = {}): Promise<unknown> {
    // Never the query: it may carry an API key.
    const label = `${init.method ?? 'GET'} ${url.host}${url.pathname}`;
    failIfCoolingDown(url.host, label);
    const pacer = pacerOf(url.host, init.keyed ?? false);
    const order = pacer.order();
    let failures = 0;
    let refusals = 0;
    for (;;) {
      const permit = await pacer.acquire(init.priority, init.signal, order);
      let result: { data: unknown } | Failure;
      try {
        failIfCoolingDown(url.host, label);
        result = await attempt(url, init, label, permit);
      } finally {
        permit.release();
      }
      if ('data' in result) return result.data;
      const { error } = result;
      const refused = error.kind === 'rate-limited';
      const tries = refused ? ++refusals : ++failures;
      if (!result.retry || tries > (refused ? maxRateRetries : maxRetries)) {
        // A Retry-After too long to wait, or a host that refused every try: nothing goes to it
        // before the time it gave (or `cooldownMs`), so a host that is down is not hammered.
        if (refused) cooldowns.set(url.host, Math.max(cooldowns.get(url.host) ?? 0, error.retryAt ?? 0));
        throw error;
      }
      // Never less than the backoff: `Retry-After: 0` (or a past date) must not retry at once.
      const delayMs = Math.max(result.delayMs ?? 0, backoff(tries - 1, refused ? rateBackoffCapMs : backoffCapMs));
      // A refusal pauses the whole host, and the request waits in its queue with its priority and
      // place: when the pause ends it goes before the less urgent requests that came meanwhile
      // (slept apart, it lost its turn to them: a first screen waited a second more per refusal).
      if (refused) pacer.refused(now() + delayMs);
      else await sleep(delayMs, init.signal);
    }
  }

  return { getJson };
}

export type Http = ReturnType<typeof createHttp>;

/**
 * Whether a request carries the reader's key (as OpenAlex's query parameter or Semantic Scholar's
 * header): read from the request itself, not from `keyed` (which picks the pace), so no key
 * follows a redirect whatever the caller said.
 */
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

/** The same HTTP layer, its requests at `priority` unless they say otherwise (pacer.ts PRIORITY). */
export function prioritized(http: Http, priority: Priority): Http {
  return { getJson: (url, init = {}) => http.getJson(url, { priority, ...init }) };
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
export async function readCapped(res: Response, maxBytes: number, label: string): Promise<string> {
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
