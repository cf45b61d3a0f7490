/** Fakes shared by the follow feature's unit tests (never imported by the extension). */
import type { AlertWork, OpenAlexClient } from '../catalog/openalex';
import type { PaperRecord } from '../../catalog/types';
import { openAlexUrl } from '../../catalog/links';

export function work(id: string, createdDate: string | null, authorIds: string[], extra: Partial<AlertWork> = {}): AlertWork {
  return {
    source: 'openalex', id, arxivId: null, doi: null, title: `Paper ${id}`, authorNames: authorIds.map((a) => `Author ${a}`),
    year: 2026, citedBy: 0, catalogUrl: openAlexUrl(id), createdDate, authorIds, authorsTruncated: false, ...extra,
  };
}

type FakeClient = Pick<OpenAlexClient, 'worksByAuthorsSince' | 'workByArxivId'>;

/**
 * An OpenAlex that knows `works` (mutable: push to publish) and answers like the real list
 * call: every work naming any of the asked authors. `fail(ids)` may throw for a call.
 */
export function fakeOpenAlex(works: AlertWork[] = [], fail?: (ids: string[]) => unknown) {
  const calls: { ids: string[]; sinceYear: number }[] = [];
  const singles: string[] = [];
  const full = new Map<string, string[]>();
  const client: FakeClient = {
    worksByAuthorsSince: vi.fn(async (ids: string[], sinceYear: number) => {
      calls.push({ ids: [...ids], sinceYear });
      const error = fail?.(ids);
      if (error) throw error;
      const asked = new Set(ids);
      return { works: works.filter((w) => (full.get(w.id) ?? w.authorIds).some((a) => asked.has(a))), complete: true };
    }),
    workByArxivId: vi.fn(async (arxivId: string) => {
      singles.push(arxivId);
      const w = works.find((x) => x.arxivId === arxivId)!;
      const authors = (full.get(w.id) ?? w.authorIds).map((openalexId) => ({ name: openalexId, rawName: null, openalexId, s2Id: null, institutions: [], metrics: null }));
      return { arxivId, authors } as unknown as PaperRecord;
    }),
  };
  return {
    client,
    works,
    calls,
    singles,
    /** The full author list of a work whose list entry is truncated. */
    setFullAuthors: (workId: string, ids: string[]) => full.set(workId, ids),
  };
}
