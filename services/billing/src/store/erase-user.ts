import type { Database } from '@oneeta/service-kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  checkouts,
  customers,
  enterpriseLeads,
  outbox,
  subscriptions,
  type DomainSubscriptionStatus,
} from './schema.js';

/** What a deleted account's accounting rows say instead of its user id (they still add up). */
export const ERASED = 'deleted';

const LIVE: DomainSubscriptionStatus[] = ['active', 'past_due'];

export interface ErasedCounts {
  subscriptions: number;
  checkouts: number;
  leads: number;
  pushes: number;
  anonymised: number;
}

/**
 * Everything billing holds for a deleted account, in the caller's transaction (the provider has
 * already ended its live subscriptions). Its subscriptions and checkouts stay for the accounts,
 * their amounts, plans, dates and the provider's own ids kept, with ERASED as their user (a live one
 * ends, an open checkout is cancelled); its customer mapping and the enterprise requests it sent or
 * that carry its address go; plan pushes not queued yet are dropped and billing.usage events not
 * relayed yet keep counting under ERASED.
 */
export async function eraseUser(
  tx: Database,
  userId: string,
  email: string,
  now = new Date(),
): Promise<ErasedCounts> {
  const address = email.trim().toLowerCase();
  await tx
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: 0, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE)));
  const subs = await tx
    .update(subscriptions)
    // A customer id made from the user id (the local provider's) goes; a provider's own stays.
    .set({
      userId: ERASED,
      customerId: sql`case when strpos(${subscriptions.customerId}, ${userId}) > 0 then null else ${subscriptions.customerId} end`,
    })
    .where(eq(subscriptions.userId, userId))
    .returning({ id: subscriptions.id });
  await tx
    .update(checkouts)
    .set({ status: 'cancelled' })
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')));
  const paid = await tx
    .update(checkouts)
    .set({ userId: ERASED })
    .where(eq(checkouts.userId, userId))
    .returning({ id: checkouts.id });
  await tx.delete(customers).where(eq(customers.userId, userId));
  const leads = await tx
    .delete(enterpriseLeads)
    .where(
      sql`${enterpriseLeads.userId} = ${userId} or lower(${enterpriseLeads.email}) = ${address}`,
    )
    .returning({ id: enterpriseLeads.id });

  const pushes = await tx
    .delete(outbox)
    .where(
      and(
        sql`${outbox.message}->>'kind' = 'job'`,
        sql`${outbox.message}->'data'->>'userId' = ${userId}`,
      ),
    )
    .returning({ seq: outbox.seq });
  const events = await tx
    .update(outbox)
    .set({
      aggregate: `user:${ERASED}`,
      message: sql`jsonb_set(${outbox.message}, '{envelope,data,userId}', to_jsonb(${ERASED}::text))`,
    })
    .where(
      and(
        sql`${outbox.message}->>'kind' = 'event'`,
        sql`${outbox.message}->'envelope'->'data'->>'userId' = ${userId}`,
      ),
    )
    .returning({ seq: outbox.seq });
  return {
    subscriptions: subs.length,
    checkouts: paid.length,
    leads: leads.length,
    pushes: pushes.length,
    anonymised: events.length,
  };
}
