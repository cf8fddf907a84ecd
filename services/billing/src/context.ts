import {
  createRateLimiter,
  type AccountLookup,
  type Database,
  type Outbox,
  type Redis,
} from '@oneeta/service-kit';
import type { Config } from './config.js';
import type { AuthClient } from './providers/auth.js';
import type { BillingProvider } from './providers/port.js';
import { exportUser } from './store/export-store.js';
import { createBilling } from './actions/billing.js';

export interface BillingServiceDeps {
  config: Config;
  db: Database;
  redis: Redis;
  /** The payment provider: Stripe when configured, else the local test mode (createProvider). */
  provider: BillingProvider;
  /** The auth service's internal routes (the plan). */
  auth: AuthClient;
  /** The transactional outbox (billing.usage for the admin ledger). */
  outbox: Outbox;
  /** Wakes the outbox relay after a commit that added rows. */
  wakeRelay?: (() => void) | undefined;
  /** Readiness of the database (the handle's ping). */
  pingDb: () => Promise<void>;
  /** The current account by id: createAccountDirectory's get. */
  accounts: AccountLookup;
}

/** What the route modules share. */
export function createContext(deps: BillingServiceDeps) {
  return {
    config: deps.config,
    billing: createBilling(deps),
    limiter: createRateLimiter(deps.redis, `${deps.config.REDIS_PREFIX}:rl:billing`),
    /** What billing holds about one account (the data export). */
    exportUser: (userId: string) => exportUser(deps.db, userId),
  };
}

export type BillingContext = ReturnType<typeof createContext>;
