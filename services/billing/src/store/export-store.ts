import { asc, eq } from 'drizzle-orm';
import type { BillingUserExport } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { checkouts, customers, enterpriseLeads, subscriptions } from './schema.js';

/** Everything billing holds about one account, for its data export (the provider's own ids stay out). */
export async function exportUser(db: Database, userId: string): Promise<BillingUserExport> {
  const [[customer], subs, opened, leads] = await Promise.all([
    db.select({ provider: customers.provider }).from(customers).where(eq(customers.userId, userId)),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.createdAt)),
    db
      .select()
      .from(checkouts)
      .where(eq(checkouts.userId, userId))
      .orderBy(asc(checkouts.createdAt)),
    db
      .select()
      .from(enterpriseLeads)
      .where(eq(enterpriseLeads.userId, userId))
      .orderBy(asc(enterpriseLeads.createdAt)),
  ]);
  return {
    provider: customer?.provider ?? null,
    subscriptions: subs.map((s) => ({
      id: s.id,
      provider: s.provider,
      plan: s.plan,
      status: s.status,
      currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd !== 0,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    })),
    checkouts: opened.map((c) => ({
      id: c.id,
      provider: c.provider,
      plan: c.plan,
      amountMinor: c.amountMinor,
      currency: c.currency,
      status: c.status,
      createdAt: c.createdAt.toISOString(),
    })),
    enterpriseRequests: leads.map((l) => ({
      id: l.id,
      name: l.name,
      email: l.email,
      company: l.company,
      createdAt: l.createdAt.toISOString(),
    })),
  };
}
