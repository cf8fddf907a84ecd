import {
  createGuards,
  createHttpApp,
  createTokenVerifier,
  jwksUrlOf,
  pingRedis,
  registerOpenApi,
  type AccountLookup,
  type TokenVerifier,
} from '@oneeta/service-kit';
import { createContext, type RoutingDeps } from './context.js';
import { adminRoutes } from './routes/admin.js';
import { mapsRoutes } from './routes/maps.js';

export type { RoutingDeps } from './context.js';

/** The maps API. It owns no tables: readiness is Redis (cache, limits, events). */
export interface RoutingAppDeps extends RoutingDeps {
  /** Checks tokens (default: the auth service's JWKS at AUTH_URL). */
  verifier?: TokenVerifier;
  /** The caller's current account (plan, admin rights): createAccountDirectory's get. */
  accounts: AccountLookup;
}

export async function buildApp(deps: RoutingAppDeps) {
  const app = createHttpApp({
    name: 'routing',
    logLevel: deps.config.LOG_LEVEL,
    readiness: { redis: () => pingRedis(deps.redis) },
  });
  const ctx = createContext(deps, app.log);
  const guards = createGuards({
    verify: deps.verifier ?? createTokenVerifier({ jwksUrl: jwksUrlOf(deps.config.AUTH_URL) }),
    accounts: deps.accounts,
    internalToken: deps.config.INTERNAL_TOKEN,
  });
  await registerOpenApi(app, { name: 'routing', guard: guards.requireInternal });
  mapsRoutes(app, ctx, guards);

  adminRoutes(app, { queue: deps.routeQueue, redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX }, guards);
  return app;
}
