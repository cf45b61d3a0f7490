/**
 * OpenAlex client (https://api.openalex.org). Validates every response at the boundary and
 * maps it to Weft's domain types; nothing past this folder sees an OpenAlex field name. The
 * requests, key and budget in transport.ts; the calls by entity (works.ts, authors.ts,
 * autocomplete.ts), each with its mappers beside it.
 */
import { prioritized } from '../http';
import type { Priority } from '../pacer';
import { createTransport, type OpenAlexOptions } from './transport';
import { workCalls } from './works';
import { authorCalls } from './authors';
import { autocompleteCall } from './autocomplete';

export { classifyOpenAlex429, type OpenAlexOptions } from './transport';
export { WORKS_PAGE_SIZE, type ResearcherWorksPage, type WorkOrder, type WorksJoining } from './works';
export { NAME_SEARCH_CREDITS } from './authors';
export type { AuthorSuggestion, CandidateProfile, ResearcherProfile } from './author-mappers';
export type { AlertWork, AuthoredWork, DigestWork, ResearcherWork, WorkAuthors } from './work-mappers';

/** The OpenAlex client; `getKey` supplies the user's optional API key at call time. */
export function createOpenAlex(options: OpenAlexOptions) {
  const transport = createTransport(options);
  /** The same client, its requests at `priority` (pacer.ts PRIORITY); key and spent budget shared. */
  const at = (priority: Priority): OpenAlexClient =>
    createOpenAlex({ ...options, budget: transport.budget, http: prioritized(options.http, priority) });
  return {
    ...workCalls(transport),
    ...authorCalls(transport),
    autocomplete: autocompleteCall(transport),
    budgetResetAt: transport.budgetResetAt,
    at,
  };
}

export interface OpenAlexClient extends OpenAlexCalls {
  at(priority: Priority): OpenAlexClient;
}
type OpenAlexCalls = Omit<ReturnType<typeof createOpenAlex>, 'at'>;
