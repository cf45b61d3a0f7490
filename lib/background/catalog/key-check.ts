/**
 * The reader's API keys as the catalogs see them: a refused key is told apart from any other
 * failure (so it is reported, never silently dropped), and "Test" on the options page asks
 * each catalog about the saved key — OpenAlex for its daily allowance, Semantic Scholar with
 * one small lookup.
 */
import { API_BASES, API_KEY_HEADER, API_KEY_PARAM } from '../../catalog/hosts';
import { validate, type Http } from './http';
import * as S from './schemas/openalex';
import { CATALOGS } from '../../catalog/catalogs';
import { CatalogError, SOURCE_NAMES, type SourceId } from '../../catalog/types';

/** `e` as a `key-rejected` error when it is the catalog refusing the key that was sent; else `e`. */
export function asKeyRejection(source: SourceId, e: unknown, keySent: boolean): unknown {
  if (!keySent || !(e instanceof CatalogError) || e.kind !== 'http' || e.status !== CATALOGS[source].key.refusedStatus) return e;
  return new CatalogError('key-rejected', `${SOURCE_NAMES[source]} refused the saved API key (HTTP ${e.status})`, null, e.status);
}

/** A key's daily allowance as OpenAlex reports it. */
export interface KeyBudget {
  /** OpenAlex counts in credits when it says so; otherwise in US dollars. */
  unit: 'credits' | 'usd';
  limit: number;
  used: number;
  remaining: number;
  /** Epoch ms of the next reset (midnight UTC), when OpenAlex said. */
  resetAt: number | null;
}

export type KeyTest = { valid: true; budget: KeyBudget | null } | { valid: false };

/** `/rate-limit`'s body → the allowance; `invalid-response` when it names no allowance at all. */
export function keyBudget(body: unknown, now: number): KeyBudget {
  const r = validate(S.RateLimitStatus, body, 'OpenAlex rate limit').rate_limit;
  const resetAt = r.resets_at && Number.isFinite(Date.parse(r.resets_at))
    ? Date.parse(r.resets_at)
    : typeof r.resets_in_seconds === 'number' ? now + r.resets_in_seconds * 1000 : null;
  const pick = (limit: number | null | undefined, used: number | null | undefined, remaining: number | null | undefined) =>
    typeof limit === 'number' && (typeof used === 'number' || typeof remaining === 'number')
      ? { limit, used: used ?? limit - remaining!, remaining: remaining ?? limit - used! }
      : null;
  const credits = pick(r.credits_limit, r.credits_used, r.credits_remaining);
  if (credits) return { unit: 'credits', ...credits, resetAt };
  const usd = pick(r.daily_budget_usd, r.daily_used_usd, r.daily_remaining_usd);
  if (usd) return { unit: 'usd', ...usd, resetAt };
  throw new CatalogError('invalid-response', 'OpenAlex rate limit: no daily allowance in the answer');
}

/** Calls the catalog with `key` and says whether it takes it (other failures reject). */
export async function testKey(http: Http, source: SourceId, key: string, now = Date.now()): Promise<KeyTest> {
  try {
    if (source === 'openalex') {
      const url = new URL('/rate-limit', API_BASES.openalex);
      url.searchParams.set(API_KEY_PARAM, key);
      return { valid: true, budget: keyBudget(await http.getJson(url), now) };
    }
    // Any small lookup will do: S2 checks the key before anything else.
    const url = new URL('/graph/v1/paper/ARXIV:1706.03762', API_BASES.s2);
    url.searchParams.set('fields', 'paperId');
    await http.getJson(url, { headers: { [API_KEY_HEADER]: key } }).catch((e: unknown) => {
      if (!(e instanceof CatalogError && e.kind === 'not-found')) throw e;
    });
    return { valid: true, budget: null };
  } catch (e) {
    const refused = asKeyRejection(source, e, true);
    if (refused !== e) return { valid: false };
    throw e;
  }
}
