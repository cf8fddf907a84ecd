import type { App, Guards } from '@oneeta/service-kit';
import type { AuthContext } from '../context.js';
import { revokeAll, revokeSession } from '../domain/tokens.js';
import { tokenSessionId } from './token-session.js';

/**
 * Signing out ends tokens for every service: the account's token state changes in auth's database,
 * goes into the services' account view at once and out on user.changed, and every guard refuses
 * a revoked token with 401.
 */
export function signOutRoutes(app: App, ctx: AuthContext, guards: Guards) {
  app.post(
    '/api/auth/logout',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'Sign out this device: its token (and the ones it refreshed) stop working',
      },
    },
    async (request, reply) => {
      const sessionId = tokenSessionId(request);
      await ctx.changeTokens(request.user!.id, (row) =>
        revokeSession(row, sessionId, ctx.config.JWT_TTL_SECONDS),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/logout-all',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'logoutAll',
        summary: 'Sign out everywhere: every token of the account stops working, this one too',
      },
    },
    async (request, reply) => {
      await ctx.changeTokens(request.user!.id, revokeAll);
      return reply.status(204).send();
    },
  );
}
