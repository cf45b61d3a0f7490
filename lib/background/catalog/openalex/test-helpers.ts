/** Shared by the OpenAlex client's tests (never imported by product code). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { createHttp } from '../http';
import { madeUp, madeUpJson, recordedResponses } from '../test-helpers';
import { createOpenAlex, type OpenAlexOptions } from './index';

// Made-up answers (./testdata) always; OpenAlex's recorded ones too when they are beside the repo.
export const RECORDED = recordedResponses('openalex.test', 'openalex');

export type Json = Record<string, unknown>;
export const read = (name: string) => readFileSync(join(RECORDED!, name), 'utf8');
export const load = (name: string) => JSON.parse(read(name)) as Json;
export const T0 = Date.UTC(2026, 7, 21, 8, 0, 0);

/** The made-up list: the journal version of 2607.90001 and its arXiv preprint, as two works. */
export const madeUpWorks = () => madeUpJson('openalex-works.json').results as Json[];
export const madeUpPreprint = () => madeUpWorks()[1]!;
export const madeUpJournal = () => madeUpWorks()[0]!;
export const madeUpAuthor = () => madeUpJson('openalex-author.json');

export const WORK_SELECT = ['id', 'doi', 'display_name', 'publication_year', 'cited_by_count', 'authorships', 'related_works', 'locations'];
export const SUMMARY_SELECT = ['id', 'doi', 'display_name', 'publication_year', 'cited_by_count', 'authorships', 'locations'];
export const ALERT_SELECT = ['id', 'doi', 'display_name', 'publication_date', 'created_date', 'authorships', 'locations'];
export const AUTHOR_SELECT = ['id', 'display_name', 'orcid', 'works_count', 'cited_by_count', 'summary_stats', 'last_known_institutions'];

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
export const html404 = (body: string) => new Response(body, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
export const notFound = () => html404(madeUp('openalex-404.html'));

/** What `select=` does at OpenAlex: only the named top-level fields, null when absent. */
export function project(obj: Json, url: URL): Json {
  const select = url.searchParams.get('select');
  return select ? Object.fromEntries(select.split(',').map((f) => [f, obj[f] ?? null])) : obj;
}

/** The list envelope around `results`, projected like OpenAlex would. */
export function list(results: Json[], url: URL, meta: Json = {}): Json {
  const envelope = madeUpJson('openalex-works.json');
  return {
    ...envelope,
    meta: { ...(envelope.meta as Json), count: results.length, per_page: Number(url.searchParams.get('per_page') ?? 25), ...meta },
    results: results.map((r) => project(r, url)),
  };
}

/** The headers and body of a QUOTED recording. */
export function quoted(raw: string, status = 429): Response {
  const lines = raw.split('\n').filter((l) => !l.startsWith('#'));
  const blank = lines.indexOf('');
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const h of lines.slice(1, blank)) headers.set(h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 1).trim());
  return new Response(lines.slice(blank + 1).join('\n'), { status, headers });
}

export function client(route: (url: URL) => Response | Promise<Response>, opts: Partial<OpenAlexOptions> = {}) {
  let t = T0;
  const urls: URL[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    return route(url);
  });
  const now = () => t;
  const http = createHttp({ fetch, now, random: () => 0.5, sleep: async (ms) => void (t += ms), wait: async (ms) => void (t += ms) });
  return { oa: createOpenAlex({ http, now, ...opts }), urls, fetch };
}

export const selectOf = (url: URL) => url.searchParams.get('select')?.split(',');
export const filterValues = (url: URL, key: string) =>
  url.searchParams
    .get('filter')!
    .split(',')
    .find((c) => c.startsWith(`${key}:`))!
    .slice(key.length + 1)
    .split('|');

export const recordedPreprint = () => (load('list-title-search-arxiv-only-preprint.json').results as Json[])[0]!;
export const recordedTwoWorks = () => load('list-title-search-journal-and-arxiv-preprint-as-two-works.json').results as Json[];
export const priem = () => load('author-A5023888391.json');
