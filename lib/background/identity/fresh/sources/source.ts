/**
 * What a source of evidence is, for the authors of papers no catalog has yet (docs/identity.md,
 * Sources of evidence). The identifier (../identifier.ts) finds each author's candidates by name,
 * runs the registered sources (index.ts) in order, then decides (../evidence.ts) from what they
 * found. A source may do any of three things:
 *
 *  - `lookup`: step 1, free requests per author, cached, that add candidates (a printed ORCID's
 *    profile), asked with the names' autocompletes and shared with other readers of the same key;
 *  - `gather`: step 2, requests for the whole batch, given the slots, their candidates and what
 *    the sources before it found; it may add candidates and the works that join them;
 *  - `judge`: step 4, pure: what it tells about one candidate of one author.
 *
 * and says what it `cost`s, in free requests and credits, so that a batch runs only the sources
 * it can pay for.
 */
import type { PrintedEvidence } from '../../../../arxiv/page-model';
import type { Evidence } from '../../../../catalog/identity';
import type { Field } from '../../../../catalog/fields';
import type { AuthorSuggestion, CandidateProfile, OpenAlexClient, WorkAuthors, WorksJoining } from '../../../catalog/openalex';
import type { PlanSlot } from '../plan';

export interface FreshAuthor {
  /** The author's position in the paper's author list (kept for the caller; order is what counts). */
  index: number;
  name: string;
  printed?: PrintedEvidence;
}

export interface FreshPaper {
  /** Bare arXiv id. */
  arxivId: string;
  /** arXiv primary category (`cs.DC`), for the paper's field. */
  primaryCategory: string | null;
  /** The authors to identify, in paper order. Co-author evidence is looked for among them. */
  authors: FreshAuthor[];
  printed?: { affiliations: string[] };
}

/** What the identifier asks OpenAlex for, each source's requests included. */
export type IdentifierClient = Pick<OpenAlexClient, 'autocomplete' | 'namesakes' | 'candidateProfiles' | 'candidateById' | 'worksJoining' | 'budgetResetAt'>;

/** One author of a paper being identified, as the sources see and grow it. */
export interface SlotState {
  author: FreshAuthor;
  /** Candidate ids, best first. */
  ids: string[];
  plan: PlanSlot;
  /** The name has more profiles than its lookup gave (a common name): the true one may be missing. */
  crowded: boolean;
}

export interface PaperState {
  paper: FreshPaper;
  field: Field | null;
  slots: SlotState[];
  /** Works found so far that join two of its candidates, by id. */
  works: Map<string, WorkAuthors>;
}

/** The list calls (credits) one identification may still make. */
export interface Credits {
  /** Spends one credit; false when none is left. */
  take(): boolean;
  /** Credits still to spend. */
  left(): number;
  /** OpenAlex said the day's budget is gone: no credit is left. */
  spent(): void;
  /** Whether a call past these credits may still go out (the day's allowance is not spent). */
  overdraw(): boolean;
}

/** What a source's step-2 requests see and may use: the papers decided together. */
export interface Batch {
  papers: PaperState[];
  /** Every candidate found by name, by id (its works and citations as the lookup gave them). */
  suggestions: ReadonlyMap<string, AuthorSuggestion>;
  credits: Credits;
  /** The reader is waiting: whatever can go at once does (one round trip rather than several). */
  eager: boolean;
  /**
   * OpenAlex's works that join someone of each set (a list call: take its credit first; counted
   * in what the identification spent); nothing when OpenAlex says the day's budget is gone.
   */
  worksJoining(sets: string[][], recentFirst: boolean): Promise<WorksJoining>;
}

/** One free request of step 1, by the cache key its answer is kept under. */
export interface Lookup {
  key: string;
  /** The profile it names; a not-found answer is none. */
  ask(client: IdentifierClient): Promise<CandidateProfile>;
}

/** The most a source may ask for a batch. */
export interface Cost {
  /** Free requests (autocomplete, singletons): paced, not counted against the day's budget. */
  requests: number;
  /** List calls: credits. */
  credits: number;
}

/** One author as the rules read it. */
export interface SlotInput {
  /** The name as the page prints it (display order). */
  name: string;
  printed?: PrintedEvidence;
  /** The profiles whose name fits, in the order found. */
  candidates: CandidateProfile[];
}

/** One paper as the rules read it. */
export interface PaperInput {
  /** The paper's field (from its primary category); null when unknown. */
  field: Field | null;
  slots: SlotInput[];
  /** Affiliation lines the page prints for the paper without tying them to a name. */
  printed?: { affiliations: string[] };
  /** Works found that name candidates of this paper; only their authors are read. */
  works: WorkAuthors[];
}

/** What a source tells about one candidate of one author. */
export type Finding =
  /** This candidate is the author, whatever else is found (a printed ORCID that is its own). */
  | { verdict: 'names'; evidence: Evidence }
  /** This candidate is someone else (it has another ORCID than the one printed). */
  | { verdict: 'excludes' }
  /**
   * Evidence beyond the name. Among candidates with some, the stronger comes first: `strength`
   * compared source by source in the registry's order, then `detail` likewise. `sure`: enough
   * even for a profile so large it may be several people merged (evidence.ts).
   */
  | { verdict: 'supports'; evidence: Evidence; strength: number; detail?: number; sure: boolean };

/** Per author position and candidate, what a source tells; null: nothing. */
export type Judge = (slot: number, candidate: CandidateProfile) => Finding | null;

export interface EvidenceSource {
  /** What docs and tests call it. */
  readonly name: string;
  /** Step 1: the free requests that add this author's candidates (asked whether or not credits last). */
  lookups?(author: FreshAuthor): Lookup[];
  /** What step 2 would ask for `batch` at most, as it stands when the source's turn comes. */
  cost(batch: Batch): Cost;
  /** Step 2: its requests for the batch; it records what it finds in `batch.papers`. */
  gather?(batch: Batch): Promise<void>;
  /** Step 4: how it judges the candidates of `paper` (pure). */
  judge?(paper: PaperInput): Judge;
}

/** A source that asks nothing. */
export const FREE: Cost = { requests: 0, credits: 0 };
