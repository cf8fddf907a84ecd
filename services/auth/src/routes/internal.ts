import { idParamsSchema, internalSetPlanBodySchema, meResponseSchema } from '@oneeta/contracts';
import { notFound, type App, type Guards } from '@oneeta/service-kit';
import type { AuthContext } from '../context.js';

/** Service-to-service routes: never proxied by the gateway, guarded by INTERNAL_TOKEN. */
export function internalRoutes(app: App, ctx: AuthContext, guards: Guards) {
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
      const after = await ctx.users.setPlan(before.id, request.body.plan);
      await ctx.publishChanged(before, after!);
      return { user: ctx.view(after!) };
    },
  );
}
