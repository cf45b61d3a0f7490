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
  /** Why Weft could not tell candidates apart (guess), or found none; null otherwise. */
  note: IdentityNote | null;
}

/**
 * The field Weft looked for an author's profiles in, and why that one (docs/identity.md):
 * `category` the paper's, `coauthors` the one the co-authors Weft identified work in,
 * `neighbour` one next to the paper's (`paperField`), where it found none of the name.
 */
export interface NoteField {
  name: string;
  why: 'coauthors' | 'category' | 'neighbour';
  paperField: string | null;
}

/**
 * Why an author is a guess or has no profile, as plain data the UI words (lib/ui/identity-note.ts):
 * never a sentence, so that it reads in the reader's language.
 */
export type IdentityNote =
  /** The one profile with shared works is so large that OpenAlex may have merged people in it. */
  | { kind: 'merged-profile'; name: string; works: number }
  /** Several profiles of the name have ties to this paper's authors or affiliations. */
  | { kind: 'several-tied'; name: string; profiles: number }
  /** Several profiles of the name (in `field`), and nothing on the page tells them apart. */
  | { kind: 'several-in-field'; name: string; profiles: number; field: NoteField | null }
  /** The only profile of the name (in `field`), with no earlier work shared with the paper's authors. */
  | { kind: 'only-one'; name: string; field: NoteField | null }
  /** No OpenAlex profile of the name fits. */
  | { kind: 'none-named'; name: string }
  /** The profiles of the name work in other fields (`theirs`, their first), not in those looked in. */
  | { kind: 'other-fields'; name: string; theirs: string[]; lookedIn: string[] }
  /** The profile fits more than one author of the paper. */
  | { kind: 'shared-profile'; name: string }
  /** The reader said no profile fits this author. */
  | { kind: 'reader-none' };

/** Nobody identified: no profile fits (yet). */
export const NO_PROFILE: Identity = { match: null, openalexId: null, s2Id: null, evidence: [], candidates: [], note: null };
