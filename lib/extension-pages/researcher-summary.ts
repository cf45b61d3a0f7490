/**
 * What the researcher page derives from the catalog's answers: the yearly series its charts
 * draw, the "since" column of its figures, the topics grouped by field, where the person stands
 * in author lists, and their co-author network. Pure functions of the data, so every figure the
 * page shows can be checked against what the catalog served.
 */
import type { ResearcherProfile, ResearcherWork } from '@/lib/background/protocol';

/** OpenAlex's counts_by_year covers the last ten years. */
export const YEARS_COVERED = 10;
/** The "since" column of the figures: Google Scholar's convention, the last five years and this one. */
export const SINCE_YEARS = 5;
export const MAX_COAUTHORS = 12;

export type YearField = 'citedBy' | 'works';
export interface YearCount {
  year: number;
  count: number;
}

/**
 * One entry per year from the first year covered to this year (or the last year listed, if later):
 * OpenAlex leaves out years with no works and no citations, and those are zeros, not gaps.
 */
export function yearSeries(counts: ResearcherProfile['countsByYear'], field: YearField, thisYear: number): YearCount[] {
  if (!counts.length) return [];
  const byYear = new Map(counts.map((c) => [c.year, c[field] ?? 0]));
  const years = counts.map((c) => c.year);
  const first = Math.min(...years, thisYear - YEARS_COVERED + 1);
  const last = Math.max(...years, thisYear);
  const out: YearCount[] = [];
  for (let y = first; y <= last; y++) out.push({ year: y, count: byYear.get(y) ?? 0 });
  return out;
}

/** Citations and works from `since` on, summed from counts_by_year; null when the catalog lists no years. */
export function sinceTotals(counts: ResearcherProfile['countsByYear'], since: number): { citedBy: number; works: number } | null {
  if (!counts.length) return null;
  let citedBy = 0;
  let works = 0;
  for (const c of counts) {
    if (c.year < since) continue;
    citedBy += c.citedBy ?? 0;
    works += c.works ?? 0;
  }
  return { citedBy, works };
}

export interface TopicShare {
  id: string;
  name: string;
  count: number;
  /** Share of the person's works (0…1). */
  share: number;
}
export interface FieldGroup {
  field: string;
  count: number;
  topics: TopicShare[];
}

/** Topics grouped by field, the field with the most works first; shares of `worksCount`. */
export function topicsByField(topics: ResearcherProfile['topics'], worksCount: number | null): FieldGroup[] {
  const base = Math.max(worksCount ?? 0, ...topics.map((t) => t.count), 1);
  const groups = new Map<string, FieldGroup>();
  for (const t of topics) {
    const field = t.field ?? 'Other';
    const g = groups.get(field) ?? { field, count: 0, topics: [] };
    g.count += t.count;
    g.topics.push({ id: t.id, name: t.name, count: t.count, share: t.count / base });
    groups.set(field, g);
  }
  for (const g of groups.values()) g.topics.sort((a, b) => b.count - a.count);
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

export interface Positions {
  first: number;
  middle: number;
  last: number;
  /** Works they wrote alone (counted here, not as first). */
  single: number;
  /** Works on which the catalog gives no position for them (an author list cut at 100). */
  unknown: number;
  /** Works with a known position: first + middle + last + single. */
  known: number;
}

export function authorPositions(works: ResearcherWork[]): Positions {
  const p: Positions = { first: 0, middle: 0, last: 0, single: 0, unknown: 0, known: 0 };
  for (const w of works) {
    if (!w.authorPosition) p.unknown += 1;
    else if (w.authorCount === 1) p.single += 1;
    else p[w.authorPosition] += 1;
  }
  p.known = works.length - p.unknown;
  return p;
}

export interface CoauthorNode {
  id: string;
  name: string;
  /** Works (of those given) that name both people. */
  sharedWorks: number;
}
export interface CoauthorNetwork {
  nodes: CoauthorNode[];
  /** Between two shown co-authors: the works (of those given) that name both of them and the researcher. */
  links: { a: string; b: string; works: number }[];
  /** Co-authors with a profile, shown or not. */
  total: number;
}

/**
 * The `max` most frequent co-authors (with an OpenAlex profile) over `works`, ties in order of
 * first appearance (`works` newest first: the recent collaborators), and how they are linked.
 */
export function coauthorNetwork(authorId: string, works: ResearcherWork[], max = MAX_COAUTHORS): CoauthorNetwork {
  const counts = new Map<string, CoauthorNode>();
  const perWork: string[][] = [];
  for (const w of works) {
    const ids = [...new Set(w.coAuthors.flatMap((c) => (c.openalexId && c.openalexId !== authorId ? [c.openalexId] : [])))];
    perWork.push(ids);
    for (const id of ids) {
      const known = counts.get(id);
      if (known) known.sharedWorks += 1;
      else counts.set(id, { id, name: w.coAuthors.find((c) => c.openalexId === id)!.name, sharedWorks: 1 });
    }
  }
  const nodes = [...counts.values()].sort((a, b) => b.sharedWorks - a.sharedWorks).slice(0, max);
  const shown = new Set(nodes.map((n) => n.id));
  const pairs = new Map<string, { a: string; b: string; works: number }>();
  for (const ids of perWork) {
    const here = ids.filter((id) => shown.has(id)).sort();
    for (let i = 0; i < here.length; i++) {
      for (let j = i + 1; j < here.length; j++) {
        const key = `${here[i]} ${here[j]}`;
        const link = pairs.get(key) ?? { a: here[i]!, b: here[j]!, works: 0 };
        link.works += 1;
        pairs.set(key, link);
      }
    }
  }
  return { nodes, links: [...pairs.values()], total: counts.size };
}
