import { createServiceApp, pingRedis, type ServiceAppDeps } from '@oneeta/service-kit';
import { createContext, type SessionDeps } from './context.js';
import { inviteRoutes } from './routes/invites.js';
import { internalRoutes } from './routes/internal.js';
import { participantRoutes } from './routes/participants.js';
import { sessionRoutes } from './routes/sessions.js';
import { suggestionRoutes } from './routes/suggestions.js';

export type { SessionDeps } from './context.js';

export type SessionAppDeps = SessionDeps & ServiceAppDeps;

export async function buildApp(deps: SessionAppDeps) {
  const { app, guards } = await createServiceApp({
    name: 'session',
    config: deps.config,
    readiness: { db: deps.pingDb, redis: () => pingRedis(deps.redis) },
    accounts: deps.accounts,
    verifier: deps.verifier,
  });
  const ctx = createContext(deps, app.log);
  sessionRoutes(app, ctx, guards);
  participantRoutes(app, ctx, guards);
  inviteRoutes(app, ctx, guards);
  suggestionRoutes(app, ctx, guards);
  internalRoutes(app, ctx, guards);
  // Its consumers write through the same context (context.write) as its routes.
  return Object.assign(app, { ctx });
}
