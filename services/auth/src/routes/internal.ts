import {
  emailOutboxQuerySchema,
  emailOutboxResponseSchema,
  idParamsSchema,
  internalSetPlanBodySchema,
  meResponseSchema,
} from '@oneeta/contracts';
import { notFound, type App, type Guards } from '@oneeta/service-kit';
import type { AuthContext } from '../context.js';
import type { createOutboxEmail } from '../providers/email.js';

/** Service-to-service routes: never proxied by the gateway, guarded by INTERNAL_TOKEN. */
export function internalRoutes(
  app: App,
  ctx: AuthContext,
  guards: Guards,
  /** The embedded e-mail adapter, when it is the one in use. */
  outboxEmail?: Pick<ReturnType<typeof createOutboxEmail>, 'sentTo'>,
) {
  /**
   * What the embedded e-mail adapter "sent" to an address, newest first: the launcher's log shows
   * the same links; this lets the browser tests follow a verification link as a person would.
   */
  if (outboxEmail) {
    app.get(
      '/internal/email-outbox',
      {
        preHandler: guards.requireInternal,
        schema: { querystring: emailOutboxQuerySchema, response: { 200: emailOutboxResponseSchema } },
      },
      async (request) => {
        const rows = await outboxEmail.sentTo(request.query.to);
        return { messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
      },
    );
  }

  const user = async (id: string) => {
    const row = await ctx.users.byId(id);
    if (!row) throw notFound('User not found', 'user_not_found');
    return row;
  };

  app.get(
    '/internal/users/:id',
    { preHandler: guards.requireInternal, schema: { params: idParamsSchema, response: { 200: meResponseSchema } } },
    async (request) => ({ user: ctx.view(await user(request.params.id)) }),
  );

  /** Billing sets any plan here after a checkout or subscription change. */
  app.put(
    '/internal/users/:id/plan',
    {
      preHandler: guards.requireInternal,
      schema: { params: idParamsSchema, body: internalSetPlanBodySchema, response: { 200: meResponseSchema } },
    },
    async (request) => {
      const before = await user(request.params.id);
      const after = await ctx.transaction(async (tx, users) => {
        const row = await users.setPlan(before.id, request.body.plan);
        await ctx.publishChanged(before, row!, tx);
        return row;
      });
      return { user: ctx.view(after!) };
    },
  );
}
