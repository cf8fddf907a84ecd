import { TOPICS, type CallUsageData, type ChatMessageData } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { sql } from 'drizzle-orm';
import { chatUsageKey, eventIdOf } from '../domain/realtime.js';
import { sessionAggregate, type ChatWrites } from './chat-writes.js';
import { usageMarks } from './schema.js';

/**
 * Counts one chat message of a session for the ledger: the first report of a usage key marks it
 * and adds `chat.message` (event id derived from the key); later reports add nothing. True when counted.
 * Runs in the caller's transaction.
 */
export async function countChat(
  w: ChatWrites,
  t: Database,
  key: string,
  data: ChatMessageData,
): Promise<boolean> {
  const marked = await t
    .insert(usageMarks)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: usageMarks.key });
  if (marked.length === 0) return false;
  if (w.effects.outbox)
    await w.effects.outbox.add(t, {
      aggregate: sessionAggregate(data.sessionId),
      kind: 'event',
      topic: TOPICS.chatMessage,
      id: eventIdOf(key),
      data,
    });
  return true;
}

/** The usage ledger's side of the chat: usage marks and the `chat.message` / `call.usage` events. */
export function createUsageStore(w: ChatWrites) {
  const { db, effects, tx } = w;
  return {
    /**
     * The widget's audit-message: counts the message named by (session, sender, clientMessageId)
     * unless the chat server (or an earlier report) already did. True when this report counted it.
     */
    recordChatUsage: (input: {
      sessionId: string;
      senderId: string;
      clientMessageId: string;
      length: number;
      at?: Date;
    }): Promise<boolean> =>
      tx((t) =>
        countChat(w, t, chatUsageKey(input), {
          sessionId: input.sessionId,
          senderId: input.senderId,
          length: input.length,
          at: (input.at ?? new Date()).toISOString(),
        }),
      ),

    /** One call-usage report for the ledger (`call.usage`); the caller has already deduplicated it. */
    async recordCallUsage(data: CallUsageData): Promise<void> {
      if (!effects.outbox) return;
      await tx((t) =>
        effects.outbox!.add(t, {
          aggregate: sessionAggregate(data.sessionId),
          kind: 'event',
          topic: TOPICS.callUsage,
          data,
        }),
      );
    },

    /**
     * Drops a closed session's usage marks (they keep the table small). A later report of one of
     * its messages derives the same event id, so the ledger still stores it once.
     */
    async forgetUsageMarks(sessionId: string): Promise<void> {
      const pattern = `chat:${sessionId.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`;
      await db.delete(usageMarks).where(sql`${usageMarks.key} like ${pattern}`);
    },
  };
}
