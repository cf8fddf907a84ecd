import {
  idParamsSchema,
  internalSetPlanBodySchema,
  internalUserResponseSchema,
  meResponseSchema,
  passwordResetLinkQuerySchema,
  verificationLinkQuerySchema,
  verificationLinkResponseSchema,
} from '@oneeta/contracts';
import { errorSchema, HttpError, notFound, type App, type Guards } from '@oneeta/service-kit';
import type { AuthContext } from '../context.js';
import { linkMatchesAccount } from '../domain/email-verification.js';
import {
  linkExpiry,
  newResetToken,
  requestStillFresh,
  resetLink,
} from '../domain/password-reset.js';
import { createPasswordResetsStore } from '../store/password-resets-store.js';

/** Service-to-service routes: never proxied by the gateway, guarded by INTERNAL_TOKEN. */
export function internalRoutes(app: App, ctx: AuthContext, guards: Guards) {
  const user = async (id: string) => {
    const row = await ctx.users.byId(id);
    if (!row) throw notFound('User not found', 'user_not_found');
    return row;
  };

  app.get(
    '/internal/users/:id',
    {
      preHandler: guards.requireInternal,
      schema: { params: idParamsSchema, response: { 200: internalUserResponseSchema } },
    },
    async (request) => {
      const row = await user(request.params.id);
      return { user: ctx.view(row), tokens: ctx.accountRecord(row).tokens! };
    },
  );

  /**
   * The notification service sends the verification e-mail that `email.verification_requested`
   * asked for with this fresh link, only while the address is still the account's and unverified.
   */
  app.get(
    '/internal/users/:id/verification-link',
    {
      preHandler: guards.requireInternal,
      schema: {
        params: idParamsSchema,
        querystring: verificationLinkQuerySchema,
        response: { 200: verificationLinkResponseSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const row = await user(request.params.id);
      if (row.emailVerifiedAt || !linkMatchesAccount(request.query.email, row.email)) {
        throw new HttpError(
          409,
          'Nothing to verify: the address changed or is verified already',
          'nothing_to_verify',
        );
      }
      return { email: row.email, name: row.name ?? '', link: await ctx.verificationLinkFor(row) };
    },
  );

  /**
   * The notification service sends the password-reset e-mail that `password.reset_requested` asked
   * for with this link, made now: a new random token of which only the hash is kept (so an earlier
   * link of the same request stops working), valid PASSWORD_RESET_TTL_SECONDS.
   */
  app.get(
    '/internal/users/:id/password-reset-link',
    {
      preHandler: guards.requireInternal,
      schema: {
        params: idParamsSchema,
        querystring: passwordResetLinkQuerySchema,
        response: { 200: verificationLinkResponseSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const row = await user(request.params.id);
      const resets = createPasswordResetsStore(ctx.db);
      const pending = await resets.pending(row.id, request.query.requestId);
      const nothing = () =>
        new HttpError(
          409,
          'Nothing to send: the request was replaced, used or is too old, or the address changed',
          'nothing_to_send',
        );
      if (
        !pending ||
        !requestStillFresh(pending.requestedAt) ||
        pending.email.toLowerCase() !== row.email.toLowerCase()
      )
        throw nothing();
      const { token, tokenHash } = newResetToken();
      if (!(await resets.setLink(row.id, pending.requestId, tokenHash, linkExpiry())))
        throw nothing();
      return {
        email: row.email,
        name: row.name ?? '',
        link: resetLink(ctx.config.PUBLIC_URL, token),
      };
    },
  );

  /** Billing sets any plan here after a checkout or subscription change. */
  app.put(
    '/internal/users/:id/plan',
    {
      preHandler: guards.requireInternal,
      schema: {
        params: idParamsSchema,
        body: internalSetPlanBodySchema,
        response: { 200: meResponseSchema },
      },
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
