// Reading an arXiv listing: /list/<archive or category>/<period> and /catchup/<category>/<day>.
// Pure DOM reads. A page holds up to 2,000 entries, so the page is read in one linear pass with
// a handful of queries, and each entry's authors only when asked for (docs/arxiv-pages.md).

import { categoryInParentheses, isCategory } from '../categories';
import type { ArxivPage, PagePaper } from '../page-model';
import { SELECTORS, queryAll, queryFirst } from '../selectors';
import { arxivPageUrl } from '../urls';
import { absLinkId, closestNamed, entryPaper, printedText } from './entries';
import { readListingPublication } from './publication';

// The periods arxiv-browse's list_page serves: the daily mailings, the current month, and a
// year or month as YY, YYMM, YYYYMM or YYYY-MM. (A plain YYYY is read as YYMM there.)
const LIST_PATH = /^\/list\/([^/]+)\/(?:new|recent|pastweek|current|\d{2}|\d{4}|\d{6}|\d{4}-\d{2})$/;
const CATCHUP_PATH = /^\/catchup\/([^/]+)\/\d{4}-\d{2}-\d{2}$/;

export function isListingUrl(url: string | URL): boolean {
  const parsed = arxivPageUrl(url);
  if (!parsed) return false;
  const match = LIST_PATH.exec(parsed.pathname) ?? CATCHUP_PATH.exec(parsed.pathname);
  return match !== null && isCategory(match[1] ?? '');
}

/** Each of `elements` keyed by its nearest `localName` ancestor (the first one per ancestor). */
function byAncestor(elements: readonly Element[], localName: string): Map<Element, Element> {
  const map = new Map<Element, Element>();
  for (const element of elements) {
    const ancestor = closestNamed(element, localName);
    if (ancestor && !map.has(ancestor)) map.set(ancestor, element);
  }
  return map;
}

/**
 * Reads a listing's entries: each `dt` with an abstract link and the `dd` after it, in every
 * `dl` of #dlpage. Null when the page has no #dlpage, or has entries none of which can be read
 * (markup Weft does not know). `url` is the page's address, which relative links resolve against.
 */
export function readListingPage(doc: Document, url: string): ArxivPage | null {
  const dlpage = queryFirst(doc, SELECTORS.listingPage);
  if (!dlpage) return null;
  // Two queries for the whole page instead of two per entry. Titles are read now, not on
  // demand: MathJax rewrites them after load, into markup that has lost the TeX.
  const abstractLinks = byAncestor(queryAll(dlpage, SELECTORS.listingAbstractLink), 'dt');
  const titles = byAncestor(queryAll(dlpage, SELECTORS.listingTitle), 'dd');
  // The dl of each section or day, in page order.
  const sections = new Set<Element>();
  for (const dt of abstractLinks.keys()) {
    if (dt.parentElement?.localName === 'dl') sections.add(dt.parentElement);
  }
  const papers: PagePaper[] = [];
  for (const dl of sections) {
    // Indexed, not nextElementSibling: happy-dom finds a sibling by searching the parent's
    // children, which is quadratic over a day's 800 dt and dd.
    const children = dl.children;
    let link: Element | undefined;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (!child) continue;
      if (child.localName === 'dt') {
        link = abstractLinks.get(child);
        continue;
      }
      if (child.localName !== 'dd' || !link) continue;
      const id = absLinkId(link, url);
      link = undefined;
      if (!id) continue;
      const dd = child as HTMLElement;
      papers.push(
        entryPaper({
          id,
          element: dd,
          title: printedText(titles.get(dd) ?? null),
          readAuthorsElement: () => queryFirst<HTMLElement>(dd, SELECTORS.listingAuthors),
          readPrimaryCategory: () =>
            categoryInParentheses(queryFirst(dd, SELECTORS.primarySubject)?.textContent ?? ''),
          readPublication: () => readListingPublication(dd),
        }),
      );
    }
  }
  // Entries, but none readable: the markup changed under us, which is not an empty listing.
  if (papers.length === 0 && queryFirst(dlpage, SELECTORS.listingEntry)) return null;
  return { type: 'listing', papers };
}
