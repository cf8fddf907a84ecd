import {
  format,
  MESSAGES,
  resendVerificationResponseSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@oneeta/contracts';
import { HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { AuthContext } from '../context.js';
import { linkMatchesAccount, VERIFY_EMAIL_PURPOSE } from '../domain/email-verification.js';
import { currentRow } from './accounts.js';
import { tokenSessionId } from './token-session.js';

const invalidLink = () => new HttpError(400, MESSAGES.verifyLinkInvalid, 'invalid_link');

/** E-mail verification: following the signed link, and asking for a new one. */
export function emailVerificationRoutes(app: App, ctx: AuthContext, guards: Guards) {
  const { users } = ctx;

  /**
   * The link's token proves the address it was sent to. It verifies the account only while that is
   * still the account's e-mail; a signed-in owner gets a fresh token carrying the new claims.
   */
  app.post(
    '/api/auth/verify-email',
    {
      // Who is signed in only decides whether a fresh token comes back; a stale one never blocks the link.
      preHandler: async (request, reply) => {
        await guards.optionalUser(request, reply).catch(() => {
          request.user = null;
        });
      },
      schema: {
        tags: ['auth'],
        operationId: 'verifyEmail',
        summary: 'Follow an e-mail verification link (its token)',
        body: verifyEmailBodySchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request) => {
      const claims = await ctx.keys
        .verifyPurpose(VERIFY_EMAIL_PURPOSE, request.body.token)
        .catch(() => {
          throw invalidLink();
        });
      const before = await users.byId(claims.sub);
      if (!before) throw invalidLink();
      if (!linkMatchesAccount(claims.email, before.email)) {
        throw new HttpError(400, MESSAGES.verifyLinkStale, 'stale_link');
      }
      // The verification and its user.changed commit together (the outbox relay delivers it).
      const marked = await ctx.transaction(async (tx, store) => {
        const row = await store.markEmailVerified(before.id, claims.email);
        if (row) await ctx.publishChanged(before, row, tx);
        return row;
      });
      const after = marked ?? (await users.byId(before.id));
      if (!after?.emailVerifiedAt || !linkMatchesAccount(claims.email, after.email)) {
        throw new HttpError(400, MESSAGES.verifyLinkStale, 'stale_link');
      }
      const answer = { email: after.email, emailVerified: true as const };
      return request.user?.id === after.id
        ? { ...answer, ...(await ctx.session(after, tokenSessionId(request))) }
        : answer;
    },
  );

  /** A new link to the current address (per-user limit), e.g. when the first one expired. */
  app.post(
    '/api/auth/verify-email/resend',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'resendVerificationEmail',
        summary: 'Send the e-mail verification link again',
        response: { 202: resendVerificationResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await currentRow(ctx, request.user!.id);
      if (row.emailVerifiedAt)
        throw new HttpError(400, MESSAGES.emailAlreadyVerified, 'already_verified');
      const sent = await ctx.limiter.hit(`verify-email:${row.id}`, {
        limit: ctx.config.VERIFY_EMAIL_MAX_PER_HOUR,
        windowSeconds: 3600,
      });
      if (!sent.allowed) {
        const seconds = sent.retryAfterSeconds;
        throw new HttpError(429, format(MESSAGES.tooManyRequests, { n: seconds }), 'rate_limited', {
          'retry-after': String(seconds),
        });
      }
      await ctx.transaction((tx) => ctx.requestVerification(row, 'resend', tx));
      return reply.status(202).send({ sentTo: row.email });
    },
  );
}
