import type { ChatMessageContent, ChatMessageType } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { chatUsageKey, messageEvent, widgetMessageOf } from '../domain/realtime.js';
import type { ChatWrites } from './chat-writes.js';
import { messages, readReceipts, threads, type MessageRow } from './schema.js';
import { countChat } from './usage.js';

export interface NewMessage {
  type: ChatMessageType;
  content: ChatMessageContent | null;
  senderId: string | null;
  senderDisplayName: string | null;
  metadata?: Record<string, string> | null | undefined;
}

/** A system message (topicUpdated, participantAdded, participantRemoved): no sender. */
export const systemMessage = (type: ChatMessageType, content: ChatMessageContent): NewMessage => ({
  type,
  content,
  senderId: null,
  senderDisplayName: null,
});

/**
 * Appends a message: the thread's row hands out the next sequenceId and a message id (epoch ms,
 * as ACS's are, bumped past the last one so ids stay unique and ordered within the thread).
 * Runs inside the caller's transaction; the row update serialises concurrent senders.
 */
export async function appendMessage(
  tx: Database,
  threadId: string,
  message: NewMessage,
  now = new Date(),
): Promise<MessageRow> {
  const isUserMessage = message.type === 'text' || message.type === 'html';
  const [counter] = await tx
    .update(threads)
    .set({
      lastSequenceId: sql`${threads.lastSequenceId} + 1`,
      lastMessageId: sql`greatest(${threads.lastMessageId} + 1, ${now.getTime()})`,
      ...(isUserMessage ? { lastMessageReceivedOn: now } : {}),
    })
    .where(eq(threads.id, threadId))
    .returning({
      sequenceId: threads.lastSequenceId,
      messageId: threads.lastMessageId,
    });
  if (!counter) throw new Error(`thread ${threadId} vanished while appending a message`);
  const id = String(counter.messageId);
  const [row] = await tx
    .insert(messages)
    .values({
      threadId,
      id,
      sequenceId: counter.sequenceId,
      type: message.type,
      version: id,
      content: message.content,
      senderId: message.senderId,
      senderDisplayName: message.senderDisplayName,
      createdOn: now,
      metadata: message.metadata ?? null,
    })
    .returning();
  return row!;
}

/** Drops every message and read receipt of a thread, in the caller's transaction. */
export async function purgeHistory(t: Database, threadId: string): Promise<void> {
  await t.delete(messages).where(eq(messages.threadId, threadId));
  await t.delete(readReceipts).where(eq(readReceipts.threadId, threadId));
}

/** A thread's messages: users' messages (counted for the ledger in a session) and their edits. */
export function createMessageStore(w: ChatWrites) {
  const { db, tx, sessionOf, emit } = w;
  const where = (threadId: string, id: string) =>
    and(eq(messages.threadId, threadId), eq(messages.id, id));
  return {
    /**
     * Appends a user's message. In a session thread it also, in the same transaction, nudges the
     * session (chatMessageReceived) and counts the message for the ledger (`chat.message`, once).
     */
    sendMessage: (threadId: string, message: NewMessage): Promise<MessageRow> =>
      tx(async (t) => {
        const row = await appendMessage(t, threadId, message);
        const thread = await sessionOf(t, threadId);
        await emit(t, thread, [messageEvent(row, 'received')]);
        if (thread.sessionId && row.senderId && (row.type === 'text' || row.type === 'html')) {
          const text = row.content?.message ?? '';
          const widget = widgetMessageOf(text);
          const key = chatUsageKey({
            sessionId: thread.sessionId,
            senderId: row.senderId,
            clientMessageId: widget?.clientMessageId,
            threadId,
            messageId: row.id,
          });
          await countChat(w, t, key, {
            sessionId: thread.sessionId,
            senderId: row.senderId,
            length: (widget?.message ?? text).length,
            at: row.createdOn.toISOString(),
          });
        }
        return row;
      }),

    async message(threadId: string, id: string): Promise<MessageRow | null> {
      const [row] = await db.select().from(messages).where(where(threadId, id));
      return row ?? null;
    },

    /** Messages newest first (by sequenceId), below a cursor, created at or after startTime. */
    async messages(
      threadId: string,
      opts: { beforeSequenceId?: number | undefined; startTime?: Date | undefined; limit: number },
    ): Promise<MessageRow[]> {
      const conditions = [eq(messages.threadId, threadId)];
      if (opts.beforeSequenceId !== undefined)
        conditions.push(lt(messages.sequenceId, opts.beforeSequenceId));
      if (opts.startTime) conditions.push(gte(messages.createdOn, opts.startTime));
      return db
        .select()
        .from(messages)
        .where(and(...conditions))
        .orderBy(desc(messages.sequenceId))
        .limit(opts.limit);
    },

    /** Edits a message's content and/or metadata: editedOn and version move on. */
    async updateMessage(
      threadId: string,
      id: string,
      patch: { content?: string | undefined; metadata?: Record<string, string> | undefined },
      now = new Date(),
    ): Promise<MessageRow | null> {
      return tx(async (t) => {
        const [before] = await t.select().from(messages).where(where(threadId, id)).for('update');
        if (!before) return null;
        const [edited] = await t
          .update(messages)
          .set({
            ...(patch.content !== undefined
              ? { content: { ...(before.content ?? {}), message: patch.content } }
              : {}),
            ...(patch.metadata !== undefined
              ? { metadata: { ...(before.metadata ?? {}), ...patch.metadata } }
              : {}),
            editedOn: now,
            version: String(Math.max(now.getTime(), Number(before.version) + 1)),
          })
          .where(where(threadId, id))
          .returning();
        if (!edited) return null;
        await emit(t, await sessionOf(t, threadId), [messageEvent(edited, 'edited')]);
        return edited;
      });
    },

    /** Marks a message deleted and drops its content (the row stays so the sequence has no gap). */
    async deleteMessage(threadId: string, id: string, now = new Date()): Promise<void> {
      await tx(async (t) => {
        const [row] = await t
          .update(messages)
          .set({ deletedOn: now, content: null, version: String(now.getTime()) })
          .where(and(where(threadId, id), isNull(messages.deletedOn)))
          .returning();
        if (row) await emit(t, await sessionOf(t, threadId), [messageEvent(row, 'deleted')]);
      });
    },

    /**
     * Privacy: drops every message and read receipt of a thread (its session closed). The thread,
     * its participants and its sequence counter stay, so it reopens empty.
     */
    async purgeMessages(threadId: string): Promise<void> {
      await tx((t) => purgeHistory(t, threadId));
    },

    /** How many messages a thread holds (tests, and the README's privacy claim). */
    async messageCount(threadId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(eq(messages.threadId, threadId));
      return Number(row?.n ?? 0);
    },
  };
}
