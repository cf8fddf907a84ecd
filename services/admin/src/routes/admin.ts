import {
  adminListQuerySchema,
  adminSessionParamsSchema,
  adminUsageResponseSchema,
  azureOriginsResponseSchema,
  callParticipantsResponseSchema,
  callSecondsResponseSchema,
  chatUsageResponseSchema,
  clearAuditBodySchema,
  clearAuditResponseSchema,
  matrixTopResponseSchema,
  notificationUsageResponseSchema,
  sessionChatsResponseSchema,
  sessionMatrixResponseSchema,
  sessionNotificationsResponseSchema,
  type AdminUsageItem,
} from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { AdminContext } from '../context.js';
import { exportRoutes } from './export.js';

/** The administrator's ledger calls (doc 2 §7 "Admin"): every one refused to anyone else (401/403). */
export function adminRoutes(app: App, ctx: AdminContext, guards: Guards) {
  const { ledger } = ctx;
  exportRoutes(app, ctx, guards);
  const tags = ['admin'];
  const admin = { preHandler: guards.requireAdmin };
  const list = (operationId: string, summary: string, response: object) => ({
    ...admin,
    schema: {
      tags,
      operationId,
      summary,
      querystring: adminListQuerySchema,
      response: { 200: response },
    },
  });
  const one = (operationId: string, summary: string, response: object) => ({
    ...admin,
    schema: {
      tags,
      operationId,
      summary,
      params: adminSessionParamsSchema,
      response: { 200: response },
    },
  });

  app.get(
    '/api/admin/azure-usage',
    list(
      'adminAzureUsage',
      'Usage per session: maps requests and events, matrix calls, cells, transactions, cost, chat, calls',
      adminUsageResponseSchema,
    ),
    async (request) => {
      const { maps, chats, calls } = await ctx.snapshot(async (l) => {
        const maps = await l.mapsBySession(request.query.limit);
        const ids = maps.map((m) => m.sessionId);
        return { maps, chats: await l.chatTotals(ids), calls: await l.callTotals(ids) };
      });
      const items: AdminUsageItem[] = maps.map((m) => {
        const chat = chats.find((c) => c.sessionId === m.sessionId);
        return {
          ...m,
          closedAt: m.closedAt ? new Date(m.closedAt).toISOString() : null,
          chatMessages: chat?.totalMessages ?? 0,
          chatLength: chat?.totalLength ?? 0,
          callSeconds: calls.find((c) => c.sessionId === m.sessionId)?.totalSeconds ?? 0,
          estimatedCost: ctx.cost(m.totalTransactions),
        };
      });
      return { items };
    },
  );

  app.get(
    '/api/admin/matrix/top',
    list(
      'adminMatrixTop',
      'Sessions by travel-times transactions, most first, with the estimated cost',
      matrixTopResponseSchema,
    ),
    async (request) => {
      const rows = await ledger.mapsBySession(request.query.limit, 'transactions');
      return {
        items: rows
          .filter((r) => r.totalMatrixCalls > 0)
          .map(({ sessionId, totalMatrixCalls, totalCells, totalTransactions }) => ({
            sessionId,
            totalMatrixCalls,
            totalCells,
            totalTransactions,
            estimatedCost: ctx.cost(totalTransactions),
          })),
      };
    },
  );

  app.get(
    '/api/admin/matrix/:sessionId',
    one(
      'adminSessionMatrix',
      "A session's travel-times calls by origin and by UTC hour",
      sessionMatrixResponseSchema,
    ),
    async (request) => {
      const { sessionId } = request.params;
      const [origins, hourly] = await ctx.snapshot(
        async (l) => [await l.originTotals(sessionId), await l.hourlyMaps(sessionId)] as const,
      );
      const transactions = origins.reduce((sum, o) => sum + o.totalTransactions, 0);
      return {
        sessionId,
        originTotals: origins.map(({ origin, totalTransactions, calls }) => ({
          origin,
          totalTransactions,
          calls,
        })),
        hourly,
        estimatedCost: ctx.cost(transactions),
      };
    },
  );

  app.get(
    '/api/admin/azure-usage/:sessionId/origins',
    one(
      'adminAzureOrigins',
      "A session's provider requests and events by origin",
      azureOriginsResponseSchema,
    ),
    async (request) => ({
      items: (await ledger.originTotals(request.params.sessionId)).map(
        ({ origin, azureRequests, events }) => ({ origin, azureRequests, events }),
      ),
    }),
  );

  app.get(
    '/api/admin/notifications',
    list(
      'adminNotifications',
      'Notifications per session by channel',
      notificationUsageResponseSchema,
    ),
    async (request) => ({
      items: await ledger.notificationTotals(request.query.limit),
    }),
  );

  app.get(
    '/api/admin/notifications/:sessionId',
    one(
      'adminSessionNotifications',
      "A session's notifications by channel, in total and per UTC hour",
      sessionNotificationsResponseSchema,
    ),
    async (request) => {
      const { sessionId } = request.params;
      const [[totals], hourly] = await ctx.snapshot(
        async (l) =>
          [
            await l.notificationTotals(1, sessionId),
            await l.hourlyNotifications(sessionId),
          ] as const,
      );
      return {
        totals: totals ?? {
          sessionId,
          totalNotifications: 0,
          smsCount: 0,
          emailCount: 0,
          pushCount: 0,
          inAppCount: 0,
        },
        hourly,
      };
    },
  );

  app.get(
    '/api/admin/chats',
    list('adminChats', 'Chat messages and their length per session', chatUsageResponseSchema),
    async (request) => ({
      items: await ledger.chatsBySession(request.query.limit),
    }),
  );

  app.get(
    '/api/admin/chats/:sessionId',
    one(
      'adminSessionChats',
      "A session's chat messages, in total and per UTC hour",
      sessionChatsResponseSchema,
    ),
    async (request) => {
      const { sessionId } = request.params;
      const [[totals], hourly] = await ctx.snapshot(
        async (l) =>
          [await l.chatsBySession(1, sessionId), await l.hourlyChats(sessionId)] as const,
      );
      return { totals: totals ?? { sessionId, totalMessages: 0, totalLength: 0 }, hourly };
    },
  );

  app.get(
    '/api/admin/call-seconds',
    list('adminCallSeconds', 'Call seconds per session', callSecondsResponseSchema),
    async (request) => ({
      items: await ledger.callsBySession(request.query.limit),
    }),
  );

  app.get(
    '/api/admin/call-seconds/:sessionId/participants',
    one(
      'adminCallParticipants',
      "A session's call seconds per participant and mode",
      callParticipantsResponseSchema,
    ),
    async (request) => ({
      items: await ledger.callParticipants(request.params.sessionId),
    }),
  );

  app.post(
    '/api/admin/clear-audit',
    {
      ...admin,
      schema: {
        tags,
        operationId: 'adminClearAudit',
        summary:
          'Delete the audit log, matrix usage, billing and notification usage (confirm: CLEAR_AUDIT)',
        body: clearAuditBodySchema,
        response: { 200: clearAuditResponseSchema },
      },
    },
    async () => ({ deleted: await ledger.clearAudit() }),
  );
}
