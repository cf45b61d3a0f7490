/**
 * One researcher, fetched and assembled in one place for both views that show one: the
 * researcher page (researcher.html) and the popup's researcher view. Each answer goes through
 * the persistent cache's read-through: the OpenAlex profile (free singleton), the researcher's
 * works a page of 200 at a time (list calls, on demand) and Semantic Scholar's own figures for
 * the person when their S2 author id is known. The popup shows a summary of the same answers —
 * the profile and the newest works of the page the researcher page opens with — so a researcher
 * seen in one view opens in the other with no request at all.
 *
 * TTLs (docs/data-sources.md, Cache): profile and works 1 day, "OpenAlex has no such author"
 * 1 day, S2 figures 7 days (as author metrics everywhere). The S2 id a page was opened with (the
 * author card knows it from the paper's record) is remembered for that A id, so a later open from
 * the popup shows S2's figures too.
 */
import type { Cache } from '../cache/cache';
import { CACHE_KEYS } from '../cache/keys';
import { TTL } from '../../shared/cache-ttl';
import { lookup, type Fresh, type Lookup } from '../catalog/catalog';
import type { OpenAlexClient, ResearcherProfile, ResearcherWork, ResearcherWorksPage, WorkOrder } from '../catalog/openalex';
import type { S2AuthorFigures, SemanticScholarClient } from '../catalog/semantic-scholar';

const DAY = 86_400_000;
export const RESEARCHER_TTL = { profile: DAY, works: DAY } as const;
/** The popup's share of the newest works: enough for its position breakdown and co-authors to mean something. */
export const RECENT_WORKS = 20;
/** How long an A id → S2 id pairing is kept: a person's S2 id does not change. */
const S2_LINK_TTL = 90 * DAY;

const profileTtl = (answer: Lookup<ResearcherProfile>) => (answer.found ? RESEARCHER_TTL.profile : TTL.notFound);
const s2Ttl = (answer: Lookup<S2AuthorFigures>) => (answer.found ? TTL.author : TTL.notFound);

/** The popup's researcher: the profile, and the newest works or why they could not be read. */
export interface ResearcherSummary {
  profile: Fresh<Lookup<ResearcherProfile>>;
  recent: { ok: true; works: Fresh<ResearcherWork[]> } | { ok: false; error: unknown };
}

interface Deps {
  openalex: Pick<OpenAlexClient, 'researcherProfile' | 'researcherWorks'>;
  s2: Pick<SemanticScholarClient, 'authorFigures'>;
  cache: Cache;
}

export function createResearchers({ openalex, s2, cache }: Deps) {
  /** The profile of `id` (for a merged id, the surviving profile), or "OpenAlex has no such author". */
  function profile(id: string, revalidate = false): Promise<Fresh<Lookup<ResearcherProfile>>> {
    return cache.read(CACHE_KEYS.researcherProfile(id), profileTtl, () => lookup(() => openalex.researcherProfile(id)), { revalidate });
  }

  /** Page `page` of the works of `id` (a surviving id: OpenAlex filters know no merged one). */
  function works(id: string, order: WorkOrder, page: number, revalidate = false): Promise<Fresh<ResearcherWorksPage>> {
    return cache.read(CACHE_KEYS.researcherWorks(`${id}:${order}:${page}`), RESEARCHER_TTL.works, () => openalex.researcherWorks(id, order, page), { revalidate });
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

  /**
   * The popup's researcher: the profile and the first RECENT_WORKS of the first page of works
   * newest first — the page the researcher page opens with, so one answer serves both. Both are
   * asked at once: the works (a list call) may fail on a spent budget while the profile (free)
   * loads. A profile merged into another names the works of the surviving id, asked then.
   */
  async function summary(id: string): Promise<ResearcherSummary> {
    const asked = works(id, 'recent', 1);
    asked.catch(() => undefined); // awaited below, after the profile
    const p = await profile(id);
    const surviving = p.value.found ? p.value.value.openalexId : id;
    const recent = await (surviving === id ? asked : works(surviving, 'recent', 1)).then(
      (r) => ({ ok: true as const, works: { ...r, value: r.value.works.slice(0, RECENT_WORKS) } }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    return { profile: p, recent };
  }

  return { profile, works, s2IdOf, s2Figures, summary };
}

export type Researchers = ReturnType<typeof createResearchers>;
