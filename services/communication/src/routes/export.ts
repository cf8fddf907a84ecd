import { communicationUserExportSchema, userExportParamsSchema } from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { CommunicationContext } from '../context.js';
import { communicationUserIdOf } from '../domain/identity.js';

/** For the auth service's data export (service-to-service, guarded by INTERNAL_TOKEN): what the chat holds about the account. */
export function exportRoutes(app: App, ctx: CommunicationContext, guards: Guards) {
  app.get(
    '/internal/users/:id/export',
    {
      preHandler: guards.requireInternal,
      schema: { params: userExportParamsSchema, response: { 200: communicationUserExportSchema } },
    },
    async (request) => ctx.exportUser(request.params.id, communicationUserIdOf(request.params.id)),
  );
}
