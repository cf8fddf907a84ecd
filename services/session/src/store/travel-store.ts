import { and, eq } from 'drizzle-orm';
import type { Database } from '@oneeta/service-kit';
import { participants, sessions, type ParticipantRow } from './schema.js';

/** A participant's travel fields, as a travel.computed result sets them. */
export type TravelFields = Pick<
  ParticipantRow,
  'travelTimeSeconds' | 'distanceMeters' | 'departureTime' | 'arrivalTime' | 'travelOk'
>;

/** Writes of travel results, in the caller's transaction. */
export function createTravelStore(tx: Database) {
  return {
    /** Records only when results were computed (nothing anyone sees moved). */
    async markComputed(sessionId: string, computedAt: Date): Promise<void> {
      await tx
        .update(sessions)
        .set({ travelComputedAt: computedAt })
        .where(eq(sessions.id, sessionId));
    },
    /** Stores participants' travel fields and the group's earliest arrival. */
    async write(
      sessionId: string,
      updates: { id: string; fields: TravelFields }[],
      earliest: Date | null,
      computedAt: Date,
      now = new Date(),
    ): Promise<void> {
      for (const { id, fields } of updates) {
        await tx
          .update(participants)
          .set({ ...fields, updatedAt: now })
          .where(and(eq(participants.sessionId, sessionId), eq(participants.id, id)));
      }
      await tx
        .update(sessions)
        .set({ earliestArrival: earliest, travelComputedAt: computedAt, updatedAt: now })
        .where(eq(sessions.id, sessionId));
    },
  };
}
