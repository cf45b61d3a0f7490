// Reading arXiv's HTML paper view (/html/<id>, /html/<id>vN): LaTeXML's article inside arXiv's
// scaffold, whether the server built it (2026) or a page script did (older pages). Pure reads.
// The page structure is in docs/arxiv-pages.md, "HTML paper view".

import { parseArxivId, type ParsedArxivId } from '../ids';
import { collapseSpaces } from '../names';
import type { ArxivPage, PageAuthor, PagePaper } from '../page-model';
import { SELECTORS, queryFirst, type SelectorList } from '../selectors';
import { readHtmlAuthors } from './html-authors';
import { ARXIV_ORIGIN, arxivPageUrl } from '../urls';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** An arxiv.org HTML view of one paper (not one of its figures or its build log). */
export function isHtmlViewUrl(url: string | URL): boolean {
  const parsed = arxivPageUrl(url);
  return !!parsed && parsed.pathname.startsWith('/html/') && parseArxivId(parsed.href) !== null;
}

interface Watermark extends ParsedArxivId {
  primaryCategory: string;
}

/** "arXiv:2507.00150v1 [astro-ph.GA] 30 Jun 2025" (always versioned, also on /html/<id>). */
function readWatermark(doc: Document): Watermark | null {
  const text = collapseSpaces(queryFirst(doc, SELECTORS.htmlWatermark)?.textContent ?? '');
  const match = /arXiv:(\S+?v\d+)\s+\[([^\]]+)\]/.exec(text);
  const parsed = match && parseArxivId(match[1] ?? '');
  return parsed && { ...parsed, primaryCategory: match[2] ?? '' };
}

/** The version a root-relative link names (`/abs/<id>vN`, `<base href="/html/<id>vN/">`). */
function versionFromLink(doc: Document, selectors: SelectorList, id: string): number | null {
  const href = queryFirst(doc, selectors)?.getAttribute('href');
  if (!href) return null;
  let parsed: ParsedArxivId | null;
  try {
    parsed = parseArxivId(new URL(href, `${ARXIV_ORIGIN}/`).href);
  } catch {
    return null;
  }
  return parsed?.id === id ? parsed.version : null;
}

/** The title as printed, math as its TeX (`$B^0_s\to\mu^+\mu^-$`, as the abs page's metadata has it). */
function readTitle(article: Element): string {
  const heading = queryFirst(article, SELECTORS.htmlTitle);
  if (!heading) return '';
  let text = '';
  const visit = (parent: Node) => {
    const children = parent.childNodes;
    for (let i = 0; i < children.length; i++) {
      const node = children[i];
      if (node?.nodeType === TEXT_NODE) text += (node as Text).data;
      if (node?.nodeType !== ELEMENT_NODE) continue;
      const element = node as Element;
      if (element.matches(SELECTORS.htmlMath[0])) {
        const tex = element.getAttribute('alttext');
        text += tex ? `$${tex}$` : (element.textContent ?? '');
      } else if (element.matches(SELECTORS.htmlLineBreak[0])) text += ' ';
      else if (!element.matches(SELECTORS.htmlNotText[0])) visit(element);
    }
  };
  visit(heading);
  return collapseSpaces(text);
}

/**
 * Reads an HTML paper view; null when the document has no LaTeXML article or names no paper.
 * The paper is the URL's (else the watermark's, for a saved page). Author indexes are the
 * page's order of persons, not the paper's author list: the HTML view prints no such list, and
 * a collaboration's pieces there take no slot (the background maps persons by name).
 */
export function readHtmlPage(doc: Document, url: string): ArxivPage | null {
  const layout = htmlLayout(doc);
  if (!layout) return null;
  const { article } = layout;
  const watermark = readWatermark(doc);
  const fromUrl = isHtmlViewUrl(url) ? parseArxivId(url) : null;
  const id = fromUrl?.id ?? watermark?.id;
  if (!id) return null;
  const version =
    fromUrl?.version ??
    (watermark?.id === id ? watermark.version : null) ??
    versionFromLink(doc, SELECTORS.htmlAbsLink, id) ??
    versionFromLink(doc, SELECTORS.htmlBase, id);

  const authorsElement = queryFirst<HTMLElement>(article, SELECTORS.htmlAuthors);
  const { persons, paper } = readHtmlAuthors(authorsElement, article);
  const authors = persons.map(({ name, printed, anchor, printedEvidence }, index): PageAuthor => {
    const { affiliations, orcid, emailDomains } = printedEvidence;
    const author: PageAuthor = { index, name, citationName: printed, anchor, hidden: false };
    if (affiliations.length > 0 || orcid || emailDomains.length > 0) author.printed = printedEvidence;
    return author;
  });
  const pagePaper: PagePaper = {
    arxivId: id,
    version,
    title: readTitle(article),
    primaryCategory: watermark?.id === id ? watermark.primaryCategory : null,
    authors,
    element: article,
    authorsElement,
    hiddenAuthors: null,
    locateThrough: () => undefined,
    printed: paper,
  };
  return { type: 'html', papers: [pagePaper], panelSlot: { kind: 'beside', column: layout.pageMain ?? article, article, header: layout.header } };
}

export type HtmlTheme = 'light' | 'dark';

/**
 * The reading preferences arXiv's head script sets on `<html>` at load and its toggles change:
 * the theme, and reading mode (which hides the sticky header). Weft reads them, never sets them.
 */
export const HTML_VIEW_PREFERENCES = { theme: 'data-theme', readingMode: 'data-reading-mode' } as const;

/** `<html data-theme>`; null when unset (a DOM that runs no scripts). */
export function readHtmlTheme(doc: Document): HtmlTheme | null {
  const theme = doc.documentElement.getAttribute(HTML_VIEW_PREFERENCES.theme);
  return theme === 'light' || theme === 'dark' ? theme : null;
}

export interface HtmlLayout {
  article: HTMLElement;
  /** The text column's box (`div.ltx_page_main`), which a side panel must not cover. */
  pageMain: HTMLElement | null;
  /** arXiv's sticky header, whose height a side panel stays below; null when there is none. */
  header: HTMLElement | null;
}

/** What a side panel needs to know of the page's layout; null without a LaTeXML article. */
export function htmlLayout(doc: Document): HtmlLayout | null {
  const article = queryFirst<HTMLElement>(doc, SELECTORS.htmlArticle);
  if (!article) return null;
  return {
    article,
    pageMain: queryFirst<HTMLElement>(doc, SELECTORS.htmlPageMain),
    header: queryFirst<HTMLElement>(doc, SELECTORS.htmlHeader),
  };
}
