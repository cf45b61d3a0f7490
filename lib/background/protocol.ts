/**
 * The one message protocol between Weft's pages (content scripts, popup, options) and its
 * background service worker. Every request is validated here before the background acts on it:
 * ids must match their exact formats, strings are bounded, unknown keys are rejected. So a
 * message can never smuggle a URL to fetch: the background builds every URL from these ids.
 *
 * Each area declares its requests and response types in ./requests/<area>.ts.
 */
import * as v from 'valibot';
import { authorRequests, type AuthorResponses } from './requests/authors';
import type { WireError } from './requests/common';
import { followRequests, type FollowResponses } from './requests/follows';
import { panelRequests, type PanelResponses } from './requests/panels';
import { researcherPageRequests, type ResearcherPageResponses } from './requests/researcher-page';
import { searchRequests, type SearchResponses } from './requests/search';
import { settingsRequests, type SettingsResponses } from './requests/settings';

export type { Freshness, WireError } from './requests/common';
export type { AuthorSlot, PaperAuthorsResult, AuthorMetricsResult } from './requests/authors';
export type { PaperHitsResult, ResearcherHitsResult, ResearcherResult } from './requests/search';
export type { PaperCitationsResult, PaperInstitutionsResult, RelatedPapersResult } from './requests/panels';
export type { CheckOutcome, FollowResult, FollowsState, ImportResult } from './requests/follows';
export type { CacheStats, MaskedKeys, SettingsResult } from './requests/settings';
export type { ResearcherProfile, ResearcherProfileResult, ResearcherS2Result, ResearcherWork, ResearcherWorksResult, S2AuthorFigures, WorkOrder } from './requests/researcher-page';

export const RequestSchema = v.variant('type', [...authorRequests, ...searchRequests, ...panelRequests, ...followRequests, ...settingsRequests, ...researcherPageRequests]);

export type WeftRequest = v.InferOutput<typeof RequestSchema>;
export type RequestType = WeftRequest['type'];

export type ResponseMap = AuthorResponses & SearchResponses & PanelResponses & FollowResponses & SettingsResponses & ResearcherPageResponses;


export type WireResponse<T> = { ok: true; data: T } | { ok: false; error: WireError };

export type RequestOf<K extends RequestType> = Extract<WeftRequest, { type: K }>;

/** Parses an untrusted message; returns the typed request or a description of what is wrong. */
export function parseRequest(message: unknown): { ok: true; request: WeftRequest } | { ok: false; reason: string } {
  const result = v.safeParse(RequestSchema, message);
  if (result.success) return { ok: true, request: result.output };
  return { ok: false, reason: result.issues.map((i) => i.message).join('; ') };
}
