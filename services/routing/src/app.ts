import { createServiceApp, pingRedis, type ServiceAppDeps } from '@oneeta/service-kit';
import { createContext, type RoutingDeps } from './context.js';
import { adminRoutes } from './routes/admin.js';
import { mapsRoutes } from './routes/maps.js';

export type { RoutingDeps } from './context.js';

/** The maps API. It owns no tables: readiness is Redis (cache, limits, events). */
export type RoutingAppDeps = RoutingDeps & ServiceAppDeps;

export async function buildApp(deps: RoutingAppDeps) {
  const { app, guards } = await createServiceApp({
    name: 'routing',
    config: deps.config,
    readiness: { redis: () => pingRedis(deps.redis) },
    accounts: deps.accounts,
    verifier: deps.verifier,
  });
  const ctx = createContext(deps, app.log);
  mapsRoutes(app, ctx, guards);
  adminRoutes(
    app,
    { queue: deps.routeQueue, redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX },
    guards,
  );
  return app;
}
