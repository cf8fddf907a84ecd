import { type LocationSource } from '@oneeta/contracts';
import { queryOptions } from '@tanstack/react-query';
import { SPEC } from '../text';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** Ours: the spec has no list of one's invites. */
const MY_INVITES_FAILED = 'Could not load your invites';
/** doc 1 §8: the default texts of a failed invite and cancel invite. */
export const INVITE_FAILED = 'Invite failed';
export const CANCEL_INVITE_FAILED = 'Could not cancel invite';
/** doc 1 §8 "Invite page": the default texts of a failed accept and decline. */
export const ACCEPT_FAILED = 'Accept failed';
export const DECLINE_FAILED = 'Decline failed';

/** GET /api/sessions/my-invites → { items, emailVerified }: the caller's pending invites (verified e-mail only). */
export function listMyInvites(signal?: AbortSignal) {
  return apiRequest('/api/sessions/my-invites', {
    schema: 'myInvitesResponseSchema',
    fallbackError: MY_INVITES_FAILED,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/sessions/:id/invite/:code → { invite, session }; default error 'Could not validate invite'. */
export function getInvite(id: string, code: string, signal?: AbortSignal) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/invite/${encodeURIComponent(code)}`, {
    schema: 'inviteViewResponseSchema',
    fallbackError: SPEC.couldNotValidateInvite,
    auth: 'optional',
    ...(signal ? { signal } : {}),
  });
}

/**
 * POST /api/sessions/:id/invites { name, email } → 201 { invite, emailSent, emailNotice? } (owner):
 * when the invite was not e-mailed, emailNotice says why (share the link instead).
 */
export function createInvite(id: string, invite: { name: string; email: string }) {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}/invites`, {
    method: 'POST',
    body: invite,
    schema: 'createInviteResponseSchema',
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
      schema: 'participantsResponseSchema',
      fallbackError: CANCEL_INVITE_FAILED,
      auth: 'required',
    },
  );
}

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
    schema: 'acceptInviteResponseSchema',
    fallbackError: ACCEPT_FAILED,
    auth: 'required',
  });
}

/** POST /api/sessions/:id/invite/:code/decline (bearer optional) → { invite }; default 'Decline failed'. */
export function declineInvite(id: string, code: string) {
  return apiRequest(`${invitePath(id, code)}/decline`, {
    method: 'POST',
    body: {},
    schema: 'inviteResponseSchema',
    fallbackError: DECLINE_FAILED,
    auth: 'optional',
  });
}

/** GET /api/sessions/my-invites: the signed-in user's pending invites. */
export const myInvitesQuery = () =>
  queryOptions({
    queryKey: queryKeys.myInvites,
    queryFn: ({ signal }) => listMyInvites(signal),
  });
