import type { Database } from '@oneeta/service-kit';
import { and, eq, sql } from 'drizzle-orm';
import {
  alertsSent,
  deliveries,
  emailOutbox,
  inAppNotifications,
  notificationPreferences,
  outbox,
  pushSubscriptions,
  remindersSent,
  sessionMutes,
  sessionSchedules,
} from './schema.js';

/** What a deleted account's ledger rows say instead of its id and address (they still count). */
export const ERASED = 'deleted';

export interface ErasedCounts {
  devices: number;
  inbox: number;
  emails: number;
  queued: number;
  anonymised: number;
}

/**
 * Everything this service holds for a deleted account, in the caller's transaction: its devices,
 * preferences, mutes, inbox, reminder and alert keys, its place in the sessions' latest schedules
 * and the e-mails addressed to it are deleted;
 * jobs not yet handed to the queue for it (by user id or address) are dropped; its delivery ledger
 * rows and the notification.sent events still waiting in the outbox keep counting, under ERASED.
 */
export async function eraseUser(
  tx: Database,
  userId: string,
  email: string,
): Promise<ErasedCounts> {
  const address = email.trim().toLowerCase();
  const devices = await tx
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .returning({ id: pushSubscriptions.id });
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(sessionMutes).where(eq(sessionMutes.userId, userId));
  const inbox = await tx
    .delete(inAppNotifications)
    .where(eq(inAppNotifications.userId, userId))
    .returning({ id: inAppNotifications.id });
  await tx.delete(remindersSent).where(eq(remindersSent.userId, userId));
  await tx.delete(alertsSent).where(eq(alertsSent.userId, userId));
  // The latest schedule of their sessions leaves them out (notices about them end, as for one who left).
  await tx
    .update(sessionSchedules)
    .set({
      schedule: sql`jsonb_set(${sessionSchedules.schedule}, '{participants}', coalesce((select jsonb_agg(p) from jsonb_array_elements(${sessionSchedules.schedule}->'participants') p where p->>'userId' is distinct from ${userId}), '[]'::jsonb))`,
    })
    .where(
      sql`${sessionSchedules.schedule}->'participants' @> ${JSON.stringify([{ userId }])}::jsonb`,
    );
  const emails = await tx
    .delete(emailOutbox)
    .where(sql`lower(${emailOutbox.to}) = ${address}`)
    .returning({ id: emailOutbox.id });

  // Jobs for the account (its pushes, its e-mails, e-mails to its address) and nudges of its inbox.
  const forUser = sql`(${outbox.message}->'data'->>'userId' = ${userId} or lower(${outbox.message}->'data'->>'email') = ${address})`;
  const queued = await tx
    .delete(outbox)
    .where(
      sql`(${outbox.message}->>'kind' = 'job' and ${forUser}) or ${outbox.aggregate} = ${`inbox:${userId}`}`,
    )
    .returning({ seq: outbox.seq });
  await tx
    .update(outbox)
    .set({
      message: sql`jsonb_set(${outbox.message}, '{envelope,data,userId}', to_jsonb(${ERASED}::text))`,
    })
    .where(
      and(
        sql`${outbox.message}->>'kind' = 'event'`,
        sql`${outbox.message}->'envelope'->'data'->>'userId' = ${userId}`,
      ),
    );

  const anonymised = await tx
    .update(deliveries)
    .set({ userId: ERASED, target: ERASED, error: null })
    .where(
      sql`${deliveries.userId} = ${userId} or (${deliveries.channel} = 'email' and lower(${deliveries.target}) = ${address})`,
    )
    .returning({ id: deliveries.id });
  return {
    devices: devices.length,
    inbox: inbox.length,
    emails: emails.length,
    queued: queued.length,
    anonymised: anonymised.length,
  };
}
