import {
  CHAT_API_VERSION,
  chatApiVersionQuerySchema,
  chatPageQuerySchema,
  chatThreadParamsSchema,
  createChatThreadRequestSchema,
  updateChatThreadRequestSchema,
} from '@oneeta/contracts';
import type { App } from '@oneeta/service-kit';
import type { CommunicationContext } from '../../context.js';
import {
  assertCreator,
  assertWritable,
  parseDate,
  repeatabilityIdOf,
  toNewParticipants,
} from '../../domain/chat-rules.js';
import { badRequest } from '../../domain/errors.js';
import { userIdOfCommunicationUser } from '../../domain/identity.js';
import { decodeCursor, encodeCursor, nextLinkOf, pageOf, pageSizeOf } from '../../domain/paging.js';
import { displayNameOf } from '../../domain/rules.js';
import { threadItem, threadProperties } from '../../domain/wire.js';
import { baseOf, callerOf, chatAccess } from './access.js';

/** /chat/threads: create, list, read, update and delete threads. */
export function threadRoutes(chat: App, ctx: CommunicationContext) {
  const { memberThread } = chatAccess(ctx);

  chat.post(
    '/threads',
    { schema: { querystring: chatApiVersionQuerySchema, body: createChatThreadRequestSchema } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { valid, invalid } = toNewParticipants(request.body.participants ?? []);
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
        repeatabilityRequestId: repeatabilityIdOf(request.headers['repeatability-request-id']),
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
    return pageOf(rows, limit, threadItem, () =>
      nextLinkOf(baseOf(request), '/chat/threads', {
        syncState: encodeCursor({ offset: offset + limit }),
        maxPageSize: String(limit),
        startTime,
        'api-version': CHAT_API_VERSION,
      }),
    );
  });

  chat.get(
    '/threads/:chatThreadId',
    { schema: { querystring: chatApiVersionQuerySchema, params: chatThreadParamsSchema } },
    async (request) => threadProperties(await memberThread(request, request.params.chatThreadId)),
  );

  chat.patch(
    '/threads/:chatThreadId',
    {
      schema: {
        querystring: chatApiVersionQuerySchema,
        params: chatThreadParamsSchema,
        body: updateChatThreadRequestSchema,
      },
    },
    async (request, reply) => {
      const thread = assertWritable(await memberThread(request, request.params.chatThreadId));
      await ctx.store.updateThread(thread.id, request.body, callerOf(request));
      return reply.status(204).send();
    },
  );

  chat.delete(
    '/threads/:chatThreadId',
    { schema: { querystring: chatApiVersionQuerySchema, params: chatThreadParamsSchema } },
    async (request, reply) => {
      const thread = await ctx.store.thread(request.params.chatThreadId);
      // Deleting twice (or a thread that never was) is fine, as ACS has it.
      if (!thread || thread.deletedOn) return reply.status(204).send();
      assertCreator(thread, callerOf(request), 'delete');
      await ctx.store.deleteThread(thread.id, callerOf(request));
      return reply.status(204).send();
    },
  );
}
