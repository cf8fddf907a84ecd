import { TOPICS, type BillingUsageData } from '@oneeta/contracts';
import { createOutbox } from '@oneeta/service-kit';
import { createTestDatabase } from '@oneeta/service-kit/testing';
import type { BillingEvent, SubscriptionFacts } from '../src/domain/types.js';
import { createBillingStore } from '../src/store/billing-store.js';
import { outbox as outboxTable } from '../src/store/schema.js';
import { applyEvent } from '../src/webhooks/apply.js';
import { MIGRATIONS } from './harness.js';

/**
 * The webhook domain alone over a fresh database of billing's schema (PGlite, or Postgres with
 * TEST_DATABASE_URL): apply domain events as a provider would send them and read the result.
 */
export async function openWebhookDb() {
  const database = await createTestDatabase({ schema: 'billing', migrationsFolder: MIGRATIONS });
  const outbox = createOutbox(outboxTable, 'billing');
  const store = createBillingStore(database.db);
  let seq = 0;
  return {
    db: database.db,
    store,
    apply: (event: BillingEvent) =>
      applyEvent({ db: database.db, outbox, provider: 'stripe' }, event),
    /** A fresh event id. */
    eventId: () => `evt_test_${++seq}_${Date.now()}`,
    usage: async (userId: string): Promise<BillingUsageData[]> => {
      const rows = await database.db.select().from(outboxTable).orderBy(outboxTable.seq);
      return rows
        .flatMap((row) =>
          row.message.kind === 'event' && row.message.envelope.type === TOPICS.billingUsage
            ? [row.message.envelope.data as BillingUsageData]
            : [],
        )
        .filter((data) => data.userId === userId);
    },
    close: () => database.destroy(),
  };
}

export type WebhookDb = Awaited<ReturnType<typeof openWebhookDb>>;

/** A Standard subscription's facts (override what a test needs). */
export const subscriptionFacts = (
  overrides: Partial<SubscriptionFacts> = {},
): SubscriptionFacts => ({
  id: `sub_${Math.random().toString(36).slice(2)}`,
  customerId: 'cus_1',
  userId: 'user-1',
  plan: 'standard',
  status: 'active',
  currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  cancelAtPeriodEnd: false,
  ...overrides,
});
