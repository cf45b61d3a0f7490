/**
 * What a page prints about its authors, trimmed to what a request may carry (the background
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

function bounded(evidence: PaperEvidence, count: number): PaperEvidence {
  const affiliations = [...new Set(evidence.affiliations.map((a) => a.trim().slice(0, MAX_AFFILIATION_CHARS)).filter((a) => a !== ''))];
  const emailDomains = [...new Set(evidence.emailDomains.filter(isEmailDomain))];
  return { affiliations: affiliations.slice(0, count), emailDomains: emailDomains.slice(0, count) };
}

/** The page's printed evidence for a request; undefined when the page prints none. */
export function printedForRequest(paper: Pick<PagePaper, 'authors' | 'printed'>): PrintedForRequest | undefined {
  const authors = paper.authors.map(({ printed }): PrintedEvidence | null => {
    if (!printed) return null;
    const orcid = bareOrcid(printed.orcid);
    const kept = { ...bounded(printed, MAX_PRINTED_PER_AUTHOR), orcid: orcid === printed.orcid ? orcid : null };
    return kept.affiliations.length || kept.emailDomains.length || kept.orcid ? kept : null;
  });
  const shared = bounded(paper.printed ?? { affiliations: [], emailDomains: [] }, MAX_PRINTED_PER_PAPER);
  const any = authors.some((a) => a !== null) || shared.affiliations.length > 0 || shared.emailDomains.length > 0;
  return any ? { authors, paper: shared } : undefined;
}
