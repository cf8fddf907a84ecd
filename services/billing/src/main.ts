import { JOBS, QUEUES } from '@oneeta/contracts';
import { fileURLToPath } from 'node:url';
import { startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startPlanPushWorker } from './consumers/plan-push.js';
import { startUserChangedConsumer } from './consumers/user-changed.js';
import { startUserDeletedConsumer } from './consumers/user-deleted.js';
import { createAuthClient } from './providers/auth.js';
import { createProvider, providerNotice } from './providers/index.js';
import { outbox } from './store/schema.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

startService({
  name: 'billing',
  config: configSchema,
  store: { migrations: MIGRATIONS, outbox, jobs: [JOBS[QUEUES.planPush]] },
  app: (kit) =>
    buildApp({
      config: kit.config,
      db: kit.db,
      redis: kit.redis,
      provider: createProvider(kit.config),
      auth: createAuthClient({
        baseUrl: kit.config.AUTH_URL,
        internalToken: kit.config.INTERNAL_TOKEN,
      }),
      outbox: kit.outbox,
      wakeRelay: kit.wakeRelay,
      pingDb: kit.database.ping,
      accounts: kit.accounts,
    }),
  start: (kit, app) => [
    // Plans reach auth from here: each push was queued with the change that implies it, and retries.
    startPlanPushWorker({ config: kit.config, pushPlan: app.billing.pushPlan, log: app.log }),
    // A move to free ends the paid subscription.
    startUserChangedConsumer({ ...kit.events, billing: app.billing }),
    // A deleted account's subscriptions end and its rows are anonymised: user.deleted from auth.
    startUserDeletedConsumer({
      ...kit.events,
      redis: kit.redis,
      prefix: kit.config.REDIS_PREFIX,
      billing: app.billing,
      log: app.log,
    }),
  ],
  notices: (app, config) => [
    {
      ...providerNotice(app.billing.providerName, config.NODE_ENV),
      fields: { provider: app.billing.providerName },
    },
  ],
});
