import { hostname } from 'node:os';
import { createMapsProvider, createTravelCache } from '@oneeta/maps';
import { createRedis, loadConfig, main, openRedisInfra, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createEtaStateStore } from './store/eta-state.js';
import { createWorkerMetrics } from './providers/metrics.js';
import { createProcessor } from './processor.js';
import { createSessionClient } from './providers/session-client.js';
import { startRouteWorker, type RouteWorker } from './worker.js';

main(async () => {
  const config = loadConfig(configSchema);
  const infra = openRedisInfra('routing-worker', config);
  const provider = createMapsProvider(config);
  // The app's metrics registry is made before the worker that reports to it, so readiness looks the worker up.
  const running: { worker?: RouteWorker } = {};
  const app = await buildApp({ config, redis: infra.redis, workerRunning: () => running.worker?.isRunning() ?? false });
  const workerId = config.WORKER_ID ?? `${hostname()}-${process.pid}`;
  const connection = createRedis(config.REDIS_URL, { role: 'worker' });
  const cache = createTravelCache({ redis: infra.redis, prefix: config.REDIS_PREFIX, provider, ttlSeconds: config.TRAVEL_CACHE_TTL_SECONDS });
  const metrics = createWorkerMetrics(app.metricsRegistry);
  const worker = startRouteWorker({
    connection,
    redisPrefix: config.REDIS_PREFIX,
    workerId,
    concurrency: config.WORKER_CONCURRENCY,
    lockMs: config.WORKER_LOCK_MS,
    stalledIntervalMs: config.WORKER_STALLED_INTERVAL_MS,
    metrics,
    log: app.log,
    process: createProcessor({
      cache,
      bus: infra.bus,
      sessions: createSessionClient({ baseUrl: config.SESSION_URL, internalToken: config.INTERNAL_TOKEN }),
      metrics,
      etaState: createEtaStateStore({ redis: infra.redis, prefix: config.REDIS_PREFIX }),
      provider: provider.name,
    }),
  });
  running.worker = worker;
  app.addHook('onClose', async () => {
    await worker.close();
    connection.disconnect();
    await infra.close();
  });
  app.log.info({ workerId, provider: provider.name, concurrency: config.WORKER_CONCURRENCY }, 'route-matrix worker started');
  await runService({ app, port: config.PORT, host: config.HOST });
});
