import { createMapsProvider } from '@oneeta/maps';
import { startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createRouteQueueReader, travelCacheFor } from './context.js';

// No tables of its own: Redis (travel cache, rate limits) and the event bus only.
startService({
  name: 'routing',
  config: configSchema,
  app: (kit) => {
    const provider = createMapsProvider(kit.config);
    return buildApp({
      config: kit.config,
      provider,
      travelCache: travelCacheFor(kit.config, kit.redis, provider),
      redis: kit.redis,
      bus: kit.bus,
      routeQueue: kit.own(createRouteQueueReader(kit.config, kit.redis)),
      accounts: kit.accounts,
    });
  },
});
