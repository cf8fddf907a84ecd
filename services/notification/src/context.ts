import {
  createRateLimiter,
  type Database,
  type HostResolver,
  type Outbox,
  type Redis,
} from '@oneeta/service-kit';
import type { Config } from './config.js';
import { exportUser } from './store/export-store.js';
import type { VapidKeyPair } from './store/vapid-store.js';
import { createInboxStore } from './store/inbox-store.js';
import { createPreferencesStore } from './store/preferences-store.js';
import { createSubscriptionsStore } from './store/subscriptions-store.js';

export interface NotificationDeps {
  config: Config;
  db: Database;
  redis: Redis;
  /** The service's transactional outbox (openServiceOutbox): push jobs and notification.sent go through it. */
  outbox: Outbox;
  /** Wakes the outbox relay after a commit that added rows (else it finds them on its next poll). */
  wakeRelay?: () => void;
  /** The VAPID pair in use (loadVapidKeys). */
  vapid: VapidKeyPair;
  /** Readiness of the database (the handle's ping). */
  pingDb: () => Promise<void>;
  /** How push endpoint hosts are resolved at subscribe time (the system resolver by default). */
  resolveHost?: HostResolver;
}

/** What the route modules share. */
export function createContext(deps: NotificationDeps) {
  return {
    config: deps.config,
    vapid: deps.vapid,
    outbox: deps.outbox,
    subscriptions: createSubscriptionsStore(deps.db),
    /** Where push endpoints may point (checked at subscribe time; the sender checks again). */
    pushPolicy: {
      allowedHosts: deps.config.PUSH_ALLOWED_HOSTS,
      allowPrivate: deps.config.PUSH_ALLOW_PRIVATE_ENDPOINTS,
      ...(deps.resolveHost ? { resolve: deps.resolveHost } : {}),
    },
    inbox: createInboxStore(deps.db),
    preferences: createPreferencesStore(deps.db),
    /** What this service holds about one account (the data export). */
    exportUser: (userId: string) => exportUser(deps.db, userId),
    limiter: createRateLimiter(deps.redis, `${deps.config.REDIS_PREFIX}:rl:notification`),
    /** Runs `fn` in one transaction, then wakes the outbox relay. */
    transaction: async <T>(fn: (tx: Database) => Promise<T>): Promise<T> => {
      const result = await deps.db.transaction(async (handle) => fn(handle as unknown as Database));
      deps.wakeRelay?.();
      return result;
    },
  };
}

export type NotificationContext = ReturnType<typeof createContext>;
