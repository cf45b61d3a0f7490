/**
 * The one model every arXiv page reader produces (abs, listing, search, HTML view): the papers
 * on the page, each with its author slots. Features work on this model, never on a page type's
 * markup, so a new page type is a new reader and a line in a feature's `pages`.
 */
import type { AuthorAnchor } from './author-anchors';

export type { AuthorAnchor } from './author-anchors';

/** The kinds of arXiv page Weft reads. */
export type PageType = 'abs' | 'listing' | 'search' | 'html';

/** What a page prints about one author beyond the name (the HTML view prints the most). */
export interface PrintedEvidence {
  /** Affiliation lines tied to this name by the markup or by name matching (never by position alone). */
  affiliations: string[];
  /** Bare ORCID (`0000-0002-1825-0097`), when printed beside this name. */
  orcid: string | null;
  /** Domains of e-mail addresses tied to this name (`mit.edu`). */
  emailDomains: string[];
}

/** One author of one paper, as the page prints it. */
export interface PageAuthor {
  /**
   * Position in the paper's author list, 0-based. On the abs page and listings, the page's own
   * list; on the HTML view, the page's order of persons (the background maps it to the
   * paper's author list by name).
   */
  index: number;
  /** Display form: "Ray Cao" for "Cao, Ray". */
  name: string;
  /** As the page's metadata has it ("Cao, Ray"), else as printed. */
  citationName: string;
  /**
   * Where the name is written, so a badge can go right after it; null when it could not be
   * located, or (in an abs page's hidden long list) until `PagePaper.locateThrough` reaches it.
   */
  anchor: AuthorAnchor | null;
  /** Not shown until the reader expands something (the abs page's long author list). */
  hidden: boolean;
  /** Evidence printed beside this author, when the page has any. */
  printed?: PrintedEvidence;
}

/**
 * What a page prints of the paper's published version: the journal reference and the DOI its
 * authors gave arXiv (docs/arxiv-pages.md, Journal reference and related DOI). In the shape of a
 * catalog's version of record (lib/catalog/published.ts), so either is shown the same way.
 */
export interface PrintedPublication {
  /** The journal reference as printed ("Phys.Rev.D76:013009,2007"); null when the page prints none. */
  venue: string | null;
  /** Bare DOI of the published version ("10.1103/PhysRevD.76.013009"); null when none is printed. */
  doi: string | null;
  /** None apart: a printed reference has its year in its text. */
  year: null;
  /** Who says so: the paper's authors, on its arXiv page. */
  source: 'arxiv';
}

/** One paper on a page. */
export interface PagePaper {
  /** Bare, no version (`2406.05546`, `hep-th/9901001`). */
  arxivId: string;
  /** The version the page names; null when it names none. */
  version: number | null;
  /** '' when the page does not print one. */
  title: string;
  /** arXiv primary category (`cs.DC`), when the page names it. */
  primaryCategory: string | null;
  /** The paper's author list, in order. */
  authors: PageAuthor[];
  /**
   * The element that stands for the paper on the page: watched for visibility on listings
   * (badges load as it nears the viewport), and where per-paper UI may go.
   */
  element: HTMLElement;
  /** Where unlocated authors' badges go (the list's container). */
  authorsElement: HTMLElement | null;
  /**
   * The container of authors the page hides until the reader expands it (the abs page's
   * `#long-author-list`); null when nothing is hidden.
   */
  hiddenAuthors: HTMLElement | null;
  /**
   * Makes sure authors 0…index have their `anchor` read. Readers that locate every author at
   * once make this a no-op; the abs page locates its hidden long list on demand.
   */
  locateThrough(index: number): void;
  /**
   * Evidence the page prints for the paper as a whole that the markup does not tie to one
   * name (the HTML view's shared affiliation lines, e-mail domains).
   */
  printed?: { affiliations: string[]; emailDomains: string[] };
  /**
   * The published version the page prints (abs page, listing and search entries); null when it
   * prints none, absent on pages that never print one (the HTML view).
   */
  publication?: PrintedPublication | null;
}

/** Where a page has room for per-paper panels, as its reader found it. */
export type PanelSlot =
  /** In the page's flow, before `before` in `parent` (the abs page's sidebar, or after its abstract). */
  | { kind: 'in-flow'; parent: Element; before: Node | null }
  /** Beside a text column the panels must never cover (the HTML view), under its sticky header. */
  | { kind: 'beside'; column: HTMLElement; article: HTMLElement; header: HTMLElement | null };

/** A page, read. */
export interface ArxivPage {
  type: PageType;
  papers: PagePaper[];
  /** Where per-paper panels go; absent or null when the page has no place Weft knows. */
  panelSlot?: PanelSlot | null;
}
