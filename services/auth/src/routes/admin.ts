import { adminListQuerySchema, adminUsersResponseSchema } from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { AuthContext } from '../context.js';

/** The admin portal's users table (doc 2 §7 "Admin"): the administrator only. */
export function adminRoutes(app: App, ctx: AuthContext, guards: Guards) {
  app.get(
    '/api/admin/users',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'adminUsers',
        summary: 'The accounts, newest first (administrators)',
        querystring: adminListQuerySchema,
        response: { 200: adminUsersResponseSchema },
      },
    },
    async (request) => ({
      items: (await ctx.users.newest(request.query.limit)).map((row) => {
        const { id, email, name, plan, createdAt, isAdmin } = ctx.view(row);
        return { id, email, name, plan, createdAt, isAdmin, disabled: false };
      }),
    }),
  );
}
