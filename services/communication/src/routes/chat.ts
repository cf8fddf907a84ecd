import {
  addChatParticipantsRequestSchema,
  CHAT_API_VERSION,
  COMMUNICATION_MESSAGES,
  chatApiVersionQuerySchema,
  chatPageQuerySchema,
  communicationIdentifierModelSchema,
  createChatThreadRequestSchema,
  sendChatMessageRequestSchema,
  sendReadReceiptRequestSchema,
  sendTypingNotificationRequestSchema,
  updateChatMessageRequestSchema,
  updateChatThreadRequestSchema,
} from '@oneeta/contracts';
import { randomUUID } from 'node:crypto';
import {
  bearerToken,
  describeIssue,
  HttpError,
  isUnavailableError,
  RETRY_AFTER_SECONDS,
  type App,
} from '@oneeta/service-kit';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommunicationContext } from '../context.js';
import {
  badRequest,
  CHAT_ERROR_CODES,
  ChatApiError,
  forbidden,
  notFound,
  unauthorized,
} from '../domain/errors.js';
import { communicationUserOf, userIdOfCommunicationUser } from '../domain/identity.js';
import { CHAT_LIMIT_WINDOW_MS, hourlyChatLimit, hourlyLimitMessage } from '../domain/limits.js';
import { displayNameOf } from '../domain/rules.js';
import { decodeCursor, encodeCursor, nextLinkOf, pageSizeOf } from '../domain/paging.js';
import {
  chatMessage,
  chatParticipant,
  readReceipt,
  threadItem,
  threadProperties,
} from '../domain/wire.js';
import type { NewParticipant } from '../store/chat-store.js';
import type { ThreadRow } from '../store/schema.js';

const threadParams = z.object({ chatThreadId: z.string().min(1).max(200) });
const messageParams = threadParams.extend({ chatMessageId: z.string().min(1).max(100) });
const TYPING_WINDOW_MS = 8000;
/**
 * The path and api-version of the real-time notification config the ACS SDK's signaling client
 * asks for when startRealtimeNotifications() runs (@azure/communication-signaling
 * TrouterConfigClient: `GET /chat/config/realTimeNotifications?api-version=2024-09-01`).
 */
export const REALTIME_CONFIG_PATH = '/chat/config/realTimeNotifications';
export const REALTIME_CONFIG_API_VERSION = '2024-09-01';

declare module 'fastify' {
  interface FastifyRequest {
    /** The communication user of a verified chat token (the /chat API only). */
    chatUserId: string;
  }
}

/** The caller's communication user id (set by the token check every /chat route runs first). */
const callerOf = (request: FastifyRequest): string => request.chatUserId;

const parseDate = (text: string | undefined): Date | undefined =>
  text === undefined ? undefined : new Date(text);

/**
 * The embedded chat server: the chat service API of document 2 §7 in Azure Communication
 * Services' own wire format (api-version 2025-03-15), so the official @azure/communication-chat
 * ChatClient works against it. Every route needs a chat token from POST /api/communication/token;
 * every refusal is `{ error: { code, message, … } }` with ACS's status codes.
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

      chat.setErrorHandler((error: FastifyError | ChatApiError, request, reply) => {
        if (error instanceof ChatApiError)
          return reply.status(error.statusCode).headers(error.headers).send(error.body());
        // The kit's own refusals (the account view unreachable: 503) in the chat API's shape.
        if (error instanceof HttpError) {
          if (error.headers) reply.headers(error.headers);
          return reply
            .status(error.statusCode)
            .send(
              new ChatApiError(
                error.statusCode,
                CHAT_ERROR_CODES[error.statusCode] ?? 'BadRequest',
                error.message,
              ).body(),
            );
        }
        if ('validation' in error && error.validation?.length) {
          const first = error.validation[0]!;
          const path = first.instancePath.split('/').filter(Boolean);
          const message = describeIssue(path, first.message ?? 'Invalid request');
          return reply.status(400).send(badRequest(message, path.join('.') || undefined).body());
        }
        const status = error.statusCode ?? 500;
        if (status < 500) {
          const code = CHAT_ERROR_CODES[status] ?? 'BadRequest';
          const message =
            error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
            error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is not valid JSON.'
              : error.message;
          return reply.status(status).send(new ChatApiError(status, code, message).body());
        }
        if (isUnavailableError(error)) {
          request.log.warn({ err: error }, 'dependency unavailable');
          return reply
            .status(503)
            .header('retry-after', String(RETRY_AFTER_SECONDS))
            .send(
              new ChatApiError(
                503,
                'ServiceUnavailable',
                'The service is temporarily unavailable. Try again in a few seconds.',
              ).body(),
            );
        }
        request.log.error({ err: error }, 'chat request failed');
        return reply
          .status(500)
          .send(new ChatApiError(500, 'InternalServerError', 'Something went wrong.').body());
      });

      chat.setNotFoundHandler((request, reply) => {
        reply
          .status(404)
          .send(notFound(`No route for ${request.method} ${request.url.split('?')[0]}`).body());
      });

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

      const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

      /** A live thread the caller is in: 404 when there is none, 403 when they are not in it. */
      const memberThread = async (request: FastifyRequest, threadId: string): Promise<ThreadRow> =>
        (await membership(request, threadId)).thread;
      /** The thread and the caller's participant row (their shareHistoryTime). */
      const membership = async (request: FastifyRequest, threadId: string) => {
        const thread = await ctx.store.thread(threadId);
        if (!thread || thread.deletedOn)
          throw notFound(`Thread '${threadId}' was not found.`, 'chatThreadId');
        const me = await ctx.store.participant(threadId, callerOf(request));
        if (!me) throw forbidden('The caller is not a participant of this thread.');
        return { thread, me };
      };
      /**
       * The history a participant sees: a participant added with a shareHistoryTime sees the
       * messages created from then on, as ACS shares them; one added without sees all of it.
       */
      const historyStart = (me: { shareHistoryTime: Date | null }, startTime: Date | undefined) =>
        me.shareHistoryTime && (!startTime || startTime < me.shareHistoryTime)
          ? me.shareHistoryTime
          : startTime;

      /** A session thread whose session closed is read-only: 403 'Session closed'. */
      const writable = (thread: ThreadRow): ThreadRow => {
        if (thread.closedOn) throw forbidden(COMMUNICATION_MESSAGES.sessionClosed);
        return thread;
      };

      const toNewParticipants = (
        list: z.infer<typeof addChatParticipantsRequestSchema>['participants'],
      ) => {
        const valid: NewParticipant[] = [];
        const invalid: { code: string; message: string; target: string }[] = [];
        for (const p of list) {
          const id = communicationUserOf(p.communicationIdentifier);
          if (!id) {
            invalid.push({
              code: 'BadRequest',
              message: 'Only communication users can be chat participants.',
              target: p.communicationIdentifier.rawId ?? '',
            });
            continue;
          }
          valid.push({
            userId: id,
            displayName: p.displayName,
            shareHistoryTime: parseDate(p.shareHistoryTime),
            metadata: p.metadata,
          });
        }
        return { valid, invalid };
      };

      // ── Real-time notification config ───────────────────────────────────────────────────────
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

      // ── Threads ─────────────────────────────────────────────────────────────────────────────
      chat.post(
        '/threads',
        { schema: { querystring: chatApiVersionQuerySchema, body: createChatThreadRequestSchema } },
        async (request, reply) => {
          const caller = callerOf(request);
          const { valid, invalid } = toNewParticipants(request.body.participants ?? []);
          const repeatability = request.headers['repeatability-request-id'];
          // The creator is in the thread, under the name given for them or their profile's.
          const userId = userIdOfCommunicationUser(caller);
          const account = userId ? await ctx.accounts(userId) : null;
          const { thread } = await ctx.store.createThread({
            topic: request.body.topic,
            creator: valid.find((p) => p.userId === caller) ?? {
              userId: caller,
              displayName: account ? displayNameOf(account) : null,
            },
            participants: valid,
            metadata: request.body.metadata,
            retentionPolicy: request.body.retentionPolicy,
            repeatabilityRequestId:
              typeof repeatability === 'string' && repeatability.length > 0
                ? repeatability.slice(0, 200)
                : undefined,
          });
          return reply.status(201).send({
            chatThread: threadProperties(thread),
            ...(invalid.length > 0 ? { invalidParticipants: invalid } : {}),
          });
        },
      );

      chat.get('/threads', { schema: { querystring: chatPageQuerySchema } }, async (request) => {
        const { maxPageSize, startTime, syncState } = request.query;
        const cursor = syncState ? decodeCursor(syncState) : {};
        if (!cursor) throw badRequest('The syncState is not valid.', 'syncState');
        const limit = pageSizeOf(maxPageSize);
        const offset = cursor.offset ?? 0;
        const rows = await ctx.store.threadsOf(callerOf(request), {
          startTime: parseDate(startTime),
          offset,
          limit: limit + 1,
        });
        const page = rows.slice(0, limit);
        return {
          value: page.map(threadItem),
          ...(rows.length > limit
            ? {
                nextLink: nextLinkOf(baseOf(request), '/chat/threads', {
                  syncState: encodeCursor({ offset: offset + limit }),
                  maxPageSize: String(limit),
                  startTime,
                  'api-version': CHAT_API_VERSION,
                }),
              }
            : {}),
        };
      });

      chat.get(
        '/threads/:chatThreadId',
        { schema: { querystring: chatApiVersionQuerySchema, params: threadParams } },
        async (request) =>
          threadProperties(await memberThread(request, request.params.chatThreadId)),
      );

      chat.patch(
        '/threads/:chatThreadId',
        {
          schema: {
            querystring: chatApiVersionQuerySchema,
            params: threadParams,
            body: updateChatThreadRequestSchema,
          },
        },
        async (request, reply) => {
          const thread = writable(await memberThread(request, request.params.chatThreadId));
          await ctx.store.updateThread(thread.id, request.body, callerOf(request));
          return reply.status(204).send();
        },
      );

      chat.delete(
        '/threads/:chatThreadId',
        { schema: { querystring: chatApiVersionQuerySchema, params: threadParams } },
        async (request, reply) => {
          const thread = await ctx.store.thread(request.params.chatThreadId);
          // Deleting twice (or a thread that never was) is fine, as ACS has it.
          if (!thread || thread.deletedOn) return reply.status(204).send();
          // A session's thread belongs to the session: only its creator (the session author) deletes it.
          if (thread.createdBy !== callerOf(request))
            throw forbidden('Only the creator of the thread can delete it.');
          await ctx.store.deleteThread(thread.id, callerOf(request));
          return reply.status(204).send();
        },
      );

      // ── Messages ────────────────────────────────────────────────────────────────────────────
      chat.post(
        '/threads/:chatThreadId/messages',
        {
          schema: {
            querystring: chatApiVersionQuerySchema,
            params: threadParams,
            body: sendChatMessageRequestSchema,
          },
        },
        async (request, reply) => {
          const caller = callerOf(request);
          const thread = writable(await memberThread(request, request.params.chatThreadId));
          if (request.body.content.trim().length === 0)
            throw badRequest('The message content must not be empty.', 'content');
          const me = await ctx.store.participant(thread.id, caller);
          // The sender's plan, read fresh: the free plan sends at most 10 messages in any hour.
          const userId = userIdOfCommunicationUser(caller);
          const account = userId ? await ctx.accounts(userId) : null;
          if (!account) throw unauthorized('The account of this access token no longer exists.');
          if (!account.name?.trim() && !account.email.trim())
            throw forbidden(COMMUNICATION_MESSAGES.nameRequired);
          const limit = hourlyChatLimit(account.plan);
          const reservation = randomUUID();
          if (limit !== null) {
            const { allowed, retryAfterMs } = await ctx.sendLimit.reserve(
              account.id,
              limit,
              CHAT_LIMIT_WINDOW_MS,
              reservation,
            );
            if (!allowed)
              throw new ChatApiError(
                429,
                'TooManyRequests',
                hourlyLimitMessage(limit, retryAfterMs),
                {},
                { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
              );
          }
          try {
            const row = await ctx.store.sendMessage(thread.id, {
              type: request.body.type ?? 'text',
              content: { message: request.body.content },
              senderId: caller,
              senderDisplayName: request.body.senderDisplayName ?? me?.displayName ?? null,
              metadata: request.body.metadata,
            });
            return await reply.status(201).send({ id: row.id });
          } catch (err) {
            // A message that was not stored does not count.
            if (limit !== null) await ctx.sendLimit.release(account.id, reservation);
            throw err;
          }
        },
      );

      chat.get(
        '/threads/:chatThreadId/messages',
        { schema: { querystring: chatPageQuerySchema, params: threadParams } },
        async (request) => {
          const { thread, me } = await membership(request, request.params.chatThreadId);
          const { maxPageSize, startTime, syncState } = request.query;
          const cursor = syncState ? decodeCursor(syncState) : {};
          if (!cursor) throw badRequest('The syncState is not valid.', 'syncState');
          const limit = pageSizeOf(maxPageSize);
          const rows = await ctx.store.messages(thread.id, {
            beforeSequenceId: cursor.beforeSequenceId,
            startTime: historyStart(me, parseDate(startTime)),
            limit: limit + 1,
          });
          const page = rows.slice(0, limit);
          const last = page[page.length - 1];
          return {
            value: page.map(chatMessage),
            ...(rows.length > limit && last
              ? {
                  nextLink: nextLinkOf(
                    baseOf(request),
                    `/chat/threads/${encodeURIComponent(thread.id)}/messages`,
                    {
                      syncState: encodeCursor({ beforeSequenceId: last.sequenceId }),
                      maxPageSize: String(limit),
                      startTime,
                      'api-version': CHAT_API_VERSION,
                    },
                  ),
                }
              : {}),
          };
        },
      );

      const messageOf = async (threadId: string, messageId: string) => {
        const message = await ctx.store.message(threadId, messageId);
        if (!message) throw notFound(`Message '${messageId}' was not found.`, 'chatMessageId');
        return message;
      };

      chat.get(
        '/threads/:chatThreadId/messages/:chatMessageId',
        { schema: { querystring: chatApiVersionQuerySchema, params: messageParams } },
        async (request) => {
          const { thread, me } = await membership(request, request.params.chatThreadId);
          const message = await messageOf(thread.id, request.params.chatMessageId);
          // Before the caller's shared history: not theirs to see.
          if (me.shareHistoryTime && message.createdOn < me.shareHistoryTime)
            throw notFound(`Message '${message.id}' was not found.`, 'chatMessageId');
          return chatMessage(message);
        },
      );

      chat.patch(
        '/threads/:chatThreadId/messages/:chatMessageId',
        {
          schema: {
            querystring: chatApiVersionQuerySchema,
            params: messageParams,
            body: updateChatMessageRequestSchema,
          },
        },
        async (request, reply) => {
          const thread = writable(await memberThread(request, request.params.chatThreadId));
          const message = await messageOf(thread.id, request.params.chatMessageId);
          if (message.senderId !== callerOf(request))
            throw forbidden('Only the sender can edit a message.');
          if (message.deletedOn)
            throw notFound(`Message '${message.id}' was deleted.`, 'chatMessageId');
          if (request.body.content !== undefined && request.body.content.trim().length === 0)
            throw badRequest('The message content must not be empty.', 'content');
          await ctx.store.updateMessage(thread.id, message.id, request.body);
          return reply.status(204).send();
        },
      );

      chat.delete(
        '/threads/:chatThreadId/messages/:chatMessageId',
        { schema: { querystring: chatApiVersionQuerySchema, params: messageParams } },
        async (request, reply) => {
          const thread = writable(await memberThread(request, request.params.chatThreadId));
          const message = await messageOf(thread.id, request.params.chatMessageId);
          if (message.senderId !== callerOf(request))
            throw forbidden('Only the sender can delete a message.');
          await ctx.store.deleteMessage(thread.id, message.id);
          return reply.status(204).send();
        },
      );

      // ── Participants ────────────────────────────────────────────────────────────────────────
      chat.get(
        '/threads/:chatThreadId/participants',
        { schema: { querystring: chatPageQuerySchema, params: threadParams } },
        async (request) => {
          const thread = await memberThread(request, request.params.chatThreadId);
          const limit = pageSizeOf(request.query.maxPageSize);
          const skip = request.query.skip ?? 0;
          const rows = await ctx.store.participants(thread.id, { offset: skip, limit: limit + 1 });
          return {
            value: rows.slice(0, limit).map(chatParticipant),
            ...(rows.length > limit
              ? {
                  nextLink: nextLinkOf(
                    baseOf(request),
                    `/chat/threads/${encodeURIComponent(thread.id)}/participants`,
                    {
                      skip: String(skip + limit),
                      maxPageSize: String(limit),
                      'api-version': CHAT_API_VERSION,
                    },
                  ),
                }
              : {}),
          };
        },
      );

      chat.post(
        '/threads/:chatThreadId/participants/::add',
        {
          schema: {
            querystring: chatApiVersionQuerySchema,
            params: threadParams,
            body: addChatParticipantsRequestSchema,
          },
        },
        async (request, reply) => {
          const thread = writable(await memberThread(request, request.params.chatThreadId));
          // A session's thread follows the session: only its creator adds people (the service adds members itself).
          if (thread.createdBy !== callerOf(request))
            throw forbidden('Only the creator of the thread can add participants.');
          const { valid, invalid } = toNewParticipants(request.body.participants);
          await ctx.store.addParticipants(thread.id, valid, callerOf(request));
          return reply.status(201).send(invalid.length > 0 ? { invalidParticipants: invalid } : {});
        },
      );

      chat.post(
        '/threads/:chatThreadId/participants/::remove',
        {
          schema: {
            querystring: chatApiVersionQuerySchema,
            params: threadParams,
            body: communicationIdentifierModelSchema,
          },
        },
        async (request, reply) => {
          const thread = await memberThread(request, request.params.chatThreadId);
          const caller = callerOf(request);
          const target = communicationUserOf(request.body);
          if (!target)
            throw badRequest('Only communication users can be chat participants.', 'rawId');
          // Anyone may leave; only the creator removes others.
          if (target !== caller && thread.createdBy !== caller)
            throw forbidden('Only the creator of the thread can remove other participants.');
          await ctx.store.removeParticipant(thread.id, target, caller);
          return reply.status(204).send();
        },
      );

      // ── Typing and read receipts ────────────────────────────────────────────────────────────
      chat.post(
        '/threads/:chatThreadId/typing',
        {
          schema: {
            querystring: chatApiVersionQuerySchema,
            params: threadParams,
            body: sendTypingNotificationRequestSchema.nullish(),
          },
        },
        async (request, reply) => {
          const thread = await memberThread(request, request.params.chatThreadId);
          // At most one typing notification per participant and thread every 8 s goes out; more are accepted and dropped.
          const caller = callerOf(request);
          const fresh = await ctx.redis.set(
            `${ctx.config.REDIS_PREFIX}:chat:typing:${thread.id}:${caller}`,
            '1',
            'PX',
            TYPING_WINDOW_MS,
            'NX',
          );
          // Ephemeral: straight to the session's subscribers, never stored.
          if (fresh === 'OK') {
            const me = await ctx.store.participant(thread.id, caller);
            const name = request.body?.senderDisplayName ?? me?.displayName;
            await ctx.publishDirect(thread, {
              type: 'typingIndicatorReceived',
              senderId: caller,
              ...(name ? { senderDisplayName: name } : {}),
              receivedOn: new Date().toISOString(),
            });
          }
          return reply.status(200).send();
        },
      );

      chat.post(
        '/threads/:chatThreadId/readReceipts',
        {
          schema: {
            querystring: chatApiVersionQuerySchema,
            params: threadParams,
            body: sendReadReceiptRequestSchema,
          },
        },
        async (request, reply) => {
          const thread = await memberThread(request, request.params.chatThreadId);
          const message = await ctx.store.message(thread.id, request.body.chatMessageId);
          if (!message)
            throw notFound(
              `Message '${request.body.chatMessageId}' was not found.`,
              'chatMessageId',
            );
          const readOn = new Date();
          await ctx.store.markRead(thread.id, callerOf(request), message.id, readOn);
          await ctx.publishDirect(thread, {
            type: 'readReceiptReceived',
            senderId: callerOf(request),
            chatMessageId: message.id,
            readOn: readOn.toISOString(),
          });
          return reply.status(200).send();
        },
      );

      chat.get(
        '/threads/:chatThreadId/readReceipts',
        { schema: { querystring: chatPageQuerySchema, params: threadParams } },
        async (request) => {
          const thread = await memberThread(request, request.params.chatThreadId);
          const limit = pageSizeOf(request.query.maxPageSize);
          const skip = request.query.skip ?? 0;
          const rows = await ctx.store.readReceipts(thread.id, { offset: skip, limit: limit + 1 });
          return {
            value: rows.slice(0, limit).map(readReceipt),
            ...(rows.length > limit
              ? {
                  nextLink: nextLinkOf(
                    baseOf(request),
                    `/chat/threads/${encodeURIComponent(thread.id)}/readReceipts`,
                    {
                      skip: String(skip + limit),
                      maxPageSize: String(limit),
                      'api-version': CHAT_API_VERSION,
                    },
                  ),
                }
              : {}),
          };
        },
      );
    },
    { prefix: '/chat' },
  );
}
