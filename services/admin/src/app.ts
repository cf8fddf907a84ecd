import { createGuards, createHttpApp, createTokenVerifier, jwksUrlOf, pingRedis, registerOpenApi, type AccountLookup, type Redis, type TokenVerifier } from '@oneeta/service-kit';
import { createContext, type AdminDeps } from './context.js';
import { adminRoutes } from './routes/admin.js';
import { ownerRoutes } from './routes/owner.js';

export interface AdminAppDeps extends AdminDeps {
  redis: Redis;
  /** Checks tokens (default: the auth service's JWKS at AUTH_URL). */
  verifier?: TokenVerifier;
  /** The caller's current account (createAccountDirectory's get): admin rights are read from it, never from the token. */
  accounts: AccountLookup;
}

export async function buildApp(deps: AdminAppDeps) {
  const app = createHttpApp({
    name: 'admin',
    logLevel: deps.config.LOG_LEVEL,
    readiness: { db: deps.pingDb, redis: () => pingRedis(deps.redis) },
  });
  const ctx = createContext(deps);
  const guards = createGuards({
    verify: deps.verifier ?? createTokenVerifier({ jwksUrl: jwksUrlOf(deps.config.AUTH_URL) }),
    accounts: deps.accounts,
    internalToken: deps.config.INTERNAL_TOKEN,
  });
  await registerOpenApi(app, { name: 'admin', guard: guards.requireInternal });
  ownerRoutes(app, ctx, guards);
  adminRoutes(app, ctx, guards);
  return app;
}
