import { notificationUserExportSchema, userExportParamsSchema } from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { NotificationContext } from '../context.js';
import { endpointHost } from '../domain/push-endpoint.js';

/** For the auth service's data export (service-to-service, guarded by INTERNAL_TOKEN): what this service holds about the account. */
export function exportRoutes(app: App, ctx: NotificationContext, guards: Guards) {
  app.get(
    '/internal/users/:id/export',
    {
      preHandler: guards.requireInternal,
      schema: { params: userExportParamsSchema, response: { 200: notificationUserExportSchema } },
    },
    async (request) => {
      const held = await ctx.exportUser(request.params.id);
      return {
        ...held,
        devices: held.devices.map(({ endpoint, ...device }) => ({
          ...device,
          endpointHost: endpointHost(endpoint),
        })),
      };
    },
  );
}
