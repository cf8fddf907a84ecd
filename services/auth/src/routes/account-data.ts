import {
  accountExportSchema,
  deleteMeBodySchema,
  EXPORT_MESSAGES,
  MESSAGES,
  TOPICS,
  type UserDeletedData,
} from '@oneeta/contracts';
import {
  errorSchema,
  HttpError,
  storeAccountDeleted,
  type App,
  type Guards,
} from '@oneeta/service-kit';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../context.js';
import { ExportUnavailableError } from '../providers/user-data.js';
import { passwordResets } from '../store/schema.js';
import { currentRow } from './accounts.js';

/** The account's end and its data: deletion (password required) and the export of what every service holds. */
export function accountDataRoutes(app: App, ctx: AuthContext, guards: Guards) {
  app.delete(
    '/api/auth/me',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'deleteMe',
        summary:
          'Delete the account (its password confirms it); its tokens stop working at once and every service is told (user.deleted)',
        body: deleteMeBodySchema,
      },
    },
    async (request, reply) => {
      const row = await currentRow(ctx, request.user!.id);
      if (!(await ctx.throttle.accepted(row, request.body.password, request.ip))) {
        throw new HttpError(400, MESSAGES.currentPasswordWrong, 'wrong_password');
      }
      const deletedAt = new Date().toISOString();
      const deleted = await ctx.transaction(async (tx, users) => {
        if (!(await users.remove(row))) return false;
        const data: UserDeletedData = { userId: row.id, email: row.email, deletedAt };
        await ctx.outbox.add(tx, {
          aggregate: `user:${row.id}`,
          kind: 'event',
          topic: TOPICS.userDeleted,
          data,
        });
        return true;
      });
      if (!deleted) throw new HttpError(401, MESSAGES.notAuthenticated, 'not_authenticated');
      // Every service's view refuses the account's tokens now; user.deleted says the same to each.
      await storeAccountDeleted(ctx.redis, ctx.config.REDIS_PREFIX, row.id, deletedAt).catch(
        () => {},
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/auth/me/export',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'exportMe',
        summary:
          'Everything every service holds about the account, as JSON (503 when a service cannot answer: never a partial export)',
        response: { 200: accountExportSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const row = await currentRow(ctx, request.user!.id);
      const [reset] = await ctx.db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(eq(passwordResets.userId, row.id));
      const held = await ctx.userData.gather(row.id).catch((err: unknown) => {
        if (!(err instanceof ExportUnavailableError)) throw err;
        request.log.warn({ err, service: err.service }, 'data export: a service did not answer');
        throw new HttpError(503, EXPORT_MESSAGES.unavailable, 'export_unavailable');
      });
      reply.header('content-disposition', 'attachment; filename="oneeta-account.json"');
      return {
        exportedAt: new Date().toISOString(),
        account: {
          user: ctx.view(row),
          emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
          passwordResetPending: reset !== undefined,
        },
        ...held,
      };
    },
  );
}
