import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { SHARING_ENDS_AFTER_HOURS } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { participants, sessions } from './schema.js';

export interface DevicePosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** Closing, reopening, chat-sync requests and the device position of a signed-in user. */
export function createLifecycleStore(db: Database) {
  return {
    /** How many sessions there are, open and closed (closed: isClosed or closedAt set). */
    async counts(): Promise<{ total: number; open: number; closed: number }> {
      const closed = sql`(${sessions.isClosed} or ${sessions.closedAt} is not null)`;
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          closed: sql<number>`(count(*) filter (where ${closed}))::int`,
        })
        .from(sessions);
      const total = row?.total ?? 0;
      const shut = row?.closed ?? 0;
      return { total, open: total - shut, closed: shut };
    },

    /**
     * Closes the session (keeping the first closedAt when it is already closed) and drops every
     * participant's stored position (privacy: a closed session keeps no locations).
     */
    async close(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .select({ closedAt: sessions.closedAt })
          .from(sessions)
          .where(eq(sessions.id, id))
          .for('update');
        await tx
          .update(sessions)
          .set({ isClosed: true, closedAt: row?.closedAt ?? now, updatedAt: now })
          .where(eq(sessions.id, id));
        await tx
          .update(participants)
          .set({ lat: null, lon: null, accuracy: null, updatedAt: now })
          .where(eq(participants.sessionId, id));
      });
    },

    async reopen(id: string): Promise<void> {
      await db
        .update(sessions)
        .set({ isClosed: false, closedAt: null, updatedAt: new Date() })
        .where(eq(sessions.id, id));
    },

    async requestChatSync(id: string): Promise<Date> {
      const now = new Date();
      await db.update(sessions).set({ chatSyncRequestedAt: now }).where(eq(sessions.id, id));
      return now;
    },

    /**
     * Stores the user's position on their active participant row of every open session; returns
     * the ids of the sessions touched, sorted.
     */
    async applyLocation(
      userId: string,
      position: DevicePosition,
      now = new Date(),
    ): Promise<string[]> {
      // Sharing ends once everyone arrived or SHARING_ENDS_AFTER_HOURS after the arrival time.
      const sharingUntil = new Date(now.getTime() - SHARING_ENDS_AFTER_HOURS * 3_600_000);
      const mine = db
        .select({ id: participants.sessionId })
        .from(participants)
        .where(and(eq(participants.userId, userId), eq(participants.status, 'active')));
      // The sessions are locked first, in id order, like every other write (save, travel results,
      // the live check) locks a session before its participants: no deadlock between them.
      const locked = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            inArray(sessions.id, mine),
            eq(sessions.isClosed, false),
            isNull(sessions.closedAt),
            isNull(sessions.sharingEndedAt),
            or(isNull(sessions.arriveAt), gt(sessions.arriveAt, sharingUntil)),
          ),
        )
        .orderBy(asc(sessions.id))
        .for('update');
      if (locked.length === 0) return [];
      const rows = await db
        .update(participants)
        .set({
          lat: position.latitude,
          lon: position.longitude,
          accuracy: position.accuracy,
          locationSource: 'device',
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(participants.userId, userId),
            eq(participants.status, 'active'),
            inArray(
              participants.sessionId,
              locked.map((r) => r.id),
            ),
          ),
        )
        .returning({ sessionId: participants.sessionId });
      return [...new Set(rows.map((r) => r.sessionId))].sort();
    },
  };
}
