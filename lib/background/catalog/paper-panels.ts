/**
 * What the paper panels on an abs page show, read through the persistent cache: the citation
 * count (Semantic Scholar, else OpenAlex), the institutions of the paper's authors (OpenAlex
 * authorships, else the authors' last known institutions) and related papers (Semantic Scholar
 * recommendations, else the OpenAlex work's `related_works`).
 *
 * The paper records and author metrics are the ones the author badges read (catalog.ts), so on
 * a page view the panels add one request of their own (S2 recommendations), or one OpenAlex
 * works batch instead when Semantic Scholar fails or has nothing; a warm reload adds none.
 *
 * TTLs (on top of catalog.ts's):
 *   S2 recommendations        3 days — the recommender's pools change slowly
 *   hydrated related works    7 days — only title, authors, year and citations are shown
 *   "S2 has no such paper"    1 day  — as for papers (TTL.notFound)
 */
import type { Cache } from '../cache/cache';
import { CACHE_KEYS } from '../cache/keys';
import { lookup, TTL, type Catalog, type Fresh, type Lookup } from './catalog';
import type { OpenAlexClient } from './openalex';
import type { SemanticScholarClient } from './semantic-scholar';
import { CatalogError, type CatalogErrorKind, type Institution, type PaperAuthor, type PaperSummary, type SourceId } from '../../catalog/types';
import { publishedOf, type Published } from '../../catalog/published';
import { EAGER_AUTHORS } from '../../shared/limits';
import { primaryOf, type PerCatalog } from '../../catalog/sources';
import { S2_WAIT_MS, s2Late, within } from './s2-wait';

const DAY = 86_400_000;
export const PANEL_TTL = {
  recommendations: 3 * DAY,
  relatedWork: 7 * DAY,
} as const;

/** "Show more" reveals at most this many related papers. */
export const RELATED_MAX = 20;
/** Asked for beyond RELATED_MAX: duplicates and the paper itself are dropped afterwards. */
const RECOMMENDATIONS_ASKED = 30;
/**
 * The last-known fallback reads the metrics of at most this many authors: the ones the badges
 * load with the page (EAGER_AUTHORS), so it is answered from the cache.
 */
const LAST_KNOWN_AUTHORS = EAGER_AUTHORS;
/** Shorter normalised titles ("Introduction") are too common to tell papers apart. */
const MIN_TITLE_KEY = 12;

export type RecommendationPool = 'recent' | 'all-cs';

export type PaperCitations =
  | { known: false }
  | {
      known: true;
      /** The catalog whose count is shown (lib/catalog/sources.ts decides). */
      source: SourceId;
      citedBy: number | null;
      /** Each catalog's own count, with its age, when that catalog answered with the paper. */
      counts: PerCatalog<number>;
      openalexId: string | null;
      s2Id: string | null;
      /** The paper's version of record, when a catalog knows one. */
      published: Published | null;
      /** Why Semantic Scholar's count is missing when it failed (the count is OpenAlex's). */
      s2Failure: CatalogErrorKind | null;
    };

export interface InstitutionGroup {
  institution: Institution;
  /** The paper's authors at this institution, in paper order. */
  authors: { name: string; openalexId: string | null }[];
}

export type PaperInstitutions =
  | { known: false }
  | {
      known: true;
      /** `paper`: as printed on this paper; `last-known`: the authors' latest affiliations. */
      basis: 'paper' | 'last-known';
      /** Most authors first. */
      groups: InstitutionGroup[];
      authorCount: number;
    };

export type RelatedPapers =
  | { known: false }
  | {
      known: true;
      source: SourceId;
      /** The S2 pool the list comes from; null for OpenAlex. */
      pool: RecommendationPool | null;
      /** At most RELATED_MAX, in the catalog's order, without duplicates or the paper itself. */
      papers: PaperSummary[];
      s2Failure: CatalogErrorKind | null;
    };

interface Recommendations {
  pool: RecommendationPool;
  papers: PaperSummary[];
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

async function settle<T>(p: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await p };
  } catch (error) {
    return { ok: false, error };
  }
}

const failureKind = (e: unknown): CatalogErrorKind => (e instanceof CatalogError ? e.kind : 'network');
/** What a settled lookup found, with the answer it came in (for its age); null otherwise. */
function hit<T>(s: Settled<Fresh<Lookup<T>>>): { value: T; from: Fresh<unknown> } | null {
  return s.ok && s.value.value.found ? { value: s.value.value.value, from: s.value } : null;
}
const fresh = <T>(value: T, from: { fetchedAt: number; stale: boolean }[]): Fresh<T> => ({
  value,
  fetchedAt: Math.min(...from.map((f) => f.fetchedAt)),
  stale: from.some((f) => f.stale),
});

/** Institutions by how many of the paper's authors are there (ties: first seen first). */
export function groupInstitutions(authors: { author: PaperAuthor; institutions: Institution[] }[]): InstitutionGroup[] {
  const groups = new Map<string, InstitutionGroup>();
  const counted = new Set<string>(); // "institution|author": an author listing one twice counts once
  authors.forEach(({ author, institutions }, position) => {
    const member = author.openalexId ?? `#${position}`;
    for (const inst of institutions) {
      const key = inst.openalexId ?? (inst.rorId && `ror:${inst.rorId}`) ?? `name:${inst.name.toLowerCase()}`;
      const group = groups.get(key) ?? { institution: inst, authors: [] };
      groups.set(key, group);
      if (counted.has(`${key}|${member}`)) continue;
      counted.add(`${key}|${member}`);
      group.authors.push({ name: author.name, openalexId: author.openalexId });
    }
  });
  // Array.prototype.sort is stable: equal counts keep their first-seen order.
  return [...groups.values()].sort((a, b) => b.authors.length - a.authors.length);
}

/** A title reduced to letters and digits, for telling duplicates apart (TeX and tags dropped). */
function titleKey(title: string): string {
  return title
    .replace(/<[^>]*>/g, ' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function keysOf(p: { arxivId: string | null; doi: string | null; title: string }): string[] {
  const title = titleKey(p.title);
  return [
    p.arxivId && `arxiv:${p.arxivId.toLowerCase()}`,
    p.doi && `doi:${p.doi.toLowerCase()}`,
    title.length >= MIN_TITLE_KEY && `title:${title}`,
  ].filter((k): k is string => !!k);
}

/**
 * The related papers worth listing: untitled entries, the paper itself (same arXiv id, arXiv
 * DOI or title) and repeats (a preprint and its journal version share an id, DOI or title) are
 * dropped; at most RELATED_MAX, in the catalog's order.
 */
export function tidyRelated(papers: PaperSummary[], self: { arxivId: string; title: string | null }): PaperSummary[] {
  const seen = new Set(keysOf({ arxivId: self.arxivId, doi: `10.48550/arxiv.${self.arxivId}`, title: self.title ?? '' }));
  const out: PaperSummary[] = [];
  for (const p of papers) {
    if (out.length === RELATED_MAX) break;
    if (!p.title.trim()) continue;
    const keys = keysOf(p);
    const repeat = keys.some((k) => seen.has(k));
    // A repeat's other keys count too: its journal DOI names the same paper as its arXiv id.
    keys.forEach((k) => seen.add(k));
    if (!repeat) out.push(p);
  }
  return out;
}

export function createPaperPanels(deps: { catalog: Catalog; cache: Cache; openalex: OpenAlexClient; s2: SemanticScholarClient }) {
  const { catalog, cache, openalex, s2 } = deps;

  /**
   * The citation count shown: Semantic Scholar's whenever it answers (its record merges the
   * preprint and the journal version), OpenAlex's when S2 fails or does not know the paper.
   */
  async function citations(arxivId: string, revalidate = false): Promise<Fresh<PaperCitations>> {
    const asked = Date.now();
    const s2Pending = settle(catalog.s2Paper(arxivId, revalidate));
    const oaAnswer = await settle(catalog.openAlexWork(arxivId, revalidate));
    // With OpenAlex's count in hand, Semantic Scholar gets S2_WAIT_MS (from the ask) to answer.
    const s2Answer = hit(oaAnswer)
      ? await within(s2Pending, S2_WAIT_MS - (Date.now() - asked), () => ({ ok: false as const, error: s2Late() }))
      : await s2Pending;
    const s2Hit = hit(s2Answer);
    const oaHit = hit(oaAnswer);
    const counts: PerCatalog<number> = {};
    for (const h of [s2Hit, oaHit]) {
      if (h && h.value.citedBy != null) counts[h.value.source] = { value: h.value.citedBy, fetchedAt: h.from.fetchedAt };
    }
    const shown = primaryOf(counts, 'citations');
    const counted = (shown && (shown.source === 's2' ? s2Hit : oaHit)) ?? s2Hit ?? oaHit;
    if (!counted) {
      // Only a catalog that answered "no such paper" makes the paper unknown.
      if (!s2Answer.ok) throw s2Answer.error;
      if (!oaAnswer.ok) throw oaAnswer.error;
      return fresh({ known: false }, [s2Answer.value, oaAnswer.value]);
    }
    const s2Record = s2Hit?.value;
    const oaRecord = oaHit?.value;
    return fresh(
      {
        known: true,
        source: counted.value.source,
        citedBy: counted.value.citedBy,
        counts,
        openalexId: oaRecord?.openalexId ?? null,
        s2Id: s2Record?.s2Id ?? null,
        published: publishedOf(s2Record, oaRecord),
        s2Failure: s2Answer.ok ? null : failureKind(s2Answer.error),
      },
      [counted.from],
    );
  }

  /**
   * The institutions of the paper's authors from the OpenAlex authorships; when the record
   * names none (common for arXiv-only records), the authors' last known institutions.
   * Unknown when OpenAlex has no record: Semantic Scholar has no per-paper affiliations.
   */
  async function institutions(arxivId: string, revalidate = false): Promise<Fresh<PaperInstitutions>> {
    const work = await catalog.openAlexWork(arxivId, revalidate);
    if (!work.value.found) return fresh({ known: false }, [work]);
    const authors = work.value.value.authors;
    const onPaper = groupInstitutions(authors.map((author) => ({ author, institutions: author.institutions })));
    const ids = [...new Set(authors.slice(0, LAST_KNOWN_AUTHORS).flatMap((a) => a.openalexId ?? []))];
    if (onPaper.length || !ids.length) {
      return fresh({ known: true, basis: 'paper', groups: onPaper, authorCount: authors.length }, [work]);
    }
    // Not revalidated here: the cache refreshes stale metrics in the background on its own.
    const metrics = await catalog.authorMetrics(ids);
    const lastKnown = groupInstitutions(
      authors.map((author) => ({
        author,
        institutions: (author.openalexId && metrics.value[author.openalexId]?.lastKnownInstitutions) || [],
      })),
    );
    return fresh({ known: true, basis: 'last-known', groups: lastKnown, authorCount: authors.length }, [work, metrics]);
  }

  /** S2 recommendations: the `recent` pool, else `all-cs` (`recent` is often empty for older papers). */
  function recommendations(arxivId: string, revalidate: boolean): Promise<Fresh<Lookup<Recommendations>>> {
    const load = async (): Promise<Recommendations> => {
      const recent = await s2.recommendations(arxivId, 'recent', RECOMMENDATIONS_ASKED);
      if (recent.length) return { pool: 'recent', papers: recent };
      return { pool: 'all-cs', papers: await s2.recommendations(arxivId, 'all-cs', RECOMMENDATIONS_ASKED) };
    };
    const ttl = (a: Lookup<Recommendations>) => (a.found ? PANEL_TTL.recommendations : TTL.notFound);
    return cache.read(CACHE_KEYS.s2Recommendations(arxivId), ttl, () => lookup(load), { revalidate });
  }

  /**
   * S2's recommendations, asked only once S2 has answered for the paper itself (the record the
   * badges read, so that costs nothing): when S2 is failing or does not know the paper, asking
   * would fail the same way, one more request to a pool that rate-limits.
   */
  async function s2Related(arxivId: string, revalidate: boolean): Promise<Fresh<Lookup<Recommendations>>> {
    const paper = await catalog.s2Paper(arxivId);
    if (!paper.value.found) return fresh({ found: false }, [paper]);
    return recommendations(arxivId, revalidate);
  }

  /** The OpenAlex work's related works, hydrated with one list call (each summary cached on its own). */
  async function openAlexRelated(arxivId: string, revalidate: boolean): Promise<Fresh<Lookup<PaperSummary[]>>> {
    const work = await catalog.openAlexWork(arxivId, revalidate);
    if (!work.value.found) return fresh({ found: false }, [work]);
    const keyOf = CACHE_KEYS.openAlexSummary;
    const ids = work.value.value.relatedOpenAlexIds;
    const hits = await cache.readMany<PaperSummary>(
      ids.map(keyOf),
      PANEL_TTL.relatedWork,
      async (missing) => {
        const works = await openalex.worksByIds(missing.map(keyOf.idOf));
        return new Map(works.map((w) => [keyOf(w.id), w]));
      },
      { revalidate },
    );
    const papers = ids.flatMap((id) => hits.get(keyOf(id))?.value ?? []);
    return fresh({ found: true, value: papers }, [work, ...hits.values()]);
  }

  /**
   * Related papers: S2's recommendations in S2's order; when S2 fails, does not know the paper
   * or recommends nothing, the OpenAlex related works. `title` (the page's) helps drop the
   * paper itself.
   */
  async function related(arxivId: string, title: string | null, revalidate = false): Promise<Fresh<RelatedPapers>> {
    const self = { arxivId, title };
    const s2Pending = settle(s2Related(arxivId, revalidate));
    // Late, S2 counts as failed: OpenAlex's related works are shown (S2's are cached when they come).
    const fromS2Of = (answer: Settled<Fresh<Lookup<Recommendations>>>) => {
      const recs = hit(answer);
      return recs && {
        value: { known: true, source: 's2', pool: recs.value.pool, papers: tidyRelated(recs.value.papers, self), s2Failure: null } as const,
        from: recs.from,
      };
    };
    let s2Answer = await within(s2Pending, S2_WAIT_MS, () => ({ ok: false as const, error: s2Late() }));
    let fromS2 = fromS2Of(s2Answer);
    if (fromS2?.value.papers.length) return fresh(fromS2.value, [fromS2.from]);

    const oaAnswer = await settle(openAlexRelated(arxivId, revalidate));
    const works = hit(oaAnswer);
    const s2Failure = s2Answer.ok ? null : failureKind(s2Answer.error);
    const fromOpenAlex = works && {
      value: { known: true, source: 'openalex', pool: null, papers: tidyRelated(works.value, self), s2Failure } as const,
      from: works.from,
    };
    // An empty list is an answer too, but a catalog with papers to show wins.
    const shown = fromOpenAlex?.value.papers.length ? fromOpenAlex : (fromS2 ?? fromOpenAlex);
    if (shown) return fresh<RelatedPapers>(shown.value, [shown.from]);
    // OpenAlex has nothing to show: Semantic Scholar, however late, is the only hope left.
    s2Answer = await s2Pending;
    fromS2 = fromS2Of(s2Answer);
    if (fromS2) return fresh<RelatedPapers>(fromS2.value, [fromS2.from]);
    if (!s2Answer.ok) throw s2Answer.error;
    if (!oaAnswer.ok) throw oaAnswer.error;
    return fresh({ known: false }, [s2Answer.value, oaAnswer.value]);
  }

  return { citations, institutions, related };
}

export type PaperPanels = ReturnType<typeof createPaperPanels>;
