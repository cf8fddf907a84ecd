import {
  CHAT_API_VERSION,
  addChatParticipantsRequestSchema,
  chatApiVersionQuerySchema,
  chatPageQuerySchema,
  chatThreadParamsSchema,
  communicationIdentifierModelSchema,
} from '@oneeta/contracts';
import type { App } from '@oneeta/service-kit';
import type { CommunicationContext } from '../../context.js';
import {
  assertCreator,
  assertMayRemove,
  assertWritable,
  toNewParticipants,
} from '../../domain/chat-rules.js';
import { badRequest } from '../../domain/errors.js';
import { communicationUserOf } from '../../domain/identity.js';
import { nextLinkOf, pageOf, pageSizeOf } from '../../domain/paging.js';
import { chatParticipant } from '../../domain/wire.js';
import { baseOf, callerOf, chatAccess } from './access.js';

/** /chat/threads/{id}/participants: list, add (:add) and remove (:remove) participants. */
export function participantRoutes(chat: App, ctx: CommunicationContext) {
  const { memberThread } = chatAccess(ctx);

  chat.get(
    '/threads/:chatThreadId/participants',
    { schema: { querystring: chatPageQuerySchema, params: chatThreadParamsSchema } },
    async (request) => {
      const thread = await memberThread(request, request.params.chatThreadId);
      const limit = pageSizeOf(request.query.maxPageSize);
      const skip = request.query.skip ?? 0;
      const rows = await ctx.store.participants(thread.id, { offset: skip, limit: limit + 1 });
      return pageOf(rows, limit, chatParticipant, () =>
        nextLinkOf(baseOf(request), `/chat/threads/${encodeURIComponent(thread.id)}/participants`, {
          skip: String(skip + limit),
          maxPageSize: String(limit),
          'api-version': CHAT_API_VERSION,
        }),
      );
    },
  );

  chat.post(
    '/threads/:chatThreadId/participants/::add',
    {
      schema: {
        querystring: chatApiVersionQuerySchema,
        params: chatThreadParamsSchema,
        body: addChatParticipantsRequestSchema,
      },
    },
    async (request, reply) => {
      const thread = assertWritable(await memberThread(request, request.params.chatThreadId));
      assertCreator(thread, callerOf(request), 'add');
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
        params: chatThreadParamsSchema,
        body: communicationIdentifierModelSchema,
      },
    },
    async (request, reply) => {
      const thread = await memberThread(request, request.params.chatThreadId);
      const caller = callerOf(request);
      const target = communicationUserOf(request.body);
      if (!target) throw badRequest('Only communication users can be chat participants.', 'rawId');
      assertMayRemove(thread, caller, target);
      await ctx.store.removeParticipant(thread.id, target, caller);
      return reply.status(204).send();
    },
  );
}
