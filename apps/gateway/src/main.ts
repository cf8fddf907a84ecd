import { createRedis, loadConfig, main, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';

main(async () => {
  const config = loadConfig(configSchema);
  const redis = createRedis(config.REDIS_URL);
  // buildApp closes the /ws hub and its Redis subscriber on close; the client is ours to close.
  const app = await buildApp({ config, redis });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
