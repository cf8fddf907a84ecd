import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import type { LoadedSession } from './sessions-store.js';
import { lockUserUsage } from './user-lock.js';
import { participants, sessions, type ParticipantRow, type SessionRow } from './schema.js';

export type SessionFields = Pick<
  SessionRow,
  'destination' | 'tzId' | 'arriveAt' | 'travelMode' | 'ownerPlan'
>;
export type NewParticipant = Pick<ParticipantRow, 'id' | 'name' | 'lat' | 'lon'> &
  Partial<Pick<ParticipantRow, 'userId' | 'email' | 'isOwner' | 'locationSource'>>;
/** A participant the owner's save moves (the owner, or a guest without an account). */
export type ParticipantMove = Pick<ParticipantRow, 'id' | 'name' | 'locationSource'> & {
  lat: number;
  lon: number;
};

/** Writes of POST /api/sessions: create with its participants, or save the owner's changes. */
export function createSaveStore(db: Database) {
  return {
    /**
     * Inserts the session and its participants in one transaction; false when the id is taken.
     * `guard` runs first, inside the transaction and under a per-creator lock, so two creates of one
     * user cannot both pass a quota check; it throws to refuse.
     */
    async create(
      id: string,
      creatorUserId: string,
      fields: SessionFields,
      people: NewParticipant[],
      guard?: (tx: Database) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockUserUsage(tx, creatorUserId);
        if (guard) await guard(tx);
        const now = new Date();
        const inserted = await tx
          .insert(sessions)
          .values({ id, creatorUserId, ...fields, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning({ id: sessions.id });
        if (inserted.length === 0) return false;
        if (people.length > 0) {
          await tx.insert(participants).values(
            people.map((p, index) => ({
              ...p,
              sessionId: id,
              status: 'active' as const,
              position: index,
              createdAt: now,
              updatedAt: now,
            })),
          );
        }
        return true;
      });
    },

    /**
     * Saves the session fields, moves the given existing participants and adds new ones.
     * `earliestStale` clears the stored earliest arrival (it was computed for another destination).
     */
    async update(
      loaded: LoadedSession,
      fields: SessionFields,
      moves: ParticipantMove[],
      added: NewParticipant[],
      earliestStale: boolean,
    ): Promise<void> {
      const id = loaded.session.id;
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(sessions)
          .set({ ...fields, updatedAt: now, ...(earliestStale ? { earliestArrival: null } : {}) })
          .where(eq(sessions.id, id));
        for (const m of moves) {
          await tx
            .update(participants)
            .set({
              lat: m.lat,
              lon: m.lon,
              locationSource: m.locationSource,
              name: sql`coalesce(nullif(${m.name}, ''), ${participants.name})`,
              updatedAt: now,
            })
            .where(and(eq(participants.sessionId, id), eq(participants.id, m.id)));
        }
        if (added.length > 0) {
          const next = Math.max(0, ...loaded.participants.map((p) => p.position + 1));
          await tx
            .insert(participants)
            .values(
              added.map((p, index) => ({
                ...p,
                sessionId: id,
                status: 'active' as const,
                position: next + index,
                createdAt: now,
                updatedAt: now,
              })),
            )
            .onConflictDoNothing();
        }
      });
    },

    /**
     * After a save that moved the arrival time: clears the live state that belonged to the old time
     * (lateness told, no-show told, end of sharing); returns the session and its participants as left.
     */
    async clearLiveState(
      id: string,
    ): Promise<{ session: SessionRow; people: ParticipantRow[] } | undefined> {
      await db
        .update(participants)
        .set({ lateNotifiedMinutes: null })
        .where(eq(participants.sessionId, id));
      const [session] = await db
        .update(sessions)
        .set({ noShowNotifiedAt: null, sharingEndedAt: null })
        .where(eq(sessions.id, id))
        .returning();
      if (!session) return undefined;
      return {
        session,
        people: await db.select().from(participants).where(eq(participants.sessionId, id)),
      };
    },
  };
}
