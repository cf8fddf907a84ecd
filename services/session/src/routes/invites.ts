import { randomBytes, randomUUID } from 'node:crypto';
import {
  createInviteBodySchema,
  createInviteResponseSchema,
  MESSAGES,
  inviteIdParamsSchema,
  isPlainName,
  myInvitesQuerySchema,
  myInvitesResponseSchema,
  participantsResponseSchema,
  sessionParamsSchema,
  SESSION_MESSAGES,
  TOPICS,
  type InviteCreatedData,
} from '@oneeta/contracts';
import { errorSchema, HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { SessionContext } from '../context.js';
import { inviteRoom } from '../domain/limits.js';
import { asMember, invitedByEmail, verifiedEmailOf } from '../domain/membership.js';
import { sessionAggregate } from '../domain/session-changes.js';
import { inviteView } from '../domain/view.js';
import { createInviteEmails } from '../store/invite-emails.js';
import { createInvitesStore, invitesUsedIn } from '../store/invites-store.js';
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
  const emails = createInviteEmails(ctx.redis, ctx.config.REDIS_PREFIX);

  /**
   * The caller's own pending invites (for /sessions), matched by their VERIFIED e-mail only: an
   * unverified account gets an empty list and `emailVerified: false`. Each carries its code, the
   * invitee's own, to open the invite page.
   */
  app.get(
    '/api/sessions/my-invites',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['invites'],
        operationId: 'listMyInvites',
        summary: "Pending invites sent to the caller's verified e-mail",
        querystring: myInvitesQuerySchema,
        response: { 200: myInvitesResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const email = verifiedEmailOf(user);
      if (!email) return { items: [], emailVerified: false };
      const rows = await invites.pendingFor(email, user.id, request.query.limit);
      return {
        emailVerified: true,
        items: rows.map((r) => ({
          inviteId: r.inviteId,
          sessionId: r.sessionId,
          code: r.code,
          name: r.name,
          inviterName: r.inviterName,
          destinationName: r.destination?.name ?? null,
          arriveAt: r.arriveAt?.toISOString() ?? null,
          tzId: r.tzId,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/sessions/:id/invites',
    {
      preHandler: guards.requireUser,
      config: { access: 'owner' },
      schema: {
        tags: ['invites'],
        operationId: 'createInvite',
        summary:
          'Invite someone by name and e-mail (the owner); the e-mail goes out from verified accounts within the daily limits',
        params: sessionParamsSchema,
        body: createInviteBodySchema,
        response: { 409: errorSchema, 201: createInviteResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = request.user!;
      const loaded = await ctx.access(id, user);
      if (loaded.role !== 'owner')
        throw new HttpError(403, SESSION_MESSAGES.onlyOwner, 'only_owner');
      ctx.assertOpen(loaded);
      const { name, email } = request.body;
      const { invite, decision } = await ctx.write(async (tx, changed) => {
        // Within the owner's plan: accepted plus pending invites.
        const created = await createInvitesStore(tx).create(
          { id: randomUUID(), sessionId: id, name, email, code: newInviteCode(), inviter: user },
          async (locked) => {
            if (!inviteRoom(user.plan, await invitesUsedIn(locked, id)))
              throw new HttpError(403, MESSAGES.inviteLimitReached, 'invite_limit');
          },
        );
        // Counted once the invite is made (a refused invite takes no e-mail from the day's allowance).
        const decided = await emails.decide(user, email);
        if (decided.send) {
          // A name saved before names refused links is not put into an e-mail: the sender's address is.
          const inviterName =
            created.inviterName && isPlainName(created.inviterName)
              ? created.inviterName
              : user.email;
          const data: InviteCreatedData = {
            sessionId: id,
            inviteId: created.id,
            email,
            name,
            inviterName,
            inviterUserId: user.id,
          };
          await ctx.outbox.add(tx, {
            aggregate: sessionAggregate(id),
            kind: 'event',
            topic: TOPICS.inviteCreated,
            data,
          });
        }
        changed(id, 'invite-created');
        return { invite: created, decision: decided };
      });
      const delivery = decision.send
        ? { emailSent: true }
        : { emailSent: false, emailNotice: decision.notice };
      return reply.status(201).send({ invite: inviteView(invite, true), ...delivery });
    },
  );

  app.delete(
    '/api/sessions/:id/invites/:inviteId',
    {
      preHandler: guards.requireUser,
      config: { access: 'member' },
      schema: {
        tags: ['invites'],
        operationId: 'cancelInvite',
        summary: 'Cancel an invite (the owner, or the invitee)',
        params: inviteIdParamsSchema,
        response: { 409: errorSchema, 200: participantsResponseSchema },
      },
    },
    async (request) => {
      const { id, inviteId } = request.params;
      const user = request.user!;
      const loaded = await ctx.access(id, user);
      const invite = loaded.invites.find((i) => i.id === inviteId);
      const isOwner = loaded.role === 'owner';
      const isInvitee = invite !== undefined && invitedByEmail(invite, asMember(user));
      if (!isOwner && !isInvitee)
        throw new HttpError(403, SESSION_MESSAGES.onlyOwner, 'only_owner');
      if (!invite) throw new HttpError(404, SESSION_MESSAGES.inviteNotFound, 'invite_not_found');
      ctx.assertOpen(loaded);
      await ctx.write(async (tx, changed) => {
        await createInvitesStore(tx).remove(invite);
        changed(id, 'invite-cancelled');
      });
      const after = await ctx.store.load(id);
      return { participants: after ? visibleParticipants(after.participants) : [] };
    },
  );

  inviteJoinRoutes(app, ctx, guards, invites);
}
