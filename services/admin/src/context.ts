import type { Database } from '@oneeta/service-kit';
import { estimateCost } from '@oneeta/travel';
import type { Config } from './config.js';
import type { SessionClient } from './providers/sessions.js';
import { exportUser } from './store/export-store.js';
import { createLedgerStore, type LedgerStore } from './store/ledger-store.js';

export interface AdminDeps {
  config: Config;
  db: Database;
  sessions: SessionClient;
  pingDb: () => Promise<void>;
}

/** What the route modules share. */
export function createContext(deps: AdminDeps) {
  return {
    config: deps.config,
    ledger: createLedgerStore(deps.db),
    /**
     * Reads that must agree (a session's totals and its hours) from one snapshot of the ledger: a
     * read-only repeatable-read transaction, so an event counted between them cannot split them.
     */
    snapshot: <T>(read: (ledger: LedgerStore) => Promise<T>): Promise<T> =>
      deps.db.transaction((tx) => read(createLedgerStore(tx as unknown as Database)), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      }),
    sessions: deps.sessions,
    /** The ledger's rows about one account (the data export). */
    exportUser: (userId: string) => exportUser(deps.db, userId),
    /** Estimated maps cost of `transactions` at this install's price (doc 2 §9). */
    cost: (transactions: number) =>
      estimateCost(transactions, deps.config.MAPS_PRICE_PER_1000_TRANSACTIONS),
  };
}
export type AdminContext = ReturnType<typeof createContext>;
