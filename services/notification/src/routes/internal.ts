import { notificationEmailOutboxQuerySchema, notificationEmailOutboxResponseSchema } from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { createOutboxEmail } from '../providers/email.js';

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
