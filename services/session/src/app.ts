import { createGuards, createHttpApp, createTokenVerifier, jwksUrlOf, pingRedis, type TokenVerifier } from '@oneeta/service-kit';
import { createContext, type SessionDeps } from './context.js';
import { inviteRoutes } from './routes/invites.js';
import { internalRoutes } from './routes/internal.js';
import { participantRoutes } from './routes/participants.js';
import { sessionRoutes } from './routes/sessions.js';

export type { SessionDeps } from './context.js';

export async function buildApp(deps: SessionDeps & { verifier?: TokenVerifier }) {
  const app = createHttpApp({
    name: 'session',
    logLevel: deps.config.LOG_LEVEL,
    readiness: { db: deps.pingDb, redis: () => pingRedis(deps.redis) },
  });
  const ctx = createContext(deps, app.log);
  const guards = createGuards({
    verify: deps.verifier ?? createTokenVerifier({ jwksUrl: jwksUrlOf(deps.config.AUTH_URL) }),
    internalToken: deps.config.INTERNAL_TOKEN,
  });
  sessionRoutes(app, ctx, guards);
  participantRoutes(app, ctx, guards);
  inviteRoutes(app, ctx, guards);
  internalRoutes(app, ctx, guards);
  return app;
}
