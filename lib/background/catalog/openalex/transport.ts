/**
 * OpenAlex's requests (https://api.openalex.org): the key, the daily budget and the checks every
 * call shares. The entity files (works.ts, authors.ts, autocomplete.ts) ask through it.
 *
 * Cost model (docs/catalog-apis.md, Keys, credits and the daily allowance): singletons (`/works/doi:…`, `/authors/A…`) and
 * `/autocomplete` are free; list calls (`/works?filter=…`, `/authors?filter=…`) cost a credit
 * each from a small daily budget. Once the budget is spent, list calls fail fast with
 * `budget-exhausted` until it resets, while singletons keep working.
 */
import * as v from 'valibot';
import { validate, type Classify429, type GetKey, type Http } from '../http';
import { bareOpenAlexId, bareOrcid } from '../../../catalog/ids';
import { API_BASES, API_KEY_PARAM } from '../../../catalog/hosts';
import { allowanceBackAt } from '../allowance';
import { asKeyRejection } from '../key-check';
import { createBudgetMemory, type BudgetMemory } from './budget';
import * as S from '../schemas/openalex';
import { CatalogError } from '../../../catalog/types';
import { MAX_RESPONSE_BYTES, OPENALEX_MAX_OR_VALUES } from '../../../shared/limits';

const BASE = API_BASES.openalex;

/** OpenAlex's largest page. */
export const MAX_PER_PAGE = 200;

export interface OpenAlexOptions {
  http: Http;
  getKey?: GetKey;
  /** Told when a list call finds the daily budget spent; `resetAt` is epoch ms. */
  onBudgetExhausted?: (resetAt: number) => void;
  /** Told when OpenAlex refuses the saved key (the call fails with `key-rejected`). */
  onKeyRejected?: () => void;
  /** Where the spent budget is remembered (default: this client's memory only). */
  budget?: BudgetMemory;
  now?: () => number;
}

export type Params = Record<string, string>;

type ListItem = v.LooseObjectSchema<v.ObjectEntries, undefined>;

/** The requests of one client; `getKey` supplies the user's optional API key at call time. */
export function createTransport(options: OpenAlexOptions) {
  const { http, getKey, onBudgetExhausted, onKeyRejected, now = Date.now, budget = createBudgetMemory(null, now) } = options;
  // The budget belongs to the key (or, keyless, the IP): a newly entered key starts afresh.
  const currentKey = async () => (await getKey?.()) || null;

  /** One request; `list` calls spend budget, so they are refused locally while it is spent. */
  async function call(kind: 'free' | 'list', path: string, params: Params, signal?: AbortSignal): Promise<unknown> {
    const key = await currentKey();
    const resetAt = kind === 'list' ? await budget.resetAt(key) : 0;
    if (resetAt > now()) {
      throw new CatalogError('budget-exhausted', 'OpenAlex daily budget is spent', resetAt, 429);
    }
    const url = new URL(path, BASE);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (key) url.searchParams.set(API_KEY_PARAM, key);
    try {
      return await http.getJson(url, { signal, keyed: key !== null, classify429: classifyOpenAlex429, maxBytes: MAX_RESPONSE_BYTES[kind === 'list' ? 'list' : 'single'] });
    } catch (e) {
      if (e instanceof CatalogError && e.kind === 'budget-exhausted' && e.retryAt !== null) {
        await budget.spent(key, e.retryAt);
        onBudgetExhausted?.(e.retryAt);
      }
      const refused = asKeyRejection('openalex', e, key !== null);
      if (refused !== e) onKeyRejected?.();
      throw refused;
    }
  }

  /** One page of a list call asked for and validated as `item`; a malformed record is left out, not the others. */
  async function listPage<S extends ListItem>(path: string, params: Params, item: S, signal?: AbortSignal) {
    const body = await call('list', path, { ...params, select: S.selectOf(item) }, signal);
    const { meta, results } = validate(S.list(v.unknown()), body, `OpenAlex ${path}`);
    const valid = results.flatMap((r) => {
      const one = v.safeParse(item, r);
      return one.success ? [one.output as v.InferOutput<S>] : [];
    });
    return { meta, results: valid, served: results.length };
  }

  /** All list results for `ids` (≤100 per call, calls in parallel), asked for and validated as `item`. */
  async function listByIds<S extends ListItem>(path: string, filter: string, ids: string[], item: S, signal?: AbortSignal) {
    const pages = await Promise.all(
      chunk(ids, OPENALEX_MAX_OR_VALUES).map(async (part) =>
        (await listPage(path, { filter: `${filter}:${part.join('|')}`, per_page: String(OPENALEX_MAX_OR_VALUES) }, item, signal)).results),
    );
    return pages.flat();
  }

  /**
   * The `entity` ids among `ids` as list results `map`ped (≤100 per list call; costs budget), in
   * the order of `ids`; ids OpenAlex does not return (unknown, merged, malformed) are absent.
   */
  async function inOrderOf<S extends ListItem, T>(entity: 'A' | 'W', ids: string[], item: S, map: (found: v.InferOutput<S>) => T, signal?: AbortSignal): Promise<T[]> {
    const wanted = uniqueIds(ids, entity);
    if (wanted.length === 0) return [];
    const found = await listByIds(entity === 'A' ? '/authors' : '/works', entity === 'A' ? 'id' : 'ids.openalex', wanted, item, signal);
    const byId = new Map(found.map((r) => [r.id as string, map(r)]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  }

  /** Epoch ms when the current key's spent daily budget resets; 0 while list calls are allowed. */
  async function budgetResetAt(): Promise<number> {
    return budget.resetAt(await currentKey());
  }

  return { call, listPage, listByIds, inOrderOf, budgetResetAt, budget };
}

export type Transport = ReturnType<typeof createTransport>;

/**
 * OpenAlex answers 429 both for a spent daily budget ("Insufficient budget", or fewer credits
 * remaining than the call needs) and for its per-second cap ("… requests per second"). Only
 * the first is worth remembering, until Retry-After (≈ seconds to midnight UTC, never believed
 * much beyond it) or midnight.
 */
export const classifyOpenAlex429: Classify429 = ({ headers, body, retryAfterMs, now }) => {
  const message = v.is(S.RateLimitBody, body) ? body.message : '';
  if (/requests per second/i.test(message)) return null;
  const remaining = headers.get('x-ratelimit-remaining');
  const required = headers.get('x-ratelimit-credits-required');
  const short = remaining !== null && required !== null && Number(remaining) < Number(required);
  if (!/insufficient budget/i.test(message) && !short) return null;
  return allowanceBackAt(retryAfterMs === null ? null : now + retryAfterMs, now);
};

export function requireOpenAlexId(raw: string, entity: 'W' | 'A'): string {
  const id = bareOpenAlexId(raw, entity);
  if (!id) throw new CatalogError('not-found', `not an OpenAlex ${entity} id: ${JSON.stringify(raw.slice(0, 40))}`);
  return id;
}

export function requireOrcid(raw: string): string {
  const id = bareOrcid(raw);
  if (!id) throw new CatalogError('not-found', `not an ORCID: ${JSON.stringify(raw.slice(0, 40))}`);
  return id;
}

export function uniqueIds(ids: string[], entity: 'W' | 'A'): string[] {
  return [...new Set(ids.flatMap((id) => bareOpenAlexId(id, entity) ?? []))];
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
