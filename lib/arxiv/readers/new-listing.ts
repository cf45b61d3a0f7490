// Reading a day's announcement from arXiv's /list/<archive or category>/new page: the listing
// reader's entries (listing.ts), plus what an announcement needs and a reader's badges do not:
// which section an entry is in (new, cross-list, replacement), all its categories, its abstract
// (for followed topics) and the date the page is listed under (docs/same-day-alerts.md).

import { printedNames, type AnnounceType, type AnnouncedPaper } from '../announcement-model';
import { categoryInParentheses, isCategory } from '../categories';
import { collapseSpaces } from '../names';
import { SELECTORS, queryFirst } from '../selectors';
import { printedText } from './entries';
import { readListingPage } from './listing';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The date in "Showing new listings for Tuesday, 11 June 2024" (and the older "New submissions
 * for Tue, 11 Jun 24"), as `YYYY-MM-DD`; null when the line names none.
 */
export function listedDate(line: string): string | null {
  const m = /(\d{1,2})\s+([A-Za-z]{3,})\.?,?\s+(\d{4}|\d{2})\b/.exec(line);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase());
  const day = Number(m[1]);
  if (month < 0 || day < 1 || day > 31) return null;
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The section a heading names: "Cross submissions" / "Cross-lists", "Replacement submissions" / "Replacements", else new. */
function sectionType(heading: string): AnnounceType {
  if (/cross/i.test(heading)) return 'cross';
  if (/replace/i.test(heading)) return 'replace';
  return 'new';
}

/** Every category a subjects line names, the primary one first. */
export function subjectCategories(subjects: string, primary: string | null): string[] {
  const all = [...subjects.matchAll(/\(([^()]*)\)/g)].map((m) => (m[1] ?? '').trim()).filter(isCategory);
  return [...new Set([...(primary ? [primary] : []), ...all])];
}

/** A listed paper, its abstract read only when a topic asks for it. */
export type ListedAnnouncement = AnnouncedPaper & { abstract: () => string };

/**
 * The /new page's papers in page order, and the date it is listed under. Null when the page is
 * no listing Weft can read (the listing reader's rule: entries none of which can be read).
 */
export function readNewListing(doc: Document, url: string): { listedAs: string | null; papers: ListedAnnouncement[] } | null {
  const page = readListingPage(doc, url);
  if (!page) return null;
  const dateLine = queryFirst(doc, SELECTORS.newListingDate)?.textContent ?? '';
  const sections = new Map<Element, AnnounceType>();
  const sectionOf = (dd: Element): AnnounceType => {
    const dl = dd.parentElement;
    if (!dl) return 'new';
    let type = sections.get(dl);
    if (!type) sections.set(dl, (type = sectionType(queryFirst(dl, SELECTORS.listingSectionHeading)?.textContent ?? '')));
    return type;
  };
  const papers = page.papers.map((p): ListedAnnouncement => {
    const dd = p.element;
    let categories: string[] | null = null;
    return {
      arxivId: p.arxivId,
      title: p.title,
      authors: printedNames(p.authors.map((a) => a.name)),
      // Read when asked for: of 2,000 entries only the few kept (and those a topic looks at) need them.
      get categories() {
        categories ??= subjectCategories(
          collapseSpaces(queryFirst(dd, SELECTORS.listingSubjects)?.textContent ?? ''),
          categoryInParentheses(queryFirst(dd, SELECTORS.primarySubject)?.textContent ?? ''),
        );
        return categories;
      },
      type: sectionOf(dd),
      abstract: () => printedText(queryFirst(dd, SELECTORS.listingAbstract)),
    };
  });
  return { listedAs: listedDate(dateLine), papers };
}
