/**
 * Who an author slot is: one record per author of a paper, owned by the background. Page
 * features only read it; nothing else decides identity (docs/identity.md).
 */

/** How the person was identified (docs/test-contract.md, Abs page: `data-match`). */
export type MatchKind =
  /** The paper's own authorship record in a catalog names this profile. */
  | 'record'
  /** No record yet; evidence beyond the name (shared works with co-authors, ORCID, affiliation). */
  | 'inferred'
  /** Only the name (and the field) fit: shown as uncertain. */
  | 'guess'
  /** The reader chose this profile (a correction). */
  | 'reader';

/** Why a candidate is thought to be the author. */
export type Evidence =
  /** The candidate shares earlier works with other authors of this paper. */
  | { kind: 'coauthors'; sharedWorks: number; coauthors: string[] }
  /** An ORCID printed on the page is the candidate's. */
  | { kind: 'orcid'; orcid: string }
  /** An affiliation printed on the page is one of the candidate's institutions. */
  | { kind: 'affiliation'; institution: string }
  /** The candidate works in the paper's field (not enough alone). */
  | { kind: 'field'; field: string };

/** A profile considered for an author slot. */
export interface Candidate {
  /** Bare OpenAlex author id (`A5023888391`). */
  openalexId: string;
  name: string;
  institution: string | null;
  worksCount: number | null;
  hIndex: number | null;
  citedBy: number | null;
  evidence: Evidence[];
}

export interface Identity {
  /** null: no profile (nothing fits, or the reader said so). */
  match: MatchKind | null;
  /** The profile shown; null when unmatched or known only to Semantic Scholar. */
  openalexId: string | null;
  /** Semantic Scholar author id, when known. */
  s2Id: string | null;
  /** What backs the match (empty for `record`). */
  evidence: Evidence[];
  /** The other profiles considered, for a guess and for "Not this person?". */
  candidates: Candidate[];
  /** Why Weft could not tell candidates apart (guess), or found none; '' otherwise. */
  note: string;
}

/** Nobody identified: no profile fits (yet). */
export const NO_PROFILE: Identity = { match: null, openalexId: null, s2Id: null, evidence: [], candidates: [], note: '' };
