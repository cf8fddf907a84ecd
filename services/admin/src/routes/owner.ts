import {
  auditPageSchema,
  auditQuerySchema,
  auditSummarySchema,
  matrixUsageQuerySchema,
  matrixUsageResponseSchema,
  MESSAGES,
  sessionParamsSchema,
} from '@oneeta/contracts';
import { HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { FastifyRequest } from 'fastify';
import type { AdminContext } from '../context.js';
import { toAuditItem } from '../domain/audit.js';
import { decodeCursor } from '../store/ledger-store.js';

export const OWNER_CHECK_UNAVAILABLE =
  'Could not check who owns this session right now. Please try again.';

/**
 * The owner's usage tools of a session (doc 1 §6, §7): its audit log, the summary, and matrix usage
 * per UTC hour. The session's owner (as the ledger learnt from session.changed, else as the session
 * service says) or the administrator; anyone else 403, nobody signed in 401.
 */
export function ownerRoutes(app: App, ctx: AdminContext, guards: Guards) {
  const tags = ['usage'];
  const askedRole = (id: string, userId: string) =>
    ctx.sessions.role(id, userId).catch((err: unknown) => {
      app.log.warn({ err }, 'owner check: the session service did not answer');
      throw new HttpError(503, OWNER_CHECK_UNAVAILABLE, 'session_unavailable');
    });
  const mayView = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const user = request.user;
    if (!user) throw new HttpError(401, MESSAGES.auditSignIn, 'unauthorized');
    if (user.isAdmin) return;
    const id = request.params.id;
    const owner = await ctx.ledger.sessionOwner(id);
    const isOwner = owner !== null ? owner === user.id : (await askedRole(id, user.id)) === 'owner';
    if (!isOwner) throw new HttpError(403, MESSAGES.auditForbidden, 'forbidden');
  };
  const pre = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: Parameters<typeof guards.optionalUser>[1],
  ) => {
    await guards.optionalUser(request, reply);
    await mayView(request);
  };

  app.get(
    '/api/sessions/:id/audit',
    {
      preHandler: pre,
      config: { access: 'owner' },
      schema: {
        tags,
        operationId: 'getSessionAudit',
        summary: "The session's maps calls, newest first (the owner or the administrator)",
        params: sessionParamsSchema,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      const { cursor, event, limit } = request.query;
      const at = cursor ? decodeCursor(cursor) : null;
      if (cursor && !at) throw new HttpError(400, 'Invalid cursor', 'invalid_cursor');
      const page = await ctx.ledger.auditPage(request.params.id, { cursor: at, event, limit });
      return { items: page.rows.map(toAuditItem), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/sessions/:id/audit/summary',
    {
      preHandler: pre,
      config: { access: 'owner' },
      schema: {
        tags,
        operationId: 'getSessionAuditSummary',
        summary: "Totals of the session's maps calls",
        params: sessionParamsSchema,
        response: { 200: auditSummarySchema },
      },
    },
    async (request) => ({ totals: await ctx.ledger.auditTotals(request.params.id) }),
  );

  app.get(
    '/api/sessions/:id/matrix-usage',
    {
      preHandler: pre,
      config: { access: 'owner' },
      schema: {
        tags,
        operationId: 'getSessionMatrixUsage',
        summary: "The session's travel-times calls per UTC hour",
        params: sessionParamsSchema,
        querystring: matrixUsageQuerySchema,
        response: { 200: matrixUsageResponseSchema },
      },
    },
    async (request) => ({
      usage: (await ctx.ledger.hourlyMaps(request.params.id))
        .filter((h) => h.count > 0)
        .map(({ dateHour, count }) => ({ dateHour, count })),
    }),
  );
}
