import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadConfig, main, openAccountDirectory, openServiceInfra, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startLedgerConsumers } from './consumers/ledger.js';
import { createSessionClient } from './providers/sessions.js';
import { createLedgerStore } from './store/ledger-store.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const infra = await openServiceInfra('admin', config, MIGRATIONS);
  const { database, redis, bus } = infra;
  const consumerName = config.CONSUMER_NAME ?? `${hostname()}-${process.pid}`;
  const logger: { current?: { warn(obj: object, msg: string): void } } = {};
  const accounts = openAccountDirectory('admin', config, {
    redis,
    bus,
    consumer: consumerName,
    onError: (err) => logger.current?.warn({ err }, 'user.changed not applied to the account view'),
  });
  const sessions = createSessionClient({ baseUrl: config.SESSION_URL, internalToken: config.INTERNAL_TOKEN });
  const app = await buildApp({ config, db: database.db, redis, sessions, pingDb: database.ping, accounts: accounts.get });
  logger.current = app.log;
  bus.instrument(app.metricsRegistry);
  const ledger = startLedgerConsumers({ bus, ledger: createLedgerStore(database.db), consumer: consumerName, log: app.log });
  app.addHook('onClose', async () => {
    await ledger.stop();
    await accounts.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
