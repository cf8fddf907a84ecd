/**
 * The arrival panel's participant calls (doc 2 §7; session service, README "Session"):
 * route options, enroute, remove and leave (cancel invite is in sessions.ts). Every answer is parsed with its
 * contract schema; a failure is an ApiError carrying the server's `error` text, else the panel's
 * generic toast text (doc 2 §8).
 */
import { type RouteOptions } from '@oneeta/contracts';
import { apiRequest } from './client';

/** doc 2 §8: the default texts of the failed participant calls (the panel's toasts reuse them). */
export const PARTICIPANT_CALL_ERRORS = {
  routeOptionsFailed: 'Could not save route options',
  enrouteFailed: 'Could not update enroute state',
  removeFailed: 'Could not remove participant',
  leaveFailed: 'Could not leave session',
} as const;

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
    schema: 'participantResponseSchema',
    fallbackError: PARTICIPANT_CALL_ERRORS.routeOptionsFailed,
    auth: 'required',
  });
}

/** POST /api/sessions/:id/participants/:pid/enroute {enroute} → { participant } (the participant themself). */
export function setEnroute(sessionId: string, participantId: string, enroute: boolean) {
  return apiRequest(`${participantPath(sessionId, participantId)}/enroute`, {
    method: 'POST',
    body: { enroute },
    schema: 'participantResponseSchema',
    fallbackError: PARTICIPANT_CALL_ERRORS.enrouteFailed,
    auth: 'required',
  });
}

/** DELETE /api/sessions/:id/participants/:pid → { participants } (the owner). */
export function removeParticipant(sessionId: string, participantId: string) {
  return apiRequest(participantPath(sessionId, participantId), {
    method: 'DELETE',
    schema: 'participantsResponseSchema',
    fallbackError: PARTICIPANT_CALL_ERRORS.removeFailed,
    auth: 'required',
  });
}

/** POST /api/sessions/:id/participants/:pid/leave → { participants } (a non-owner, for themself). */
export function leaveSession(sessionId: string, participantId: string) {
  return apiRequest(`${participantPath(sessionId, participantId)}/leave`, {
    method: 'POST',
    schema: 'participantsResponseSchema',
    fallbackError: PARTICIPANT_CALL_ERRORS.leaveFailed,
    auth: 'required',
  });
}
