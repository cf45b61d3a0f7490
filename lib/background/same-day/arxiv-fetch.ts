/**
 * Weft's only requests to arXiv itself: the day's announcement, as docs/same-day-alerts.md
 * ("Politeness") allows it. Kept apart from the catalogs' HTTP layer (catalog/http.ts): arXiv
 * is asked a few times a day, one request at a time, at least ARXIV_SPACING_MS apart — across
 * worker restarts too (the last request's time is kept in session storage) — conditionally when
 * a validator is known, never with cookies, and only for the announcement addresses
 * (`isAnnouncementUrl`): nothing else of arXiv's, never export.arxiv.org.
 */
import { browser } from 'wxt/browser';
import { readCapped } from '../catalog/http';
import { CatalogError } from '../../catalog/types';
import { isAnnouncementUrl } from '../../arxiv/urls';
import { MAX_ANNOUNCEMENT_BYTES } from '../../arxiv/announcement-model';

/** arXiv asks robots for at most one request every few seconds; Weft keeps 3 s and a margin. */
export const ARXIV_SPACING_MS = 3_200;
const TIMEOUT_MS = 20_000;
const LAST_REQUEST_KEY = 'weft.arxivLastRequestAt';

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedAnswer = { kind: 'content'; text: string; validators: Validators } | { kind: 'not-modified' };

export type FeedErrorKind = 'no-access' | 'network' | 'timeout' | 'http' | 'rate-limited' | 'too-large';

/** Why a read of arXiv failed; `retryAt` when arXiv said when to come back (Retry-After). */
export class FeedError extends Error {
  override readonly name = 'FeedError';
  constructor(
    readonly kind: FeedErrorKind,
    message: string,
    readonly retryAt: number | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface ArxivFetchOptions {
  fetch?: typeof fetch;
  /** Whether the browser grants Weft this origin pattern now (checked before every request). */
  granted?: (pattern: string) => Promise<boolean>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Where the last request's time survives a worker restart. */
  lastRequest?: { get(): Promise<number>; set(t: number): Promise<void> };
}

const sessionLastRequest = {
  async get() {
    const items: Record<string, unknown> = await browser.storage.session.get(LAST_REQUEST_KEY).catch(() => ({}));
    const v = items[LAST_REQUEST_KEY];
    return typeof v === 'number' ? v : 0;
  },
  async set(t: number) {
    await browser.storage.session.set({ [LAST_REQUEST_KEY]: t }).catch(() => undefined);
  },
};

export async function grantedNow(pattern: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    return false;
  }
}

function retryAfter(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return now + Number(header.trim()) * 1000;
  const t = Date.parse(header);
  return Number.isNaN(t) ? null : Math.max(now, t);
}

export function createArxivFetch({
  fetch: fetchImpl = (input, init) => fetch(input, init),
  granted = grantedNow,
  now = () => Date.now(),
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
  lastRequest = sessionLastRequest,
}: ArxivFetchOptions = {}) {
  let queue: Promise<unknown> = Promise.resolve();

  /** One request, after the previous one has finished and the spacing has passed. */
  async function once(url: string, validators: Validators | null): Promise<FeedAnswer> {
    const origin = `${new URL(url).origin}/*`;
    if (!(await granted(origin))) throw new FeedError('no-access', `the browser does not let Weft read ${new URL(url).host}`);
    const wait = (await lastRequest.get()) + ARXIV_SPACING_MS - now();
    if (wait > 0) await sleep(Math.min(wait, ARXIV_SPACING_MS));
    await lastRequest.set(now());
    const headers: Record<string, string> = {};
    if (validators?.etag) headers['If-None-Match'] = validators.etag;
    if (validators?.lastModified) headers['If-Modified-Since'] = validators.lastModified;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), TIMEOUT_MS);
    const label = `GET ${url.replace(/^https:\/\//, '')}`;
    try {
      let res: Response;
      try {
        // The validators are Weft's own (kept per URL and announcement): the HTTP cache must neither
        // answer for arXiv nor add its own.
        res = await fetchImpl(url, { headers, credentials: 'omit', cache: 'no-store', redirect: 'follow', signal: timeout.signal });
      } catch (e) {
        if (timeout.signal.aborted) throw new FeedError('timeout', `${label}: no answer within ${TIMEOUT_MS / 1000} s`);
        throw new FeedError('network', `${label}: ${e instanceof Error ? e.message : String(e)}`);
      }
      // A redirect may only land on another announcement address (arXiv's canonical form of one).
      if (res.url && !isAnnouncementUrl(res.url)) {
        void res.body?.cancel().catch(() => undefined);
        throw new FeedError('http', `${label}: redirected away from arXiv's announcements`, null, res.status);
      }
      if (res.status === 304) return { kind: 'not-modified' };
      if (res.status === 429 || res.status === 503) {
        void res.body?.cancel().catch(() => undefined);
        throw new FeedError('rate-limited', `${label}: HTTP ${res.status}`, retryAfter(res.headers.get('retry-after'), now()), res.status);
      }
      if (res.status !== 200) {
        void res.body?.cancel().catch(() => undefined);
        throw new FeedError('http', `${label}: HTTP ${res.status}`, null, res.status);
      }
      let text: string;
      try {
        text = await readCapped(res, MAX_ANNOUNCEMENT_BYTES, label);
      } catch (e) {
        if (timeout.signal.aborted) throw new FeedError('timeout', `${label}: no answer within ${TIMEOUT_MS / 1000} s`);
        if (e instanceof CatalogError) throw new FeedError('too-large', e.message);
        throw new FeedError('network', `${label}: ${e instanceof Error ? e.message : String(e)}`);
      }
      return { kind: 'content', text, validators: { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') } };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * GETs an announcement address; conditionally when `validators` are given (a 304 is then
   * `not-modified`). Requests are made one after another, never two at once.
   */
  function get(url: string, validators: Validators | null = null): Promise<FeedAnswer> {
    if (!isAnnouncementUrl(url)) return Promise.reject(new RangeError(`not an arXiv announcement address: ${url}`));
    const run = queue.then(() => once(url, validators));
    queue = run.catch(() => undefined);
    return run;
  }

  return { get };
}

export type ArxivFetch = ReturnType<typeof createArxivFetch>;
