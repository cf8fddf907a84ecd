import type { FastifyRequest } from 'fastify';
import type { CommunicationContext } from '../../context.js';
import { forbidden, notFound } from '../../domain/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The communication user of a verified chat token (the /chat API only). */
    chatUserId: string;
  }
}

/** The caller's communication user id (set by the token check every /chat route runs first). */
export const callerOf = (request: FastifyRequest): string => request.chatUserId;

/** The origin the caller reached the service at: the base of every nextLink. */
export const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** What the chat routes look up before they act: the caller's thread and the messages in it. */
export function chatAccess(ctx: CommunicationContext) {
  /** A live thread the caller is in, and the caller's participant row (their shareHistoryTime). */
  const membership = async (request: FastifyRequest, threadId: string) => {
    const thread = await ctx.store.thread(threadId);
    if (!thread || thread.deletedOn)
      throw notFound(`Thread '${threadId}' was not found.`, 'chatThreadId');
    const me = await ctx.store.participant(threadId, callerOf(request));
    if (!me) throw forbidden('The caller is not a participant of this thread.');
    return { thread, me };
  };
  return {
    membership,
    /** A live thread the caller is in: 404 when there is none, 403 when they are not in it. */
    memberThread: async (request: FastifyRequest, threadId: string) =>
      (await membership(request, threadId)).thread,
    /** A message of the thread: 404 when there is none. */
    messageOf: async (threadId: string, messageId: string) => {
      const message = await ctx.store.message(threadId, messageId);
      if (!message) throw notFound(`Message '${messageId}' was not found.`, 'chatMessageId');
      return message;
    },
  };
}
