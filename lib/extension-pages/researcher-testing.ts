/** Shared by the researcher page's tests (never imported by product code). */
import type { ResearcherWork } from '@/lib/background/protocol';

export type Co = [id: string | null, name?: string];

/** A work of the researcher page's list, with `co` as its other authors. */
export const work = (id: string, position: ResearcherWork['authorPosition'], co: Co[] = [], extra: Partial<ResearcherWork> = {}): ResearcherWork => ({
  source: 'openalex', id, arxivId: null, doi: null, title: id, year: 2025, citedBy: 0, catalogUrl: `https://openalex.org/${id}`,
  authorPosition: position, coAuthors: co.map(([openalexId, name]) => ({ openalexId, name: name ?? `Person ${openalexId}` })),
  venue: null, journalDoi: null, topicIds: [], authorCount: co.length + 1, ...extra,
});
