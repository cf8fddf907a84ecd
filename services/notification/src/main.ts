import { fileURLToPath } from 'node:url';
import { JOBS, QUEUES } from '@oneeta/contracts';
import { startService } from '@oneeta/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { startDelivery } from './consumers/delivery.js';
import { createEmailPort } from './providers/email.js';
import { generateVapidKeys } from './providers/push.js';
import { outbox } from './store/schema.js';
import { loadVapidKeys } from './store/vapid-store.js';

export const MIGRATIONS = fileURLToPath(new URL('./store/migrations', import.meta.url));

startService({
  name: 'notification',
  config: configSchema,
  store: { migrations: MIGRATIONS, outbox, jobs: [JOBS[QUEUES.notify]] },
  app: async (kit) => {
    const { config } = kit;
    const vapid = await loadVapidKeys(
      kit.db,
      { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY },
      generateVapidKeys,
    );
    const email = kit.own(createEmailPort(config, kit.db, kit.log));
    const app = await buildApp({
      config,
      db: kit.db,
      redis: kit.redis,
      outbox: kit.outbox,
      wakeRelay: kit.wakeRelay,
      vapid,
      pingDb: kit.database.ping,
      accounts: kit.accounts,
      email,
    });
    return Object.assign(app, { vapid, email });
  },
  start: (kit, app) => [
    startDelivery({
      ...kit.events,
      redis: kit.redis,
      config: kit.config,
      db: kit.db,
      outbox: kit.outbox,
      wakeRelay: kit.wakeRelay,
      vapid: app.vapid,
      email: app.email,
      accounts: kit.accounts,
      registry: app.metricsRegistry,
    }),
  ],
});
