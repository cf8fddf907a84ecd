import type { Database } from '@oneeta/service-kit';
import { and, asc, eq } from 'drizzle-orm';
import { eventUser } from '../domain/realtime.js';
import { participantContent, type ChatWrites } from './chat-writes.js';
import { appendMessage, systemMessage } from './messages.js';
import { participants, type ParticipantRow } from './schema.js';

export interface NewParticipant {
  userId: string;
  displayName?: string | null | undefined;
  shareHistoryTime?: Date | null | undefined;
  metadata?: Record<string, string> | null | undefined;
}

/** Each user once (the last entry of a user wins). */
export const dedupe = (list: NewParticipant[]): NewParticipant[] => [
  ...new Map(list.map((p) => [p.userId, p])).values(),
];

/** Adds participants (an existing one keeps its row); returns those that were new. */
export async function insertParticipants(
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

/** A thread's participants: who is in it, under which name, from which point of its history. */
export function createParticipantStore(w: ChatWrites) {
  const { db, tx, sessionOf, emit } = w;
  return {
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

    /** Every participant's communication user id. */
    async participantIds(threadId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: participants.userId })
        .from(participants)
        .where(eq(participants.threadId, threadId));
      return rows.map((r) => r.userId);
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
          const message = await appendMessage(
            t,
            threadId,
            systemMessage(
              'participantAdded',
              participantContent(added, initiator ?? list[0]!.userId),
            ),
          );
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
        const message = await appendMessage(
          t,
          threadId,
          systemMessage(
            'participantRemoved',
            participantContent([{ userId, displayName: row.displayName }], initiator),
          ),
        );
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
  };
}
