import { fileURLToPath } from 'node:url';
import { createOutbox, loadConfig, main, openServiceInfra, openServiceOutbox, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { loadKeyRing } from './context.js';
import { outbox as outboxTable } from './store/schema.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const infra = await openServiceInfra('auth', config, MIGRATIONS);
  const { database, redis } = infra;
  const keys = await loadKeyRing(database.db, config.JWT_PRIVATE_KEY);
  const outbox = createOutbox(outboxTable, 'auth');
  // The relay starts once the app exists, so its counters land on the app's metrics registry.
  const wakeRelay = () => delivery.relay.wake();
  const app = await buildApp({ config, db: database.db, redis, outbox, wakeRelay, keys, pingDb: database.ping });
  const delivery = openServiceOutbox({ service: 'auth', config, db: database.db, table: outboxTable, registry: app.metricsRegistry, log: app.log });
  app.addHook('onClose', async () => {
    await delivery.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
