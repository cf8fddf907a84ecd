import { locationBodySchema, locationResponseSchema } from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { SessionContext } from '../context.js';
import { createLifecycleStore } from '../store/lifecycle-store.js';

/**
 * PUT /api/location: the signed-in user's device position, stored on their participant row of
 * every open session they actively take part in; each touched session gets a route job.
 */
export function locationRoutes(app: App, ctx: SessionContext, guards: Guards) {
  const life = createLifecycleStore(ctx.db);

  app.put(
    '/api/location',
    { preHandler: guards.requireUser, schema: { body: locationBodySchema, response: { 200: locationResponseSchema } } },
    async (request) => {
      const updated = await life.applyLocation(request.user!.id, request.body);
      await Promise.all(updated.map((id) => ctx.changed(id, 'location', 'location')));
      return { updated };
    },
  );
}
