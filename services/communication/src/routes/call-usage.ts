import {
  callUsageEndBodySchema,
  callUsageEndResponseSchema,
  callUsageStartBodySchema,
  callUsageStartResponseSchema,
} from '@oneeta/contracts';
import { randomUUID } from 'node:crypto';
import type { App, AuthUser, Guards } from '@oneeta/service-kit';
import type { CommunicationContext } from '../context.js';
import { countedCallSeconds } from '../domain/call-usage.js';

const tags = ['communication'];

/**
 * Call time from what the server saw: a member of the session says their own call began, then
 * ended; the ledger gets the seconds between the two by the server's clock, under the caller's own
 * chat identity. No client number is counted: a member can only ever add their own wall time.
 */
export function callUsageRoutes(
  app: App,
  ctx: CommunicationContext,
  guards: Guards,
  requireMember: (sessionId: string, user: AuthUser) => Promise<unknown>,
) {
  app.post(
    '/api/communication/call-usage/start',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'communicationCallStart',
        summary: "The caller's call in the session began (the server notes the time)",
        body: callUsageStartBodySchema,
        response: { 202: callUsageStartResponseSchema },
      },
      config: { access: 'member' },
    },
    async (request, reply) => {
      const user = request.user!;
      const { sessionId, mode } = request.body;
      await requireMember(sessionId, user);
      const identity = await ctx.chat.identityOf(user.id);
      const { callId } = await ctx.callClock.start(sessionId, identity, {
        callId: randomUUID(),
        mode,
      });
      return reply.status(202).send({ callId });
    },
  );

  app.post(
    '/api/communication/call-usage/end',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        operationId: 'communicationCallEnd',
        summary: "The caller's call ended: its seconds, by the server's clock, go to the ledger",
        body: callUsageEndBodySchema,
        response: { 202: callUsageEndResponseSchema },
      },
      config: { access: 'member' },
    },
    async (request, reply) => {
      const user = request.user!;
      const { sessionId, callId } = request.body;
      await requireMember(sessionId, user);
      const identity = await ctx.chat.identityOf(user.id);
      const ended = await ctx.callClock.end(sessionId, identity, callId);
      if (!ended) return reply.status(202).send({ ok: true, duplicate: true, seconds: 0 });
      const seconds = countedCallSeconds(ended.open.startedAtMs, ended.endedAtMs);
      if (seconds > 0)
        await ctx.store.recordCallUsage({
          sessionId,
          participantAcsId: identity,
          seconds,
          mode: ended.open.mode,
          at: new Date(ended.endedAtMs).toISOString(),
        });
      return reply.status(202).send({ ok: true, duplicate: false, seconds });
    },
  );
}
