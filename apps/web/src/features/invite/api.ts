import {
  acceptInviteResponseSchema,
  authResponseSchema,
  inviteResponseSchema,
  type RegisterBody,
} from '@oneeta/contracts';
import { apiRequest } from '../../api/client';
import { INVITE_SPEC } from './texts';

/** The invite calls (doc 1 §7); validating a code is `getInvite` in api/sessions.ts. */

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
export function acceptInvite(id: string, code: string, position: LatLon | null) {
  return apiRequest(`${invitePath(id, code)}/accept`, {
    method: 'POST',
    body: position ? { code, lat: position.lat, lon: position.lon } : { code },
    schema: acceptInviteResponseSchema,
    fallbackError: INVITE_SPEC.acceptFailed,
    auth: 'required',
  });
}

/** POST /api/sessions/:id/invite/:code/decline (bearer optional) → { invite }; default 'Decline failed'. */
export function declineInvite(id: string, code: string) {
  return apiRequest(`${invitePath(id, code)}/decline`, {
    method: 'POST',
    body: {},
    schema: inviteResponseSchema,
    fallbackError: INVITE_SPEC.declineFailed,
    auth: 'optional',
  });
}

/** POST /api/auth/register from the invite page; default error 'Registration failed'. */
export function registerForInvite(body: RegisterBody) {
  return apiRequest('/api/auth/register', {
    method: 'POST',
    body,
    schema: authResponseSchema,
    fallbackError: INVITE_SPEC.registrationFailed,
    auth: 'none',
  });
}
