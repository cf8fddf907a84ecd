import {
  CHAT_API_VERSION,
  chatApiVersionQuerySchema,
  chatMessageParamsSchema,
  chatPageQuerySchema,
  chatThreadParamsSchema,
  sendChatMessageRequestSchema,
  updateChatMessageRequestSchema,
} from '@oneeta/contracts';
import type { App } from '@oneeta/service-kit';
import { randomUUID } from 'node:crypto';
import type { CommunicationContext } from '../../context.js';
import {
  assertContent,
  assertSender,
  assertWritable,
  beforeHistory,
  historyStart,
  parseDate,
  senderAccount,
  tooManyMessages,
} from '../../domain/chat-rules.js';
import { badRequest, notFound } from '../../domain/errors.js';
import { userIdOfCommunicationUser } from '../../domain/identity.js';
import { CHAT_LIMIT_WINDOW_MS, hourlyChatLimit } from '../../domain/limits.js';
import { decodeCursor, encodeCursor, nextLinkOf, pageOf, pageSizeOf } from '../../domain/paging.js';
import { chatMessage } from '../../domain/wire.js';
import { baseOf, callerOf, chatAccess } from './access.js';

/** /chat/threads/{id}/messages: send, list, read, edit and delete messages. */
export function messageRoutes(chat: App, ctx: CommunicationContext) {
  const { membership, memberThread, messageOf } = chatAccess(ctx);

  chat.post(
    '/threads/:chatThreadId/messages',
    {
      schema: {
        querystring: chatApiVersionQuerySchema,
        params: chatThreadParamsSchema,
        body: sendChatMessageRequestSchema,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { thread, me } = await membership(request, request.params.chatThreadId);
      assertWritable(thread);
      assertContent(request.body.content);
      // The sender's plan, read fresh: the free plan sends at most 10 messages in any hour.
      const userId = userIdOfCommunicationUser(caller);
      const account = senderAccount(userId ? await ctx.accounts(userId) : null);
      const limit = hourlyChatLimit(account.plan);
      const reservation = randomUUID();
      if (limit !== null) {
        const { allowed, retryAfterMs } = await ctx.sendLimit.reserve(
          account.id,
          limit,
          CHAT_LIMIT_WINDOW_MS,
          reservation,
        );
        if (!allowed) throw tooManyMessages(limit, retryAfterMs);
      }
      try {
        const row = await ctx.store.sendMessage(thread.id, {
          type: request.body.type ?? 'text',
          content: { message: request.body.content },
          senderId: caller,
          senderDisplayName: request.body.senderDisplayName ?? me.displayName ?? null,
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
    { schema: { querystring: chatPageQuerySchema, params: chatThreadParamsSchema } },
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
      return pageOf(rows, limit, chatMessage, (last) =>
        nextLinkOf(baseOf(request), `/chat/threads/${encodeURIComponent(thread.id)}/messages`, {
          syncState: encodeCursor({ beforeSequenceId: last.sequenceId }),
          maxPageSize: String(limit),
          startTime,
          'api-version': CHAT_API_VERSION,
        }),
      );
    },
  );

  chat.get(
    '/threads/:chatThreadId/messages/:chatMessageId',
    { schema: { querystring: chatApiVersionQuerySchema, params: chatMessageParamsSchema } },
    async (request) => {
      const { thread, me } = await membership(request, request.params.chatThreadId);
      const message = await messageOf(thread.id, request.params.chatMessageId);
      if (beforeHistory(me, message))
        throw notFound(`Message '${message.id}' was not found.`, 'chatMessageId');
      return chatMessage(message);
    },
  );

  chat.patch(
    '/threads/:chatThreadId/messages/:chatMessageId',
    {
      schema: {
        querystring: chatApiVersionQuerySchema,
        params: chatMessageParamsSchema,
        body: updateChatMessageRequestSchema,
      },
    },
    async (request, reply) => {
      const thread = assertWritable(await memberThread(request, request.params.chatThreadId));
      const message = await messageOf(thread.id, request.params.chatMessageId);
      assertSender(message, callerOf(request), 'edit');
      assertContent(request.body.content);
      await ctx.store.updateMessage(thread.id, message.id, request.body);
      return reply.status(204).send();
    },
  );

  chat.delete(
    '/threads/:chatThreadId/messages/:chatMessageId',
    { schema: { querystring: chatApiVersionQuerySchema, params: chatMessageParamsSchema } },
    async (request, reply) => {
      const thread = assertWritable(await memberThread(request, request.params.chatThreadId));
      const message = await messageOf(thread.id, request.params.chatMessageId);
      assertSender(message, callerOf(request), 'delete');
      await ctx.store.deleteMessage(thread.id, message.id);
      return reply.status(204).send();
    },
  );
}
