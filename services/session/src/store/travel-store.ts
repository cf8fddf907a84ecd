import { and, eq } from 'drizzle-orm';
import type { TravelComputedData } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { earliestArrival, leaveBy } from '@oneeta/travel';
import { participants, sessions } from './schema.js';

const date = (iso: string | null) => (iso === null ? null : new Date(iso));
const whole = (n: number | null) => (n === null ? null : Math.round(n));

/**
 * Stores a travel.computed result set: each known participant's travel fields, then the group's
 * earliest arrival (latest of computedAt + travel time over active participants with a route).
 * Returns 'unknown' for an unknown session and 'stale' for results older than those stored (nothing
 * is written in either case), 'stored' otherwise.
 */
export async function storeTravelResults(
  db: Database,
  data: TravelComputedData,
): Promise<'stored' | 'unknown' | 'stale'> {
  return db.transaction(async (tx) => {
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, data.sessionId)).for('update');
    if (!session) return 'unknown';
    const computedAt = new Date(data.computedAt);
    if (session.travelComputedAt && computedAt <= session.travelComputedAt) return 'stale';
    const rows = await tx.select().from(participants).where(eq(participants.sessionId, data.sessionId));
    const known = new Set(rows.map((p) => p.id));
    const now = new Date();
    for (const r of data.results) {
      if (!known.has(r.participantId)) continue;
      const seconds = whole(r.travelTimeSeconds);
      // The worker's departure time when it gave one; else leave-by from the session's arrival time.
      const departure = date(r.departureTime) ?? (seconds !== null && session.arriveAt ? leaveBy(session.arriveAt, seconds) : null);
      await tx
        .update(participants)
        .set({
          travelTimeSeconds: seconds,
          distanceMeters: whole(r.distanceMeters),
          departureTime: departure,
          arrivalTime: date(r.arrivalTime),
          travelOk: r.ok,
          updatedAt: now,
        })
        .where(and(eq(participants.sessionId, data.sessionId), eq(participants.id, r.participantId)));
    }
    const after = await tx.select().from(participants).where(eq(participants.sessionId, data.sessionId));
    // Arrived participants get no new routes: they no longer hold the group's earliest time back.
    const times = after.filter((p) => p.status === 'active' && p.travelOk === true && p.arrivedAt === null).map((p) => p.travelTimeSeconds);
    await tx
      .update(sessions)
      .set({ earliestArrival: earliestArrival(times, computedAt), travelComputedAt: computedAt, updatedAt: now })
      .where(eq(sessions.id, data.sessionId));
    return 'stored';
  });
}
