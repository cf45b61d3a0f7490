/** Requests of the popup: search-as-you-type and the researcher view. */
import * as v from 'valibot';
import type { AuthorProfile, AuthorSuggestion } from '../catalog/openalex';
import type { RecentWorksSummary } from '../catalog/researcher';
import type { PaperSummary } from '../../catalog/types';
import { isNormalQuery, MAX_QUERY_CHARS } from '../../shared/search-query';
import { Freshness, OpenAlexAuthorId, type WireError } from './common';

/** A normalised, non-blank query (see ../search-query.ts); the client URL-encodes it. */
const SearchQuery = v.pipe(
  v.string(),
  // A code point is at most two UTF-16 units: a cheap bound before the exact check.
  v.maxLength(MAX_QUERY_CHARS * 2),
  v.check(isNormalQuery, 'not a normalised, non-blank query'),
);

export const searchRequests = [
  v.strictObject({ type: v.literal('search-researchers'), q: SearchQuery }),
  v.strictObject({ type: v.literal('search-papers'), q: SearchQuery }),
  v.strictObject({ type: v.literal('researcher'), id: OpenAlexAuthorId }),
] as const;

export type { FrequentCoAuthor, PositionBreakdown, RecentWork } from '../catalog/researcher';

export interface ResearcherHitsResult extends Freshness {
  /** In the catalog's order (most relevant first), at most 10. */
  results: AuthorSuggestion[];
}

export interface PaperHitsResult extends Freshness {
  /** In the catalog's order (most relevant first), at most 10. */
  results: PaperSummary[];
}

export interface RecentWorksSection extends RecentWorksSummary, Freshness {
  status: 'ready';
}

/** The recent works could not be listed (e.g. OpenAlex's daily budget is spent) while the profile could. */
export interface RecentWorksUnavailable {
  status: 'unavailable';
  error: WireError;
}

export interface ResearcherResult extends Freshness {
  profile: AuthorProfile;
  recent: RecentWorksSection | RecentWorksUnavailable;
}

export interface SearchResponses {
  'search-researchers': ResearcherHitsResult;
  'search-papers': PaperHitsResult;
  researcher: ResearcherResult;
}
