// Every arxiv.org CSS selector Weft uses, in one place, so a markup change is a one-file fix.
// Each entry lists alternates in order: the current markup first, older layouts after. See
// docs/arxiv-pages.md for the page structures these come from.

/** Alternates for one thing on the page, current markup first. */
export type SelectorList = readonly [string, ...string[]];

export const SELECTORS = {
  /** The abs page's outer block; its id also tells the layout apart. */
  absContainer: [
    '#abs-outer', // 2019+, unchanged by the 2026-06-29 "spinout" chrome redesign
    // TODO [2027-06-01]: drop when no cached pre-2019 Perl abs pages (no #abs-outer) are served.
    '#abs',
  ],
  /** "Title:", "Authors:", "Abstract:" labels that precede the content. */
  descriptor: ['span.descriptor'],
  title: ['h1.title'],
  authors: ['div.authors'],
  /** Author links inside div.authors (absolute /search/<archive>?searchtype=author&query=…). */
  authorLinks: ['a[href*="searchtype=author"]'],
  /** Authors beyond the first 100: display:none, but in the DOM. */
  longAuthorList: ['#long-author-list'],
  /** The "et al. (N additional authors not shown)" expander after the long list. */
  longListToggle: ['a#toggle'],
  citationAuthor: ['meta[name="citation_author"]'],
  citationArxivId: ['meta[name="citation_arxiv_id"]'],
  citationTitle: ['meta[name="citation_title"]'],
  canonical: ['link[rel="canonical"]'],
  /** The abstract blockquote; also where panels go on a layout without the sidebar. */
  abstract: ['blockquote.abstract'],
  /**
   * Metatable cells of the journal reference and of the report number (the same class: the
   * label before each tells them apart).
   */
  absJournalRef: ['td.jref'],
  /** The "Related DOI" of the published version: its `data-doi` (2019+), or the text of the legacy page's link. */
  absRelatedDoi: ['td.doi a[data-doi]', 'td.doi a'],
  /** The right-hand sidebar (before .leftcolumn on the legacy page, after it since 2019). */
  extraServices: ['.extra-services'],
  fullText: ['.full-text'],
  bookmarks: ['.bookmarks'],
  /** The primary subject, "Distributed, Parallel, and Cluster Computing (cs.DC)": abs subjects line, listing entries. */
  primarySubject: ['span.primary-subject'],
  /** A listing's body (/list/…, /catchup/…), unchanged by the 2026-06-29 chrome redesign. */
  listingPage: ['#dlpage'],
  /**
   * The start of an entry: a dt followed by its dd, in a dl of #dlpage (one dl per section of
   * /new, per day of /recent, all with id="articles").
   */
  listingEntry: ['dl > dt'],
  /**
   * An entry's abstract link, in its dt: a child of the dt since 2024, inside
   * span.list-identifier before; the descendant form matches both.
   */
  listingAbstractLink: ['dt a[title="Abstract"]'],
  /** An entry's title, in its dd, after a "Title:" span.descriptor. */
  listingTitle: ['div.list-title'],
  listingAuthors: ['div.list-authors'],
  /** A /new listing's date line, "Showing new listings for Tuesday, 11 June 2024" (a child of #dlpage). */
  newListingDate: ['#dlpage > h3'],
  /** The heading of a /new listing's section ("New submissions", "Cross submissions", "Replacement submissions"), first in its dl. */
  listingSectionHeading: ['dl > h3'],
  /** An entry's subjects line: the primary subject's span, then the others, "; "-separated, each "(cat)". */
  listingSubjects: ['div.list-subjects'],
  /** An entry's "Journal-ref:" line, when its authors gave one. */
  listingJournalRef: ['div.list-journal-ref'],
  /** An entry's abstract on /new pages (the title and comments are div.mathjax, not p). */
  listingAbstract: ['p.mathjax'],
  /** Links in an entry's author list (div.list-authors, search's p.authors): names, and stray ":"s. */
  entryAuthorLinks: ['a'],
  /** The search page's main column: present also when a query found nothing. */
  searchPage: ['main#main-container'],
  searchResult: ['li.arxiv-result'],
  /** `a[href="https://arxiv.org/abs/<id>"]` "arXiv:<id>", before the pdf/other links. */
  searchAbsLink: ['p.list-title a[href*="/abs/"]'],
  searchTitle: ['p.title'],
  searchAuthors: ['p.authors'],
  /** The primary category's tag ("cs.DC"); secondary ones are .is-grey, the DOI tags sit in a nested .tags. */
  searchPrimaryTag: ['div.tags > span.tag.is-link'],
  /** A result's small lines: comments, report number, "Journal ref:" (each opens with its label's span). */
  searchNoteLine: ['p.comments'],
  /** The published version's DOI tag, a doi.org link ("doi" tag, then the DOI). */
  searchDoi: ['div.tags.has-addons a[href*="doi.org/"]'],

  // HTML paper view (/html/<id>): LaTeXML's markup, the same in arXiv's 2026 server-built
  // scaffold and in older pages whose chrome is built by script (docs/arxiv-pages.md).
  htmlArticle: ['article.ltx_document'],
  /** The text column's box, around the article. */
  htmlPageMain: ['div.ltx_page_main'],
  /** The sticky header: the 2026 scaffold's, then the one older pages build by script. */
  htmlHeader: ['header.arxiv-html-header', 'header.desktop_header'],
  htmlTitle: ['h1.ltx_title_document'],
  htmlAuthors: ['div.ltx_authors'],
  htmlCreator: ['.ltx_creator.ltx_role_author'],
  htmlPersonName: ['.ltx_personname'],
  /** Affiliation, e-mail, ORCID… lines in a creator's author notes. */
  htmlContact: ['.ltx_contact'],
  htmlAffiliationContact: ['.ltx_role_affiliation, .ltx_role_altaffiliation, .ltx_role_address'],
  htmlEmailContact: ['.ltx_role_email'],
  htmlOrcidContact: ['.ltx_role_orcid'],
  /** The text of footnotes and \thanks notes (the marks are repeated inside them). */
  htmlNoteContent: ['.ltx_note_content'],
  /** Never part of a printed name: notes, contact lines and their labels, pictures. */
  htmlNotText: [
    '.ltx_note, .ltx_author_notes, .ltx_contact_name, .ltx_pubnotes, svg, script, style, noscript, template',
  ],
  /** Footnote and affiliation marks; math in a name block is a mark too ($^{1,2}$). */
  htmlMark: ['sup'],
  htmlMath: ['math'],
  htmlLineBreak: ['br'],
  htmlLink: ['a[href]'],
  htmlMailto: ['a[href^="mailto:"]'],
  htmlOrcidLink: ['a[href*="orcid.org/"]'],
  htmlTabular: ['.ltx_tabular'],
  htmlTableRow: ['.ltx_tr'],
  htmlTableCell: ['.ltx_td'],
  /** Where a collaboration's paper prints its member list ("The CMS Collaboration"). */
  htmlAuthorListSection: ['section.ltx_appendix, section.ltx_section'],
  htmlSectionTitle: ['.ltx_title'],
  htmlParagraph: ['p.ltx_p'],
  /** An institute heading in such a list. */
  htmlBold: ['.ltx_font_bold, b, strong'],
  /** "arXiv:<id>vN [<primary>] <date>", in #infobox (filled by script on older pages). */
  htmlWatermark: ['#watermark-tr'],
  htmlAbsLink: ['a[aria-label="Back to abstract page"]'],
  /** 2023–24 pages: `<base href="/html/<id>vN/">`. */
  htmlBase: ['base[href]'],
} as const satisfies Record<string, SelectorList>;

/** The first element matched by the first alternate that matches anything. */
export function queryFirst<E extends Element = Element>(root: ParentNode, selectors: SelectorList): E | null {
  for (const selector of selectors) {
    const found = root.querySelector<E>(selector);
    if (found) return found;
  }
  return null;
}

/**
 * All elements matched by the first alternate that matches anything. Alternates are not
 * merged: a page is one layout, and merging would duplicate elements matched by both.
 */
export function queryAll<E extends Element = Element>(root: ParentNode, selectors: SelectorList): E[] {
  for (const selector of selectors) {
    const found = root.querySelectorAll<E>(selector);
    if (found.length > 0) return Array.from(found);
  }
  return [];
}

export function matchesAny(element: Element, selectors: SelectorList): boolean {
  return selectors.some((selector) => element.matches(selector));
}
