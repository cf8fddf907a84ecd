import { fileURLToPath } from 'node:url';
import { startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { loadKeyRing } from './context.js';
import { outbox } from './store/schema.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

// Auth is where accounts live: it keeps no account directory of its own.
startService({
  name: 'auth',
  config: configSchema,
  store: { migrations: MIGRATIONS, outbox },
  accounts: false,
  app: async (kit) =>
    buildApp({
      config: kit.config,
      db: kit.db,
      redis: kit.redis,
      outbox: kit.outbox,
      wakeRelay: kit.wakeRelay,
      keys: await loadKeyRing(kit.db, kit.config.JWT_PRIVATE_KEY),
      pingDb: kit.database.ping,
    }),
});
