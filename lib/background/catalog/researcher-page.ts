/**
 * What the researcher page (researcher.html) reads, each answer through the persistent cache:
 * the OpenAlex profile (free singleton), the researcher's works a page of 200 at a time (list
 * calls, on demand) and Semantic Scholar's own figures for the person when their S2 author id
 * is known. A profile seen before therefore opens with no request at all.
 *
 * TTLs: profile and works 1 day (as the popup's researcher view), "OpenAlex has no such
 * author" 1 day, S2 figures 7 days (as author metrics everywhere). The S2 id a page was opened
 * with (the author card knows it from the paper's record) is remembered for that A id, so a
 * later open from the popup shows S2's figures too.
 */
import type { Cache } from '../cache/cache';
import { CACHE_KEYS } from '../cache/keys';
import { TTL } from '../../shared/cache-ttl';
import { lookup, type Fresh, type Lookup } from './catalog';
import type { OpenAlexClient, ResearcherProfile, ResearcherWorksPage, WorkOrder } from './openalex';
import { RESEARCHER_TTL } from './researcher';
import type { S2AuthorFigures, SemanticScholarClient } from './semantic-scholar';

/** How long an A id → S2 id pairing is kept: a person's S2 id does not change. */
const S2_LINK_TTL = 90 * 86_400_000;

const profileTtl = (answer: Lookup<ResearcherProfile>) => (answer.found ? RESEARCHER_TTL.profile : TTL.notFound);
const s2Ttl = (answer: Lookup<S2AuthorFigures>) => (answer.found ? TTL.author : TTL.notFound);

interface Deps {
  openalex: Pick<OpenAlexClient, 'researcherProfile' | 'researcherWorks'>;
  s2: Pick<SemanticScholarClient, 'authorFigures'>;
  cache: Cache;
}

export function createResearcherPages({ openalex, s2, cache }: Deps) {
  /** The profile of `id` (for a merged id, the surviving profile), or "OpenAlex has no such author". */
  function profile(id: string, revalidate = false): Promise<Fresh<Lookup<ResearcherProfile>>> {
    return cache.read(CACHE_KEYS.researcherProfile(id), profileTtl, () => lookup(() => openalex.researcherProfile(id)), { revalidate });
  }

  /** Page `page` of the works of `id` (a surviving id: OpenAlex filters know no merged one). */
  function works(id: string, order: WorkOrder, page: number, revalidate = false): Promise<Fresh<ResearcherWorksPage>> {
    return cache.read(CACHE_KEYS.researcherWorks(`${id}:${order}:${page}`), RESEARCHER_TTL.recentWorks, () => openalex.researcherWorks(id, order, page), { revalidate });
  }

  /** The S2 author id known for `id`: `given` (then remembered), else one remembered earlier. */
  async function s2IdOf(id: string, given?: string): Promise<string | null> {
    const key = CACHE_KEYS.s2AuthorLink(id);
    if (given) {
      await cache.put(key, given, S2_LINK_TTL);
      return given;
    }
    return (await cache.get<string>(key))?.value ?? null;
  }

  function s2Figures(s2Id: string, revalidate = false): Promise<Fresh<Lookup<S2AuthorFigures>>> {
    return cache.read(CACHE_KEYS.s2Author(s2Id), s2Ttl, () => lookup(() => s2.authorFigures(s2Id)), { revalidate });
  }

  return { profile, works, s2IdOf, s2Figures };
}

export type ResearcherPages = ReturnType<typeof createResearcherPages>;
