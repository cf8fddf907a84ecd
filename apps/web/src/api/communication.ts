/**
 * The product's communication calls (document 2 §7 "Communication"): a chat token for a session
 * (POST /api/communication/token), the session's thread (POST /api/communication/thread), the
 * owner's Reset Chat (POST /api/communication/reset) and the sent-message report (audit-message).
 * The chat itself (/chat/*) is spoken by features/chat's transport with the chat token.
 */
import {
  COMMUNICATION_MESSAGES,
  type CALL_MODES,
  type CommunicationAuditMessageBody,
} from '@oneeta/contracts';
import { apiRequest } from './client';

/** POST /api/communication/token { sessionId } → { token, expiresOn, endpoint, threadId, user: { id } }. */
export function getCommunicationToken(sessionId: string, signal?: AbortSignal) {
  return apiRequest('/api/communication/token', {
    method: 'POST',
    body: { sessionId },
    bodySchema: 'communicationTokenBodySchema',
    schema: 'communicationTokenResponseSchema',
    fallbackError: COMMUNICATION_MESSAGES.failedToGetToken,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/communication/thread { sessionId } → { threadId, endpoint, sessionAcsId } (the author creates it). */
export function createChatThread(sessionId: string) {
  return apiRequest('/api/communication/thread', {
    method: 'POST',
    body: { sessionId },
    bodySchema: 'communicationThreadBodySchema',
    schema: 'communicationThreadResponseSchema',
    fallbackError: COMMUNICATION_MESSAGES.noThread,
    auth: 'required',
  });
}

/** Our own texts of these calls' failures (the server's error text wins when it sends one). */
export const COMMUNICATION_CALL_ERRORS = {
  resetFailed: 'Could not reset the chat',
  auditFailed: 'Could not report the message',
  participantsFailed: 'Could not load the participants',
  completeFailed: 'Failed to complete call',
  usageFailed: 'Could not report the call',
} as const;

/** POST /api/communication/reset { sessionId } → { threadId, previousThreadId, endpoint }: the owner's Reset Chat. */
export function resetChat(sessionId: string) {
  return apiRequest('/api/communication/reset', {
    method: 'POST',
    body: { sessionId },
    bodySchema: 'communicationResetBodySchema',
    schema: 'communicationResetResponseSchema',
    fallbackError: COMMUNICATION_CALL_ERRORS.resetFailed,
    auth: 'required',
  });
}

/** POST /api/communication/audit-message (fire and forget): the widget reports a message it sent. */
export function auditMessage(body: CommunicationAuditMessageBody) {
  return apiRequest('/api/communication/audit-message', {
    method: 'POST',
    body,
    bodySchema: 'communicationAuditMessageBodySchema',
    schema: 'communicationAcceptedResponseSchema',
    fallbackError: COMMUNICATION_CALL_ERRORS.auditFailed,
    auth: 'required',
  });
}

/** POST /api/communication/participants { sessionId } → the chat's other participants [{ id, displayName }]. */
export function getChatParticipants(sessionId: string, signal?: AbortSignal) {
  return apiRequest('/api/communication/participants', {
    method: 'POST',
    body: { sessionId },
    bodySchema: 'communicationParticipantsBodySchema',
    schema: 'communicationParticipantsResponseSchema',
    fallbackError: COMMUNICATION_CALL_ERRORS.participantsFailed,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/communication/complete-call { sessionId, acsIds } → { ok, completed }. */
export function completeCall(sessionId: string, acsIds: string[]) {
  return apiRequest('/api/communication/complete-call', {
    method: 'POST',
    body: { sessionId, acsIds },
    bodySchema: 'communicationCompleteCallBodySchema',
    schema: 'communicationCompleteCallResponseSchema',
    fallbackError: COMMUNICATION_CALL_ERRORS.completeFailed,
    auth: 'required',
  });
}

/** POST /api/communication/call-usage/start: one's own call connected (the server notes the time) → { callId }. */
export function startCallUsage(sessionId: string, mode: (typeof CALL_MODES)[number]) {
  return apiRequest('/api/communication/call-usage/start', {
    method: 'POST',
    body: { sessionId, mode },
    bodySchema: 'callUsageStartBodySchema',
    schema: 'callUsageStartResponseSchema',
    fallbackError: COMMUNICATION_CALL_ERRORS.usageFailed,
    auth: 'required',
  });
}

/** POST /api/communication/call-usage/end (fire and forget): that call ended; the server counts its seconds. */
export function endCallUsage(sessionId: string, callId: string) {
  return apiRequest('/api/communication/call-usage/end', {
    method: 'POST',
    body: { sessionId, callId },
    bodySchema: 'callUsageEndBodySchema',
    schema: 'callUsageEndResponseSchema',
    fallbackError: COMMUNICATION_CALL_ERRORS.usageFailed,
    auth: 'required',
  });
}
