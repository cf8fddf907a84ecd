import type { locationBodySchema, auditItemSchema, matrixUsageItemSchema } from '@oneeta/contracts';
import {
  acceptInviteResponseSchema,
  auditPageSchema,
  auditSummarySchema,
  inviteResponseSchema,
  inviteViewResponseSchema,
  type LocationSource,
  locationResponseSchema,
  matrixUsageResponseSchema,
  MESSAGES,
  myInvitesResponseSchema,
  participantsResponseSchema,
  type ParticipantInput,
  type SaveSessionBody,
  SESSIONS_DEFAULT_LIMIT,
  SESSIONS_PAGE_SIZE,
  sessionLimitsResponseSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
} from '@oneeta/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { SPEC } from '../text';
import { apiRequest } from './client';
import { queryKeys, type SessionStatus } from './query-keys';

/** doc 2 §8 (widget messages): the default text of a failed PUT /api/location. */
const FAILED_TO_SEND_LOCATION = 'Failed to send location';
/** Ours: the spec has no list of one's invites. */
const MY_INVITES_FAILED = 'Could not load your invites';
/** doc 1 §8: the default texts of a failed invite, cancel invite and close session. */
export const INVITE_FAILED = 'Invite failed';
export const CANCEL_INVITE_FAILED = 'Could not cancel invite';
export const CLOSE_SESSION_FAILED = 'Could not close session';
/** doc 1 §8 "Invite page": the default texts of a failed accept and decline. */
export const ACCEPT_FAILED = 'Accept failed';
export const DECLINE_FAILED = 'Decline failed';

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
    schema: sessionListResponseSchema,
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

/** GET /api/sessions/my-invites → { items, emailVerified }: the caller's pending invites (verified e-mail only). */
export function listMyInvites(signal?: AbortSignal) {
  return apiRequest('/api/sessions/my-invites', {
    schema: myInvitesResponseSchema,
    fallbackError: MY_INVITES_FAILED,
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

/** The session query (GET /api/sessions/:id): the session as this viewer may see it. */
export const sessionQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.session(id),
    queryFn: async ({ signal }) => (await getSession(id, signal)).session,
  });

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
    fallbackError: INVITE_FAILED,
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
      fallbackError: CANCEL_INVITE_FAILED,
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

// The invite page's calls (doc 1 §7); validating a code is `getInvite` above.

const invitePath = (id: string, code: string) =>
  `/api/sessions/${encodeURIComponent(id)}/invite/${encodeURIComponent(code)}`;

export interface LatLon {
  lat: number;
  lon: number;
}

/**
 * POST /api/sessions/:id/invite/:code/accept { code, lat, lon } (bearer) → { participant, session }.
 * Without a position the server answers 400 code 'missing_location'; default error 'Accept failed'.
 */
export function acceptInvite(
  id: string,
  code: string,
  position: LatLon | null,
  source: LocationSource = 'device',
) {
  return apiRequest(`${invitePath(id, code)}/accept`, {
    method: 'POST',
    body: position
      ? { code, lat: position.lat, lon: position.lon, locationSource: source }
      : { code },
    schema: acceptInviteResponseSchema,
    fallbackError: ACCEPT_FAILED,
    auth: 'required',
  });
}

/** POST /api/sessions/:id/invite/:code/decline (bearer optional) → { invite }; default 'Decline failed'. */
export function declineInvite(id: string, code: string) {
  return apiRequest(`${invitePath(id, code)}/decline`, {
    method: 'POST',
    body: {},
    schema: inviteResponseSchema,
    fallbackError: DECLINE_FAILED,
    auth: 'optional',
  });
}

// queryOptions factories of the session area's other reads (the pages add `enabled`).

/** GET /api/sessions/limits for the signed-in user. */
export const sessionLimitsQuery = () =>
  queryOptions({
    queryKey: queryKeys.sessionLimits,
    queryFn: ({ signal }) => getSessionLimits(signal),
  });

/** GET /api/sessions/my-invites: the signed-in user's pending invites. */
export const myInvitesQuery = () =>
  queryOptions({
    queryKey: queryKeys.myInvites,
    queryFn: ({ signal }) => listMyInvites(signal),
  });

/** The owner's audit log of a session, paged by cursor; never retried. */
export const sessionAuditQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.sessionAudit(id),
    retry: false,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getAuditPage(id, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

/** The owner's audit summary of a session; never retried. */
export const sessionAuditSummaryQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.sessionAuditSummary(id),
    retry: false,
    queryFn: ({ signal }) => getAuditSummary(id, signal),
  });

/** Route-matrix calls per UTC hour of a session; never retried. */
export const matrixUsageQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.sessionMatrixUsage(id),
    retry: false,
    queryFn: ({ signal }) => getMatrixUsage(id, signal),
  });
