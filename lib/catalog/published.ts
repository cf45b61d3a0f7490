/**
 * Where a preprint was published: its version of record as a catalog names it, or as the arXiv
 * page prints it (the journal reference and DOI its authors gave arXiv), and which of them is
 * shown (docs/features.md, Published in). The paper panel and the listing entries show the same.
 */
import type { PrintedPublication } from '../arxiv/page-model';
import type { PaperRecord, SourceId } from './types';

/**
 * A paper's version of record: the venue (a catalog's journal or conference name, or arXiv's
 * journal reference as printed), its bare non-arXiv DOI, the year of the catalog's record, and
 * who says so (`arxiv`: the paper's authors, on its arXiv page).
 */
export interface Published {
  venue: string | null;
  doi: string | null;
  year: number | null;
  source: SourceId | 'arxiv';
}

/** The version of record the first catalog record naming one names (Semantic Scholar's first where both are given), else null. */
export function publishedOf(...records: (PaperRecord | undefined)[]): Published | null {
  const r = records.find((x) => x && (x.journalName || x.journalDoi));
  return r ? { venue: r.journalName, doi: r.journalDoi, year: r.year, source: r.source } : null;
}

/**
 * What is shown: the catalogs' version of record when one names it (a venue's name and year, in
 * one form for every paper), else what the arXiv page prints (the reference as its authors wrote
 * it, which has its year in it), else nothing.
 */
export function shownPublished(catalogs: Published | null | undefined, printed: PrintedPublication | null | undefined): Published | null {
  return catalogs ?? printed ?? null;
}
