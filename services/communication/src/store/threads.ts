import { randomUUID } from 'node:crypto';
import type { ChatRetentionPolicy } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { eventUser } from '../domain/realtime.js';
import { participantContent, topicContent, type ChatWrites } from './chat-writes.js';
import { appendMessage, purgeHistory, systemMessage } from './messages.js';
import { dedupe, insertParticipants, type NewParticipant } from './participants.js';
import { participants, threads, type ThreadRow } from './schema.js';

/** A thread id shaped like ACS's (`19:<32 hex>@thread.v2`). */
export const newThreadId = (): string => `19:${randomUUID().replace(/-/g, '')}@thread.v2`;

export interface NewThread {
  topic: string;
  creator: NewParticipant;
  participants: NewParticipant[];
  sessionId?: string | null | undefined;
  metadata?: Record<string, string> | undefined;
  retentionPolicy?: ChatRetentionPolicy | undefined;
  repeatabilityRequestId?: string | undefined;
  closedOn?: Date | null | undefined;
}

/** A new thread with its creator and participants and its first system messages, in the caller's transaction. */
async function insertThread(t: Database, input: NewThread): Promise<ThreadRow> {
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
  await appendMessage(
    t,
    thread!.id,
    systemMessage('topicUpdated', topicContent(input.topic, creatorId)),
  );
  await appendMessage(
    t,
    thread!.id,
    systemMessage('participantAdded', participantContent(members, creatorId)),
  );
  const [fresh] = await t.select().from(threads).where(eq(threads.id, thread!.id));
  return fresh!;
}

/** Chat threads: their properties, whether they are closed or deleted, and Reset Chat. */
export function createThreadStore(w: ChatWrites) {
  const { db, tx, emit } = w;
  const activity = sql`coalesce(${threads.lastMessageReceivedOn}, ${threads.createdOn})`;
  return {
    /**
     * Creates a thread with its creator and the given participants, and its first system messages
     * (topicUpdated, participantAdded). The same creator and repeatability id give back the thread
     * created the first time.
     */
    async createThread(
      input: Omit<NewThread, 'closedOn'>,
    ): Promise<{ thread: ThreadRow; created: boolean }> {
      if (input.repeatabilityRequestId) {
        const [existing] = await db
          .select()
          .from(threads)
          .where(
            and(
              eq(threads.createdBy, input.creator.userId),
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
      if (opts.startTime) conditions.push(gte(activity, opts.startTime));
      return db
        .select()
        .from(threads)
        .where(and(...conditions))
        .orderBy(desc(activity), asc(threads.id))
        .offset(opts.offset)
        .limit(opts.limit);
    },

    /** Marks a session thread read-only (its session closed) or writable again (null: reopened). */
    async setClosed(id: string, closedOn: Date | null): Promise<void> {
      await db.update(threads).set({ closedOn }).where(eq(threads.id, id));
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
        if (patch.topic !== undefined && patch.topic !== before.topic)
          await appendMessage(
            t,
            id,
            systemMessage('topicUpdated', topicContent(patch.topic, initiator)),
          );
      });
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
          await purgeHistory(t, previous.id);
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
  };
}
