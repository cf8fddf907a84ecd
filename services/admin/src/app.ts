import { createServiceApp, pingRedis, type Redis, type ServiceAppDeps } from '@oneeta/service-kit';
import { createContext, type AdminDeps } from './context.js';
import { adminRoutes } from './routes/admin.js';
import { ownerRoutes } from './routes/owner.js';

export interface AdminAppDeps extends AdminDeps, ServiceAppDeps {
  redis: Redis;
}

export async function buildApp(deps: AdminAppDeps) {
  const { app, guards } = await createServiceApp({
    name: 'admin',
    config: deps.config,
    readiness: { db: deps.pingDb, redis: () => pingRedis(deps.redis) },
    accounts: deps.accounts,
    verifier: deps.verifier,
  });
  const ctx = createContext(deps);
  ownerRoutes(app, ctx, guards);
  adminRoutes(app, ctx, guards);
  return app;
}
