import type { Database } from '@oneeta/service-kit';
import { eq, sql } from 'drizzle-orm';
import {
  billingUsage,
  callUsage,
  chatUsage,
  mapsUsage,
  notificationUsage,
  sessions,
} from './schema.js';

/** What a deleted account's ledger rows say instead of its id (they still count). */
export const ERASED = 'deleted';

export interface ErasedCounts {
  notifications: number;
  chat: number;
  calls: number;
  billing: number;
  sessions: number;
  audit: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Anonymises a deleted account's ledger rows, in the caller's transaction: every row keeps its
 * session, counts, seconds, lengths, amounts and times, so totals add up as before, but names
 * ERASED where it named the account (its user id, its chat and call identity, which carries the
 * user id, the sessions it owned); the audit log's request and result summaries lose the id and
 * the e-mail address wherever they held them.
 */
export async function eraseUser(
  tx: Database,
  userId: string,
  email: string,
): Promise<ErasedCounts> {
  const notifications = await tx
    .update(notificationUsage)
    .set({ userId: ERASED })
    .where(eq(notificationUsage.userId, userId))
    .returning({ id: notificationUsage.id });
  const chat = await tx
    .update(chatUsage)
    .set({ senderId: ERASED })
    .where(sql`strpos(${chatUsage.senderId}, ${userId}) > 0`)
    .returning({ id: chatUsage.id });
  const calls = await tx
    .update(callUsage)
    .set({ participantAcsId: ERASED })
    .where(sql`strpos(${callUsage.participantAcsId}, ${userId}) > 0`)
    .returning({ id: callUsage.id });
  const billing = await tx
    .update(billingUsage)
    .set({ userId: ERASED })
    .where(eq(billingUsage.userId, userId))
    .returning({ id: billingUsage.id });
  const owned = await tx
    .update(sessions)
    .set({ creatorUserId: ERASED })
    .where(eq(sessions.creatorUserId, userId))
    .returning({ id: sessions.sessionId });

  const address = escapeRegex(email.trim());
  const scrub = (column: typeof mapsUsage.request | typeof mapsUsage.result) =>
    sql`regexp_replace(replace(${column}::text, ${userId}, ${ERASED}), ${address}, ${ERASED}, 'gi')::jsonb`;
  const mentions = sql`(strpos(${mapsUsage.request}::text || ${mapsUsage.result}::text, ${userId}) > 0 or (${mapsUsage.request}::text || ${mapsUsage.result}::text) ~* ${address})`;
  const audit = address
    ? await tx
        .update(mapsUsage)
        .set({ request: scrub(mapsUsage.request), result: scrub(mapsUsage.result) })
        .where(mentions)
        .returning({ id: mapsUsage.id })
    : [];
  return {
    notifications: notifications.length,
    chat: chat.length,
    calls: calls.length,
    billing: billing.length,
    sessions: owned.length,
    audit: audit.length,
  };
}
