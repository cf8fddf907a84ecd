import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  TOPICS,
  type ChatMessageContent,
  type ChatMessageData,
  type ChatMessageType,
  type ChatRealtimeEvent,
  type ChatRetentionPolicy,
  type CallUsageData,
} from '@oneeta/contracts';
import type { Database, Outbox, OutboxInput } from '@oneeta/service-kit';
import {
  chatUsageKey,
  eventIdOf,
  eventUser,
  messageEvent,
  widgetMessageOf,
} from '../domain/realtime.js';
import {
  messages,
  participants,
  readReceipts,
  threads,
  usageMarks,
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

async function purge(t: Database, threadId: string): Promise<void> {
  await t.delete(messages).where(eq(messages.threadId, threadId));
  await t.delete(readReceipts).where(eq(readReceipts.threadId, threadId));
}

/** A new thread with its creator and participants and its first system messages, in the caller's transaction. */
async function insertThread(
  t: Database,
  input: {
    topic: string;
    creator: NewParticipant;
    participants: NewParticipant[];
    sessionId?: string | null | undefined;
    metadata?: Record<string, string> | undefined;
    retentionPolicy?: ChatRetentionPolicy | undefined;
    repeatabilityRequestId?: string | undefined;
    closedOn?: Date | null | undefined;
  },
): Promise<ThreadRow> {
  const creatorId = input.creator.userId;
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
      closedOn: input.closedOn ?? null,
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
  return fresh!;
}

/** Where a session thread's writes send their real-time nudges and usage events (in the write's transaction). */
export interface ChatStoreEffects {
  /** The service's transactional outbox; without it nothing is published (a read-only helper). */
  outbox?: Outbox | undefined;
  /** Called after a transaction that wrote outbox rows commits (wakes the relay). */
  onCommit?: (() => void) | undefined;
}

const sessionAggregate = (sessionId: string) => `session:${sessionId}`;

/** The outbox rows of one real-time event of a session thread (none for a thread without a session). */
export function chatEventNudges(
  thread: { id: string; sessionId: string | null },
  events: ChatRealtimeEvent[],
): OutboxInput[] {
  const sessionId = thread.sessionId;
  if (!sessionId) return [];
  return events.map((event) => ({
    aggregate: sessionAggregate(sessionId),
    kind: 'nudge' as const,
    sessionId,
    nudge: { type: 'chat-event' as const, sessionId, threadId: thread.id, event },
  }));
}

export function createChatStore(db: Database, effects: ChatStoreEffects = {}) {
  const tx = async <T>(fn: (handle: Database) => Promise<T>): Promise<T> => {
    const result = await db.transaction(async (handle) => fn(handle as unknown as Database));
    effects.onCommit?.();
    return result;
  };
  const sessionOf = async (t: Database, threadId: string) => {
    const [row] = await t
      .select({ id: threads.id, sessionId: threads.sessionId })
      .from(threads)
      .where(eq(threads.id, threadId));
    return row ?? { id: threadId, sessionId: null };
  };
  /** Adds the nudges of a session thread's events to the outbox, in the caller's transaction. */
  const emit = async (
    t: Database,
    thread: { id: string; sessionId: string | null },
    events: ChatRealtimeEvent[],
  ) => {
    const rows = chatEventNudges(thread, events);
    if (rows.length > 0 && effects.outbox) await effects.outbox.add(t, rows);
  };
  /**
   * Counts one chat message of a session for the ledger: the first report of a usage key marks it
   * and adds `chat.message` (event id derived from the key); later reports add nothing. True when counted.
   */
  const countChat = async (t: Database, key: string, data: ChatMessageData): Promise<boolean> => {
    const marked = await t
      .insert(usageMarks)
      .values({ key })
      .onConflictDoNothing()
      .returning({ key: usageMarks.key });
    if (marked.length === 0) return false;
    if (effects.outbox)
      await effects.outbox.add(t, {
        aggregate: sessionAggregate(data.sessionId),
        kind: 'event',
        topic: TOPICS.chatMessage,
        id: eventIdOf(key),
        data,
      });
    return true;
  };

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
      return tx(async (t) => ({ thread: await insertThread(t, input), created: true }));
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

    /** Deletes a thread (chatThreadDeleted, deletedByUser, to its session when it has one). */
    async deleteThread(id: string, deletedBy: string | null, now = new Date()): Promise<void> {
      await tx(async (t) => {
        const [row] = await t
          .update(threads)
          .set({ deletedOn: now })
          .where(and(eq(threads.id, id), isNull(threads.deletedOn)))
          .returning();
        if (row)
          await emit(t, row, [
            {
              type: 'chatThreadDeleted',
              deletedOn: now.toISOString(),
              ...(deletedBy ? { deletedBy: eventUser(deletedBy) } : {}),
              reason: 'deletedByUser',
            },
          ]);
      });
    },

    /**
     * Reset Chat: the session's live thread is deleted (its messages and receipts purged) and a new,
     * empty one with the same participants takes its place, in one transaction. The old thread's
     * subscribers get chatThreadDeleted and chatThreadSwitched (to the new thread).
     */
    async resetSessionThread(input: {
      sessionId: string;
      topic: string;
      creator: NewParticipant;
      now?: Date;
    }): Promise<{ thread: ThreadRow; previous: ThreadRow | null }> {
      const now = input.now ?? new Date();
      return tx(async (t) => {
        const [previous] = await t
          .update(threads)
          .set({ deletedOn: now })
          .where(and(eq(threads.sessionId, input.sessionId), isNull(threads.deletedOn)))
          .returning();
        let members: NewParticipant[] = [];
        if (previous) {
          members = (
            await t.select().from(participants).where(eq(participants.threadId, previous.id))
          ).map((p) => ({ userId: p.userId, displayName: p.displayName }));
          await purge(t, previous.id);
        }
        const thread = await insertThread(t, {
          topic: input.topic,
          creator: input.creator,
          participants: members,
          sessionId: input.sessionId,
          closedOn: previous?.closedOn ?? null,
        });
        if (previous)
          await emit(t, previous, [
            {
              type: 'chatThreadDeleted',
              deletedOn: now.toISOString(),
              deletedBy: eventUser(input.creator.userId, input.creator.displayName),
              reason: 'deletedByUser',
            },
            { type: 'chatThreadSwitched', newThreadId: thread.id, switchedOn: now.toISOString() },
          ]);
        return { thread, previous: previous ?? null };
      });
    },

    /**
     * Privacy: drops every message and read receipt of a thread (its session closed). The thread,
     * its participants and its sequence counter stay, so it reopens empty.
     */
    async purgeMessages(threadId: string): Promise<void> {
      await tx((t) => purge(t, threadId));
    },

    /**
     * Drops a closed session's usage marks (they keep the table small). A later report of one of
     * its messages derives the same event id, so the ledger still stores it once.
     */
    async forgetUsageMarks(sessionId: string): Promise<void> {
      const pattern = `chat:${sessionId.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`;
      await db.delete(usageMarks).where(sql`${usageMarks.key} like ${pattern}`);
    },

    /** How many messages a thread holds (tests, and the README's privacy claim). */
    async messageCount(threadId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(eq(messages.threadId, threadId));
      return Number(row?.n ?? 0);
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
      initiator: string | null,
    ): Promise<NewParticipant[]> {
      return tx(async (t) => {
        const added = await insertParticipants(t, threadId, dedupe(list));
        if (added.length > 0) {
          const message = await appendMessage(t, threadId, {
            type: 'participantAdded',
            content: participantContent(added, initiator ?? list[0]!.userId),
            senderId: null,
            senderDisplayName: null,
          });
          await emit(t, await sessionOf(t, threadId), [
            {
              type: 'participantsAdded',
              participantsAdded: added.map((p) => eventUser(p.userId, p.displayName)),
              ...(initiator ? { addedBy: eventUser(initiator) } : {}),
              addedOn: message.createdOn.toISOString(),
            },
          ]);
        }
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
        const message = await appendMessage(t, threadId, {
          type: 'participantRemoved',
          content: participantContent([{ userId, displayName: row.displayName }], initiator),
          senderId: null,
          senderDisplayName: null,
        });
        await emit(t, await sessionOf(t, threadId), [
          {
            type: 'participantsRemoved',
            participantsRemoved: [eventUser(userId, row.displayName)],
            removedBy: eventUser(initiator),
            removedOn: message.createdOn.toISOString(),
          },
        ]);
        return true;
      });
    },

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
          await countChat(t, key, {
            sessionId: thread.sessionId,
            senderId: row.senderId,
            length: (widget?.message ?? text).length,
            at: row.createdOn.toISOString(),
          });
        }
        return row;
      }),

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
        countChat(t, chatUsageKey(input), {
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
        const edited = await editMessage(t, before);
        if (edited) await emit(t, await sessionOf(t, threadId), [messageEvent(edited, 'edited')]);
        return edited;
      });
      async function editMessage(t: Database, before: MessageRow): Promise<MessageRow | null> {
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
      }
    },

    /** Marks a message deleted and drops its content (the row stays so the sequence has no gap). */
    async deleteMessage(threadId: string, id: string, now = new Date()): Promise<void> {
      await tx(async (t) => {
        const [row] = await t
          .update(messages)
          .set({ deletedOn: now, content: null, version: String(now.getTime()) })
          .where(
            and(eq(messages.threadId, threadId), eq(messages.id, id), isNull(messages.deletedOn)),
          )
          .returning();
        if (row) await emit(t, await sessionOf(t, threadId), [messageEvent(row, 'deleted')]);
      });
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
