import {
  accountEnvSchema,
  consumerNameOf,
  createEventBus,
  createRedis,
  loadConfig,
  main,
  openAccountDirectory,
  runService,
} from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { requireMembershipConfig } from './session-membership.js';

main(async () => {
  const config = { ...loadConfig(configSchema), ...loadConfig(accountEnvSchema) };
  // Without the session service /ws could not tell who may follow a session: refuse to start.
  requireMembershipConfig(config);
  const redis = createRedis(config.REDIS_URL);
  // The /ws caller's current account (admin bypass, verified e-mail), kept fresh from user.changed.
  const bus = createEventBus({ redis, prefix: config.REDIS_PREFIX, source: 'gateway' });
  const accounts = openAccountDirectory('gateway', config, { redis, bus, consumer: consumerNameOf(config) });
  // buildApp closes the /ws hub and its Redis subscriber on close; the client is ours to close.
  const app = await buildApp({ config, redis, accounts: accounts.get });
  accounts.logTo(app.log);
  app.addHook('onClose', async () => {
    await accounts.close();
    await bus.close();
    redis.disconnect();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
