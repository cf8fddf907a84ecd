import {
  enrouteBodySchema,
  participantParamsSchema,
  participantResponseSchema,
  participantsResponseSchema,
  routeOptionsBodySchema,
  sessionParamsSchema,
  SESSION_MESSAGES,
  syncParticipantsBodySchema,
} from '@oneeta/contracts';
import { errorSchema, HttpError, type App, type AuthUser, type Guards } from '@oneeta/service-kit';
import type { SessionContext } from '../context.js';
import { isMember } from '../domain/access.js';
import { planSync } from '../domain/participant-sync.js';
import { participantView } from '../domain/view.js';
import { memberRemoved } from '../actions/notify.js';
import { createParticipantsStore } from '../store/participants-store.js';
import type { ParticipantRow } from '../store/schema.js';

/** The participants a member sees: everyone but those who left. */
export const visibleParticipants = (rows: ParticipantRow[]) =>
  rows.filter((p) => p.status !== 'left').map((p) => participantView(p));

/**
 * Participant calls (doc 1 §7, doc 2 §7): member position/label sync, a participant's own route
 * options and enroute flag, the owner removing someone, a non-owner leaving.
 */
export function participantRoutes(app: App, ctx: SessionContext, guards: Guards) {
  const listAnswer = async (sessionId: string) => {
    const loaded = await ctx.store.load(sessionId);
    return { participants: loaded ? visibleParticipants(loaded.participants) : [] };
  };

  const findRow = (rows: ParticipantRow[], pid: string) => {
    const row = rows.find((p) => p.id === pid);
    if (!row)
      throw new HttpError(404, SESSION_MESSAGES.participantNotFound, 'participant_not_found');
    return row;
  };

  /** The caller's own active row in an open session (route options, enroute). */
  const ownRow = async (id: string, pid: string, user: AuthUser) => {
    const loaded = await ctx.access(id, user);
    const row = findRow(loaded.participants, pid);
    if (row.userId !== user.id || row.status !== 'active')
      throw new HttpError(403, SESSION_MESSAGES.onlySelf, 'only_self');
    ctx.assertOpen(loaded);
    return row;
  };

  app.put(
    '/api/sessions/:id/participants',
    {
      preHandler: guards.requireUser,
      config: { access: 'member' },
      schema: {
        tags: ['participants'],
        operationId: 'syncParticipants',
        summary: "Replace the session's participant list (members)",
        params: sessionParamsSchema,
        body: syncParticipantsBodySchema,
        response: { 409: errorSchema, 200: participantsResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = request.user!;
      const loaded = await ctx.access(id, user);
      if (!isMember(loaded.role))
        throw new HttpError(403, SESSION_MESSAGES.notAMember, 'not_member');
      ctx.assertOpen(loaded);
      const plan = planSync(request.body.participants, loaded.participants, {
        userId: user.id,
        isOwner: loaded.role === 'owner',
      });
      // One statement per row: a concurrent sync by another member touches other rows only.
      await ctx.write(async (tx, changed) => {
        const people = createParticipantsStore(tx);
        for (const { id: rowId, fields } of plan.updates) await people.update(id, rowId, fields);
        for (const row of plan.inserts) await people.insert(id, row);
        if (plan.moved) changed(id, 'participants', 'participants');
        else if (plan.updates.length > 0) changed(id, 'participants');
      });
      return listAnswer(id);
    },
  );

  app.post(
    '/api/sessions/:id/participants/:pid/routeOptions',
    {
      preHandler: guards.requireUser,
      config: { access: 'member' },
      schema: {
        tags: ['participants'],
        operationId: 'setRouteOptions',
        summary: "Set a participant's travel mode and route options (their own row)",
        params: participantParamsSchema,
        body: routeOptionsBodySchema,
        response: { 200: participantResponseSchema },
      },
    },
    async (request) => {
      const { id, pid } = request.params;
      await ownRow(id, pid, request.user!);
      const row = await ctx.write(async (tx, changed) => {
        changed(id, 'routeOptions', 'routeOptions');
        return createParticipantsStore(tx).update(id, pid, { routeOptions: request.body });
      });
      return { participant: participantView(row!) };
    },
  );

  app.post(
    '/api/sessions/:id/participants/:pid/enroute',
    {
      preHandler: guards.requireUser,
      config: { access: 'member' },
      schema: {
        tags: ['participants'],
        operationId: 'setEnroute',
        summary: 'Say whether a participant is on the way (their own row)',
        params: participantParamsSchema,
        body: enrouteBodySchema,
        response: { 200: participantResponseSchema },
      },
    },
    async (request) => {
      const { id, pid } = request.params;
      await ownRow(id, pid, request.user!);
      const row = await ctx.write(async (tx, changed) => {
        changed(id, 'enroute');
        return createParticipantsStore(tx).update(id, pid, { enroute: request.body.enroute });
      });
      return { participant: participantView(row!) };
    },
  );

  app.delete(
    '/api/sessions/:id/participants/:pid',
    {
      preHandler: guards.requireUser,
      config: { access: 'owner' },
      schema: {
        tags: ['participants'],
        operationId: 'removeParticipant',
        summary: 'Remove a participant (the owner)',
        params: participantParamsSchema,
        response: { 409: errorSchema, 200: participantsResponseSchema },
      },
    },
    async (request) => {
      const { id, pid } = request.params;
      const loaded = await ctx.access(id, request.user!);
      if (loaded.role !== 'owner')
        throw new HttpError(403, SESSION_MESSAGES.onlyOwner, 'only_owner');
      const row = findRow(loaded.participants, pid);
      if (row.isOwner || (row.userId !== null && row.userId === loaded.session.creatorUserId)) {
        throw new HttpError(400, SESSION_MESSAGES.ownerCannotBeRemoved, 'owner_cannot_be_removed');
      }
      if (row.status === 'pending')
        throw new HttpError(400, SESSION_MESSAGES.pendingCannotBeRemoved, 'pending_participant');
      ctx.assertOpen(loaded);
      await ctx.write(async (tx, changed) => {
        await createParticipantsStore(tx).remove(id, pid);
        if (row.userId) await memberRemoved(ctx.outbox, tx, id, row.userId);
        changed(id, 'participant-removed', 'participants');
      });
      return listAnswer(id);
    },
  );

  app.post(
    '/api/sessions/:id/participants/:pid/leave',
    {
      preHandler: guards.requireUser,
      config: { access: 'member' },
      schema: {
        tags: ['participants'],
        operationId: 'leaveSession',
        summary: 'Leave a session (the participant themself)',
        params: participantParamsSchema,
        response: { 409: errorSchema, 200: participantsResponseSchema },
      },
    },
    async (request) => {
      const { id, pid } = request.params;
      const user = request.user!;
      const loaded = await ctx.access(id, user);
      const row = findRow(loaded.participants, pid);
      if (row.userId !== user.id) throw new HttpError(403, SESSION_MESSAGES.onlySelf, 'only_self');
      if (loaded.role === 'owner' || row.isOwner)
        throw new HttpError(400, SESSION_MESSAGES.ownerCannotLeave, 'owner_cannot_leave');
      ctx.assertOpen(loaded);
      await ctx.write(async (tx, changed) => {
        await createParticipantsStore(tx).update(id, pid, {
          status: 'left',
          lat: null,
          lon: null,
          accuracy: null,
          enroute: false,
        });
        await memberRemoved(ctx.outbox, tx, id, user.id);
        changed(id, 'participant-left', 'participants');
      });
      return listAnswer(id);
    },
  );
}
