import {
  inviteViewResponseSchema,
  MESSAGES,
  SESSIONS_DEFAULT_LIMIT,
  sessionLimitsResponseSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  type SESSION_STATUSES,
} from '@oneeta/contracts';
import { SPEC } from '../text';
import { apiRequest } from './client';

export type SessionStatus = (typeof SESSION_STATUSES)[number];

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
    schema: sessionListResponseSchema,
    fallbackError: MESSAGES.fetchSessionsFailed,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/sessions/limits → { plan, limits, usage }; default error 'Failed to fetch limits'. */
export function getSessionLimits(signal?: AbortSignal) {
  return apiRequest('/api/sessions/limits', {
    schema: sessionLimitsResponseSchema,
    fallbackError: MESSAGES.fetchLimitsFailed,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/sessions/:id (bearer optional) → { session }; 403 for a signed-in non-member, 404 when new. */
export function getSession(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}`, {
    schema: sessionResponseSchema,
    fallbackError: MESSAGES.internalError,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/sessions/:id/invite/:code → { invite, session }; default error 'Could not validate invite'. */
export function getInvite(id: string, code: string, signal?: AbortSignal) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/invite/${encodeURIComponent(code)}`, {
    schema: inviteViewResponseSchema,
    fallbackError: SPEC.couldNotValidateInvite,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}
