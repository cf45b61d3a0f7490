/**
 * Step 3 of identifying the authors of papers no catalog has (docs/identity.md, Profiles): the
 * candidates' profiles (topics, institutions, figures) a decision reads, from the cache, else by
 * list calls of ≤100 ids while credits last, free singletons beyond.
 */
import type { Cache } from '../../cache/cache';
import { CACHE_KEYS } from '../../cache/keys';
import { TTL } from '../../catalog/catalog';
import type { AuthorSuggestion, CandidateProfile } from '../../catalog/openalex';
import { CatalogError, type AuthorMetrics } from '../../../catalog/types';
import { chunk, MAX_FILTER_IDS } from './plan';
import type { Credits, IdentifierClient } from './sources/source';

/**
 * Profiles fetched with a list call even past a batch's credits, from this many on: fewer go as
 * free singletons, one request each.
 */
const LIST_OVER_SINGLETONS = 3;
const profileKey = CACHE_KEYS.candidate;

export function profileReader(cache: Cache) {
  /** Ids whose profile is not cached yet (cached ones go into `profiles`). */
  async function cached(ids: string[], profiles: Map<string, CandidateProfile>, revalidate: boolean): Promise<string[]> {
    const todo = ids.filter((id) => !profiles.has(id));
    const hits = revalidate ? new Map() : await cache.getMany<CandidateProfile>(todo.map(profileKey));
    return todo.filter((id) => {
      const hit = hits.get(profileKey(id));
      if (hit && !hit.stale) profiles.set(id, hit.value);
      return !profiles.has(id);
    });
  }

  /** List calls of ≤100 ids while credits last (each told to `onCall`), free singletons for the rest. */
  async function fetch(ids: string[], profiles: Map<string, CandidateProfile>, budget: Credits, client: IdentifierClient, onCall: () => void): Promise<void> {
    const todo = ids.filter((id) => !profiles.has(id));
    if (todo.length === 0) return;
    const found = await Promise.all(chunk(todo, MAX_FILTER_IDS).map(async (part) => {
      // Past this batch's credits too, while the day's allowance lasts: under OpenAlex's
      // per-second cap, one list call answers what would take a request per profile.
      if (budget.take() || (part.length >= LIST_OVER_SINGLETONS && budget.overdraw())) {
        try {
          onCall();
          return await client.candidateProfiles(part);
        } catch (e) {
          if (!(e instanceof CatalogError && e.kind === 'budget-exhausted')) throw e;
          budget.spent();
        }
      }
      return (await Promise.all(part.map((id) => orNull(client.candidateById({ openalexId: id }))))).filter((p) => p !== null);
    }));
    const fetched = found.flat();
    for (const p of fetched) profiles.set(p.openalexId, p);
    await cache.putMany(fetched.map((p) => ({ key: profileKey(p.openalexId), value: p, ttlMs: TTL.author })));
  }

  return { cached, fetch };
}

/** The answer, or null when the catalog has no such record. */
export async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof CatalogError && e.kind === 'not-found') return null;
    throw e;
  }
}

/** A candidate known only from autocomplete (never the one a decision rests on). */
export function thinProfile(s: AuthorSuggestion): CandidateProfile {
  return {
    source: 'openalex', openalexId: s.id, s2Id: null, orcid: null, displayName: s.name,
    hIndex: null, citedBy: s.citedBy, works: s.works, lastKnownInstitutions: [],
    alternativeNames: [], institutions: [], fields: [],
  };
}

export function metricsOf(p: CandidateProfile): AuthorMetrics {
  const { source, openalexId, s2Id, orcid, displayName, hIndex, citedBy, works, lastKnownInstitutions } = p;
  return { source, openalexId, s2Id, orcid, displayName, hIndex, citedBy, works, lastKnownInstitutions };
}
