import type { CreateSuggestionBody } from '@oneeta/contracts';
import { apiRequest } from './client';

/** The default texts of the suggestion calls when the server gives none. */
export const SUGGEST_FAILED = 'Could not compare these places';
export const VOTE_FAILED = 'Could not save your thumbs up';

const base = (id: string) => `/api/sessions/${encodeURIComponent(id)}/suggestions`;

/**
 * POST /api/sessions/:id/suggestions (owner) `{ candidates }` or `{ category }` → { suggestion },
 * 'pending' until the travel times are in (the session's view then carries it 'ready').
 */
export function createSuggestion(id: string, body: CreateSuggestionBody) {
  return apiRequest(base(id), {
    method: 'POST',
    body,
    bodySchema: 'createSuggestionBodySchema',
    schema: 'suggestionResponseSchema',
    fallbackError: SUGGEST_FAILED,
    auth: 'required',
  });
}

/** POST /api/sessions/:id/suggestions/:sid/votes `{ index }` (null withdraws) → { suggestion }. */
export function voteSuggestion(id: string, suggestionId: string, index: number | null) {
  return apiRequest(`${base(id)}/${encodeURIComponent(suggestionId)}/votes`, {
    method: 'POST',
    body: { index },
    bodySchema: 'suggestionVoteBodySchema',
    schema: 'suggestionResponseSchema',
    fallbackError: VOTE_FAILED,
    auth: 'required',
  });
}
