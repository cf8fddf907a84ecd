import { notificationChannelsResponseSchema, notificationEmailOutboxQuerySchema, notificationEmailOutboxResponseSchema } from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { createOutboxEmail } from '../providers/email.js';

/** GET /api/notifications/channels (public): whether e-mail reaches people here, so the app says how invites travel. */
export function channelRoutes(app: App, email: { kind: 'smtp' | 'outbox' }) {
  app.get(
    '/api/notifications/channels',
    { schema: { tags: ['notifications'], operationId: 'getNotificationChannels', summary: 'How this install reaches people (e-mail through a mail server, or kept in the outbox)', response: { 200: notificationChannelsResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { email: email.kind };
    },
  );
}

/** Service-to-service routes: never proxied by the gateway, guarded by INTERNAL_TOKEN. */
export function internalRoutes(app: App, guards: Guards, outboxEmail: Pick<ReturnType<typeof createOutboxEmail>, 'list'> | null) {
  /** The embedded e-mail outbox (only when no SMTP_URL), newest first: the admin service shows it. */
  if (outboxEmail) {
    app.get(
      '/internal/email-outbox',
      { preHandler: guards.requireInternal, schema: { querystring: notificationEmailOutboxQuerySchema, response: { 200: notificationEmailOutboxResponseSchema } } },
      async (request) => {
        const rows = await outboxEmail.list({ to: request.query.to?.toLowerCase(), limit: request.query.limit });
        return { messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
      },
    );
  }
}
