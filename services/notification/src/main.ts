import { fileURLToPath } from 'node:url';
import { JOBS, QUEUES } from '@oneeta/contracts';
import { createOutbox, loadConfig, consumerNameOf, main, openAccountDirectory, openServiceInfra, openServiceOutbox, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startDelivery } from './delivery.js';
import { createEmailPort } from './providers/email.js';
import { generateVapidKeys } from './providers/push.js';
import { outbox as outboxTable } from './store/schema.js';
import { loadVapidKeys } from './store/vapid-store.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const infra = await openServiceInfra('notification', config, MIGRATIONS);
  const { database, redis, bus } = infra;
  const consumerName = consumerNameOf(config);
  const logger: { current?: { info(obj: object, msg: string): void } } = {};
  const accounts = openAccountDirectory('notification', config, {
    redis,
    bus,
    consumer: consumerName,
  });
  const vapid = await loadVapidKeys(database.db, { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }, generateVapidKeys);
  const outbox = createOutbox(outboxTable, 'notification');
  // The relay starts once the app exists, so its counters land on the app's metrics registry.
  const wakeRelay = () => delivery.relay.wake();
  const emailLog = { info: (obj: object, msg: string) => logger.current?.info(obj, msg) };
  const email = createEmailPort(config, database.db, emailLog);
  const app = await buildApp({ config, db: database.db, redis, outbox, wakeRelay, vapid, pingDb: database.ping, accounts: accounts.get, email });
  logger.current = app.log;
  accounts.logTo(app.log);
  bus.instrument(app.metricsRegistry);
  const delivery = openServiceOutbox({
    service: 'notification',
    config,
    db: database.db,
    table: outboxTable,
    jobs: [JOBS[QUEUES.notify]],
    registry: app.metricsRegistry,
    log: app.log,
  });
  const sending = startDelivery({ config, db: database.db, redis, bus, outbox, wakeRelay, vapid, email, accounts: accounts.get, consumer: consumerName, log: app.log, registry: app.metricsRegistry });
  app.addHook('onClose', async () => {
    await sending.close();
    email.close();
    await accounts.close();
    await delivery.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
