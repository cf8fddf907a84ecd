import {
  internalInviteResponseSchema,
  inviteIdParamsSchema,
  memberParamsSchema,
  membershipQuerySchema,
  membershipResponseSchema,
  routeInputSchema,
  SESSION_MESSAGES,
  sessionParamsSchema,
  sessionRevisionResponseSchema,
  sessionScheduleDataSchema,
  sessionUserExportSchema,
  SUGGESTION_MESSAGES,
  suggestionMatrixInputSchema,
  suggestionMatrixResultBodySchema,
  suggestionMatrixStoredSchema,
  suggestionParamsSchema,
  userExportParamsSchema,
} from '@oneeta/contracts';
import { HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { SessionContext } from '../context.js';
import { storeSuggestionMatrix } from '../actions/suggestions.js';
import { memberRole } from '../domain/membership.js';
import { matrixInput, suggestionState } from '../domain/suggestions.js';
import { scheduleOf } from '../domain/schedule.js';
import { exportUser } from '../store/export-store.js';

/** Service-to-service routes: never proxied by the gateway, guarded by INTERNAL_TOKEN. */
export function internalRoutes(app: App, ctx: SessionContext, guards: Guards) {
  const load = async (id: string) => {
    const loaded = await ctx.store.load(id);
    if (!loaded) throw new HttpError(404, SESSION_MESSAGES.notFound, 'not_found');
    return loaded;
  };

  /** For the reminder scheduler (notification service): the session's current schedule, re-read when a reminder fires. */
  app.get(
    '/internal/sessions/:id/schedule',
    {
      preHandler: guards.requireInternal,
      schema: { params: sessionParamsSchema, response: { 200: sessionScheduleDataSchema } },
    },
    async (request) => scheduleOf(await load(request.params.id)),
  );

  /** For the gateway's /ws hub: may this user (with their verified e-mail, if any) follow the session's live updates? */
  app.get(
    '/internal/sessions/:id/members/:userId',
    {
      preHandler: guards.requireInternal,
      schema: {
        params: memberParamsSchema,
        querystring: membershipQuerySchema,
        response: { 200: membershipResponseSchema },
      },
    },
    async (request) => {
      // The gateway sends the e-mail only when the account's address is verified.
      const email = request.query.email ?? null;
      const found = await ctx.store.membership(request.params.id, request.params.userId, email);
      if (!found) throw new HttpError(404, SESSION_MESSAGES.notFound, 'not_found');
      const role = memberRole(found.session, found.participants, found.invites, {
        id: request.params.userId,
        verifiedEmail: email,
      });
      return { member: role !== null, role };
    },
  );

  /**
   * For the gateway's /ws hub, once a subscription is live: the session's revision, which the
   * `subscribed` frame carries so a page that already holds it skips its catch-up fetch.
   */
  app.get(
    '/internal/sessions/:id/revision',
    {
      preHandler: guards.requireInternal,
      schema: { params: sessionParamsSchema, response: { 200: sessionRevisionResponseSchema } },
    },
    async (request) => ({ revision: await ctx.store.revision(request.params.id) }),
  );

  /** For the notification service's invite e-mail: the code (never on the bus) and what the e-mail says. */
  app.get(
    '/internal/sessions/:id/invites/:inviteId',
    {
      preHandler: guards.requireInternal,
      schema: { params: inviteIdParamsSchema, response: { 200: internalInviteResponseSchema } },
    },
    async (request) => {
      const { session, invites } = await load(request.params.id);
      const invite = invites.find((i) => i.id === request.params.inviteId);
      if (!invite) throw new HttpError(404, 'Invite not found', 'invite_not_found');
      return {
        inviteId: invite.id,
        sessionId: session.id,
        code: invite.code,
        email: invite.email,
        name: invite.name,
        status: invite.status,
        inviterUserId: invite.inviterUserId,
        inviterName: invite.inviterName,
        creatorUserId: session.creatorUserId,
        destinationName: session.destination?.name ?? null,
        destinationAddress: session.destination?.address ?? null,
        arriveAt: session.arriveAt?.toISOString() ?? null,
        tzId: session.tzId,
      };
    },
  );

  /** For the routing worker: the current positions, destination and arrival time. */
  app.get(
    '/internal/sessions/:id/route-input',
    {
      preHandler: guards.requireInternal,
      schema: { params: sessionParamsSchema, response: { 200: routeInputSchema } },
    },
    async (request) => {
      const { session, participants } = await load(request.params.id);
      return {
        sessionId: session.id,
        destination: session.destination
          ? { lat: session.destination.position.lat, lon: session.destination.position.lon }
          : null,
        arriveAt: session.arriveAt?.toISOString() ?? null,
        travelMode: session.travelMode,
        participants: participants.flatMap((p) =>
          // Arrived participants need no more routes.
          p.status === 'active' && p.lat !== null && p.lon !== null && p.arrivedAt === null
            ? [{ participantId: p.id, lat: p.lat, lon: p.lon, routeOptions: p.routeOptions }]
            : [],
        ),
      };
    },
  );

  /**
   * For the routing worker's suggestion-matrix job: the suggestion's participants with a position
   * now and its candidates (or its search); 404 once the suggestion is replaced, expired or its
   * participants changed (the worker drops the job).
   */
  app.get(
    '/internal/sessions/:id/suggestions/:sid/matrix-input',
    {
      preHandler: guards.requireInternal,
      schema: { params: suggestionParamsSchema, response: { 200: suggestionMatrixInputSchema } },
    },
    async (request) => {
      const { participants, suggestion } = await load(request.params.id);
      if (
        !suggestion ||
        suggestion.row.id !== request.params.sid ||
        suggestionState(suggestion.row, participants, new Date()) !== 'current'
      )
        throw new HttpError(404, SUGGESTION_MESSAGES.notFound, 'suggestion_not_found');
      return matrixInput(suggestion.row, participants);
    },
  );

  /** The routing worker posts a suggestion's matrix: stored with the session's frame in one transaction. */
  app.post(
    '/internal/sessions/:id/suggestions/:sid/matrix',
    {
      preHandler: guards.requireInternal,
      schema: {
        params: suggestionParamsSchema,
        body: suggestionMatrixResultBodySchema,
        response: { 200: suggestionMatrixStoredSchema },
      },
    },
    async (request) => {
      const { id, sid } = request.params;
      const body = request.body;
      const width = body.participantIds.length;
      if (body.travel.some((cells) => cells.length !== width))
        throw new HttpError(400, 'Each travel row needs one cell per participant', 'bad_matrix');
      const outcome = await ctx.write((tx, changed) =>
        storeSuggestionMatrix(tx, changed, id, sid, body, new Date()),
      );
      if (outcome === 'mismatch')
        throw new HttpError(400, 'The matrix needs one row per candidate', 'bad_matrix');
      return { outcome };
    },
  );

  /** For the auth service's data export: what this service holds about the account. */
  app.get(
    '/internal/users/:id/export',
    {
      preHandler: guards.requireInternal,
      schema: { params: userExportParamsSchema, response: { 200: sessionUserExportSchema } },
    },
    async (request) => exportUser(ctx.db, request.params.id),
  );
}
