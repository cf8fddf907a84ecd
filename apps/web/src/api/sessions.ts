import type { locationBodySchema } from '@oneeta/contracts';
import {
  MESSAGES,
  type ParticipantInput,
  type SaveSessionBody,
  SESSIONS_DEFAULT_LIMIT,
  SESSIONS_PAGE_SIZE,
} from '@oneeta/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './client';
import { queryKeys, type SessionStatus } from './query-keys';

/** doc 2 §8 (widget messages): the default text of a failed PUT /api/location. */
const FAILED_TO_SEND_LOCATION = 'Failed to send location';
/** doc 1 §8: the default text of a failed close session. */
export const CLOSE_SESSION_FAILED = 'Could not close session';
export type { SessionStatus };

export interface ListSessionsParams {
  status?: SessionStatus;
  limit?: number;
  cursor?: string | null;
  signal?: AbortSignal;
}

/** GET /api/sessions/mine?status&limit&cursor → { items, nextCursor }; default error 'Failed to fetch sessions'. */
export function listMySessions({
  status = 'open',
  limit = SESSIONS_DEFAULT_LIMIT,
  cursor,
  signal,
}: ListSessionsParams = {}) {
  return apiRequest('/api/sessions/mine', {
    query: { status, limit, cursor },
    schema: 'sessionListResponseSchema',
    fallbackError: MESSAGES.fetchSessionsFailed,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** The user's open or closed sessions, SESSIONS_PAGE_SIZE at a time, next page by cursor. */
export const sessionListQuery = (status: SessionStatus) =>
  infiniteQueryOptions({
    queryKey: queryKeys.sessionList(status, SESSIONS_PAGE_SIZE),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      listMySessions({ status, limit: SESSIONS_PAGE_SIZE, cursor: pageParam, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

/** GET /api/sessions/limits → { plan, limits, usage }; default error 'Failed to fetch limits'. */
export function getSessionLimits(signal?: AbortSignal) {
  return apiRequest('/api/sessions/limits', {
    schema: 'sessionLimitsResponseSchema',
    fallbackError: MESSAGES.fetchLimitsFailed,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/sessions/:id (bearer optional) → { session }; 403 for a signed-in non-member, 404 when new. */
export function getSession(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}`, {
    schema: 'sessionResponseSchema',
    fallbackError: MESSAGES.internalError,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}

/** The session query (GET /api/sessions/:id): the session as this viewer may see it. */
export const sessionQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.session(id),
    queryFn: async ({ signal }) => (await getSession(id, signal)).session,
  });

// ---- Quick session page (issue 6) ----

/** POST /api/sessions → { session }: creates the session (201) or saves the owner's changes (200). */
export function saveSession(body: SaveSessionBody) {
  return apiRequest('/api/sessions', {
    method: 'POST',
    body,
    schema: 'sessionResponseSchema',
    fallbackError: MESSAGES.internalError,
    auth: 'optional',
  });
}

/** POST /api/sessions/:id/close { confirm: true } → { session } (owner). */
export function closeSession(id: string) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/close`, {
    method: 'POST',
    body: { confirm: true },
    schema: 'sessionResponseSchema',
    fallbackError: CLOSE_SESSION_FAILED,
    auth: 'optional',
  });
}

export type LocationBody = z.input<typeof locationBodySchema>;

/** PUT /api/location → { updated: [sessionId] }: the device's position, for every open session the user is in. */
export function sendLocation(body: LocationBody) {
  return apiRequest('/api/location', {
    method: 'PUT',
    body,
    schema: 'locationResponseSchema',
    fallbackError: FAILED_TO_SEND_LOCATION,
    auth: 'required',
  });
}

/** PUT /api/sessions/:id/participants { participants } → { participants } (members). */
export function syncParticipants(id: string, participants: ParticipantInput[]) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/participants`, {
    method: 'PUT',
    body: { participants },
    schema: 'participantsResponseSchema',
    fallbackError: MESSAGES.internalError,
    auth: 'required',
  });
}

// queryOptions factories of the session area's other reads (the pages add `enabled`).

/** GET /api/sessions/limits for the signed-in user. */
export const sessionLimitsQuery = () =>
  queryOptions({
    queryKey: queryKeys.sessionLimits,
    queryFn: ({ signal }) => getSessionLimits(signal),
  });
