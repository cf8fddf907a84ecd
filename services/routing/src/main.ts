import { checkMapsProvider, createMapsProvider } from '@oneeta/maps';
import { startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { createRouteQueueReader, travelCacheFor } from './context.js';

// What the maps start-up check found but did not stop the start for (MAPS_FALLBACK=offline).
const mapsWarnings: string[] = [];

// No tables of its own: Redis (travel cache, rate limits) and the event bus only.
startService({
  name: 'routing',
  config: configSchema,
  app: async (kit) => {
    const provider = createMapsProvider(kit.config, {
      onEngineFailure: ({ engine, url, error }) =>
        kit.log.warn({ engine, url, err: error.message }, 'maps engine failed; answered offline'),
    });
    // A maps engine that does not answer stops the start with a message naming it.
    mapsWarnings.push(...(await checkMapsProvider(provider)).warnings);
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
  notices: () => mapsWarnings.map((message) => ({ level: 'warn' as const, message })),
});
