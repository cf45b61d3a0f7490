/**
 * The one message protocol between Weft's pages (content scripts, popup, options, researcher
 * page) and its background. Every request is validated here before any service sees it: ids
 * must match their exact formats, strings are bounded, unknown keys are rejected. So a message
 * can never smuggle a URL to fetch: the background builds every URL from these ids.
 *
 * Requests are declared by the services that answer them (./services/<noun>.ts); the answers'
 * types are those of the answering code.
 */
import * as v from 'valibot';
import type { Audience, RequestInput, Sender } from './define-requests';
import { SERVICE_REQUESTS, type Services } from './services';
import type { paperRequests } from './services/paper';
import type { authorRequests } from './services/author';
import type { searchRequests } from './services/search';
import type { followRequests } from './services/follows';
import type { settingsRequests } from './services/settings';
import type { researcherRequests } from './services/researcher';
import type { tabRequests } from './services/tabs';

export type { Freshness, WireError, WireResponse } from '../shared/protocol/wire';

type Specs = (typeof paperRequests)['specs'] &
  (typeof authorRequests)['specs'] &
  (typeof searchRequests)['specs'] &
  (typeof followRequests)['specs'] &
  (typeof settingsRequests)['specs'] &
  (typeof researcherRequests)['specs'] &
  (typeof tabRequests)['specs'];

export type RequestType = keyof Specs & string;
export type WeftRequest = { [K in RequestType]: RequestInput<K, Specs[K]['fields']> }[RequestType];
export type RequestOf<K extends RequestType> = Extract<WeftRequest, { type: K }>;
/** What the background answers to each request: the answering code's own type. */
export type ResponseMap = { [K in RequestType]: Awaited<ReturnType<Services[K]>> };

/** The answering code, as the dispatcher calls it. */
export type Handlers = { [K in RequestType]: (request: RequestOf<K>, sender: Sender) => Promise<ResponseMap[K]> };

const AUDIENCE: Record<string, Audience> = Object.fromEntries(
  SERVICE_REQUESTS.flatMap((service) => Object.entries(service.specs).map(([type, spec]) => [type, spec.from])),
);

const RequestSchema = v.variant(
  'type',
  SERVICE_REQUESTS.flatMap((service) => service.schemas) as unknown as [v.StrictObjectSchema<{ type: v.LiteralSchema<string, undefined> }, undefined>],
);

/** Who may make requests of this type. */
export function audienceOf(type: RequestType): Audience {
  return AUDIENCE[type]!;
}

/** Parses an untrusted message; returns the typed request or a description of what is wrong. */
export function parseRequest(message: unknown): { ok: true; request: WeftRequest } | { ok: false; reason: string } {
  const result = v.safeParse(RequestSchema, message);
  if (result.success) return { ok: true, request: result.output as WeftRequest };
  return { ok: false, reason: result.issues.map((i) => i.message).join('; ') };
}

// Named answers the pages render.
export type PaperAuthorsResult = ResponseMap['paper-authors'];
export type AuthorSlot = PaperAuthorsResult['slots'][number];
export type AuthorMetricsResult = ResponseMap['author-metrics'];
export type PapersAuthorsResult = ResponseMap['papers-authors'];
export type PaperCitationsResult = ResponseMap['paper-citations'];
export type PaperInstitutionsResult = ResponseMap['paper-institutions'];
export type RelatedPapersResult = ResponseMap['related-papers'];
export type ResearcherHitsResult = ResponseMap['search-researchers'];
export type PaperHitsResult = ResponseMap['search-papers'];
export type ResearcherResult = ResponseMap['researcher'];
export type FollowResult = ResponseMap['follow'];
export type FollowsState = ResponseMap['follows-state'];
export type CheckOutcome = ResponseMap['check-now'];
export type ImportResult = ResponseMap['import-follows'];
export type TopicFollowResult = ResponseMap['topic-follow'];
export type SettingsResult = ResponseMap['settings-get'];
export type CacheStats = ResponseMap['cache-stats'];
export type PageSettings = ResponseMap['page-settings'];
export type ResearcherProfileResult = ResponseMap['researcher-profile'];
export type ResearcherWorksResult = ResponseMap['researcher-works'];
export type ResearcherS2Result = ResponseMap['researcher-s2'];
export type { MaskedKeys } from './services/settings';
export type { ResearcherProfile, ResearcherWork, WorkOrder } from './catalog/openalex';
export type { S2AuthorFigures } from './catalog/semantic-scholar';
