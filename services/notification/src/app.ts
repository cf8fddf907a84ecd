import { createServiceApp, pingRedis, type ServiceAppDeps } from '@oneeta/service-kit';
import { createContext, type NotificationDeps } from './context.js';
import type { EmailPort } from './providers/email.js';
import { channelRoutes, outboxRoutes } from './routes/email.js';
import { notificationRoutes } from './routes/notifications.js';
import { pushRoutes } from './routes/push.js';
import { unsubscribeRoutes } from './routes/unsubscribe.js';
import { unsubscribeKey } from './domain/unsubscribe.js';
import { createSuppressionsStore } from './store/suppressions-store.js';

export type { NotificationDeps } from './context.js';

export interface NotificationAppDeps extends NotificationDeps, ServiceAppDeps {
  /** The e-mail port in use (createEmailPort): the embedded outbox is readable over /internal/email-outbox. */
  email: EmailPort;
}

export async function buildApp(deps: NotificationAppDeps) {
  const { app, guards } = await createServiceApp({
    name: 'notification',
    config: deps.config,
    readiness: { db: deps.pingDb, redis: () => pingRedis(deps.redis) },
    accounts: deps.accounts,
    verifier: deps.verifier,
  });
  const ctx = createContext(deps);
  pushRoutes(app, ctx, guards);
  notificationRoutes(app, ctx, guards);
  channelRoutes(app, deps.email);
  unsubscribeRoutes(app, {
    suppressions: createSuppressionsStore(deps.db),
    key: unsubscribeKey(deps.vapid.privateKey),
  });
  const { list } = deps.email;
  outboxRoutes(app, guards, list ? { list } : null);
  return app;
}
