import {
  adminQueueQuerySchema,
  queueSnapshotSchema,
  recentEnqueueResponseSchema,
} from '@oneeta/contracts';
import type { App, Guards, Redis } from '@oneeta/service-kit';
import type { Queue } from 'bullmq';
import { queueSnapshot } from '../queue/snapshot.js';

/** The admin portal's route queue panel (doc 2 §7 "Admin"): the administrator only. */
export function adminRoutes(
  app: App,
  deps: { queue: Queue; redis: Redis; redisPrefix: string },
  guards: Guards,
) {
  const tags = ['admin'];
  app.get(
    '/api/admin/queue',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags,
        operationId: 'adminQueue',
        summary:
          'The route-matrix queue: counts, running, stalled and recent jobs, workers (administrators)',
        querystring: adminQueueQuerySchema,
        response: { 200: queueSnapshotSchema },
      },
    },
    async (request) => queueSnapshot({ ...deps, limit: request.query.limit }),
  );
  app.get(
    '/api/admin/recent-enqueue',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags,
        operationId: 'adminRecentEnqueue',
        summary:
          "The sessions' route-job deduplication keys and when each expires (administrators)",
        response: { 200: recentEnqueueResponseSchema },
      },
    },
    async () => ({
      items: (await queueSnapshot({ ...deps, limit: 200 })).enqueueKeys.map(
        ({ key, expiresAt }) => ({ key, expiresAt }),
      ),
    }),
  );
}
