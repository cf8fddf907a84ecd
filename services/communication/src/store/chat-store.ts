import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ChatMessageContent, ChatMessageType, ChatRetentionPolicy } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import {
  messages,
  participants,
  readReceipts,
  threads,
  type MessageRow,
  type ParticipantRow,
  type ThreadRow,
} from './schema.js';

/** A thread id shaped like ACS's (`19:<32 hex>@thread.v2`). */
export const newThreadId = (): string => `19:${randomUUID().replace(/-/g, '')}@thread.v2`;

export interface NewParticipant {
  userId: string;
  displayName?: string | null | undefined;
  shareHistoryTime?: Date | null | undefined;
  metadata?: Record<string, string> | null | undefined;
}

export interface NewMessage {
  type: ChatMessageType;
  content: ChatMessageContent | null;
  senderId: string | null;
  senderDisplayName: string | null;
  metadata?: Record<string, string> | null | undefined;
}

const participantContent = (list: NewParticipant[], initiator: string): ChatMessageContent => ({
  participants: list.map((p) => ({
    communicationIdentifier: {
      kind: 'communicationUser',
      rawId: p.userId,
      communicationUser: { id: p.userId },
    },
    ...(p.displayName ? { displayName: p.displayName } : {}),
    ...(p.shareHistoryTime ? { shareHistoryTime: p.shareHistoryTime.toISOString() } : {}),
  })),
  initiatorCommunicationIdentifier: {
    kind: 'communicationUser',
    rawId: initiator,
    communicationUser: { id: initiator },
  },
});

/**
 * Appends a message: the thread's row hands out the next sequenceId and a message id (epoch ms,
 * as ACS's are, bumped past the last one so ids stay unique and ordered within the thread).
 * Runs inside the caller's transaction; the row update serialises concurrent senders.
 */
async function appendMessage(
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
    .returning({ sequenceId: threads.lastSequenceId, messageId: threads.lastMessageId });
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

/** Adds participants (an existing one keeps its row); returns those that were new. */
async function insertParticipants(
  tx: Database,
  threadId: string,
  list: NewParticipant[],
): Promise<NewParticipant[]> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(participants)
    .values(
      list.map((p) => ({
        threadId,
        userId: p.userId,
        displayName: p.displayName ?? null,
        shareHistoryTime: p.shareHistoryTime ?? null,
        metadata: p.metadata ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: participants.userId });
  const added = new Set(rows.map((r) => r.userId));
  return list.filter((p) => added.has(p.userId));
}

const dedupe = (list: NewParticipant[]): NewParticipant[] => [
  ...new Map(list.map((p) => [p.userId, p])).values(),
];

export function createChatStore(db: Database) {
  const tx = <T>(fn: (handle: Database) => Promise<T>): Promise<T> =>
    db.transaction(async (handle) => fn(handle as unknown as Database));

  return {
    /**
     * Creates a thread with its creator and the given participants, and its first system messages
     * (topicUpdated, participantAdded). The same creator and repeatability id give back the thread
     * created the first time.
     */
    async createThread(input: {
      topic: string;
      creator: NewParticipant;
      participants: NewParticipant[];
      sessionId?: string | null;
      metadata?: Record<string, string> | undefined;
      retentionPolicy?: ChatRetentionPolicy | undefined;
      repeatabilityRequestId?: string | undefined;
    }): Promise<{ thread: ThreadRow; created: boolean }> {
      const creatorId = input.creator.userId;
      if (input.repeatabilityRequestId) {
        const [existing] = await db
          .select()
          .from(threads)
          .where(
            and(
              eq(threads.createdBy, creatorId),
              eq(threads.repeatabilityRequestId, input.repeatabilityRequestId),
            ),
          );
        if (existing) return { thread: existing, created: false };
      }
      return tx(async (t) => {
        const [thread] = await t
          .insert(threads)
          .values({
            id: newThreadId(),
            sessionId: input.sessionId ?? null,
            topic: input.topic,
            createdBy: creatorId,
            metadata: input.metadata ?? null,
            retentionPolicy: input.retentionPolicy ?? null,
            repeatabilityRequestId: input.repeatabilityRequestId ?? null,
          })
          .returning();
        const members = dedupe([input.creator, ...input.participants]);
        await insertParticipants(t, thread!.id, members);
        await appendMessage(t, thread!.id, {
          type: 'topicUpdated',
          content: {
            topic: input.topic,
            initiatorCommunicationIdentifier: participantContent([], creatorId)
              .initiatorCommunicationIdentifier!,
          },
          senderId: null,
          senderDisplayName: null,
        });
        await appendMessage(t, thread!.id, {
          type: 'participantAdded',
          content: participantContent(members, creatorId),
          senderId: null,
          senderDisplayName: null,
        });
        const [fresh] = await t.select().from(threads).where(eq(threads.id, thread!.id));
        return { thread: fresh!, created: true };
      });
    },

    async thread(id: string): Promise<ThreadRow | null> {
      const [row] = await db.select().from(threads).where(eq(threads.id, id));
      return row ?? null;
    },

    /** The session's live (not deleted) thread, if it has one. */
    async threadOfSession(sessionId: string): Promise<ThreadRow | null> {
      const [row] = await db
        .select()
        .from(threads)
        .where(and(eq(threads.sessionId, sessionId), isNull(threads.deletedOn)));
      return row ?? null;
    },

    /** The live threads a user is in, the most recently active first. */
    async threadsOf(
      userId: string,
      opts: { startTime?: Date | undefined; offset: number; limit: number },
    ): Promise<ThreadRow[]> {
      const mine = db
        .select({ id: participants.threadId })
        .from(participants)
        .where(eq(participants.userId, userId));
      const conditions = [inArray(threads.id, mine), isNull(threads.deletedOn)];
      if (opts.startTime)
        conditions.push(
          gte(
            sql`coalesce(${threads.lastMessageReceivedOn}, ${threads.createdOn})`,
            opts.startTime,
          ),
        );
      return db
        .select()
        .from(threads)
        .where(and(...conditions))
        .orderBy(
          desc(sql`coalesce(${threads.lastMessageReceivedOn}, ${threads.createdOn})`),
          asc(threads.id),
        )
        .offset(opts.offset)
        .limit(opts.limit);
    },

    /** Marks a session thread read-only (its session closed) or writable again (null: reopened). */
    async setClosed(id: string, closedOn: Date | null): Promise<void> {
      await db.update(threads).set({ closedOn }).where(eq(threads.id, id));
    },

    /** Every participant's communication user id. */
    async participantIds(threadId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: participants.userId })
        .from(participants)
        .where(eq(participants.threadId, threadId));
      return rows.map((r) => r.userId);
    },

    async deleteThread(id: string, now = new Date()): Promise<void> {
      await db
        .update(threads)
        .set({ deletedOn: now })
        .where(and(eq(threads.id, id), isNull(threads.deletedOn)));
    },

    /** Changes topic, metadata or retention policy; a new topic adds a topicUpdated message. */
    async updateThread(
      id: string,
      patch: {
        topic?: string | undefined;
        metadata?: Record<string, string> | undefined;
        retentionPolicy?: ChatRetentionPolicy | undefined;
      },
      initiator: string,
    ): Promise<void> {
      await tx(async (t) => {
        const [before] = await t.select().from(threads).where(eq(threads.id, id)).for('update');
        if (!before) return;
        const set: Partial<typeof threads.$inferInsert> = {};
        if (patch.topic !== undefined) set.topic = patch.topic;
        if (patch.metadata !== undefined)
          set.metadata = { ...(before.metadata ?? {}), ...patch.metadata };
        if (patch.retentionPolicy !== undefined) set.retentionPolicy = patch.retentionPolicy;
        if (Object.keys(set).length > 0) await t.update(threads).set(set).where(eq(threads.id, id));
        if (patch.topic !== undefined && patch.topic !== before.topic) {
          await appendMessage(t, id, {
            type: 'topicUpdated',
            content: {
              topic: patch.topic,
              initiatorCommunicationIdentifier: participantContent([], initiator)
                .initiatorCommunicationIdentifier!,
            },
            senderId: null,
            senderDisplayName: null,
          });
        }
      });
    },

    async participant(threadId: string, userId: string): Promise<ParticipantRow | null> {
      const [row] = await db
        .select()
        .from(participants)
        .where(and(eq(participants.threadId, threadId), eq(participants.userId, userId)));
      return row ?? null;
    },

    async participants(
      threadId: string,
      opts: { offset: number; limit: number },
    ): Promise<ParticipantRow[]> {
      return db
        .select()
        .from(participants)
        .where(eq(participants.threadId, threadId))
        .orderBy(asc(participants.addedOn), asc(participants.userId))
        .offset(opts.offset)
        .limit(opts.limit);
    },

    /** Adds participants; those new to the thread get one participantAdded message. Returns them. */
    async addParticipants(
      threadId: string,
      list: NewParticipant[],
      initiator: string,
    ): Promise<NewParticipant[]> {
      return tx(async (t) => {
        const added = await insertParticipants(t, threadId, dedupe(list));
        if (added.length > 0)
          await appendMessage(t, threadId, {
            type: 'participantAdded',
            content: participantContent(added, initiator),
            senderId: null,
            senderDisplayName: null,
          });
        return added;
      });
    },

    /** Removes a participant (a participantRemoved message when they were in); true when they were. */
    async removeParticipant(threadId: string, userId: string, initiator: string): Promise<boolean> {
      return tx(async (t) => {
        const removed = await t
          .delete(participants)
          .where(and(eq(participants.threadId, threadId), eq(participants.userId, userId)))
          .returning();
        const row = removed[0];
        if (!row) return false;
        await appendMessage(t, threadId, {
          type: 'participantRemoved',
          content: participantContent([{ userId, displayName: row.displayName }], initiator),
          senderId: null,
          senderDisplayName: null,
        });
        return true;
      });
    },

    sendMessage: (threadId: string, message: NewMessage): Promise<MessageRow> =>
      tx((t) => appendMessage(t, threadId, message)),

    async message(threadId: string, id: string): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.threadId, threadId), eq(messages.id, id)));
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
        const [before] = await t
          .select()
          .from(messages)
          .where(and(eq(messages.threadId, threadId), eq(messages.id, id)))
          .for('update');
        if (!before) return null;
        const [row] = await t
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
          .where(and(eq(messages.threadId, threadId), eq(messages.id, id)))
          .returning();
        return row ?? null;
      });
    },

    /** Marks a message deleted and drops its content (the row stays so the sequence has no gap). */
    async deleteMessage(threadId: string, id: string, now = new Date()): Promise<void> {
      await db
        .update(messages)
        .set({ deletedOn: now, content: null, version: String(now.getTime()) })
        .where(
          and(eq(messages.threadId, threadId), eq(messages.id, id), isNull(messages.deletedOn)),
        );
    },

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
export type ChatStore = ReturnType<typeof createChatStore>;
