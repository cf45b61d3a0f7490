import { describe, expect, it } from 'vitest';
import { publishedOf, shownPublished } from './published';
import type { PaperRecord } from './types';

const rec = (source: 's2' | 'openalex', journalName: string | null, journalDoi: string | null): PaperRecord =>
  ({ source, arxivId: '2406.05546', openalexId: null, s2Id: null, title: 'T', year: 2025, citedBy: 1, authors: [], relatedOpenAlexIds: [], journalDoi, journalName });

describe('publishedOf', () => {
  it('says nothing of a version of record when neither catalog names one, and takes OpenAlex’s when S2 names none', () => {
    expect(publishedOf(rec('s2', null, null), rec('openalex', null, null))).toBeNull();
    expect(publishedOf(undefined, rec('openalex', 'Physical Review D', null))).toEqual({ venue: 'Physical Review D', doi: null, year: 2025, source: 'openalex' });
    expect(publishedOf(rec('s2', null, '10.1/x'), rec('openalex', 'Nature', '10.1/y'))).toEqual({ venue: null, doi: '10.1/x', year: 2025, source: 's2' });
  });
});

describe('shownPublished', () => {
  const printed = { venue: 'Phys.Rev.D76:013009,2007', doi: '10.1103/PhysRevD.76.013009', year: null, source: 'arxiv' } as const;

  it('shows the catalogs’ version of record when one names it, even where the page prints its own', () => {
    const catalog = publishedOf(rec('openalex', 'Physical Review D', '10.1103/physrevd.76.013009'));
    expect(shownPublished(catalog, printed)).toBe(catalog);
  });

  it('else what the arXiv page prints, said to be the authors’ (no year of its own: the reference has it)', () => {
    expect(shownPublished(null, printed)).toBe(printed);
    expect(shownPublished(undefined, printed)).toBe(printed);
  });

  it('else nothing', () => {
    expect(shownPublished(null, null)).toBeNull();
    expect(shownPublished(null, undefined)).toBeNull();
  });
});
