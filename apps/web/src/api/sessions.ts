import type { locationBodySchema, auditItemSchema, matrixUsageItemSchema } from '@oneeta/contracts';
import {
  auditPageSchema,
  auditSummarySchema,
  inviteResponseSchema,
  inviteViewResponseSchema,
  locationResponseSchema,
  matrixUsageResponseSchema,
  MESSAGES,
  participantsResponseSchema,
  type ParticipantInput,
  type SaveSessionBody,
  SESSIONS_DEFAULT_LIMIT,
  sessionLimitsResponseSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  type SESSION_STATUSES,
} from '@oneeta/contracts';
import type { z } from 'zod';
import { SESSION_SPEC } from '../features/session/texts';
import { SPEC } from '../text';
import { apiRequest } from './client';

/** doc 2 §8 (widget messages): the default text of a failed PUT /api/location. */
const FAILED_TO_SEND_LOCATION = 'Failed to send location';

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

// ---- Quick session page (issue 6) ----

/** POST /api/sessions → { session }: creates the session (201) or saves the owner's changes (200). */
export function saveSession(body: SaveSessionBody) {
  return apiRequest('/api/sessions', {
    method: 'POST',
    body,
    schema: sessionResponseSchema,
    fallbackError: MESSAGES.internalError,
    auth: 'optional',
  });
}

/** POST /api/sessions/:id/invites { name, email } → 201 { invite } (owner). */
export function createInvite(id: string, invite: { name: string; email: string }) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/invites`, {
    method: 'POST',
    body: invite,
    schema: inviteResponseSchema,
    fallbackError: SESSION_SPEC.inviteFailed,
    auth: 'required',
  });
}

/** DELETE /api/sessions/:id/invites/:inviteId → { participants } (owner or the invitee). */
export function cancelInvite(id: string, inviteId: string) {
  return apiRequest(
    `/api/sessions/${encodeURIComponent(id)}/invites/${encodeURIComponent(inviteId)}`,
    {
      method: 'DELETE',
      schema: participantsResponseSchema,
      fallbackError: SESSION_SPEC.couldNotCancelInvite,
      auth: 'required',
    },
  );
}

/** POST /api/sessions/:id/close { confirm: true } → { session } (owner). */
export function closeSession(id: string) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/close`, {
    method: 'POST',
    body: { confirm: true },
    schema: sessionResponseSchema,
    fallbackError: SESSION_SPEC.couldNotCloseSession,
    auth: 'optional',
  });
}

export type LocationBody = z.input<typeof locationBodySchema>;

/** PUT /api/location → { updated: [sessionId] }: the device's position, for every open session the user is in. */
export function sendLocation(body: LocationBody) {
  return apiRequest('/api/location', {
    method: 'PUT',
    body,
    schema: locationResponseSchema,
    fallbackError: FAILED_TO_SEND_LOCATION,
    auth: 'required',
  });
}

/** PUT /api/sessions/:id/participants { participants } → { participants } (members). */
export function syncParticipants(id: string, participants: ParticipantInput[]) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/participants`, {
    method: 'PUT',
    body: { participants },
    schema: participantsResponseSchema,
    fallbackError: MESSAGES.internalError,
    auth: 'required',
  });
}

export type AuditItem = z.infer<typeof auditItemSchema>;
export type MatrixUsageItem = z.infer<typeof matrixUsageItemSchema>;

/** GET /api/sessions/:id/audit?cursor= → { items, nextCursor } (owner; served by the admin service). */
export function getAuditPage(id: string, cursor?: string | null, signal?: AbortSignal) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/audit`, {
    query: { cursor },
    schema: auditPageSchema,
    fallbackError: MESSAGES.internalError,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/sessions/:id/audit/summary → { totals: { count, azureRequests } }. */
export function getAuditSummary(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/audit/summary`, {
    schema: auditSummarySchema,
    fallbackError: MESSAGES.internalError,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/sessions/:id/matrix-usage?includeRequests=false → { usage: [{ dateHour, count }] }. */
export function getMatrixUsage(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/matrix-usage`, {
    query: { includeRequests: false },
    schema: matrixUsageResponseSchema,
    fallbackError: MESSAGES.internalError,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}
