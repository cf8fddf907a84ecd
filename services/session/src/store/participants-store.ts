import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { participants, sessions, type ParticipantRow } from './schema.js';

type Fields = Partial<
  Pick<ParticipantRow, 'lat' | 'lon' | 'accuracy' | 'name' | 'status' | 'routeOptions' | 'enroute'>
>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The next list position in a session (new rows go last). */
export const nextPosition = (sessionId: string) =>
  sql<number>`(select coalesce(max(${participants.position}), -1) + 1 from ${participants} where ${participants.sessionId} = ${sessionId})`;

/**
 * Participant writes. Each statement touches one row and only the fields it changes, so two
 * members writing at the same moment never overwrite each other.
 */
export function createParticipantsStore(db: Database) {
  const one = (sessionId: string, id: string) =>
    and(eq(participants.sessionId, sessionId), eq(participants.id, id));
  return {
    async update(
      sessionId: string,
      id: string,
      fields: Fields,
    ): Promise<ParticipantRow | undefined> {
      const [row] = await db
        .update(participants)
        .set({ ...fields, updatedAt: new Date() })
        .where(one(sessionId, id))
        .returning();
      return row;
    },

    /** Adds a row unless one with that id (or that user) appeared meanwhile. */
    async insert(
      sessionId: string,
      row: Pick<ParticipantRow, 'id' | 'userId' | 'name' | 'locationSource'> & {
        lat: number;
        lon: number;
      },
    ) {
      await db
        .insert(participants)
        .values({ sessionId, ...row, status: 'active', position: nextPosition(sessionId) })
        .onConflictDoNothing();
    },

    async remove(sessionId: string, id: string) {
      await db.delete(participants).where(one(sessionId, id));
    },

    /** Open sessions of others in which the user is an active participant. */
    async joinedOpenCount(userId: string, exec: Database | Tx = db): Promise<number> {
      const [row] = await exec
        .select({ n: sql<number>`count(distinct ${participants.sessionId})::int` })
        .from(participants)
        .innerJoin(sessions, eq(sessions.id, participants.sessionId))
        .where(
          and(
            eq(participants.userId, userId),
            eq(participants.status, 'active'),
            ne(sessions.creatorUserId, userId),
            eq(sessions.isClosed, false),
            isNull(sessions.closedAt),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Active participants besides the owner (what the owner's plan limits). */
    async othersActiveCount(
      sessionId: string,
      ownerId: string,
      exec: Database | Tx = db,
    ): Promise<number> {
      const [row] = await exec
        .select({ n: sql<number>`count(*)::int` })
        .from(participants)
        .where(
          and(
            eq(participants.sessionId, sessionId),
            eq(participants.status, 'active'),
            eq(participants.isOwner, false),
            or(isNull(participants.userId), ne(participants.userId, ownerId)),
          ),
        );
      return Number(row?.n ?? 0);
    },
  };
}

export type ParticipantsStore = ReturnType<typeof createParticipantsStore>;
export type { Tx };
