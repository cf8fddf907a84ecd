import {
  CHAT_API_VERSION,
  chatApiVersionQuerySchema,
  chatPageQuerySchema,
  chatThreadParamsSchema,
  sendReadReceiptRequestSchema,
  sendTypingNotificationRequestSchema,
} from '@oneeta/contracts';
import type { App } from '@oneeta/service-kit';
import type { CommunicationContext } from '../../context.js';
import { TYPING_WINDOW_MS } from '../../domain/chat-rules.js';
import { notFound } from '../../domain/errors.js';
import { nextLinkOf, pageOf, pageSizeOf } from '../../domain/paging.js';
import { readReceipt } from '../../domain/wire.js';
import { baseOf, callerOf, chatAccess } from './access.js';

/** /chat/threads/{id}/typing and /readReceipts: typing notifications and read receipts. */
export function receiptRoutes(chat: App, ctx: CommunicationContext) {
  const { membership, memberThread } = chatAccess(ctx);

  chat.post(
    '/threads/:chatThreadId/typing',
    {
      schema: {
        querystring: chatApiVersionQuerySchema,
        params: chatThreadParamsSchema,
        body: sendTypingNotificationRequestSchema.nullish(),
      },
    },
    async (request, reply) => {
      const { thread, me } = await membership(request, request.params.chatThreadId);
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
        const name = request.body?.senderDisplayName ?? me.displayName;
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
        params: chatThreadParamsSchema,
        body: sendReadReceiptRequestSchema,
      },
    },
    async (request, reply) => {
      const thread = await memberThread(request, request.params.chatThreadId);
      const message = await ctx.store.message(thread.id, request.body.chatMessageId);
      if (!message)
        throw notFound(`Message '${request.body.chatMessageId}' was not found.`, 'chatMessageId');
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
    { schema: { querystring: chatPageQuerySchema, params: chatThreadParamsSchema } },
    async (request) => {
      const thread = await memberThread(request, request.params.chatThreadId);
      const limit = pageSizeOf(request.query.maxPageSize);
      const skip = request.query.skip ?? 0;
      const rows = await ctx.store.readReceipts(thread.id, { offset: skip, limit: limit + 1 });
      return pageOf(rows, limit, readReceipt, () =>
        nextLinkOf(baseOf(request), `/chat/threads/${encodeURIComponent(thread.id)}/readReceipts`, {
          skip: String(skip + limit),
          maxPageSize: String(limit),
          'api-version': CHAT_API_VERSION,
        }),
      );
    },
  );
}
