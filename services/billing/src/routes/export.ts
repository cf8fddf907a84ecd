import { billingUserExportSchema, userExportParamsSchema } from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { BillingContext } from '../context.js';

/** For the auth service's data export (service-to-service, guarded by INTERNAL_TOKEN): what billing holds about the account. */
export function exportRoutes(app: App, ctx: BillingContext, guards: Guards) {
  app.get(
    '/internal/users/:id/export',
    {
      preHandler: guards.requireInternal,
      schema: { params: userExportParamsSchema, response: { 200: billingUserExportSchema } },
    },
    async (request) => ctx.exportUser(request.params.id),
  );
}
