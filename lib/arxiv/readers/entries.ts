// What the listing and search readers share: a page of entries, each one paper whose author
// list is its author links. Entries are read cheaply and their parts on first use, because a
// listing holds up to 2,000 of them and the reader looks at a few screens (docs/arxiv-pages.md).

import { parseArxivId, type ParsedArxivId } from '../ids';
import { collapseSpaces } from '../names';
import type { PageAuthor, PagePaper, PrintedPublication } from '../page-model';
import { SELECTORS, matchesAny, queryAll } from '../selectors';

const HAS_LETTER = /\p{L}/u;
const ELEMENT_NODE = 1;
const ABS_PATH = '/abs/';

/** `read()` on the first call, its result on every call after. */
function once<T>(read: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = read();
      done = true;
    }
    return value;
  };
}

function locateNothing(): void {
  // Every author's anchor is its link, known when `authors` is read.
}

/** The nearest ancestor of `element` (or itself) with this tag name. */
export function closestNamed(element: Element, localName: string): Element | null {
  for (let at: Element | null = element; at; at = at.parentElement) {
    if (at.localName === localName) return at;
  }
  return null;
}

/**
 * The paper an entry's abstract link names: the link must go to an `/abs/<id>` page (relative
 * links resolve against the page's `url`). Bare id, no version unless the link has one.
 */
export function absLinkId(link: Element, url: string): ParsedArxivId | null {
  const href = link.getAttribute('href')?.trim() ?? '';
  // Listings write `/abs/<id>`: read without parsing a URL, which is most of the cost of
  // reading a 2,000-entry page.
  if (href.startsWith(ABS_PATH)) return parseArxivId(href.slice(ABS_PATH.length));
  let target: URL;
  try {
    target = new URL(href, url);
  } catch {
    return null;
  }
  return target.pathname.startsWith(ABS_PATH) ? parseArxivId(target.href) : null;
}

/** The text of `element` as printed, runs of space as one, without a label ("Title:"). */
export function printedText(element: Element | null): string {
  if (!element) return '';
  let text = '';
  element.childNodes.forEach((node) => {
    if (node.nodeType === ELEMENT_NODE && matchesAny(node as Element, SELECTORS.descriptor)) return;
    text += node.textContent ?? '';
  });
  return collapseSpaces(text);
}

/**
 * An entry's author list: the links of its author list whose text has a letter, in order. Not
 * names printed without a link, nor search's stray ":" link; "et al. (N additional authors not
 * shown)" is text, so it is never one either.
 */
export function linkedAuthors(authorsElement: Element | null): PageAuthor[] {
  if (!authorsElement) return [];
  const authors: PageAuthor[] = [];
  for (const element of queryAll<HTMLAnchorElement>(authorsElement, SELECTORS.entryAuthorLinks)) {
    const name = collapseSpaces(element.textContent ?? '');
    if (!HAS_LETTER.test(name)) continue;
    authors.push({ index: authors.length, name, citationName: name, anchor: { kind: 'link', element }, hidden: false });
  }
  return authors;
}

/** What a reader knows of an entry up front, and how to read the rest when it is asked for. */
export interface EntrySource {
  id: ParsedArxivId;
  element: HTMLElement;
  title: string;
  readAuthorsElement(): HTMLElement | null;
  readPrimaryCategory(): string | null;
  readPublication(): PrintedPublication | null;
}

/**
 * The entry's paper. `authors`, `authorsElement`, `primaryCategory` and `publication` are memoized getters:
 * read from the DOM on first access (so an entry the reader never approaches costs nothing
 * more), the same value on every access after.
 */
export function entryPaper(source: EntrySource): PagePaper {
  const authorsElement = once(source.readAuthorsElement);
  const primaryCategory = once(source.readPrimaryCategory);
  const authors = once(() => linkedAuthors(authorsElement()));
  const publication = once(source.readPublication);
  return {
    arxivId: source.id.id,
    version: source.id.version,
    title: source.title,
    get primaryCategory() {
      return primaryCategory();
    },
    get authors() {
      return authors();
    },
    get publication() {
      return publication();
    },
    element: source.element,
    get authorsElement() {
      return authorsElement();
    },
    // Listings and search show an entry's authors (at most 100, or 25) all at once.
    hiddenAuthors: null,
    locateThrough: locateNothing,
  };
}
