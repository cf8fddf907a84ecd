import {
  authResponseSchema,
  loginBodySchema,
  meResponseSchema,
  MESSAGES,
  registerBodySchema,
  updateMeBodySchema,
} from '@oneeta/contracts';
import { errorSchema, HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../context.js';
import { hashPassword } from '../domain/password-hash.js';
import { isUniqueViolation } from '../store/users-store.js';
import { limitIp as limitRequests } from './limits.js';
import { tokenSessionId } from './token-session.js';

export function accountRoutes(app: App, ctx: AuthContext, guards: Guards) {
  const { users } = ctx;

  const limitIp = (request: FastifyRequest) => limitRequests(ctx, request);
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ctx.jwks;
  });

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        operationId: 'register',
        summary: 'Create an account (and send the e-mail verification link)',
        body: registerBodySchema,
        response: { 409: errorSchema, 201: authResponseSchema },
      },
    },
    async (request, reply) => {
      await limitIp(request);
      const { email, password, name } = request.body;
      const passwordHash = await hashPassword(password);
      // The account and the request for its verification e-mail commit together.
      const row = await ctx.transaction(async (tx, store) => {
        const inserted = await store.insert({ email, name, passwordHash });
        if (inserted) await ctx.requestVerification(inserted, 'registered', tx);
        return inserted;
      });
      if (!row) throw new HttpError(409, MESSAGES.emailTaken, 'email_taken');
      return reply.status(201).send(await ctx.session(row));
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Sign in with e-mail and password',
        body: loginBodySchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => {
      await limitIp(request);
      const { email, password } = request.body;
      const row = await users.byEmail(email);
      if (!(await ctx.throttle.accepted(row, password, request.ip, email))) {
        throw new HttpError(401, MESSAGES.invalidCredentials, 'invalid_credentials');
      }
      return ctx.session(row!);
    },
  );

  app.get(
    '/api/auth/me',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'getMe',
        summary: 'The signed-in account',
        response: { 200: meResponseSchema },
      },
    },
    async (request) => ({ user: ctx.view(await currentRow(ctx, request.user!.id)) }),
  );

  app.patch(
    '/api/auth/me',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'updateMe',
        summary: 'Change the name or e-mail of the signed-in account',
        body: updateMeBodySchema,
        response: { 409: errorSchema, 200: authResponseSchema },
      },
    },
    async (request) => {
      const before = await currentRow(ctx, request.user!.id);
      const { name, email, currentPassword } = request.body;
      const emailChanges = email !== undefined && email !== before.email.toLowerCase();
      if (emailChanges) {
        if (!currentPassword) {
          throw new HttpError(400, MESSAGES.currentPasswordRequired, 'current_password_required');
        }
        if (!(await ctx.throttle.accepted(before, currentPassword, request.ip))) {
          throw new HttpError(403, MESSAGES.currentPasswordWrong, 'wrong_password');
        }
      }
      let after;
      try {
        after = await ctx.transaction(async (tx, store) => {
          const row = await store.update(before.id, {
            ...(name !== undefined ? { name } : {}),
            // A new address is unverified until the link sent to it is followed.
            ...(emailChanges ? { email, emailVerifiedAt: null } : {}),
          });
          await ctx.publishChanged(before, row!, tx);
          if (emailChanges) await ctx.requestVerification(row!, 'email-changed', tx);
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, MESSAGES.emailTaken, 'email_taken');
        throw err;
      }
      return ctx.session(after!, tokenSessionId(request));
    },
  );

  /** A fresh token for a still-valid (not revoked) one, with current claims (plan, name, admin), of the same sign-in. */
  app.post(
    '/api/auth/refresh',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'refreshToken',
        summary: 'A fresh access token with the current claims',
        response: { 200: authResponseSchema },
      },
    },
    async (request) =>
      ctx.session(await currentRow(ctx, request.user!.id), tokenSessionId(request)),
  );
}

/** The caller's row; a token for a deleted account is treated as not signed in. */
export async function currentRow(ctx: AuthContext, id: string) {
  const row = await ctx.users.byId(id);
  if (!row) throw new HttpError(401, MESSAGES.notAuthenticated, 'not_authenticated');
  return row;
}
