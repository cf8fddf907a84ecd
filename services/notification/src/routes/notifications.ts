import {
  inboxQuerySchema,
  inboxReadBodySchema,
  inboxReadResponseSchema,
  inboxResponseSchema,
  muteBodySchema,
  muteParamsSchema,
  muteResponseSchema,
  preferencesBodySchema,
  preferencesResponseSchema,
} from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { NotificationContext } from '../context.js';
import { toInAppNotification } from '../domain/inbox.js';
import { exportRoutes } from './export.js';

/** The in-app inbox, notification preferences and session mutes: every call needs sign-in and touches only the caller's own. */
export function notificationRoutes(app: App, ctx: NotificationContext, guards: Guards) {
  const tags = ['notifications'];
  const user = guards.requireUser;
  exportRoutes(app, ctx, guards);
  const preferences = async (userId: string) => {
    const [saved, mutedSessions] = await Promise.all([
      ctx.preferences.get(userId),
      ctx.preferences.mutedSessions(userId),
    ]);
    return { preferences: saved, mutedSessions };
  };

  app.get(
    '/api/notifications/inbox',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'getInbox',
        summary:
          "The caller's unread in-app notifications of the last day (after an id), oldest first, at most 50",
        querystring: inboxQuerySchema,
        response: { 200: inboxResponseSchema },
      },
    },
    async (request) => ({
      notifications: (
        await ctx.inbox.unread(request.user!.id, request.query.after, new Date())
      ).map(toInAppNotification),
    }),
  );

  app.post(
    '/api/notifications/inbox/read',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'readInbox',
        summary:
          "Mark some of the caller's in-app notifications read (others' and unknown ids are ignored)",
        body: inboxReadBodySchema,
        response: { 200: inboxReadResponseSchema },
      },
    },
    async (request) => ({
      read: await ctx.inbox.markRead(request.user!.id, request.body.ids, new Date()),
    }),
  );

  app.get(
    '/api/notifications/preferences',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'getNotificationPreferences',
        summary:
          "The caller's notification switches per topic and channel (all on until changed) and muted sessions",
        response: { 200: preferencesResponseSchema },
      },
    },
    async (request) => preferences(request.user!.id),
  );

  app.put(
    '/api/notifications/preferences',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'putNotificationPreferences',
        summary: "Replace the caller's notification switches",
        body: preferencesBodySchema,
        response: { 200: preferencesResponseSchema },
      },
    },
    async (request) => {
      await ctx.preferences.put(request.user!.id, request.body.preferences);
      return preferences(request.user!.id);
    },
  );

  app.put(
    '/api/notifications/mutes/:sessionId',
    {
      preHandler: user,
      schema: {
        tags,
        operationId: 'muteSession',
        summary:
          'Mute or unmute one session for the caller: nothing of it reaches them while muted',
        params: muteParamsSchema,
        body: muteBodySchema,
        response: { 200: muteResponseSchema },
      },
    },
    async (request) => {
      const { sessionId } = request.params;
      await ctx.preferences.setMuted(request.user!.id, sessionId, request.body.muted);
      return { sessionId, muted: request.body.muted };
    },
  );
}
