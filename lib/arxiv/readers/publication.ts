// What arXiv's pages print of a paper's published version: the journal reference and the DOI
// its authors gave arXiv (docs/arxiv-pages.md, Journal reference and related DOI). Pure DOM reads.

import { bareDoi, isArxivDoi } from '../ids';
import { collapseSpaces } from '../names';
import type { PrintedPublication } from '../page-model';
import { SELECTORS, queryAll, queryFirst } from '../selectors';
import { printedText } from './entries';

/** A journal reference's label: "Journal reference:" (abs page), "Journal-ref:" (listings), "Journal ref:" (search). */
const JOURNAL_REF_LABEL = /^journal[\s-]ref/i;

const isJournalRefLabel = (label: Element | null | undefined) => JOURNAL_REF_LABEL.test(collapseSpaces(label?.textContent ?? ''));

/** The reference and the DOI as printed, or null when the page prints neither (an arXiv DOI is no published version). */
function printed(journalRef: string, doiText: string | null | undefined): PrintedPublication | null {
  const found = bareDoi(doiText);
  const doi = found && !isArxivDoi(found) ? found : null;
  return journalRef || doi ? { venue: journalRef || null, doi, year: null, source: 'arxiv' } : null;
}

/** The abs page's: the cell of the "Journal reference" row (not the report number's) and the "Related DOI". */
export function readAbsPublication(container: Element): PrintedPublication | null {
  const ref = queryAll(container, SELECTORS.absJournalRef).find((cell) => isJournalRefLabel(cell.previousElementSibling));
  const link = queryFirst(container, SELECTORS.absRelatedDoi);
  return printed(collapseSpaces(ref?.textContent ?? ''), link?.getAttribute('data-doi') ?? link?.textContent);
}

/** A listing entry's (its `dd`): the "Journal-ref:" line. Listings print no DOI. */
export function readListingPublication(dd: Element): PrintedPublication | null {
  return printed(printedText(queryFirst(dd, SELECTORS.listingJournalRef)), null);
}

/** A search result's: its "Journal ref:" line, without the label, and its DOI tag. */
export function readSearchPublication(result: Element): PrintedPublication | null {
  const line = queryAll(result, SELECTORS.searchNoteLine).find((p) => isJournalRefLabel(p.firstElementChild));
  let ref = '';
  line?.childNodes.forEach((node) => {
    if (node !== line.firstElementChild) ref += node.textContent ?? '';
  });
  return printed(collapseSpaces(ref), queryFirst(result, SELECTORS.searchDoi)?.getAttribute('href'));
}
