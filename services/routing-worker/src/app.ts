import { createHttpApp, pingRedis, type Redis } from '@oneeta/service-kit';
import type { Config } from './config.js';

export interface WorkerAppDeps {
  config: Config;
  redis: Redis;
  /** Whether the BullMQ worker is consuming (readiness). */
  workerRunning: () => boolean;
}

/** The worker has no API: /healthz, /readyz (Redis and the worker loop) and /metrics. */
export async function buildApp(deps: WorkerAppDeps) {
  return createHttpApp({
    name: 'routing-worker',
    logLevel: deps.config.LOG_LEVEL,
    readiness: {
      redis: () => pingRedis(deps.redis),
      worker: async () => {
        if (!deps.workerRunning()) throw new Error('the route-matrix worker is not running');
      },
    },
  });
}
