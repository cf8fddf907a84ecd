import { fileURLToPath } from 'node:url';
import { loadConfig, consumerNameOf, main, openAccountDirectory, openServiceInfra, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startLedgerConsumers } from './consumers/ledger.js';
import { accountDeletedIn, startUserDeletedConsumer } from './consumers/user-deleted.js';
import { createSessionClient } from './providers/sessions.js';
import { createLedgerStore } from './store/ledger-store.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const infra = await openServiceInfra('admin', config, MIGRATIONS);
  const { database, redis, bus } = infra;
  const consumerName = consumerNameOf(config);
  const accounts = openAccountDirectory('admin', config, {
    redis,
    bus,
    consumer: consumerName,
  });
  const sessions = createSessionClient({ baseUrl: config.SESSION_URL, internalToken: config.INTERNAL_TOKEN });
  const app = await buildApp({ config, db: database.db, redis, sessions, pingDb: database.ping, accounts: accounts.get });
  accounts.logTo(app.log);
  bus.instrument(app.metricsRegistry);
  const ledger = startLedgerConsumers({ bus, ledger: createLedgerStore(database.db), isDeleted: accountDeletedIn(redis, config.REDIS_PREFIX), consumer: consumerName, log: app.log });
  // A deleted account's rows are anonymised: user.deleted from the auth service.
  const erasure = startUserDeletedConsumer({ bus, db: database.db, redis, prefix: config.REDIS_PREFIX, consumer: consumerName, accountTtlSeconds: config.ACCOUNT_VIEW_TTL_SECONDS, log: app.log });
  app.addHook('onClose', async () => {
    await erasure.stop();
    await ledger.stop();
    await accounts.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
