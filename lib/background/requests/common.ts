/** Field schemas shared by every request: exact id formats, bounded text. */
import * as v from 'valibot';
import { isBareArxivId } from '../../arxiv/ids';
import type { CatalogErrorKind } from '../../catalog/types';

export const ArxivId = v.pipe(v.string(), v.maxLength(64), v.check(isBareArxivId, 'not a bare arXiv id'));
export const OpenAlexAuthorId = v.pipe(v.string(), v.regex(/^A\d{1,12}$/, 'not an OpenAlex author id'));
export const OpenAlexWorkId = v.pipe(v.string(), v.regex(/^W\d{1,12}$/, 'not an OpenAlex work id'));
/** A person's name as printed on a page or in a catalog: text only, bounded. */
export const PersonName = v.pipe(v.string(), v.maxLength(300));

/** How fresh an answer is: when it was fetched and whether it is past its TTL. */
export interface Freshness {
  fetchedAt: number;
  stale: boolean;
}

/** A failure as it crosses the message boundary. */
export interface WireError {
  kind: CatalogErrorKind | 'bad-request' | 'internal';
  message: string;
  retryAt: number | null;
}
