import { errorSchema, HttpError, type App, type AuthUser, type Guards } from '@oneeta/service-kit';
import {
  listSessionsQuerySchema,
  MESSAGES,
  planLimits,
  saveSessionBodySchema,
  saveSessionErrorSchema,
  SESSION_MESSAGES,
  sessionLimitsResponseSchema,
  sessionListResponseSchema,
  sessionParamsSchema,
  sessionResponseSchema,
} from '@oneeta/contracts';
import type { SessionContext } from '../context.js';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import { canCreateSession } from '../domain/limits.js';
import { verifiedEmailOf } from '../domain/membership.js';
import { sessionView } from '../domain/view.js';
import { createListStore } from '../store/list-store.js';
import { lifecycleRoutes } from './lifecycle.js';
import { locationRoutes } from './location.js';
import { saveSession } from './save-session.js';

/** The session itself: list, limits, read, save; closing and location are registered from here too. */
export function sessionRoutes(app: App, ctx: SessionContext, guards: Guards) {
  const lists = createListStore(ctx.db);

  app.get(
    '/api/sessions/mine',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['sessions'],
        operationId: 'listMySessions',
        summary: 'The sessions the caller owns or takes part in, newest change first',
        querystring: listSessionsQuerySchema,
        response: { 200: sessionListResponseSchema },
      },
    },
    async (request) => {
      const { status, limit, cursor } = request.query;
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && !after) throw new HttpError(400, 'Invalid cursor', 'bad_cursor');
      const user = request.user!;
      const { rows, more } = await lists.mine(user.id, status, limit, after);
      const last = rows.at(-1);
      return {
        items: rows.map((r) => ({
          sessionId: r.id,
          destinationName: r.destination?.name ?? null,
          arriveAt: r.arriveAt?.toISOString() ?? null,
          tzId: r.tzId,
          participantCount: r.participantCount,
          isClosed: r.isClosed || r.closedAt !== null,
          closedAt: r.closedAt?.toISOString() ?? null,
          updatedAt: r.updatedAt.toISOString(),
          role: r.creatorUserId === user.id ? ('owner' as const) : ('participant' as const),
        })),
        nextCursor:
          more && last ? encodeCursor({ updatedAt: last.updatedAtText, id: last.id }) : null,
      };
    },
  );

  app.get(
    '/api/sessions/limits',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['sessions'],
        operationId: 'getSessionLimits',
        summary: "The caller's plan limits and usage",
        response: { 200: sessionLimitsResponseSchema },
      },
    },
    async (request) => {
      const { plan, id } = request.user!;
      const usage = await lists.usage(id);
      const limits = planLimits(plan);
      return {
        plan,
        limits: {
          canCreateSessions: canCreateSession(plan, usage),
          maxJoinedOpenSessions: limits.joinedOpenSessions,
          maxOwnOpenSessions: limits.ownOpenSessions,
          maxParticipants: limits.participants,
          maxInvitesPerSession: limits.invitesPerSession,
          canEditSavedSession: limits.canEditSavedSession,
          maxSuggestionCandidates: limits.suggestionCandidates,
        },
        usage: { openTotal: usage.ownedOpen + usage.joinedOpen, ...usage },
      };
    },
  );

  app.get(
    '/api/sessions/:id',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags: ['sessions'],
        operationId: 'getSession',
        summary: 'A session as the caller may see it',
        params: sessionParamsSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const loaded = await ctx.access(request.params.id, request.user, true);
      const user = request.user;
      return {
        session: sessionView(
          loaded,
          loaded.role,
          verifiedEmailOf(user),
          new Date(),
          user?.id ?? null,
        ),
      };
    },
  );

  app.post(
    '/api/sessions',
    {
      preHandler: guards.optionalUser,
      config: { access: 'user' },
      schema: {
        tags: ['sessions'],
        operationId: 'saveSession',
        summary: 'Create or update a session (the owner saves it)',
        body: saveSessionBodySchema,
        response: {
          409: errorSchema,
          200: sessionResponseSchema,
          201: sessionResponseSchema,
          400: saveSessionErrorSchema,
          403: saveSessionErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user: AuthUser | null = request.user;
      if (!user) throw new HttpError(401, MESSAGES.signInToSave, 'not_authenticated');
      const outcome = await saveSession(ctx, lists, user, request.body);
      if ('refusal' in outcome) {
        const { status, ...body } = outcome.refusal;
        return reply.status(status).send(body);
      }
      const loaded = await ctx.store.load(request.body.sessionId);
      if (!loaded) throw new HttpError(404, SESSION_MESSAGES.notFound, 'not_found');
      return reply
        .status(outcome.created ? 201 : 200)
        .send({ session: sessionView(loaded, 'owner') });
    },
  );

  lifecycleRoutes(app, ctx, guards);
  locationRoutes(app, ctx, guards);
}
