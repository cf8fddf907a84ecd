/**
 * The product's communication calls (document 2 §7 "Communication"): a chat token for a session
 * (POST /api/communication/token) and the session's thread (POST /api/communication/thread).
 * The chat itself (/chat/*) is spoken by features/chat's transport with the chat token.
 */
import { COMMUNICATION_MESSAGES } from '@oneeta/contracts';
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
