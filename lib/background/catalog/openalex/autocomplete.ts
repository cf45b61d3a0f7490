/** OpenAlex's `/autocomplete`: search-as-you-type for authors and works (free). */
import { validate } from '../http';
import * as S from '../schemas/openalex';
import type { PaperSummary } from '../../../catalog/types';
import { MAX_QUERY_CHARS } from '../../../shared/limits';
import type { Transport } from './transport';
import { authorSuggestion, type AuthorSuggestion } from './author-mappers';
import { workSuggestion } from './work-mappers';

export function autocompleteCall({ call }: Transport) {
  /**
   * Search-as-you-type (free). The query is trimmed and capped at 200 characters; an empty
   * query answers `[]` without a request.
   */
  function autocomplete(entity: 'authors', q: string, signal?: AbortSignal): Promise<AuthorSuggestion[]>;
  function autocomplete(entity: 'works', q: string, signal?: AbortSignal): Promise<PaperSummary[]>;
  async function autocomplete(entity: 'authors' | 'works', q: string, signal?: AbortSignal): Promise<AuthorSuggestion[] | PaperSummary[]> {
    // Cut by code point so an emoji is never split into a lone surrogate.
    const query = Array.from(q.trim()).slice(0, MAX_QUERY_CHARS).join('').trim();
    if (!query) return [];
    const body = await call('free', `/autocomplete/${entity}`, { q: query }, signal);
    const hits = validate(S.list(S.AutocompleteHit), body, 'OpenAlex autocomplete').results;
    return entity === 'authors' ? hits.flatMap(authorSuggestion) : hits.flatMap(workSuggestion);
  }
  return autocomplete;
}
