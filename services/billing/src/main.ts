import { JOBS, QUEUES } from '@oneeta/contracts';
import { fileURLToPath } from 'node:url';
import {
  createOutbox,
  loadConfig,
  consumerNameOf,
  main,
  openAccountDirectory,
  openServiceInfra,
  openServiceOutbox,
  runService,
  type ServiceOutbox,
} from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startUserChangedConsumer } from './consumers/user-changed.js';
import { startUserDeletedConsumer } from './consumers/user-deleted.js';
import { startPlanPushWorker } from './plan-push.js';
import { createAuthClient } from './providers/auth.js';
import { createProvider, providerNotice } from './providers/index.js';
import { outbox as outboxTable } from './store/schema.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const infra = await openServiceInfra('billing', config, MIGRATIONS);
  const { database, redis, bus } = infra;
  const consumer = consumerNameOf(config);
  const accounts = openAccountDirectory('billing', config, {
    redis,
    bus,
    consumer,
  });
  const outbox = createOutbox(outboxTable, 'billing');
  // The relay starts once the app exists, so its counters land on the app's metrics registry.
  const wakeRelay = () => delivery.relay.wake();
  const app = await buildApp({
    config,
    db: database.db,
    redis,
    provider: createProvider(config),
    auth: createAuthClient({ baseUrl: config.AUTH_URL, internalToken: config.INTERNAL_TOKEN }),
    outbox,
    wakeRelay,
    pingDb: database.ping,
    accounts: accounts.get,
  });
  accounts.logTo(app.log);
  bus.instrument(app.metricsRegistry);
  const delivery: ServiceOutbox = openServiceOutbox({
    service: 'billing',
    config,
    db: database.db,
    table: outboxTable,
    registry: app.metricsRegistry,
    log: app.log,
    jobs: [JOBS[QUEUES.planPush]],
  });
  // Plans reach auth from here: each push was queued with the change that implies it, and retries.
  const pushes = startPlanPushWorker({ config, pushPlan: app.billing.pushPlan, log: app.log });
  const downgrades = startUserChangedConsumer({ bus, consumer, billing: app.billing, log: app.log });
  // A deleted account's subscriptions end and its rows are anonymised: user.deleted from auth.
  const erasure = startUserDeletedConsumer({ bus, consumer, redis, prefix: config.REDIS_PREFIX, billing: app.billing, log: app.log });
  const notice = providerNotice(app.billing.providerName, config.NODE_ENV);
  app.log[notice.level]({ provider: app.billing.providerName }, notice.message);
  app.addHook('onClose', async () => {
    await erasure.stop();
    await downgrades.stop();
    await pushes.close();
    await delivery.close();
    await accounts.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
