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
  /** The right-hand sidebar (before .leftcolumn on the legacy page, after it since 2019). */
  extraServices: ['.extra-services'],
  fullText: ['.full-text'],
  bookmarks: ['.bookmarks'],
  /** The abs page's primary subject, "Distributed, Parallel, and Cluster Computing (cs.DC)". */
  primarySubject: ['td.subjects span.primary-subject', '.primary-subject'],
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
