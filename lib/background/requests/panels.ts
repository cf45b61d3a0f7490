/** Requests of the paper panels on abs pages; each panel loads (and fails) on its own. */
import * as v from 'valibot';
import type { PaperCitations, PaperInstitutions, RelatedPapers } from '../catalog/paper-panels';
import { ArxivId, type Freshness } from './common';

/** The page's own title: text only (never fetched or rendered from here), bounded. */
const PaperTitle = v.pipe(v.string(), v.maxLength(2000));

export const panelRequests = [
  v.strictObject({
    type: v.literal('paper-citations'),
    arxivId: ArxivId,
    revalidate: v.optional(v.boolean()),
  }),
  v.strictObject({
    type: v.literal('paper-institutions'),
    arxivId: ArxivId,
    revalidate: v.optional(v.boolean()),
  }),
  v.strictObject({
    type: v.literal('related-papers'),
    arxivId: ArxivId,
    /** Lets the background recognise the paper itself among its recommendations. */
    title: v.optional(PaperTitle),
    revalidate: v.optional(v.boolean()),
  }),
] as const;

export type { InstitutionGroup, PaperCitations, PaperInstitutions, RelatedPapers } from '../catalog/paper-panels';

export type PaperCitationsResult = PaperCitations & Freshness;
export type PaperInstitutionsResult = PaperInstitutions & Freshness;
export type RelatedPapersResult = RelatedPapers & Freshness;

export interface PanelResponses {
  'paper-citations': PaperCitationsResult;
  'paper-institutions': PaperInstitutionsResult;
  'related-papers': RelatedPapersResult;
}
