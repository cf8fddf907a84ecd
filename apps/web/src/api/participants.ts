/**
 * The arrival panel's participant calls (doc 2 §7; session service, README "Session"):
 * route options, enroute, remove, leave, and cancel invite. Every answer is parsed with its
 * contract schema; a failure is an ApiError carrying the server's `error` text, else the panel's
 * generic toast text (doc 2 §8).
 */
import {
  participantResponseSchema,
  participantsResponseSchema,
  type RouteOptions,
} from '@oneeta/contracts';
import { PANEL_TOASTS } from '../features/arrival-panel/texts';
import { apiRequest } from './client';

const participantPath = (sessionId: string, participantId: string) =>
  `/api/sessions/${encodeURIComponent(sessionId)}/participants/${encodeURIComponent(participantId)}`;

/** POST /api/sessions/:id/participants/:pid/routeOptions {travelMode, routeType, avoidTolls} → { participant } (the participant themself). */
export function saveRouteOptions(
  sessionId: string,
  participantId: string,
  routeOptions: RouteOptions,
) {
  return apiRequest(`${participantPath(sessionId, participantId)}/routeOptions`, {
    method: 'POST',
    body: routeOptions,
    schema: participantResponseSchema,
    fallbackError: PANEL_TOASTS.routeOptionsFailed,
    auth: 'required',
  });
}

/** POST /api/sessions/:id/participants/:pid/enroute {enroute} → { participant } (the participant themself). */
export function setEnroute(sessionId: string, participantId: string, enroute: boolean) {
  return apiRequest(`${participantPath(sessionId, participantId)}/enroute`, {
    method: 'POST',
    body: { enroute },
    schema: participantResponseSchema,
    fallbackError: PANEL_TOASTS.enrouteFailed,
    auth: 'required',
  });
}

/** DELETE /api/sessions/:id/participants/:pid → { participants } (the owner). */
export function removeParticipant(sessionId: string, participantId: string) {
  return apiRequest(participantPath(sessionId, participantId), {
    method: 'DELETE',
    schema: participantsResponseSchema,
    fallbackError: PANEL_TOASTS.removeFailed,
    auth: 'required',
  });
}

/** POST /api/sessions/:id/participants/:pid/leave → { participants } (a non-owner, for themself). */
export function leaveSession(sessionId: string, participantId: string) {
  return apiRequest(`${participantPath(sessionId, participantId)}/leave`, {
    method: 'POST',
    schema: participantsResponseSchema,
    fallbackError: PANEL_TOASTS.leaveFailed,
    auth: 'required',
  });
}

/** DELETE /api/sessions/:id/invites/:inviteId → { participants } (the owner or the invitee). */
export function cancelInvite(sessionId: string, inviteId: string) {
  return apiRequest(
    `/api/sessions/${encodeURIComponent(sessionId)}/invites/${encodeURIComponent(inviteId)}`,
    {
      method: 'DELETE',
      schema: participantsResponseSchema,
      fallbackError: PANEL_TOASTS.cancelInviteFailed,
      auth: 'required',
    },
  );
}
