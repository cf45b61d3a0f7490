/**
 * Papers neither catalog has yet (announced today: OpenAlex indexes arXiv within days, Semantic
 * Scholar within a day). There is no authorship record to read, so who each author is can only
 * be inferred from evidence: the name, the co-authors, the field (docs/identity.md).
 *
 * This is the one place the listing flow hands such papers over (to the identity engine, through
 * identity/fresh/for-listings.ts).
 */
import type { Identity } from '../../catalog/identity';

/** A paper as a listing or search page shows it. */
export interface ListedPaper {
  /** Bare, no version. */
  arxivId: string;
  /** The entry's author list in page order, as printed. */
  names: string[];
  /** The entry's primary category (`cs.DC`), when the page shows it: the paper's field. */
  category: string | null;
}

/**
 * Per paper, in the order given, its identities (one per name, in page order) once it is
 * decided: each paper settles on its own, so one paper's many lookups hold no other back.
 * `priority`: how urgent (pacer.ts PRIORITY); papers further down the page than the reader give
 * way to those the reader is looking at.
 */
export interface IdentifyFresh {
  (papers: ListedPaper[], options?: { priority?: number }): Promise<Identity[]>[];
  /**
   * Starts the free lookups (candidates by name) for papers that may turn out to be new while
   * Semantic Scholar is asked, so that identifying them, if they are, takes less time.
   */
  prepare?(papers: ListedPaper[], priority: number): void;
  /** Lowers the priority of papers being identified (the reader scrolled far past them). */
  lower?(ids: string[], priority: number): void;
}
