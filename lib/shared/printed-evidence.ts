/**
 * What a page prints about its authors, cut to what a request may carry (the background
 * refuses more: lib/background/services/fields.ts). The fresh-paper identity engine reads it
 * (docs/identity.md): an ORCID is record-grade, an affiliation matching a candidate's
 * institution backs an inferred match.
 */
import type { PagePaper, PrintedEvidence } from '../arxiv/page-model';
import { isEmailDomain } from '../arxiv/readers/html-evidence';
import { bareOrcid } from '../catalog/ids';
import { MAX_AFFILIATION_CHARS, MAX_PRINTED_PER_AUTHOR, MAX_PRINTED_PER_PAPER } from './limits';

export interface PaperEvidence {
  affiliations: string[];
  emailDomains: string[];
}

/** Aligned with the request's names: one entry per author, null when nothing is printed. */
export interface PrintedForRequest {
  authors: (PrintedEvidence | null)[];
  paper: PaperEvidence;
}

const bounded = ({ affiliations, emailDomains }: PaperEvidence, count: number): PaperEvidence => ({
  affiliations: affiliations.slice(0, count).map((a) => a.slice(0, MAX_AFFILIATION_CHARS)),
  emailDomains: emailDomains.filter(isEmailDomain).slice(0, count),
});

/** The page's printed evidence for a request; undefined when the page prints none. */
export function printedForRequest({ authors, printed }: Pick<PagePaper, 'authors' | 'printed'>): PrintedForRequest | undefined {
  const perAuthor = authors.map((a) =>
    a.printed ? { ...bounded(a.printed, MAX_PRINTED_PER_AUTHOR), orcid: bareOrcid(a.printed.orcid) === a.printed.orcid ? a.printed.orcid : null } : null,
  );
  return printed || perAuthor.some(Boolean)
    ? { authors: perAuthor, paper: bounded(printed ?? { affiliations: [], emailDomains: [] }, MAX_PRINTED_PER_PAPER) }
    : undefined;
}
