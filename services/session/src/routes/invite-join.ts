import {
  acceptInviteResponseSchema,
  acceptInviteBodySchema,
  inviteParamsSchema,
  inviteResponseSchema,
  inviteViewResponseSchema,
  SESSION_MESSAGES,
} from '@oneeta/contracts';
import { errorSchema, HttpError, type App, type AuthUser, type Guards } from '@oneeta/service-kit';
import type { FastifyRequest } from 'fastify';
import type { SessionContext } from '../context.js';
import { isClosed } from '../domain/access.js';
import { canJoinAnother, participantRoom } from '../domain/limits.js';
import { inviteView, participantView, sessionView } from '../domain/view.js';
import { createInvitesStore, ownerPlanOf, type InvitesStore } from '../store/invites-store.js';
import { createParticipantsStore } from '../store/participants-store.js';
import { createJoinAttempts, joinCaller } from '../store/join-attempts.js';

/** POST …/invite/:code/accept answers the new participant and the session as they now see it. */

const invalidInvite = () => new HttpError(404, SESSION_MESSAGES.invalidInvite, 'invalid_invite');
const alreadyUsed = () => new HttpError(409, SESSION_MESSAGES.inviteAlreadyUsed, 'invite_used');

/**
 * Joining by code (doc 1 §5, §7): validate, accept with a position, decline. A wrong code (or an
 * unknown session) counts a failed attempt for the session id and the caller.
 */
export function inviteJoinRoutes(
  app: App,
  ctx: SessionContext,
  guards: Guards,
  invites: InvitesStore,
) {
  const attempts = createJoinAttempts(ctx.redis, ctx.config.REDIS_PREFIX);

  /** The session and the invite holding this code, or a counted failure. */
  const resolve = async (request: FastifyRequest, id: string, code: string) => {
    const caller = joinCaller(request.user, request.ip);
    const attempt = await attempts.reserve(id, caller);
    const loaded = await ctx.store.load(id);
    const invite = loaded ? await invites.byCode(id, code) : undefined;
    if (!loaded || !invite) throw invalidInvite();
    await attempt.succeeded();
    return { loaded, invite };
  };

  const acceptAnswer = async (id: string, user: AuthUser) => {
    const { role, ...loaded } = await ctx.access(id, user);
    const row = loaded.participants.find((p) => p.userId === user.id && p.status === 'active');
    if (!row) throw alreadyUsed();
    return { participant: participantView(row), session: sessionView(loaded, role) };
  };

  app.get(
    '/api/sessions/:id/invite/:code',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags: ['invites'],
        operationId: 'getInvite',
        summary: 'An invite by its code, with the session it opens',
        params: inviteParamsSchema,
        response: { 200: inviteViewResponseSchema },
      },
    },
    async (request) => {
      const { id, code } = request.params;
      const { loaded, invite } = await resolve(request, id, code);
      const s = loaded.session;
      return {
        invite: inviteView(invite, true),
        session: {
          sessionId: s.id,
          destination: s.destination,
          arriveAt: s.arriveAt?.toISOString() ?? null,
          tzId: s.tzId,
          isClosed: isClosed(s),
        },
      };
    },
  );

  app.post(
    '/api/sessions/:id/invite/:code/accept',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['invites'],
        operationId: 'acceptInvite',
        summary: 'Accept an invite and join with a position',
        params: inviteParamsSchema,
        body: acceptInviteBodySchema.nullish(),
        response: { 409: errorSchema, 200: acceptInviteResponseSchema },
      },
    },
    async (request) => {
      const { id, code } = request.params;
      const user = request.user!;
      const { loaded, invite } = await resolve(request, id, code);
      ctx.assertOpen(loaded);
      // Already in the session (or accepted this invite before): answer as is, consume nothing.
      if (loaded.participants.some((p) => p.userId === user.id && p.status === 'active'))
        return acceptAnswer(id, user);
      if (invite.status !== 'pending' || loaded.session.creatorUserId === user.id)
        throw alreadyUsed();
      const { lat, lon, locationSource } = request.body ?? {};
      if (lat === undefined || lat === null || lon === undefined || lon === null) {
        throw new HttpError(400, SESSION_MESSAGES.locationRequired, 'missing_location');
      }
      const outcome = await ctx.write(async (tx, changed) => {
        // Within the joined-open-sessions limit of the user's plan and the participants limit of the owner's.
        const result = await createInvitesStore(tx).accept(
          loaded.session,
          invite,
          user,
          { lat, lon, source: locationSource ?? 'device' },
          async (locked) => {
            const people = createParticipantsStore(tx);
            if (
              !canJoinAnother(user.plan, {
                ownedOpen: 0,
                joinedOpen: await people.joinedOpenCount(user.id, locked),
              })
            ) {
              throw new HttpError(403, SESSION_MESSAGES.joinedLimit, 'joined_limit');
            }
            if (
              !participantRoom(
                ownerPlanOf(loaded.session),
                await people.othersActiveCount(id, loaded.session.creatorUserId, locked),
              )
            ) {
              throw new HttpError(403, SESSION_MESSAGES.participantLimit, 'participant_limit');
            }
          },
        );
        if (result.kind !== 'taken') changed(id, 'invite-accepted', 'invite');
        return result;
      });
      if (outcome.kind === 'taken') {
        if (outcome.invite.acceptedUserId === user.id) return acceptAnswer(id, user);
        throw alreadyUsed();
      }
      return acceptAnswer(id, user);
    },
  );

  app.post(
    '/api/sessions/:id/invite/:code/decline',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags: ['invites'],
        operationId: 'declineInvite',
        summary: 'Decline an invite',
        params: inviteParamsSchema,
        response: { 409: errorSchema, 200: inviteResponseSchema },
      },
    },
    async (request) => {
      const { id, code } = request.params;
      const { loaded, invite } = await resolve(request, id, code);
      ctx.assertOpen(loaded);
      if (invite.status === 'accepted') throw alreadyUsed();
      if (invite.status === 'pending') {
        await ctx.write(async (tx, changed) => {
          if (await createInvitesStore(tx).decline(invite)) changed(id, 'invite-declined');
        });
      }
      const after = (await invites.byId(id, invite.id)) ?? invite;
      return { invite: inviteView(after, true) };
    },
  );
}
