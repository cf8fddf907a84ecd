import { CHAT_API_VERSION } from '@oneeta/contracts';
import { bearerToken, type App } from '@oneeta/service-kit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CommunicationContext } from '../context.js';
import { badRequest, ChatApiError, unauthorized } from '../domain/errors.js';
import { chatErrorHandler, chatNotFound } from './chat/errors.js';
import { messageRoutes } from './chat/messages.js';
import { participantRoutes } from './chat/participants.js';
import { receiptRoutes } from './chat/receipts.js';
import { threadRoutes } from './chat/threads.js';

/**
 * The path and api-version of the real-time notification config the ACS SDK's signaling client
 * asks for when startRealtimeNotifications() runs (@azure/communication-signaling
 * TrouterConfigClient: `GET /chat/config/realTimeNotifications?api-version=2024-09-01`).
 */
export const REALTIME_CONFIG_PATH = '/chat/config/realTimeNotifications';
export const REALTIME_CONFIG_API_VERSION = '2024-09-01';

/**
 * The embedded chat server: the chat service API of document 2 §7 in Azure Communication
 * Services' own wire format (api-version 2025-03-15), so the official @azure/communication-chat
 * ChatClient works against it. Every route needs a chat token from POST /api/communication/token;
 * every refusal is `{ error: { code, message, … } }` with ACS's status codes. The routes of each
 * resource live in routes/chat/; the rules they apply in domain/chat-rules.ts.
 */
export function chatRoutes(app: App, ctx: CommunicationContext) {
  app.register(
    async (plain) => {
      const chat = plain.withTypeProvider<ZodTypeProvider>();
      chat.decorateRequest('chatUserId', '');
      // Thread and message PATCHes are JSON merge patches.
      chat.addContentTypeParser(
        'application/merge-patch+json',
        { parseAs: 'string' },
        (_request, body, done) => {
          try {
            done(null, body === '' ? undefined : JSON.parse(body as string));
          } catch {
            done(badRequest('The request body is not valid JSON.'), undefined);
          }
        },
      );
      chat.setErrorHandler(chatErrorHandler);
      chat.setNotFoundHandler(chatNotFound);

      // Every call: a supported api-version and a valid chat token.
      chat.addHook('preValidation', async (request) => {
        const version = (request.query as Record<string, unknown> | undefined)?.['api-version'];
        const expected =
          request.routeOptions.url === REALTIME_CONFIG_PATH
            ? REALTIME_CONFIG_API_VERSION
            : CHAT_API_VERSION;
        if (version === undefined)
          throw badRequest(
            `The api-version query parameter is required (${expected}).`,
            'api-version',
          );
        if (version !== expected)
          throw badRequest(
            `The api-version '${String(version)}' is not supported; use ${expected}.`,
            'api-version',
          );
        const token = bearerToken(request.headers.authorization);
        if (!token) throw unauthorized('Authorization header with a bearer token is required.');
        const check = await ctx.tokens.verify(token);
        if (!check.ok)
          throw unauthorized(
            check.reason === 'expired'
              ? 'The access token has expired.'
              : 'The access token is not valid.',
          );
        request.chatUserId = check.communicationUserId;
      });

      // ACS answers the Trouter and registrar URLs its signaling client then connects to. The
      // embedded server has no Trouter: its real-time events reach browsers as `chat-event` frames
      // on the gateway's /ws hub. So the SDK's startRealtimeNotifications() gets a clear refusal
      // in the chat API's error shape instead of a 404 for an unknown route.
      // Left out of the OpenAPI document: it is the SDK's wire endpoint, not a product call, and its
      // 501 is deliberate (the fuzz suite treats every 5xx of a documented call as a finding).
      chat.get(REALTIME_CONFIG_PATH.slice('/chat'.length), { schema: { hide: true } }, async () => {
        throw new ChatApiError(
          501,
          'NotImplemented',
          "This chat server has no ACS real-time notification service (Trouter). Its real-time events come as 'chat-event' frames over the /ws websocket of the session.",
        );
      });

      threadRoutes(chat, ctx);
      messageRoutes(chat, ctx);
      participantRoutes(chat, ctx);
      receiptRoutes(chat, ctx);
    },
    { prefix: '/chat' },
  );
}
