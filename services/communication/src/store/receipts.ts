import type { Database } from '@oneeta/service-kit';
import { asc, desc, eq } from 'drizzle-orm';
import { readReceipts } from './schema.js';

/** Each participant's latest read receipt of a thread. */
export function createReceiptStore(db: Database) {
  return {
    /** Keeps each participant's latest read receipt. */
    async markRead(
      threadId: string,
      userId: string,
      chatMessageId: string,
      now = new Date(),
    ): Promise<void> {
      await db
        .insert(readReceipts)
        .values({ threadId, userId, chatMessageId, readOn: now })
        .onConflictDoUpdate({
          target: [readReceipts.threadId, readReceipts.userId],
          set: { chatMessageId, readOn: now },
        });
    },

    async readReceipts(threadId: string, opts: { offset: number; limit: number }) {
      return db
        .select()
        .from(readReceipts)
        .where(eq(readReceipts.threadId, threadId))
        .orderBy(desc(readReceipts.readOn), asc(readReceipts.userId))
        .offset(opts.offset)
        .limit(opts.limit);
    },
  };
}
