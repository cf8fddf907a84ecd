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
import { createContext, type SessionDeps } from './context.js';
import { inviteRoutes } from './routes/invites.js';
import { internalRoutes } from './routes/internal.js';
import { participantRoutes } from './routes/participants.js';
import { sessionRoutes } from './routes/sessions.js';

export type { SessionDeps } from './context.js';

export interface SessionAppDeps extends SessionDeps {
  /** Checks tokens (default: the auth service's JWKS at AUTH_URL). */
  verifier?: TokenVerifier;
  /** The caller's current account (plan, admin, verified e-mail): createAccountDirectory's get. */
  accounts: AccountLookup;
}

export async function buildApp(deps: SessionAppDeps) {
  const app = createHttpApp({
    name: 'session',
    logLevel: deps.config.LOG_LEVEL,
    readiness: { db: deps.pingDb, redis: () => pingRedis(deps.redis) },
  });
  const ctx = createContext(deps, app.log);
  const guards = createGuards({
    verify: deps.verifier ?? createTokenVerifier({ jwksUrl: jwksUrlOf(deps.config.AUTH_URL) }),
    accounts: deps.accounts,
    internalToken: deps.config.INTERNAL_TOKEN,
  });
  await registerOpenApi(app, { name: 'session', guard: guards.requireInternal });
  sessionRoutes(app, ctx, guards);
  participantRoutes(app, ctx, guards);
  inviteRoutes(app, ctx, guards);
  internalRoutes(app, ctx, guards);
  return app;
}
