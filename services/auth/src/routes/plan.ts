import { authResponseSchema, MESSAGES, planChangeBodySchema } from '@oneeta/contracts';
import { HttpError, type App, type Guards } from '@oneeta/service-kit';
import type { AuthContext } from '../context.js';
import { currentRow } from './accounts.js';
import { tokenSessionId } from './token-session.js';

export function planRoutes(app: App, ctx: AuthContext, guards: Guards) {
  /** Users may only move themselves to free here; billing sets paid plans internally. */
  app.patch(
    '/api/auth/plan',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'changePlan',
        summary: 'Change the plan of the signed-in account',
        body: planChangeBodySchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => {
      if (request.body.plan !== 'free') {
        throw new HttpError(400, MESSAGES.planPaidViaBilling, 'use_checkout');
      }
      const before = await currentRow(ctx, request.user!.id);
      const after = await ctx.transaction(async (tx, users) => {
        const row = await users.setPlan(before.id, 'free');
        await ctx.publishChanged(before, row!, tx);
        return row;
      });
      return ctx.session(after!, tokenSessionId(request));
    },
  );
}
