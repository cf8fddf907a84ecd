import { queueSnapshotSchema } from '@oneeta/contracts';
import type { App, Guards, Redis } from '@oneeta/service-kit';
import type { Queue } from 'bullmq';
import { queueSnapshot } from '../queue/snapshot.js';

/** Service-to-service routes: never proxied by the gateway, guarded by INTERNAL_TOKEN. */
export function internalRoutes(app: App, deps: { queue: Queue; redis: Redis; redisPrefix: string }, guards: Guards) {
  /** The route-matrix queue for the admin portal's queue panel (the admin service asks for it). */
  app.get(
    '/internal/routing/queue',
    { preHandler: guards.requireInternal, schema: { response: { 200: queueSnapshotSchema } } },
    async () => queueSnapshot(deps),
  );
}
