import {
  closeSessionBodySchema,
  ensureChatMembersResponseSchema,
  MESSAGES,
  SESSION_MESSAGES,
  sessionParamsSchema,
  sessionCountsResponseSchema,
  sessionResponseSchema,
} from '@oneeta/contracts';
import { HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { SessionContext } from '../context.js';
import { isClosed } from '../domain/access.js';
import { sessionView } from '../domain/view.js';
import { createLifecycleStore } from '../store/lifecycle-store.js';

/** Closing (owner), reopening (administrator) and the chat-members request (owner). */
export function lifecycleRoutes(app: App, ctx: SessionContext, guards: Guards) {
  const load = async (id: string) => {
    const loaded = await ctx.store.load(id);
    if (!loaded) throw new HttpError(404, SESSION_MESSAGES.notFound, 'not_found');
    return loaded;
  };

  app.post(
    '/api/sessions/:id/close',
    {
      preHandler: guards.optionalUser,
      config: { access: 'owner' },
      schema: {
        tags: ['sessions'],
        operationId: 'closeSession',
        summary: 'Close a session (its owner)',
        params: sessionParamsSchema,
        body: closeSessionBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new HttpError(401, MESSAGES.closeSignInAgain, 'not_authenticated');
      const { id } = request.params;
      const before = await load(id);
      if (before.session.creatorUserId !== user.id)
        throw new HttpError(403, MESSAGES.closeOnlyAuthor, 'forbidden');
      if (
        !isClosed(before.session) ||
        before.participants.some((p) => p.lat !== null || p.lon !== null)
      ) {
        await ctx.write(async (tx, changed) => {
          await createLifecycleStore(tx).close(id);
          changed(id, 'closed');
        });
      }
      const after = await load(id);
      return { session: sessionView(after, 'owner') };
    },
  );

  app.get(
    '/api/admin/sessions/counts',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'adminSessionCounts',
        summary: 'How many sessions are open and closed (administrators)',
        response: { 200: sessionCountsResponseSchema },
      },
    },
    async () => createLifecycleStore(ctx.db).counts(),
  );

  app.post(
    '/api/admin/sessions/:id/reopen',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'reopenSession',
        summary: 'Reopen a closed session (administrators)',
        params: sessionParamsSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (isClosed((await load(id)).session)) {
        await ctx.write(async (tx, changed) => {
          await createLifecycleStore(tx).reopen(id);
          changed(id, 'reopened');
        });
      }
      const after = await ctx.access(id, request.user);
      return { session: sessionView(after, after.role) };
    },
  );

  app.post(
    '/api/sessions/:id/ensure-chat-members',
    {
      preHandler: guards.requireUser,
      config: { access: 'owner' },
      schema: {
        tags: ['sessions'],
        operationId: 'ensureChatMembers',
        summary: "Ask for the session chat's members to be brought in line (its owner)",
        params: sessionParamsSchema,
        response: { 200: ensureChatMembersResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const loaded = await ctx.access(id, request.user);
      if (loaded.role !== 'owner')
        throw new HttpError(403, SESSION_MESSAGES.onlyOwner, 'forbidden');
      const requestedAt = await ctx.write(async (tx, changed) => {
        changed(id, 'chat-members');
        return createLifecycleStore(tx).requestChatSync(id);
      });
      return { ok: true as const, requestedAt: requestedAt.toISOString() };
    },
  );
}
