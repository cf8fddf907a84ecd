import {
  notificationChannelsResponseSchema,
  notificationEmailOutboxQuerySchema,
  notificationEmailOutboxResponseSchema,
} from '@oneeta/contracts';
import { HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { createOutboxEmail } from '../providers/email.js';

/** GET /api/notifications/channels (public): whether e-mail reaches people here, so the app says how invites travel. */
export function channelRoutes(app: App, email: { kind: 'smtp' | 'outbox' }) {
  app.get(
    '/api/notifications/channels',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'getNotificationChannels',
        summary:
          'How this install reaches people (e-mail through a mail server, or kept in the outbox)',
        response: { 200: notificationChannelsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { email: email.kind };
    },
  );
}

/**
 * The embedded e-mail outbox (no SMTP_URL), newest first: for the administrator
 * (`GET /api/admin/email-outbox`, a self-hosted install without a mail server still has every link)
 * and for other services and tests (`GET /internal/email-outbox`, internal token). With SMTP there
 * is no outbox: the administrator's call answers 404 and the internal route does not exist.
 */
export function outboxRoutes(
  app: App,
  guards: Guards,
  outboxEmail: Pick<ReturnType<typeof createOutboxEmail>, 'list'> | null,
) {
  const read = async (query: { to?: string | undefined; limit: number }) => {
    if (!outboxEmail)
      throw new HttpError(
        404,
        'This install sends e-mail through its mail server (SMTP_URL): there is no outbox',
        'no_outbox',
      );
    const rows = await outboxEmail.list({ to: query.to?.toLowerCase(), limit: query.limit });
    return { messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
  };
  const schema = {
    querystring: notificationEmailOutboxQuerySchema,
    response: { 200: notificationEmailOutboxResponseSchema },
  };
  app.get(
    '/api/admin/email-outbox',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'adminEmailOutbox',
        summary:
          'The e-mails kept in the outbox of an install without a mail server, newest first (administrators)',
        ...schema,
      },
    },
    async (request) => read(request.query),
  );
  if (outboxEmail)
    app.get(
      '/internal/email-outbox',
      { preHandler: guards.requireInternal, schema },
      async (request) => read(request.query),
    );
}
