import { randomBytes, randomUUID } from 'node:crypto';
import {
  createInviteBodySchema,
  inviteIdParamsSchema,
  inviteResponseSchema,
  participantsResponseSchema,
  sessionParamsSchema,
  SESSION_MESSAGES,
  TOPICS,
  type InviteCreatedData,
} from '@oneeta/contracts';
import { HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { SessionContext } from '../context.js';
import { inviteView } from '../domain/view.js';
import { createInvitesStore } from '../store/invites-store.js';
import { inviteJoinRoutes } from './invite-join.js';
import { visibleParticipants } from './participants.js';

/** 32 random bytes, base64url: 43 characters, 256 bits, far beyond guessing. */
export const newInviteCode = () => randomBytes(32).toString('base64url');

/**
 * Invites (doc 1 §5, §7): the owner invites by e-mail and cancels; the owner or the invitee deletes
 * an invite. Validating, accepting and declining a code are in invite-join.ts.
 */
export function inviteRoutes(app: App, ctx: SessionContext, guards: Guards) {
  const invites = createInvitesStore(ctx.db);

  app.post(
    '/api/sessions/:id/invites',
    {
      preHandler: guards.requireUser,
      schema: { params: sessionParamsSchema, body: createInviteBodySchema, response: { 201: inviteResponseSchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = request.user!;
      const loaded = await ctx.access(id, user);
      if (loaded.role !== 'owner') throw new HttpError(403, SESSION_MESSAGES.onlyOwner, 'only_owner');
      ctx.assertOpen(loaded);
      const { name, email } = request.body;
      const invite = await invites.create({ id: randomUUID(), sessionId: id, name, email, code: newInviteCode(), inviter: user });
      const data: InviteCreatedData = { sessionId: id, inviteId: invite.id, email, name, inviterName: invite.inviterName };
      try {
        await ctx.bus.publish(TOPICS.inviteCreated, data);
      } catch (err) {
        request.log.error({ err, sessionId: id }, 'invite.created not published');
      }
      await ctx.changed(id, 'invite-created');
      return reply.status(201).send({ invite: inviteView(invite, true) });
    },
  );

  app.delete(
    '/api/sessions/:id/invites/:inviteId',
    { preHandler: guards.requireUser, schema: { params: inviteIdParamsSchema, response: { 200: participantsResponseSchema } } },
    async (request) => {
      const { id, inviteId } = request.params;
      const user = request.user!;
      const loaded = await ctx.access(id, user);
      const invite = loaded.invites.find((i) => i.id === inviteId);
      const isOwner = loaded.role === 'owner';
      const isInvitee = invite !== undefined && invite.status === 'pending' && invite.email.toLowerCase() === user.email.toLowerCase();
      if (!isOwner && !isInvitee) throw new HttpError(403, SESSION_MESSAGES.onlyOwner, 'only_owner');
      if (!invite) throw new HttpError(404, SESSION_MESSAGES.inviteNotFound, 'invite_not_found');
      ctx.assertOpen(loaded);
      await invites.remove(invite);
      await ctx.changed(id, 'invite-cancelled');
      const after = await ctx.store.load(id);
      return { participants: after ? visibleParticipants(after.participants) : [] };
    },
  );

  inviteJoinRoutes(app, ctx, guards, invites);
}
