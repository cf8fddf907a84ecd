import { createServiceApp, pingRedis, type ServiceAppDeps } from '@oneeta/service-kit';
import { createContext, type BillingServiceDeps } from './context.js';
import { billingRoutes } from './routes/billing.js';
import { enterpriseRoutes } from './routes/enterprise.js';
import { webhookRoutes } from './routes/webhook.js';

export type { BillingServiceDeps } from './context.js';
export interface BillingAppDeps extends BillingServiceDeps, ServiceAppDeps {}

/** The billing service: checkout, portal and webhooks under /api/billing, leads under /api/enterprise. */
export async function buildApp(deps: BillingAppDeps) {
  const { app, guards } = await createServiceApp({
    name: 'billing',
    config: deps.config,
    readiness: { db: deps.pingDb, redis: () => pingRedis(deps.redis) },
    accounts: deps.accounts,
    verifier: deps.verifier,
  });
  const ctx = createContext(deps);
  billingRoutes(app, ctx, guards);
  webhookRoutes(app, ctx);
  enterpriseRoutes(app, ctx, guards);
  return Object.assign(app, { billing: ctx.billing });
}
