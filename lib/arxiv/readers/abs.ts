// Reading an arXiv abstract page. Pure DOM reads: nothing here modifies the page.

import { createAuthorLocator } from '../author-anchors';
import { categoryInParentheses } from '../categories';
import { parseArxivId } from '../ids';
import { collapseSpaces, displayName } from '../names';
import type { ArxivPage, PageAuthor, PagePaper } from '../page-model';
import { SELECTORS, matchesAny, queryAll, queryFirst } from '../selectors';
import { arxivPageUrl } from '../urls';
import { readAbsPublication } from './publication';

/**
 * The paper of an abs page. Its author list is the contract's (docs/test-contract.md, Abs
 * page): the citation_author metas with a letter, in order. Authors hidden in a long list are
 * located on demand (`locateThrough`): reading all 3,000 of 1411.4413 at once is a long task.
 */
export interface AbsPaper extends PagePaper {
  /** `abs-outer`: 2019+ (incl. the 2026-06-29 redesign); `legacy`: the pre-2019 Perl page. */
  layout: 'abs-outer' | 'legacy';
  /** The "et al." expander after the long list. */
  longListToggle: HTMLElement | null;
}

const HAS_LETTER = /\p{L}/u;

export function isAbsPageUrl(url: string | URL): boolean {
  return !!arxivPageUrl(url)?.pathname.startsWith('/abs/') && parseArxivId(String(url)) !== null;
}

function pageId(doc: Document, url: string): { id: string; version: number | null } | null {
  if (isAbsPageUrl(url)) return parseArxivId(url);
  // Without an abs URL (e.g. a saved page) the page's own metadata still names the paper;
  // its version is not trustworthy there (og:url is the latest), so none is reported.
  const meta = queryFirst(doc, SELECTORS.citationArxivId)?.getAttribute('content');
  const canonical = queryFirst(doc, SELECTORS.canonical)?.getAttribute('href');
  const parsed = parseArxivId(meta ?? '') ?? parseArxivId(canonical ?? '');
  return parsed && { id: parsed.id, version: null };
}

function readTitle(doc: Document, container: Element): string {
  // The meta carries the title as submitted; the h1 is rewritten by MathJax once it typesets,
  // which may already have happened when a content script runs.
  const meta = queryFirst(doc, SELECTORS.citationTitle)?.getAttribute('content');
  if (meta && meta.trim() !== '') return collapseSpaces(meta);
  const heading = queryFirst(container, SELECTORS.title);
  if (!heading) return '';
  let text = '';
  heading.childNodes.forEach((node) => {
    if (node.nodeType === 1 && matchesAny(node as Element, SELECTORS.descriptor)) return;
    text += node.textContent ?? '';
  });
  return collapseSpaces(text);
}

/** The authors named by the page's citation metadata, in order. */
function readCitationNames(doc: Document): string[] {
  return (
    queryAll(doc.head ?? doc, SELECTORS.citationAuthor)
      .map((meta) => collapseSpaces(meta.getAttribute('content') ?? ''))
      // arXiv's parser emits stray punctuation entries (":" on 1411.4413); they are not authors.
      .filter((name) => HAS_LETTER.test(name))
  );
}

function readAuthors(
  citationNames: string[],
  authorsElement: HTMLElement | null,
  longList: HTMLElement | null,
  toggle: HTMLElement | null,
): { authors: PageAuthor[]; locateThrough: (index: number) => void } {

  if (citationNames.length > 0) {
    const locator = authorsElement
      ? createAuthorLocator(authorsElement, citationNames, { longList, skip: toggle ? [toggle] : [] })
      : null;
    // What the reader sees without expanding the list is located now.
    while (locator && !locator.atHiddenPart()) locator.next(1);
    const located = locator?.located ?? [];
    const authors: PageAuthor[] = citationNames.map((citationName, index) => {
      let name: string | undefined;
      return {
        index,
        // Made when first read: most of a long list's thousands are never shown.
        get name() {
          return (name ??= displayName(citationName));
        },
        citationName,
        anchor: located[index]?.anchor ?? null,
        // Not located yet means beyond the visible part: in the hidden long list.
        hidden: located[index]?.hidden ?? (!!locator && !!longList),
      };
    });
    const locateThrough = (index: number) => {
      if (!locator || index < located.length) return;
      const from = located.length;
      locator.next(index + 1 - from);
      for (let k = from; k < located.length; k++) Object.assign(authors[k]!, located[k]);
    };
    return { authors, locateThrough };
  }

  // Pages without citation metas: the author links are the list.
  const links = authorsElement ? queryAll<HTMLAnchorElement>(authorsElement, SELECTORS.authorLinks) : [];
  const authors = links.map((element, index): PageAuthor => {
    const name = collapseSpaces(element.textContent ?? '');
    return {
      index,
      name,
      citationName: name,
      anchor: { kind: 'link', element },
      hidden: longList?.contains(element) ?? false,
    };
  });
  return { authors, locateThrough: () => undefined };
}

/**
 * Reads an abs page; null when the document has no recognisable abs layout or paper id.
 * `head`: what readAbsHead already read of this document (its thousands of author metas are
 * not read twice).
 */
export function readAbsPaper(doc: Document, url: string, head?: AbsHead | null): AbsPaper | null {
  const container = queryFirst(doc, SELECTORS.absContainer);
  if (!container) return null;
  const id = pageId(doc, url);
  if (!id) return null;
  const authorsElement = queryFirst<HTMLElement>(container, SELECTORS.authors);
  const longList = authorsElement && queryFirst<HTMLElement>(authorsElement, SELECTORS.longAuthorList);
  const longListToggle = authorsElement && queryFirst<HTMLElement>(authorsElement, SELECTORS.longListToggle);
  const citationNames = head?.citationNames ?? readCitationNames(doc);
  const { authors, locateThrough } = readAuthors(citationNames, authorsElement, longList, longListToggle);
  return {
    arxivId: id.id,
    version: id.version,
    title: readTitle(doc, container),
    primaryCategory: readPrimaryCategory(container),
    publication: readAbsPublication(container),
    layout: container.matches(SELECTORS.absContainer[0]) ? 'abs-outer' : 'legacy',
    authors,
    element: container as HTMLElement,
    authorsElement,
    hiddenAuthors: longList,
    longListToggle,
    locateThrough,
  };
}

/** An abs page as the one model of every page reader: one paper. */
export function readAbsPage(doc: Document, url: string, head?: AbsHead | null): ArxivPage | null {
  const paper = readAbsPaper(doc, url, head);
  const point = paper && panelInsertionPoint(doc);
  return paper && { type: 'abs', papers: [paper], panelSlot: point && { kind: 'in-flow', ...point } };
}

/** The primary category (`cs.DC`) from the subjects line: "Distributed, … (cs.DC); Machine Learning (cs.LG)". */
function readPrimaryCategory(container: Element): string | null {
  return categoryInParentheses(queryFirst(container, SELECTORS.primarySubject)?.textContent ?? '');
}

/** What an abs page's <head> says about the paper: readable before the body is parsed. */
export interface AbsHead {
  arxivId: string;
  /** The title from citation metadata ('' when absent). */
  title: string;
  /** The authors from citation metadata, in order (empty when the page has none). */
  citationNames: string[];
}

/** Reads the head of an abs page at its abs URL; null elsewhere. */
export function readAbsHead(doc: Document, url: string): AbsHead | null {
  const id = isAbsPageUrl(url) ? parseArxivId(url) : null;
  if (!id) return null;
  const title = queryFirst(doc, SELECTORS.citationTitle)?.getAttribute('content') ?? '';
  return { arxivId: id.id, title: collapseSpaces(title), citationNames: readCitationNames(doc) };
}

/** The child of `ancestor` that holds `descendant`. */
function childOf(ancestor: Element, descendant: Element): Element {
  let child = descendant;
  while (child.parentElement && child.parentElement !== ancestor) child = child.parentElement;
  return child;
}

/**
 * Where Weft's panels go: in the sidebar right after the full-text links (else before the
 * bookmarks, else at its end); on a layout without the sidebar, right after the abstract.
 */
export function panelInsertionPoint(doc: Document): { parent: Element; before: Node | null } | null {
  const container = queryFirst(doc, SELECTORS.absContainer);
  if (!container) return null;
  const sidebar = queryFirst(container, SELECTORS.extraServices);
  if (sidebar) {
    const fullText = queryFirst(sidebar, SELECTORS.fullText);
    if (fullText) return { parent: sidebar, before: childOf(sidebar, fullText).nextSibling };
    const bookmarks = queryFirst(sidebar, SELECTORS.bookmarks);
    return { parent: sidebar, before: bookmarks ? childOf(sidebar, bookmarks) : null };
  }
  const abstract = queryFirst(container, SELECTORS.abstract);
  const parent = abstract?.parentElement;
  return abstract && parent ? { parent, before: abstract.nextSibling } : null;
}
