import type { ChatMessageContent } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  acsIdentities,
  messages,
  outbox,
  participants,
  readReceipts,
  threads,
  usageMarks,
} from './schema.js';

/** What a deleted account's rows say instead of its chat identity (they still count, under nobody). */
export const ERASED = 'deleted';

/** What erasing needs from the rules: the account's embedded chat identity and how a system message drops identities. */
export interface ErasureRules {
  embeddedId: string;
  scrub: (content: ChatMessageContent, ids: ReadonlySet<string>) => ChatMessageContent;
}

/** Whether a JSON text holds any of the ids as a string. */
const mentionIn = (text: SQL, ids: string[]): SQL =>
  sql.join(
    ids.map((id) => sql`strpos(${text}, ${JSON.stringify(id)}) > 0`),
    sql` or `,
  );

export interface ErasedCounts {
  messages: number;
  memberships: number;
  receipts: number;
  anonymised: number;
}

/**
 * Everything this service holds for a deleted account, in the caller's transaction. Its chat
 * identities (the embedded one, derived from the user id, and its ACS identity if it has one) leave
 * every thread; its messages keep their rows (a thread's sequence has no gaps) but lose their
 * content, sender and name, as a deleted message does; system messages that named it name nobody;
 * its read receipts, its ACS identity row and its ledger dedup marks go. The chat and call usage
 * events still waiting in the outbox keep counting, with the marker instead of its identity; the
 * real-time nudges still waiting that carry its messages are dropped.
 */
export async function eraseUser(
  tx: Database,
  userId: string,
  rules: ErasureRules,
  now = new Date(),
): Promise<ErasedCounts> {
  const acs = await tx
    .delete(acsIdentities)
    .where(eq(acsIdentities.userId, userId))
    .returning({ acsId: acsIdentities.acsId });
  const ids = [rules.embeddedId, ...acs.map((r) => r.acsId)];
  const idSet = new Set(ids);

  const memberships = await tx
    .delete(participants)
    .where(inArray(participants.userId, ids))
    .returning({ threadId: participants.threadId });
  const receipts = await tx
    .delete(readReceipts)
    .where(inArray(readReceipts.userId, ids))
    .returning({ threadId: readReceipts.threadId });
  const sent = await tx
    .update(messages)
    .set({
      content: null,
      senderId: ERASED,
      senderDisplayName: null,
      metadata: null,
      deletedOn: sql`coalesce(${messages.deletedOn}, ${now.toISOString()}::timestamptz)`,
      version: String(now.getTime()),
    })
    .where(inArray(messages.senderId, ids))
    .returning({ id: messages.id });
  // System messages listing them (added, removed) keep the others' entries.
  const mentions = mentionIn(sql`${messages.content}::text`, ids);
  const named = await tx
    .select({ threadId: messages.threadId, id: messages.id, content: messages.content })
    .from(messages)
    .where(and(isNull(messages.senderId), sql`(${mentions})`));
  for (const row of named)
    await tx
      .update(messages)
      .set({ content: rules.scrub(row.content ?? {}, idSet) })
      .where(and(eq(messages.threadId, row.threadId), eq(messages.id, row.id)));
  await tx
    .update(threads)
    .set({ createdBy: ERASED, repeatabilityRequestId: null })
    .where(and(inArray(threads.createdBy, ids), ne(threads.createdBy, ERASED)));

  // The ledger's dedup marks name the sender; nobody can report their messages again.
  for (const id of ids)
    await tx.delete(usageMarks).where(sql`strpos(${usageMarks.key}, ${`:${id}:`}) > 0`);
  const data = sql`${outbox.message}->'envelope'->'data'`;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const events = await tx
    .update(outbox)
    .set({
      message: sql`case
        when ${data}->>'senderId' in (${list}) then jsonb_set(${outbox.message}, '{envelope,data,senderId}', to_jsonb(${ERASED}::text))
        else jsonb_set(${outbox.message}, '{envelope,data,participantAcsId}', to_jsonb(${ERASED}::text)) end`,
    })
    .where(
      and(
        sql`${outbox.message}->>'kind' = 'event'`,
        sql`(${data}->>'senderId' in (${list}) or ${data}->>'participantAcsId' in (${list}))`,
      ),
    )
    .returning({ seq: outbox.seq });
  await tx
    .delete(outbox)
    .where(
      and(
        sql`${outbox.message}->>'kind' = 'nudge'`,
        sql`(${mentionIn(sql`${outbox.message}::text`, ids)})`,
      ),
    );
  return {
    messages: sent.length,
    memberships: memberships.length,
    receipts: receipts.length,
    anonymised: events.length,
  };
}
