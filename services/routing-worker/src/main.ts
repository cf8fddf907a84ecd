import { hostname } from 'node:os';
import { createMapsProvider, createTravelCache } from '@oneeta/maps';
import { createRedis, startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createProcessor } from './consumers/processor.js';
import { startRouteWorker, type RouteWorker } from './consumers/worker.js';
import { createSuggestionProcessor } from './consumers/suggestion-processor.js';
import { startSuggestionWorker, type SuggestionWorker } from './consumers/suggestion-worker.js';
import { createEtaStateStore } from './store/eta-state.js';
import { createWorkerMetrics } from './providers/metrics.js';
import { createSessionClient } from './providers/session-client.js';

// The app exists before the worker that reports to its metrics registry: readiness looks the worker up.
const running: { worker?: RouteWorker; suggestions?: SuggestionWorker } = {};

// No API and no tables: Redis, the bus, and the route-matrix worker. Accounts are none of its business.
startService({
  name: 'routing-worker',
  config: configSchema,
  accounts: false,
  app: (kit) =>
    buildApp({
      config: kit.config,
      redis: kit.redis,
      workerRunning: () =>
        (running.worker?.isRunning() ?? false) && (running.suggestions?.isRunning() ?? false),
    }),
  start: (kit, app) => {
    const { config } = kit;
    const provider = createMapsProvider(config);
    const workerId = config.WORKER_ID ?? `${hostname()}-${process.pid}`;
    const connection = createRedis(config.REDIS_URL, { role: 'worker' });
    const metrics = createWorkerMetrics(app.metricsRegistry);
    const cache = createTravelCache({
      redis: kit.redis,
      prefix: config.REDIS_PREFIX,
      provider,
      ttlSeconds: config.TRAVEL_CACHE_TTL_SECONDS,
    });
    const sessions = createSessionClient({
      baseUrl: config.SESSION_URL,
      internalToken: config.INTERNAL_TOKEN,
    });
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
        bus: kit.bus,
        sessions,
        metrics,
        etaState: createEtaStateStore({ redis: kit.redis, prefix: config.REDIS_PREFIX }),
        provider: provider.name,
      }),
    });
    running.worker = worker;
    // "Where should we meet?": one participants × places matrix per suggestion, same cache and usage.
    const suggestionConnection = createRedis(config.REDIS_URL, { role: 'worker' });
    const suggestions = startSuggestionWorker({
      connection: suggestionConnection,
      redisPrefix: config.REDIS_PREFIX,
      workerId,
      concurrency: config.WORKER_CONCURRENCY,
      lockMs: config.WORKER_LOCK_MS,
      stalledIntervalMs: config.WORKER_STALLED_INTERVAL_MS,
      metrics,
      log: app.log,
      process: createSuggestionProcessor({
        cache,
        maps: provider,
        bus: kit.bus,
        sessions,
        metrics,
      }),
    });
    running.suggestions = suggestions;
    app.log.info(
      { workerId, provider: provider.name, concurrency: config.WORKER_CONCURRENCY },
      'route-matrix worker started',
    );
    return [
      { close: () => connection.disconnect() },
      worker,
      { close: () => suggestionConnection.disconnect() },
      suggestions,
    ];
  },
});
