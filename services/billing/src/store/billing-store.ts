import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Plan } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import {
  checkouts,
  customers,
  enterpriseLeads,
  processedEvents,
  subscriptions,
  type CheckoutRow,
  type DomainSubscriptionStatus,
  type ProviderName,
  type SubscriptionRow,
} from './schema.js';

const LIVE: DomainSubscriptionStatus[] = ['active', 'past_due'];

export interface SubscriptionInput {
  id: string;
  provider: ProviderName;
  userId: string;
  customerId: string | null;
  plan: Plan;
  status: DomainSubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  eventCreated: number;
}

/** The billing tables over a database handle or an open transaction. */
export function createBillingStore(db: Database) {
  return {
    async customerOf(userId: string): Promise<string | null> {
      const [row] = await db.select().from(customers).where(eq(customers.userId, userId));
      return row?.customerId ?? null;
    },
    async userOfCustomer(customerId: string): Promise<string | null> {
      const [row] = await db.select().from(customers).where(eq(customers.customerId, customerId));
      return row?.userId ?? null;
    },
    /** Keeps the first customer stored for the user; answers the one kept. */
    async saveCustomer(
      userId: string,
      provider: ProviderName,
      customerId: string,
    ): Promise<string> {
      await db.insert(customers).values({ userId, provider, customerId }).onConflictDoNothing();
      return (await this.customerOf(userId)) ?? customerId;
    },

    async insertCheckout(row: typeof checkouts.$inferInsert) {
      await db.insert(checkouts).values(row);
    },
    async checkout(id: string): Promise<CheckoutRow | null> {
      const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
      return row ?? null;
    },
    /** Moves a checkout from one of `from` to `to`; false when it was in none of them. */
    async closeCheckout(
      id: string,
      from: CheckoutRow['status'][],
      to: CheckoutRow['status'],
    ): Promise<boolean> {
      const rows = await db
        .update(checkouts)
        .set({ status: to })
        .where(and(eq(checkouts.id, id), inArray(checkouts.status, from)))
        .returning({ id: checkouts.id });
      return rows.length > 0;
    },

    async subscription(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ?? null;
    },
    /** The user's subscriptions that give a plan, newest first. */
    async liveSubscriptions(userId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE)))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.eventCreated));
    },
    async hasSubscriptions(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .limit(1);
      return rows.length > 0;
    },
    /** The plan the user's subscriptions give: the newest live one's, else free. */
    async planFromSubscriptions(userId: string): Promise<Plan> {
      return (await this.liveSubscriptions(userId))[0]?.plan ?? 'free';
    },
    async upsertSubscription(input: SubscriptionInput) {
      const values = { ...input, cancelAtPeriodEnd: input.cancelAtPeriodEnd ? 1 : 0 };
      const { id: _id, provider: _p, ...changes } = values;
      await db
        .insert(subscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: subscriptions.id,
          set: { ...changes, updatedAt: new Date() },
        });
    },

    /** Records the event id; false when it was applied before (its effect is not repeated). */
    async markEvent(event: { id: string; type: string; created: number }): Promise<boolean> {
      const rows = await db
        .insert(processedEvents)
        .values({ id: event.id, type: event.type, created: event.created })
        .onConflictDoNothing()
        .returning({ id: processedEvents.id });
      return rows.length > 0;
    },

    async insertLead(row: typeof enterpriseLeads.$inferInsert) {
      await db.insert(enterpriseLeads).values(row);
    },
    async lead(id: string) {
      const [row] = await db.select().from(enterpriseLeads).where(eq(enterpriseLeads.id, id));
      return row ?? null;
    },
  };
}

export type BillingStore = ReturnType<typeof createBillingStore>;
