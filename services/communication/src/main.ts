import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadConfig, main, openAccountDirectory, openServiceInfra, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createSessionClient } from './providers/sessions.js';
import { createChatTokens, loadTokenSecret } from './tokens.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

main(async () => {
  const config = loadConfig(configSchema);
  const infra = await openServiceInfra('communication', config, MIGRATIONS);
  const { database, redis, bus } = infra;
  const logger: { current?: { warn(obj: object, msg: string): void } } = {};
  const accounts = openAccountDirectory('communication', config, {
    redis,
    bus,
    consumer: config.CONSUMER_NAME ?? `${hostname()}-${process.pid}`,
    onError: (err) => logger.current?.warn({ err }, 'user.changed not applied to the account view'),
  });
  const tokens = createChatTokens(await loadTokenSecret(database.db, config.CHAT_TOKEN_SECRET), config.CHAT_TOKEN_TTL_SECONDS);
  const sessions = createSessionClient({ baseUrl: config.SESSION_URL, internalToken: config.INTERNAL_TOKEN });
  const app = await buildApp({ config, db: database.db, redis, tokens, sessions, pingDb: database.ping, accounts: accounts.get });
  logger.current = app.log;
  bus.instrument(app.metricsRegistry);
  app.addHook('onClose', async () => {
    await accounts.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
