import {
  MESSAGES,
  phoneStartBodySchema,
  phoneStateSchema,
  phoneVerifyBodySchema,
} from '@oneeta/contracts';
import { HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { AuthContext } from '../context.js';
import {
  hashPhoneCode,
  newPhoneCode,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MS,
  phoneCodeMatches,
  phoneCodeMessage,
} from '../domain/phone.js';
import type { UserRow } from '../store/schema.js';
import { currentRow } from './accounts.js';

const state = (row: UserRow) => ({
  phoneNumber: row.phoneNumber,
  phoneVerified: row.phoneVerified,
});
const response = { 200: phoneStateSchema };

export function phoneRoutes(app: App, ctx: AuthContext, guards: Guards) {
  const { users, limiter } = ctx;

  app.post(
    '/api/auth/me/phone',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'startPhoneVerification',
        summary: 'Send a verification code to a phone number',
        body: phoneStartBodySchema,
        response,
      },
    },
    async (request) => {
      const user = await currentRow(ctx, request.user!.id);
      const sent = await limiter.hit(`sms:${user.id}`, { limit: 5, windowSeconds: 3600 });
      if (!sent.allowed) {
        throw new HttpError(
          429,
          `Too many codes requested. Try again in ${sent.retryAfterSeconds}s`,
          'rate_limited',
        );
      }
      const { phone } = request.body;
      const code = newPhoneCode();
      const expiresAt = new Date(Date.now() + PHONE_CODE_TTL_MS);
      const row = await users.startPhoneVerification(
        user.id,
        phone,
        hashPhoneCode(code, user.id, phone),
        expiresAt,
      );
      await ctx.sms.send(phone, phoneCodeMessage(code));
      return state(row);
    },
  );

  app.post(
    '/api/auth/me/phone/verify',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'verifyPhone',
        summary: 'Confirm the phone number with the code sent to it',
        body: phoneVerifyBodySchema,
        response,
      },
    },
    async (request) => {
      const userId = request.user!.id;
      // Reserve the attempt first (atomic), then compare: parallel guesses cannot exceed the limit.
      const pending = await users.reservePhoneAttempt(userId, PHONE_CODE_MAX_ATTEMPTS);
      if (!pending) {
        if (!(await users.pendingVerification(userId))) {
          throw new HttpError(400, MESSAGES.phoneNotStarted, 'phone_not_started');
        }
        throw new HttpError(400, MESSAGES.phoneCodeInvalid, 'invalid_code');
      }
      const row = phoneCodeMatches(request.body.code, userId, pending.phone, pending.codeHash)
        ? await users.completePhoneVerification(userId, pending.phone, pending.codeHash)
        : undefined;
      if (!row) throw new HttpError(400, MESSAGES.phoneCodeInvalid, 'invalid_code');
      return state(row);
    },
  );

  app.delete(
    '/api/auth/me/phone',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'removePhone',
        summary: 'Remove the phone number',
        response,
      },
    },
    async (request) => state(await users.removePhone((await currentRow(ctx, request.user!.id)).id)),
  );
}
