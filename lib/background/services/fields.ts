/** Field schemas shared by the services' requests: exact id formats, bounded text. */
import * as v from 'valibot';
import { isBareArxivId } from '../../arxiv/ids';
import { isEmailDomain } from '../../arxiv/readers/html-evidence';
import { bareOrcid } from '../../catalog/ids';
import {
  MAX_AFFILIATION_CHARS,
  MAX_NAME_CHARS,
  MAX_PAGE_AUTHORS,
  MAX_PRINTED_PER_AUTHOR,
  MAX_PRINTED_PER_PAPER,
} from '../../shared/limits';

export const ArxivId = v.pipe(v.string(), v.maxLength(64), v.check(isBareArxivId, 'not a bare arXiv id'));
export const OpenAlexAuthorId = v.pipe(v.string(), v.regex(/^A\d{1,12}$/, 'not an OpenAlex author id'));
export const OpenAlexWorkId = v.pipe(v.string(), v.regex(/^W\d{1,12}$/, 'not an OpenAlex work id'));
/** A person's name as printed on a page or in a catalog: text only, bounded. */
export const PersonName = v.pipe(v.string(), v.maxLength(MAX_NAME_CHARS));
export const Revalidate = v.optional(v.boolean());

const Affiliations = (count: number) => v.pipe(v.array(v.pipe(v.string(), v.maxLength(MAX_AFFILIATION_CHARS))), v.maxLength(count));
const EmailDomains = (count: number) => v.pipe(v.array(v.pipe(v.string(), v.check(isEmailDomain, 'not an e-mail domain'))), v.maxLength(count));
const Orcid = v.pipe(v.string(), v.check((s) => bareOrcid(s) === s, 'not a bare ORCID'));

/**
 * What a page prints about its authors (lib/shared/printed-evidence.ts trims it to these
 * bounds): per author, aligned with the request's names, and for the paper as a whole. Text
 * only: nothing here is ever fetched or rendered as markup.
 */
export const PrintedEvidence = v.strictObject({
  authors: v.pipe(
    v.array(
      v.nullable(
        v.strictObject({
          affiliations: Affiliations(MAX_PRINTED_PER_AUTHOR),
          orcid: v.nullable(Orcid),
          emailDomains: EmailDomains(MAX_PRINTED_PER_AUTHOR),
        }),
      ),
    ),
    v.maxLength(MAX_PAGE_AUTHORS),
  ),
  paper: v.strictObject({ affiliations: Affiliations(MAX_PRINTED_PER_PAPER), emailDomains: EmailDomains(MAX_PRINTED_PER_PAPER) }),
});
