// Reading arXiv search results (/search/?query=…, /search/<archive>?query=…, /search/advanced?…):
// one paper per li.arxiv-result, at most 200 on a page. Pure DOM reads (docs/arxiv-pages.md).

import { isCategory } from '../categories';
import { collapseSpaces } from '../names';
import type { ArxivPage, PagePaper } from '../page-model';
import { SELECTORS, queryAll, queryFirst } from '../selectors';
import { arxivPageUrl } from '../urls';
import { absLinkId, entryPaper, printedText } from './entries';
import { readSearchPublication } from './publication';

/** `/search/`, `/search/<archive>`, `/search/advanced`, with or without the trailing slash. */
const SEARCH_PATH = /^\/search(?:\/([^/]*))?\/?$/;

/** A results page: a simple search names a `query`; the advanced form sends its terms. */
export function isSearchUrl(url: string | URL): boolean {
  const parsed = arxivPageUrl(url);
  const match = parsed && SEARCH_PATH.exec(parsed.pathname);
  if (!parsed || !match) return false;
  const context = match[1] ?? '';
  if (context === 'advanced') return parsed.search.length > 1;
  return (context === '' || isCategory(context)) && (parsed.searchParams.get('query') ?? '').trim() !== '';
}

/**
 * Reads the results on a search page. Null when the page is neither arxiv-search's layout nor
 * has any result, or has results none of which can be read. `url` is the page's address.
 */
export function readSearchPage(doc: Document, url: string): ArxivPage | null {
  const main = queryFirst(doc, SELECTORS.searchPage);
  // The results are looked for in the whole page too: a redesign may rename the main column.
  const results = queryAll<HTMLElement>(main ?? doc, SELECTORS.searchResult);
  if (!main && results.length === 0) return null;
  const papers: PagePaper[] = [];
  for (const result of results) {
    const link = queryFirst(result, SELECTORS.searchAbsLink);
    const id = link && absLinkId(link, url);
    if (!id) continue;
    papers.push(
      entryPaper({
        id,
        element: result,
        title: printedText(queryFirst(result, SELECTORS.searchTitle)),
        readAuthorsElement: () => queryFirst<HTMLElement>(result, SELECTORS.searchAuthors),
        readPrimaryCategory: () => {
          const tag = collapseSpaces(queryFirst(result, SELECTORS.searchPrimaryTag)?.textContent ?? '');
          return isCategory(tag) ? tag : null;
        },
        readPublication: () => readSearchPublication(result),
      }),
    );
  }
  if (results.length > 0 && papers.length === 0) return null;
  return { type: 'search', papers };
}
