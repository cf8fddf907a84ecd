import {
  idParamsSchema,
  internalSetPlanBodySchema,
  meResponseSchema,
  verificationLinkQuerySchema,
  verificationLinkResponseSchema,
} from '@oneeta/contracts';
import { errorSchema, HttpError, notFound, type App, type Guards } from '@oneeta/service-kit';
import type { AuthContext } from '../context.js';
import { linkMatchesAccount } from '../domain/email-verification.js';

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

  /**
   * The notification service sends the verification e-mail that `email.verification_requested`
   * asked for with this fresh link, only while the address is still the account's and unverified.
   */
  app.get(
    '/internal/users/:id/verification-link',
    {
      preHandler: guards.requireInternal,
      schema: { params: idParamsSchema, querystring: verificationLinkQuerySchema, response: { 200: verificationLinkResponseSchema, 409: errorSchema } },
    },
    async (request) => {
      const row = await user(request.params.id);
      if (row.emailVerifiedAt || !linkMatchesAccount(request.query.email, row.email)) {
        throw new HttpError(409, 'Nothing to verify: the address changed or is verified already', 'nothing_to_verify');
      }
      return { email: row.email, name: row.name ?? '', link: await ctx.verificationLinkFor(row) };
    },
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
