import {
  createGuards,
  createHttpApp,
  createTokenVerifier,
  pingRedis,
  registerOpenApi,
} from '@oneeta/service-kit';
import { createContext, type AuthDeps } from './context.js';
import { createOutboxSms } from './providers/sms.js';
import { emailVerificationRoutes } from './routes/email-verification.js';
import { accountDataRoutes } from './routes/account-data.js';
import { accountRoutes } from './routes/accounts.js';
import { adminRoutes } from './routes/admin.js';
import { internalRoutes } from './routes/internal.js';
import { passwordRoutes } from './routes/password.js';
import { phoneRoutes } from './routes/phone.js';
import { signOutRoutes } from './routes/sign-out.js';
import { planRoutes } from './routes/plan.js';

export type { AuthDeps } from './context.js';

export async function buildApp(deps: AuthDeps) {
  const app = createHttpApp({
    name: 'auth',
    logLevel: deps.config.LOG_LEVEL,
    readiness: { db: deps.pingDb, redis: () => pingRedis(deps.redis) },
  });
  const sms = deps.sms ?? createOutboxSms(deps.db, app.log);
  const ctx = createContext({ ...deps, sms });
  const guards = createGuards({
    verify: createTokenVerifier({ jwks: deps.keys.jwks }),
    // The caller as the database has them now (plan, admin, verified e-mail, which tokens still work), not the token's copy.
    accounts: async (id) => {
      const row = await ctx.users.byId(id);
      return row ? ctx.accountRecord(row) : null;
    },
    internalToken: deps.config.INTERNAL_TOKEN,
  });
  await registerOpenApi(app, { name: 'auth', guard: guards.requireInternal });
  accountRoutes(app, ctx, guards);
  accountDataRoutes(app, ctx, guards);
  signOutRoutes(app, ctx, guards);
  passwordRoutes(app, ctx, guards);
  emailVerificationRoutes(app, ctx, guards);
  phoneRoutes(app, ctx, guards);
  planRoutes(app, ctx, guards);
  adminRoutes(app, ctx, guards);
  internalRoutes(app, ctx, guards);
  return app;
}
