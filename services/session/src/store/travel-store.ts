import { and, eq } from 'drizzle-orm';
import { TRAVEL_UNCHANGED_SECONDS, type TravelComputedData } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { earliestArrival, leaveBy } from '@oneeta/travel';
import { participants, sessions, type ParticipantRow } from './schema.js';

const date = (iso: string | null) => (iso === null ? null : new Date(iso));
const whole = (n: number | null) => (n === null ? null : Math.round(n));

type TravelFields = Pick<ParticipantRow, 'travelTimeSeconds' | 'distanceMeters' | 'departureTime' | 'arrivalTime' | 'travelOk'>;

/** Two times no further apart than TRAVEL_UNCHANGED_SECONDS (or both absent). */
const near = (a: Date | null, b: Date | null) =>
  a === null || b === null ? a === b : Math.abs(a.getTime() - b.getTime()) <= TRAVEL_UNCHANGED_SECONDS * 1000;

/** Would storing `next` over `row` change what anyone sees? */
const sameTravel = (row: TravelFields, next: TravelFields) =>
  row.travelOk === next.travelOk &&
  row.travelTimeSeconds === next.travelTimeSeconds &&
  row.distanceMeters === next.distanceMeters &&
  near(row.departureTime, next.departureTime) &&
  near(row.arrivalTime, next.arrivalTime);

/**
 * Stores a travel.computed result set: each known participant's travel fields, then the group's
 * earliest arrival (latest of computedAt + travel time over active participants with a route).
 * Returns 'unknown' for an unknown session and 'stale' for results older than those stored (nothing
 * is written in either case); 'unchanged' when nothing anyone sees would move (see
 * TRAVEL_UNCHANGED_SECONDS: only the time of the results is recorded), 'stored' otherwise.
 */
export async function storeTravelResults(
  db: Database,
  data: TravelComputedData,
): Promise<'stored' | 'unchanged' | 'unknown' | 'stale'> {
  return db.transaction(async (tx) => {
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, data.sessionId)).for('update');
    if (!session) return 'unknown';
    const computedAt = new Date(data.computedAt);
    if (session.travelComputedAt && computedAt <= session.travelComputedAt) return 'stale';
    const rows = await tx.select().from(participants).where(eq(participants.sessionId, data.sessionId));
    const byId = new Map(rows.map((p) => [p.id, p]));
    const updates: { id: string; fields: TravelFields }[] = [];
    for (const r of data.results) {
      if (!byId.has(r.participantId)) continue;
      const seconds = whole(r.travelTimeSeconds);
      // The worker's departure time when it gave one; else leave-by from the session's arrival time.
      const departure = date(r.departureTime) ?? (seconds !== null && session.arriveAt ? leaveBy(session.arriveAt, seconds) : null);
      const fields = { travelTimeSeconds: seconds, distanceMeters: whole(r.distanceMeters), departureTime: departure, arrivalTime: date(r.arrivalTime), travelOk: r.ok };
      updates.push({ id: r.participantId, fields });
    }
    const after = rows.map((p) => ({ ...p, ...updates.find((u) => u.id === p.id)?.fields }));
    // Arrived participants get no new routes: they no longer hold the group's earliest time back.
    const times = after.filter((p) => p.status === 'active' && p.travelOk === true && p.arrivedAt === null).map((p) => p.travelTimeSeconds);
    const earliest = earliestArrival(times, computedAt);
    if (near(session.earliestArrival, earliest) && updates.every((u) => sameTravel(byId.get(u.id)!, u.fields))) {
      await tx.update(sessions).set({ travelComputedAt: computedAt }).where(eq(sessions.id, data.sessionId));
      return 'unchanged';
    }
    const now = new Date();
    for (const { id, fields } of updates) {
      await tx
        .update(participants)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(participants.sessionId, data.sessionId), eq(participants.id, id)));
    }
    await tx
      .update(sessions)
      .set({ earliestArrival: earliest, travelComputedAt: computedAt, updatedAt: now })
      .where(eq(sessions.id, data.sessionId));
    return 'stored';
  });
}
