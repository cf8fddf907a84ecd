import { fileURLToPath } from 'node:url';
import { startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startLedgerConsumers } from './consumers/ledger.js';
import { accountDeletedIn, startUserDeletedConsumer } from './consumers/user-deleted.js';
import { createSessionClient } from './providers/sessions.js';
import { createLedgerStore } from './store/ledger-store.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

startService({
  name: 'admin',
  config: configSchema,
  store: { migrations: MIGRATIONS },
  app: (kit) =>
    buildApp({
      config: kit.config,
      db: kit.db,
      redis: kit.redis,
      sessions: createSessionClient({
        baseUrl: kit.config.SESSION_URL,
        internalToken: kit.config.INTERNAL_TOKEN,
      }),
      pingDb: kit.database.ping,
      accounts: kit.accounts,
    }),
  start: (kit) => [
    startLedgerConsumers({
      ...kit.events,
      ledger: createLedgerStore(kit.db),
      isDeleted: accountDeletedIn(kit.redis, kit.config.REDIS_PREFIX),
    }),
    // A deleted account's rows are anonymised: user.deleted from the auth service.
    startUserDeletedConsumer({
      ...kit.events,
      db: kit.db,
      redis: kit.redis,
      prefix: kit.config.REDIS_PREFIX,
      accountTtlSeconds: kit.config.ACCOUNT_VIEW_TTL_SECONDS,
    }),
  ],
});
