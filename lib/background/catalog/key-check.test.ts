import { readFileSync } from 'node:fs';
import { createHttp } from './http';
import { asKeyRejection, keyBudget, testKey } from './key-check';
import { createOpenAlex } from './openalex';
import { createSemanticScholar } from './semantic-scholar';
import { failure } from './test-helpers';
import { CatalogError } from '../../catalog/types';

const RATE_LIMIT = JSON.parse(readFileSync(new URL('./testdata/openalex-rate-limit.shape.json', import.meta.url), 'utf8')) as unknown;
const NOW = Date.UTC(2026, 5, 10, 15);
const FORBIDDEN_S2 = '{"message":"Forbidden"}'; // fixtures/api/semanticscholar/error-403-invalid-api-key.json

const answer = (status: number, body: string) => new Response(body, { status, headers: { 'content-type': 'application/json' } });

function httpAnswering(status: number, body: string) {
  const urls: { url: string; headers: Record<string, string> }[] = [];
  const http = createHttp({
    maxRetries: 0,
    fetch: async (input, init) => {
      urls.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string> });
      return answer(status, body);
    },
  });
  return { http, urls };
}

describe('an OpenAlex key’s daily allowance', () => {
  it('reads credits used, remaining and the reset time from a /rate-limit answer', () => {
    expect(keyBudget(RATE_LIMIT, NOW)).toEqual({ unit: 'credits', limit: 10_000, used: 347, remaining: 9653, resetAt: Date.UTC(2026, 5, 11) });
  });

  it('falls back to dollars and to resets_in_seconds when credits or resets_at are absent', () => {
    const r = (RATE_LIMIT as { rate_limit: Record<string, unknown> }).rate_limit;
    const body = { rate_limit: { ...r, credits_limit: undefined, credits_used: null, credits_remaining: undefined, resets_at: null } };
    expect(keyBudget(body, NOW)).toEqual({ unit: 'usd', limit: 1, used: 0.0347, remaining: 0.9653, resetAt: NOW + 32_400_000 });
  });

  it('refuses an answer that names no allowance', () => {
    expect(() => keyBudget({ rate_limit: {} }, NOW)).toThrow(/no daily allowance/);
    expect(() => keyBudget({ error: 'x' }, NOW)).toThrow(CatalogError);
  });
});

describe('testing a saved key', () => {
  it('asks OpenAlex /rate-limit with the key and answers the allowance', async () => {
    const { http, urls } = httpAnswering(200, JSON.stringify(RATE_LIMIT));
    expect(await testKey(http, 'openalex', 'OaKey12345', NOW)).toMatchObject({ valid: true, budget: { used: 347, remaining: 9653 } });
    expect(urls[0]!.url).toBe('https://api.openalex.org/rate-limit?api_key=OaKey12345');
  });

  it('says an OpenAlex key is invalid on 401, and a Semantic Scholar key on 403', async () => {
    expect(await testKey(httpAnswering(401, '{"error":"Invalid or missing API key"}').http, 'openalex', 'OaKey12345')).toEqual({ valid: false });
    const s2 = httpAnswering(403, FORBIDDEN_S2);
    expect(await testKey(s2.http, 's2', 'S2key67890')).toEqual({ valid: false });
    expect(s2.urls[0]!.headers['x-api-key']).toBe('S2key67890');
  });

  it('takes a Semantic Scholar 404 as an accepted key (the lookup ran), and lets other failures through', async () => {
    expect(await testKey(httpAnswering(404, '{"error":"Paper not found"}').http, 's2', 'S2key67890')).toEqual({ valid: true, budget: null });
    expect((await failure(testKey(httpAnswering(500, '{}').http, 's2', 'S2key67890'))).kind).toBe('http');
  });
});

describe('a refused key during ordinary use', () => {
  it('fails Semantic Scholar calls with key-rejected and reports it, without going keyless', async () => {
    const { http, urls } = httpAnswering(403, FORBIDDEN_S2);
    const onKeyRejected = vi.fn();
    const s2 = createSemanticScholar({ http, getKey: () => 'S2key67890', onKeyRejected });
    expect((await failure(s2.paperByArxivId('2406.05546'))).kind).toBe('key-rejected');
    expect(onKeyRejected).toHaveBeenCalledOnce();
    expect(urls.every((u) => u.headers['x-api-key'] === 'S2key67890')).toBe(true);
  });

  it('fails OpenAlex calls with key-rejected on 401 and reports it', async () => {
    const onKeyRejected = vi.fn();
    const oa = createOpenAlex({ http: httpAnswering(401, '{"error":"Invalid or missing API key"}').http, getKey: () => 'OaKey12345', onKeyRejected });
    expect((await failure(oa.workByArxivId('2406.05546'))).kind).toBe('key-rejected');
    expect(onKeyRejected).toHaveBeenCalledOnce();
  });

  it('leaves the same statuses alone when no key was sent', () => {
    const forbidden = new CatalogError('http', 'HTTP 403', null, 403);
    expect(asKeyRejection('s2', forbidden, false)).toBe(forbidden);
    expect(asKeyRejection('openalex', forbidden, true)).toBe(forbidden); // OpenAlex 403: a protected filter, not the key
  });
});
