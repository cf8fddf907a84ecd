import { createMapsProvider } from '@oneeta/maps';
import { loadConfig, consumerNameOf, main, openAccountDirectory, openRedisInfra, runService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createRouteQueueReader, travelCacheFor } from './context.js';

main(async () => {
  const config = loadConfig(configSchema);
  // No tables of its own: Redis (travel cache, rate limits) and the event bus only.
  const infra = openRedisInfra('routing', config);
  const provider = createMapsProvider(config);
  const travelCache = travelCacheFor(config, infra.redis, provider);
  const routeQueue = createRouteQueueReader(config, infra.redis);
  // The caller's current plan and admin rights, kept fresh from user.changed.
  const accounts = openAccountDirectory('routing', config, {
    redis: infra.redis,
    bus: infra.bus,
    consumer: consumerNameOf(config),
  });
  const app = await buildApp({ config, provider, travelCache, redis: infra.redis, bus: infra.bus, routeQueue, accounts: accounts.get });
  accounts.logTo(app.log);
  app.addHook('onClose', async () => {
    await accounts.close();
    await routeQueue.close();
    await infra.close();
  });
  await runService({ app, port: config.PORT, host: config.HOST });
});
