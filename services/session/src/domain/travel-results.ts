import { TRAVEL_UNCHANGED_SECONDS, type TravelComputedData } from '@oneeta/contracts';
import { earliestArrival, leaveBy } from '@oneeta/travel';
import type { ParticipantRow, SessionRow } from '../store/schema.js';
import type { TravelFields } from '../store/travel-store.js';

const date = (iso: string | null) => (iso === null ? null : new Date(iso));
const whole = (n: number | null) => (n === null ? null : Math.round(n));

/** Two times no further apart than TRAVEL_UNCHANGED_SECONDS (or both absent). */
const near = (a: Date | null, b: Date | null) =>
  a === null || b === null
    ? a === b
    : Math.abs(a.getTime() - b.getTime()) <= TRAVEL_UNCHANGED_SECONDS * 1000;

/** Would storing `next` over `row` change what anyone sees? */
const sameTravel = (row: TravelFields, next: TravelFields) =>
  row.travelOk === next.travelOk &&
  row.travelTimeSeconds === next.travelTimeSeconds &&
  row.distanceMeters === next.distanceMeters &&
  near(row.departureTime, next.departureTime) &&
  near(row.arrivalTime, next.arrivalTime);

export type TravelUpdate =
  | { kind: 'stale' }
  | {
      kind: 'unchanged' | 'changed';
      computedAt: Date;
      updates: { id: string; fields: TravelFields }[];
      earliest: Date | null;
    };

/**
 * What a travel.computed result set changes in a session: each known participant's travel fields,
 * then the group's earliest arrival (latest of computedAt + travel time over active participants
 * with a route). 'stale' for results older than those stored; 'unchanged' when nothing anyone sees
 * would move (see TRAVEL_UNCHANGED_SECONDS). Pure.
 */
export function travelUpdateOf(
  session: SessionRow,
  rows: ParticipantRow[],
  data: TravelComputedData,
): TravelUpdate {
  const computedAt = new Date(data.computedAt);
  if (session.travelComputedAt && computedAt <= session.travelComputedAt) return { kind: 'stale' };
  const byId = new Map(rows.map((p) => [p.id, p]));
  const updates: { id: string; fields: TravelFields }[] = [];
  for (const r of data.results) {
    if (!byId.has(r.participantId)) continue;
    const seconds = whole(r.travelTimeSeconds);
    // The worker's departure time when it gave one; else leave-by from the session's arrival time.
    const departure =
      date(r.departureTime) ??
      (seconds !== null && session.arriveAt ? leaveBy(session.arriveAt, seconds) : null);
    const fields = {
      travelTimeSeconds: seconds,
      distanceMeters: whole(r.distanceMeters),
      departureTime: departure,
      arrivalTime: date(r.arrivalTime),
      travelOk: r.ok,
    };
    updates.push({ id: r.participantId, fields });
  }
  const after = rows.map((p) => ({ ...p, ...updates.find((u) => u.id === p.id)?.fields }));
  // Arrived participants get no new routes: they no longer hold the group's earliest time back.
  const times = after
    .filter((p) => p.status === 'active' && p.travelOk === true && p.arrivedAt === null)
    .map((p) => p.travelTimeSeconds);
  const earliest = earliestArrival(times, computedAt);
  const unchanged =
    near(session.earliestArrival, earliest) &&
    updates.every((u) => sameTravel(byId.get(u.id)!, u.fields));
  return { kind: unchanged ? 'unchanged' : 'changed', computedAt, updates, earliest };
}
