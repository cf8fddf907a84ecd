import { adminUserExportSchema, userExportParamsSchema } from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { AdminContext } from '../context.js';

/** For the auth service's data export (service-to-service, guarded by INTERNAL_TOKEN): the ledger's rows about the account. */
export function exportRoutes(app: App, ctx: AdminContext, guards: Guards) {
  app.get(
    '/internal/users/:id/export',
    {
      preHandler: guards.requireInternal,
      schema: { params: userExportParamsSchema, response: { 200: adminUserExportSchema } },
    },
    async (request) => ctx.exportUser(request.params.id),
  );
}
