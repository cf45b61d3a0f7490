/** Requests of the researcher page (researcher.html) and of the links that open it. */
import * as v from 'valibot';
import { isS2AuthorId } from '../../catalog/ids';
import type { ResearcherProfile, ResearcherWork, WorkOrder } from '../catalog/openalex';
import type { S2AuthorFigures } from '../catalog/semantic-scholar';
import { OpenAlexAuthorId, type Freshness, type WireError } from './common';

const S2AuthorId = v.pipe(v.string(), v.check(isS2AuthorId, 'not a Semantic Scholar author id'));
const Order = v.picklist(['recent', 'cited'] as const satisfies readonly WorkOrder[]);
/** OpenAlex pages through the first 10,000 results: 50 pages of 200. */
const Page = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50));

export const researcherPageRequests = [
  v.strictObject({ type: v.literal('researcher-profile'), id: OpenAlexAuthorId, revalidate: v.optional(v.boolean()) }),
  v.strictObject({ type: v.literal('researcher-works'), id: OpenAlexAuthorId, order: Order, page: Page, revalidate: v.optional(v.boolean()) }),
  v.strictObject({ type: v.literal('researcher-s2'), id: OpenAlexAuthorId, s2Id: v.optional(S2AuthorId), revalidate: v.optional(v.boolean()) }),
  v.strictObject({ type: v.literal('open-researcher-page'), id: OpenAlexAuthorId, s2Id: v.optional(S2AuthorId), background: v.optional(v.boolean()) }),
] as const;

export type { ResearcherProfile, ResearcherWork, WorkOrder } from '../catalog/openalex';
export type { S2AuthorFigures } from '../catalog/semantic-scholar';

/** The profile, or `unmatched`: OpenAlex has no author of that id (a 404, cached as an answer). */
export type ResearcherProfileResult =
  | ({ status: 'ready'; profile: ResearcherProfile } & Freshness)
  | ({ status: 'unmatched' } & Freshness);

export interface ResearcherWorksResult extends Freshness {
  works: ResearcherWork[];
  /** All the works OpenAlex finds for the researcher; null when it did not say. */
  total: number | null;
  page: number;
  /** Works per page: a page with fewer is the last. */
  pageSize: number;
}

/** Semantic Scholar's figures for the person: `none` when no S2 author id is known for them. */
export type ResearcherS2Result =
  | { status: 'none' }
  | { status: 'unmatched'; s2Id: string }
  | ({ status: 'ready'; figures: S2AuthorFigures } & Freshness)
  | { status: 'unavailable'; s2Id: string; error: WireError };

export interface ResearcherPageResponses {
  'researcher-profile': ResearcherProfileResult;
  'researcher-works': ResearcherWorksResult;
  'researcher-s2': ResearcherS2Result;
  'open-researcher-page': { opened: true };
}
