/**
 * The whole background as the extension runs it — the real fetch layer, catalog clients,
 * cache, follow service, handlers and message validation — with only the network (the e2e
 * fake catalog, bent per test by `route`) and IndexedDB (a fresh fake-indexeddb) faked.
 * Messages go through `dispatch` exactly as `runtime.onMessage` delivers them.
 */
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing';
import { createBackgroundDeps } from '@/lib/background/deps';
import { createServices } from '@/lib/background/services';
import type { HttpOptions } from '@/lib/background/catalog/http';
import { dispatch } from '@/lib/background/server';
import type { WireResponse } from '@/lib/background/protocol';
import { buildCatalog, FakeApis, type FakeResponse } from '../../e2e/fake-apis.mjs';
import { makeAuthors } from '../../e2e/pages.mjs';
import { httpTuning } from './setup';

export const ID = '2406.05546';
export const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';

/** Senders as the browser describes them. */
export const FROM_ARXIV = { id: fakeBrowser.runtime.id, tab: { id: 7 } as never, frameId: 0, url: `https://arxiv.org/abs/${ID}` };
export const FROM_POPUP = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };

/** A test's say over one request: a Response, or undefined to let the fake catalog answer. */
export type Route = (url: URL, init: RequestInit | undefined, fake: FakeApis) => Response | undefined | Promise<Response | undefined>;

export const toResponse = (r: FakeResponse) =>
  new Response(r.body, { status: r.status, headers: { ...(r.contentType ? { 'content-type': r.contentType } : {}), ...r.headers } });
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The fake catalog's JSON answer to `url`, passed through `edit` (which may mutate it). */
export function edited(fake: FakeApis, url: URL, edit: (body: Record<string, unknown>) => unknown): Response {
  const r = fake.respond('GET', url.href);
  const body = JSON.parse(r.body) as Record<string, unknown>;
  const out = edit(body);
  return json(out === undefined ? body : out, r.status);
}

export interface BackgroundOptions {
  n?: number;
  arxivId?: string;
  route?: Route;
  http?: HttpOptions;
  /** The IndexedDB the background finds (default: a fresh, empty one). */
  idb?: IDBFactory;
}

export function startBackground({ n = 4, arxivId = ID, route, http, idb = new IDBFactory() }: BackgroundOptions = {}) {
  vi.stubGlobal('indexedDB', idb);
  const authors = makeAuthors(n);
  const catalog = buildCatalog({ arxivId, title: TITLE, authors });
  const fake = new FakeApis(catalog);
  const requests: URL[] = [];
  /** When each request went out, in the fetch layer's skipped waits (./setup.ts). */
  const sentAt: number[] = [];
  httpTuning.current = http ?? {};
  httpTuning.slept = [];
  const slept = httpTuning.slept;
  let currentRoute = route;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    requests.push(url);
    sentAt.push(httpTuning.waited());
    const own = await currentRoute?.(url, init, fake);
    return own ?? toResponse(fake.respond(init?.method ?? 'GET', url.href, typeof init?.body === 'string' ? init.body : null));
  });
  // Backoff and Retry-After waits are recorded, not waited (./setup.ts): tests check what was asked.
  const deps = createBackgroundDeps();
  const handlers = createServices(deps);
  /** Sends `message` as `sender` would; resolves with the wire answer. */
  const ask = <T = unknown>(message: unknown, sender: object = FROM_ARXIV) =>
    dispatch(handlers, message, sender as never, fakeBrowser.runtime.id) as Promise<WireResponse<T>>;
  return {
    ask,
    deps,
    handlers,
    catalog,
    fake,
    requests,
    sentAt,
    slept,
    /** The page's author list in citation form, as the content script sends it. */
    names: authors.map((a) => `${a.last}, ${a.first}`),
    /** From now on the network answers through `r` (undefined: the plain fake catalog). */
    reroute: (r?: Route) => void (currentRoute = r),
    /** Requests to `host` made since `from` (an index into `requests`). */
    count: (host: string, from = 0) => requests.slice(from).filter((u) => u.host === host).length,
  };
}

export type Background = ReturnType<typeof startBackground>;

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.unstubAllGlobals());
