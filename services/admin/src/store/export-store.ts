import { asc, eq, sql } from 'drizzle-orm';
import type { AdminUserExport } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { billingUsage, callUsage, chatUsage, notificationUsage } from './schema.js';

/**
 * The ledger rows about one account, for its data export: its notifications and billing facts (by
 * user id) and its chat messages and call time (by its chat and call identity, which carries the user id).
 */
export async function exportUser(db: Database, userId: string): Promise<AdminUserExport> {
  const [notifications, chat, calls, billing] = await Promise.all([
    db
      .select()
      .from(notificationUsage)
      .where(eq(notificationUsage.userId, userId))
      .orderBy(asc(notificationUsage.at)),
    db
      .select()
      .from(chatUsage)
      .where(sql`strpos(${chatUsage.senderId}, ${userId}) > 0`)
      .orderBy(asc(chatUsage.at)),
    db
      .select()
      .from(callUsage)
      .where(sql`strpos(${callUsage.participantAcsId}, ${userId}) > 0`)
      .orderBy(asc(callUsage.at)),
    db
      .select()
      .from(billingUsage)
      .where(eq(billingUsage.userId, userId))
      .orderBy(asc(billingUsage.at)),
  ]);
  return {
    notifications: notifications.map((n) => ({
      sessionId: n.sessionId,
      kind: n.kind,
      channel: n.channel,
      outcome: n.outcome,
      at: n.at.toISOString(),
    })),
    chatMessages: chat.map((c) => ({
      sessionId: c.sessionId,
      length: c.length,
      at: c.at.toISOString(),
    })),
    calls: calls.map((c) => ({
      sessionId: c.sessionId,
      seconds: c.seconds,
      mode: c.mode,
      at: c.at.toISOString(),
    })),
    billing: billing.map((b) => ({
      kind: b.kind,
      amountMinor: b.amountMinor,
      currency: b.currency,
      plan: b.plan,
      previousPlan: b.previousPlan,
      at: b.at.toISOString(),
    })),
  };
}
