import { fileURLToPath } from 'node:url';
import { JOBS, QUEUES } from '@oneeta/contracts';
import { startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startLiveChecks } from './consumers/live-worker.js';
import { startTravelConsumer } from './consumers/travel-computed.js';
import { startUserDeletedConsumer } from './consumers/user-deleted.js';
import { createNotifier } from './actions/notify.js';
import { outbox } from './store/schema.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

startService({
  name: 'session',
  config: configSchema,
  store: {
    migrations: MIGRATIONS,
    outbox,
    jobs: [JOBS[QUEUES.routeMatrix], JOBS[QUEUES.suggestionMatrix]],
  },
  app: (kit) =>
    buildApp({
      config: kit.config,
      db: kit.db,
      redis: kit.redis,
      outbox: kit.outbox,
      wakeRelay: kit.wakeRelay,
      pingDb: kit.database.ping,
      accounts: kit.accounts,
    }),
  start: async (kit, app) => {
    const { config } = kit;
    const shared = { ...kit.events, redis: kit.redis, prefix: config.REDIS_PREFIX };
    const travel = startTravelConsumer({ ...shared, ctx: app.ctx });
    // A deleted account leaves every session: owned ones handed over or closed, its rows purged.
    const deletions = startUserDeletedConsumer({
      ...shared,
      db: kit.db,
      outbox: kit.outbox,
      wakeRelay: kit.wakeRelay,
      routeJobDelayMs: config.ROUTE_JOB_DEBOUNCE_MS,
      accounts: kit.accounts,
    });
    // Lateness, arrivals, no-shows and the end of sharing also change with time alone.
    const live = startLiveChecks(config, {
      db: kit.db,
      outbox: kit.outbox,
      notify: createNotifier({
        outbox: kit.outbox,
        routeJobDelayMs: config.ROUTE_JOB_DEBOUNCE_MS,
        routeCoalesceMs: config.ROUTE_COALESCE_MS,
      }),
      dwellMs: config.ARRIVAL_DWELL_SECONDS * 1000,
      accounts: kit.accounts,
      wakeRelay: kit.wakeRelay,
      log: app.log,
    });
    await live.ready;
    return [deletions, travel, live];
  },
});
