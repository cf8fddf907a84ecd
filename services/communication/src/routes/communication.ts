import {
  COMMUNICATION_MESSAGES,
  communicationAcceptedResponseSchema,
  communicationAuditMessageBodySchema,
  communicationCompleteCallBodySchema,
  communicationCompleteCallResponseSchema,
  communicationResetBodySchema,
  communicationResetResponseSchema,
  communicationParticipantsBodySchema,
  communicationParticipantsResponseSchema,
  communicationThreadBodySchema,
  communicationThreadResponseSchema,
  communicationTokenBodySchema,
  communicationTokenResponseSchema,
} from '@oneeta/contracts';
import { HttpError, type App, type AuthUser, type Guards } from '@oneeta/service-kit';
import type { FastifyRequest } from 'fastify';
import type { CommunicationContext } from '../context.js';
import { canChat, displayNameOf } from '../domain/rules.js';
import { callUsageRoutes } from './call-usage.js';
import { exportRoutes } from './export.js';
import type { SessionThread } from '../providers/chat-backend.js';

export { SESSION_THREAD_TOPIC } from '../providers/embedded-chat.js';

const tags = ['communication'];

/**
 * The product's communication calls (document 2 §7 "Communication"): tokens for the chat API, the
 * session's thread (only its author creates it; members attach) and the thread's other participants.
 */
export function communicationRoutes(app: App, ctx: CommunicationContext, guards: Guards) {
  /** How the caller belongs to the session: 404 when there is no such session. */
  const roleIn = async (sessionId: string, user: AuthUser) => {
    const membership = await ctx.sessions.membership(
      sessionId,
      user.id,
      user.emailVerified ? user.email : null,
    );
    if (!membership) throw new HttpError(404, COMMUNICATION_MESSAGES.sessionNotFound, 'not_found');
    return membership.role;
  };

  const personOf = (user: AuthUser) => ({ userId: user.id, displayName: displayNameOf(user) });
  /**
   * Brings the thread's members in line with the session now. Should the session service (or ACS)
   * not answer, the thread still stands: the next session.changed or the owner's
   * ensure-chat-members brings the others in; the miss is logged.
   */
  const syncMembers = (request: FastifyRequest, sessionId: string, what: string) =>
    ctx
      .syncThread(sessionId)
      .catch((err: unknown) =>
        request.log.warn({ err, sessionId }, `${what}: members not synced yet`),
      );

  /** Puts the caller in the thread (a participantAdded message the first time). */
  const attach = async (thread: SessionThread, user: AuthUser) => {
    const id = await ctx.chat.identityOf(user.id);
    const members = await ctx.chat.members(thread);
    if (!members.some((m) => m.id === id)) await ctx.chat.addMembers(thread, [personOf(user)]);
    return id;
  };

  app.post(
    '/api/communication/token',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'communicationToken',
        summary: "A chat token (and the session's thread id) for the caller",
        body: communicationTokenBodySchema.nullish(),
        response: { 200: communicationTokenResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const sessionId = request.body?.sessionId;
      let threadId = '';
      if (sessionId) {
        if (!canChat(await roleIn(sessionId, user)))
          throw new HttpError(403, COMMUNICATION_MESSAGES.notSessionMember, 'not_member');
        const thread = await ctx.chat.sessionThread(sessionId);
        if (thread) {
          await attach(thread, user);
          threadId = thread.id;
        }
      }
      const { id, token, expiresOn } = await ctx.chat.token(user.id);
      return {
        mode: ctx.chat.mode,
        token,
        expiresOn,
        endpoint: ctx.chat.endpoint,
        threadId,
        user: { id },
      };
    },
  );

  app.post(
    '/api/communication/thread',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'communicationThread',
        summary: "Create (the session's author) or attach to the session's chat thread",
        body: communicationThreadBodySchema,
        response: { 200: communicationThreadResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const { sessionId, threadId } = request.body;
      const role = await roleIn(sessionId, user);
      if (!canChat(role))
        throw new HttpError(403, COMMUNICATION_MESSAGES.notAuthorizedToAttach, 'not_authorized');
      let thread = await ctx.chat.sessionThread(sessionId);
      if (threadId !== undefined) {
        if (!thread) throw new HttpError(404, COMMUNICATION_MESSAGES.noThread, 'no_thread');
        if (thread.id !== threadId)
          throw new HttpError(403, COMMUNICATION_MESSAGES.notAuthorizedToAttach, 'not_authorized');
      } else if (!thread) {
        if (role !== 'owner')
          throw new HttpError(403, COMMUNICATION_MESSAGES.threadAuthorOnly, 'author_only');
        thread = await ctx.chat.createSessionThread(sessionId, personOf(user));
        // Everyone already in the session is in its new thread.
        await syncMembers(request, sessionId, 'new chat thread');
      }
      const sessionAcsId = await attach(thread, user);
      return { threadId: thread.id, endpoint: ctx.chat.endpoint, sessionAcsId };
    },
  );

  app.post(
    '/api/communication/participants',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'communicationParticipants',
        summary: "The session chat's other participants (the caller's own entry removed)",
        body: communicationParticipantsBodySchema,
        response: { 200: communicationParticipantsResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const { sessionId } = request.body;
      if (!canChat(await roleIn(sessionId, user)))
        throw new HttpError(403, COMMUNICATION_MESSAGES.notSessionMember, 'not_member');
      const thread = await ctx.chat.sessionThread(sessionId);
      if (!thread) return { participants: [] };
      const me = await ctx.chat.identityOf(user.id);
      const members = await ctx.chat.members(thread);
      return {
        participants: members
          .filter((p) => p.id !== me)
          .map((p) => ({ id: p.id, displayName: p.displayName ?? p.id })),
      };
    },
  );

  /** A member (owner or active participant) of the session, else 403. */
  const requireMember = async (sessionId: string, user: AuthUser) => {
    const role = await roleIn(sessionId, user);
    if (!canChat(role))
      throw new HttpError(403, COMMUNICATION_MESSAGES.notSessionMember, 'not_member');
    return role;
  };

  app.post(
    '/api/communication/audit-message',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'communicationAuditMessage',
        summary: 'Report a chat message sent (fire and forget; counted once per message)',
        body: communicationAuditMessageBodySchema,
        response: { 202: communicationAcceptedResponseSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { sessionId, clientMessageId, messageLength } = request.body;
      await requireMember(sessionId, user);
      // The chat server counted the message when it was sent (same key: session, sender,
      // clientMessageId), so this report adds nothing then; in ACS mode it is the only count.
      const counted = await ctx.store.recordChatUsage({
        sessionId,
        senderId: await ctx.chat.identityOf(user.id),
        clientMessageId,
        length: messageLength,
      });
      return reply.status(202).send({ ok: true, duplicate: !counted });
    },
  );

  callUsageRoutes(app, ctx, guards, requireMember);
  exportRoutes(app, ctx, guards);

  app.post(
    '/api/communication/complete-call',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'communicationCompleteCall',
        summary: 'Complete the call for the selected participants',
        body: communicationCompleteCallBodySchema,
        response: { 200: communicationCompleteCallResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const sessionId = request.body.sessionId?.trim();
      if (!sessionId)
        throw new HttpError(400, COMMUNICATION_MESSAGES.missingSessionId, 'missing_session_id');
      const acsIds = [...new Set(request.body.acsIds ?? [])];
      if (acsIds.length === 0)
        throw new HttpError(
          400,
          COMMUNICATION_MESSAGES.noParticipantsSelected,
          'no_participants_selected',
        );
      await requireMember(sessionId, user);
      // The embedded server has no calls of its own (calling needs ACS): the call ends in the
      // browsers; the answer names the selected ids that are in the session's chat.
      const thread = await ctx.chat.sessionThread(sessionId);
      const members = new Set(thread ? (await ctx.chat.members(thread)).map((m) => m.id) : []);
      return { ok: true as const, completed: acsIds.filter((id) => members.has(id)) };
    },
  );

  app.post(
    '/api/communication/reset',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'communicationResetChat',
        summary:
          "Reset Chat (the session's owner): a new empty thread replaces the session's thread",
        body: communicationResetBodySchema,
        response: { 200: communicationResetResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const { sessionId } = request.body;
      const role = await roleIn(sessionId, user);
      if (role !== 'owner')
        throw new HttpError(403, COMMUNICATION_MESSAGES.resetOwnerOnly, 'owner_only');
      const { thread, previous } = await ctx.chat.reset(sessionId, personOf(user));
      // Members who joined since the old thread's last sync come in too.
      await syncMembers(request, sessionId, 'reset chat thread');
      return {
        threadId: thread.id,
        previousThreadId: previous?.id ?? null,
        endpoint: ctx.chat.endpoint,
      };
    },
  );
}
