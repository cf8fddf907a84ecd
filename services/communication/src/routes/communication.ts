import {
  COMMUNICATION_MESSAGES,
  communicationParticipantsBodySchema,
  communicationParticipantsResponseSchema,
  communicationThreadBodySchema,
  communicationThreadResponseSchema,
  communicationTokenBodySchema,
  communicationTokenResponseSchema,
} from '@oneeta/contracts';
import { HttpError, type App, type AuthUser, type Guards } from '@oneeta/service-kit';
import type { CommunicationContext } from '../context.js';
import { canChat, displayNameOf } from '../domain/rules.js';
import { communicationUserIdOf } from '../domain/identity.js';
import type { ThreadRow } from '../store/schema.js';

/** The topic of a session's thread (the widget does not show it). */
export const SESSION_THREAD_TOPIC = 'OneETA session chat';

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

  /** Puts the caller in the thread (a participantAdded message the first time). */
  const attach = async (thread: ThreadRow, user: AuthUser) => {
    const id = communicationUserIdOf(user.id);
    if (!(await ctx.store.participant(thread.id, id)))
      await ctx.store.addParticipants(
        thread.id,
        [{ userId: id, displayName: displayNameOf(user) }],
        id,
      );
  };

  app.post(
    '/api/communication/token',
    {
      preHandler: guards.requireUser,
      schema: {
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
        const thread = await ctx.store.threadOfSession(sessionId);
        if (thread) {
          await attach(thread, user);
          threadId = thread.id;
        }
      }
      const id = communicationUserIdOf(user.id);
      const { token, expiresOn } = await ctx.tokens.issue(id);
      return { token, expiresOn, endpoint: ctx.config.PUBLIC_URL, threadId, user: { id } };
    },
  );

  app.post(
    '/api/communication/thread',
    {
      preHandler: guards.requireUser,
      schema: {
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
      let thread = await ctx.store.threadOfSession(sessionId);
      if (threadId !== undefined) {
        if (!thread) throw new HttpError(404, COMMUNICATION_MESSAGES.noThread, 'no_thread');
        if (thread.id !== threadId)
          throw new HttpError(403, COMMUNICATION_MESSAGES.notAuthorizedToAttach, 'not_authorized');
      } else if (!thread) {
        if (role !== 'owner')
          throw new HttpError(403, COMMUNICATION_MESSAGES.threadAuthorOnly, 'author_only');
        const creator = communicationUserIdOf(user.id);
        try {
          ({ thread } = await ctx.store.createThread({
            topic: SESSION_THREAD_TOPIC,
            creator: { userId: creator, displayName: displayNameOf(user) },
            participants: [],
            sessionId,
          }));
        } catch (err) {
          // Two first calls at once: the other one's thread stands (one live thread per session).
          thread = await ctx.store.threadOfSession(sessionId);
          if (!thread) throw err;
        }
        // Everyone already in the session is in its new thread. Should the session service not
        // answer now, the thread still stands: the next session.changed or the owner's
        // ensure-chat-members brings the others in.
        await ctx
          .syncThread(sessionId)
          .catch((err: unknown) =>
            request.log.warn({ err, sessionId }, 'new chat thread: members not synced yet'),
          );
      }
      await attach(thread, user);
      return {
        threadId: thread.id,
        endpoint: ctx.config.PUBLIC_URL,
        sessionAcsId: communicationUserIdOf(user.id),
      };
    },
  );

  app.post(
    '/api/communication/participants',
    {
      preHandler: guards.requireUser,
      schema: {
        body: communicationParticipantsBodySchema,
        response: { 200: communicationParticipantsResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const { sessionId } = request.body;
      if (!canChat(await roleIn(sessionId, user)))
        throw new HttpError(403, COMMUNICATION_MESSAGES.notSessionMember, 'not_member');
      const thread = await ctx.store.threadOfSession(sessionId);
      if (!thread) return { participants: [] };
      const me = communicationUserIdOf(user.id);
      const rows = await ctx.store.participants(thread.id, { offset: 0, limit: 1000 });
      return {
        participants: rows
          .filter((p) => p.userId !== me)
          .map((p) => ({ id: p.userId, displayName: p.displayName ?? p.userId })),
      };
    },
  );
}
