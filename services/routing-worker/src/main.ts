import { hostname } from 'node:os';
import { checkMapsProvider, createMapsProvider, createTravelCache } from '@oneeta/maps';
import { createRedis, startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createProcessor } from './consumers/processor.js';
import { startRouteWorker, type RouteWorker } from './consumers/worker.js';
import { createEtaStateStore } from './store/eta-state.js';
import { createWorkerMetrics } from './providers/metrics.js';
import { createSessionClient } from './providers/session-client.js';

// The app exists before the worker that reports to its metrics registry: readiness looks the worker up.
const running: { worker?: RouteWorker } = {};

// No API and no tables: Redis, the bus, and the route-matrix worker. Accounts are none of its business.
startService({
  name: 'routing-worker',
  config: configSchema,
  accounts: false,
  app: (kit) =>
    buildApp({
      config: kit.config,
      redis: kit.redis,
      workerRunning: () => running.worker?.isRunning() ?? false,
    }),
  start: async (kit, app) => {
    const { config } = kit;
    const provider = createMapsProvider(config, {
      onEngineFailure: ({ engine, url, error }) =>
        app.log.warn({ engine, url, err: error.message }, 'maps engine failed; answered offline'),
    });
    // A maps engine that does not answer stops the start with a message naming it.
    for (const warning of (await checkMapsProvider(provider)).warnings) app.log.warn(warning);
    const workerId = config.WORKER_ID ?? `${hostname()}-${process.pid}`;
    const connection = createRedis(config.REDIS_URL, { role: 'worker' });
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
        cache: createTravelCache({
          redis: kit.redis,
          prefix: config.REDIS_PREFIX,
          provider,
          ttlSeconds: config.TRAVEL_CACHE_TTL_SECONDS,
        }),
        bus: kit.bus,
        sessions: createSessionClient({
          baseUrl: config.SESSION_URL,
          internalToken: config.INTERNAL_TOKEN,
        }),
        metrics,
        etaState: createEtaStateStore({ redis: kit.redis, prefix: config.REDIS_PREFIX }),
        provider: provider.name,
      }),
    });
    running.worker = worker;
    app.log.info(
      { workerId, provider: provider.name, concurrency: config.WORKER_CONCURRENCY },
      'route-matrix worker started',
    );
    return [{ close: () => connection.disconnect() }, worker];
  },
});
