import { fileURLToPath } from 'node:url';
import { JOBS, QUEUES } from '@oneeta/contracts';
import { createOutbox, loadConfig, consumerNameOf, main, openAccountDirectory, openServiceInfra, openServiceOutbox, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startTravelConsumer } from './consumers/travel-computed.js';
import { startUserDeletedConsumer } from './consumers/user-deleted.js';
import { startLiveChecks } from './live-worker.js';
import { createNotifier } from './changes/notify.js';
import { outbox as outboxTable } from './store/schema.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const infra = await openServiceInfra('session', config, MIGRATIONS);
  const { database, redis, bus } = infra;
  const consumerName = consumerNameOf(config);
  // Plan, admin rights and the verified e-mail of each caller, kept current from user.changed.

  const accounts = openAccountDirectory('session', config, {
    redis,
    bus,
    consumer: consumerName,
  });
  const outbox = createOutbox(outboxTable, 'session');
  // The relay starts once the app exists, so its counters land on the app's metrics registry.
  const wakeRelay = () => delivery.relay.wake();
  const app = await buildApp({ config, db: database.db, redis, outbox, wakeRelay, pingDb: database.ping, accounts: accounts.get });
  accounts.logTo(app.log);
  bus.instrument(app.metricsRegistry);
  const delivery = openServiceOutbox({
    service: 'session',
    config,
    db: database.db,
    table: outboxTable,
    jobs: [JOBS[QUEUES.routeMatrix]],
    registry: app.metricsRegistry,
    log: app.log,
  });
  const consumer = startTravelConsumer({
    bus,
    db: database.db,
    redis,
    outbox,
    wakeRelay,
    prefix: config.REDIS_PREFIX,
    consumer: consumerName,
    dwellMs: config.ARRIVAL_DWELL_SECONDS * 1000,
    accounts: accounts.get,
    log: app.log,
  });
  // A deleted account leaves every session: owned ones handed over or closed, its rows purged.
  const deletions = startUserDeletedConsumer({
    bus,
    db: database.db,
    redis,
    outbox,
    wakeRelay,
    prefix: config.REDIS_PREFIX,
    consumer: consumerName,
    routeJobDelayMs: config.ROUTE_JOB_DEBOUNCE_MS,
    accounts: accounts.get,
    log: app.log,
  });
  // Lateness, arrivals, no-shows and the end of sharing also change with time alone.
  const live = startLiveChecks(config, {
    db: database.db,
    outbox,
    notify: createNotifier({ outbox, routeJobDelayMs: config.ROUTE_JOB_DEBOUNCE_MS, routeCoalesceMs: config.ROUTE_COALESCE_MS }),
    dwellMs: config.ARRIVAL_DWELL_SECONDS * 1000,
    accounts: accounts.get,
    wakeRelay,
    log: app.log,
  });
  await live.ready;
  app.addHook('onClose', async () => {
    await accounts.close();
    await live.close();
    await consumer.stop();
    await deletions.stop();
    await delivery.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
