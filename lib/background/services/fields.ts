/** Field schemas shared by the services' requests: exact id formats, bounded text. */
import * as v from 'valibot';
import { isBareArxivId } from '../../arxiv/ids';
import { isCategory } from '../../arxiv/categories';
import { MAX_NAME_CHARS } from '../../shared/limits';
import { Orcid } from '../catalog/schemas/ids';

export const ArxivId = v.pipe(v.string(), v.maxLength(64), v.check(isBareArxivId, 'not a bare arXiv id'));
export { OpenAlexAuthorId, OpenAlexWorkId, S2AuthorId } from '../catalog/schemas/ids';
/** A person's name as printed on a page or in a catalog: text only, bounded. */
export const PersonName = v.pipe(v.string(), v.maxLength(MAX_NAME_CHARS));
export const Revalidate = v.optional(v.boolean());
/** An arXiv archive or category as a page names it (`cs.DC`, `hep-th`). */
export const Category = v.pipe(v.string(), v.maxLength(40), v.check(isCategory, 'not an arXiv category'));

const PrintedLines = v.pipe(v.array(v.pipe(v.string(), v.maxLength(MAX_NAME_CHARS))), v.maxLength(50));
/** What a page prints beside an author's name (the HTML view): text only, bounded. */
export const Printed = v.strictObject({
  affiliations: PrintedLines,
  orcid: v.nullable(Orcid),
  emailDomains: PrintedLines,
});
/** What a page prints for the paper as a whole that is tied to no one name. */
export const PaperPrinted = v.strictObject({ affiliations: PrintedLines, emailDomains: PrintedLines });
