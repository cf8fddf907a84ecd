import { randomUUID } from 'node:crypto';
import {
  authResponseSchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  MESSAGES,
  resetPasswordBodySchema,
  TOPICS,
  type PasswordResetRequestedData,
} from '@oneeta/contracts';
import { errorSchema, HttpError, type App, type Database, type Guards } from '@oneeta/service-kit';
import type { AuthContext } from '../context.js';
import { resetTokenHash } from '../domain/password-reset.js';
import { revokeAll } from '../domain/tokens.js';
import { hashPassword } from '../domain/password-hash.js';
import { createPasswordResetsStore } from '../store/password-resets-store.js';
import { currentRow } from './accounts.js';
import { limitIp } from './limits.js';

/** The forgot-password answer never comes sooner, so its timing does not tell whether the account exists. */
export const FORGOT_ANSWER_MIN_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Changing, forgetting and resetting a password. A new password ends every other sign-in (the
 * account's token version moves on) and answers with a fresh token for this device.
 */
export function passwordRoutes(app: App, ctx: AuthContext, guards: Guards) {
  const { config } = ctx;

  app.post(
    '/api/auth/password',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'changePassword',
        summary: 'Change the password (the current one required); every other sign-in ends',
        body: changePasswordBodySchema,
        response: { 400: errorSchema, 200: authResponseSchema },
      },
    },
    async (request) => {
      const before = await currentRow(ctx, request.user!.id);
      const { currentPassword, password } = request.body;
      if (!(await ctx.throttle.accepted(before, currentPassword, request.ip))) {
        throw new HttpError(400, MESSAGES.currentPasswordWrong, 'wrong_password');
      }
      const passwordHash = await hashPassword(password);
      const after = await ctx.changeTokens(
        before.id,
        (row) => ({ ...revokeAll(row), passwordHash }),
        (tx) => createPasswordResetsStore(tx).drop(before.id),
      );
      if (!after) throw new HttpError(401, MESSAGES.notAuthenticated, 'not_authenticated');
      return ctx.session(after);
    },
  );

  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        tags: ['auth'],
        operationId: 'forgotPassword',
        summary:
          'E-mail a single-use link to choose a new password (the same answer whether or not the account exists)',
        body: forgotPasswordBodySchema,
        response: { 202: forgotPasswordResponseSchema },
      },
    },
    async (request, reply) => {
      const started = Date.now();
      await limitIp(ctx, request);
      const { email } = request.body;
      const perAddress = await ctx.limiter.hit(`reset:${email}`, {
        limit: config.PASSWORD_RESET_MAX_PER_HOUR,
        windowSeconds: 3600,
      });
      const row = perAddress.allowed ? await ctx.users.byEmail(email) : undefined;
      if (row) {
        await ctx.transaction(async (tx) => {
          const data: PasswordResetRequestedData = {
            userId: row.id,
            email: row.email,
            requestId: randomUUID(),
          };
          await createPasswordResetsStore(tx).request(data);
          await ctx.outbox.add(tx, {
            aggregate: `user:${row.id}`,
            kind: 'event',
            topic: TOPICS.passwordResetRequested,
            data,
          });
        });
      }
      await sleep(FORGOT_ANSWER_MIN_MS - (Date.now() - started));
      return reply.status(202).send({ message: MESSAGES.passwordResetSent });
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary:
          'Choose a new password with the e-mailed link (once, within 30 minutes); every other sign-in ends',
        body: resetPasswordBodySchema,
        response: { 400: errorSchema, 200: authResponseSchema },
      },
    },
    async (request) => {
      await limitIp(ctx, request);
      const { token, password } = request.body;
      const passwordHash = await hashPassword(password);
      const after = await ctx.transaction(async (tx: Database, users) => {
        const reset = await createPasswordResetsStore(tx).consume(resetTokenHash(token));
        if (!reset) return undefined;
        const before = await users.lockById(reset.userId);
        // A link sent to an address the account no longer has proves nothing about the account.
        if (!before || before.email.toLowerCase() !== reset.email.toLowerCase()) return undefined;
        const row = (await users.update(before.id, {
          ...revokeAll(before),
          passwordHash,
          // Following the link proved the address is theirs.
          ...(before.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }),
        }))!;
        await ctx.publishChanged(before, row, tx);
        return row;
      });
      if (!after) throw new HttpError(400, MESSAGES.passwordResetInvalid, 'reset_link_invalid');
      await ctx.pushView(after);
      await ctx.throttle.clear(after);
      return ctx.session(after);
    },
  );
}
