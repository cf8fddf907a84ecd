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
import { createContext, type NotificationDeps } from './context.js';
import type { EmailPort } from './providers/email.js';
import { channelRoutes, outboxRoutes } from './routes/email.js';
import { pushRoutes } from './routes/push.js';

export type { NotificationDeps } from './context.js';

export interface NotificationAppDeps extends NotificationDeps {
  /** Checks tokens (default: the auth service's JWKS at AUTH_URL). */
  verifier?: TokenVerifier;
  /** The caller's current account: createAccountDirectory's get. */
  accounts: AccountLookup;
  /** The e-mail port in use (createEmailPort): the embedded outbox is readable over /internal/email-outbox. */
  email: EmailPort;
}

export async function buildApp(deps: NotificationAppDeps) {
  const app = createHttpApp({
    name: 'notification',
    logLevel: deps.config.LOG_LEVEL,
    readiness: { db: deps.pingDb, redis: () => pingRedis(deps.redis) },
  });
  const ctx = createContext(deps);
  const guards = createGuards({
    verify: deps.verifier ?? createTokenVerifier({ jwksUrl: jwksUrlOf(deps.config.AUTH_URL) }),
    accounts: deps.accounts,
    internalToken: deps.config.INTERNAL_TOKEN,
  });
  await registerOpenApi(app, { name: 'notification', guard: guards.requireInternal });
  pushRoutes(app, ctx, guards);
  channelRoutes(app, deps.email);
  const { list } = deps.email;
  outboxRoutes(app, guards, list ? { list } : null);
  return app;
}
