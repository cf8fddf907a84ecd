import { locationBodySchema, locationResponseSchema } from '@oneeta/contracts';
import type { App, Guards } from '@oneeta/service-kit';
import type { SessionContext } from '../context.js';
import { checkLive } from '../actions/live-check.js';
import { MOVE_REASON } from '../domain/session-changes.js';
import { createLifecycleStore } from '../store/lifecycle-store.js';

/**
 * PUT /api/location: the signed-in user's device position, stored on their participant row of
 * every open session they actively take part in whose sharing has not ended; each touched session
 * gets a live check (arrival) and a route job.
 */
export function locationRoutes(app: App, ctx: SessionContext, guards: Guards) {
  app.put(
    '/api/location',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['location'],
        operationId: 'updateLocation',
        summary: "Share the caller's position with every open session they take part in",
        body: locationBodySchema,
        response: { 200: locationResponseSchema },
      },
    },
    async (request) => {
      const updated = await ctx.write(async (tx, changed) => {
        const now = new Date();
        const ids = await createLifecycleStore(tx).applyLocation(
          request.user!.id,
          request.body,
          now,
        );
        for (const id of ids) {
          // The new position may start (or finish) an arrival; its alerts commit with it.
          const live = await checkLive(tx, id, now, ctx.live);
          changed(id, live.visible ? 'location-live' : MOVE_REASON, 'location', {
            userIds: [request.user!.id],
          });
        }
        return ids;
      });
      return { updated };
    },
  );
}
