/**
 * The cost policy of a route-matrix job, pure: for each participant, ask the provider (through the
 * cache) or dead-reckon from their last provider answer.
 *
 * Dead reckoning: a participant who has set off is expected to cover their route at the pace the
 * last answer implied, so their remaining time is (answer − time elapsed); one who has not moved
 * from where the answer was asked keeps the answer as it was. Their progress is checked against
 * that: the straight-line distance left, as a fraction of the distance left when the answer was
 * given, times the answer, is the remaining time their position implies. The provider is asked
 * again when
 *  - there is no answer yet, the last one had no route, or the route (destination, options, time
 *    kind) changed ('first' | 'failed' | 'route');
 *  - the two remaining times differ by more than ETA_DEVIATION_SECONDS (a stop, a detour, a faster
 *    or slower pace: 'deviation');
 *  - the answer is older than ETA_MAX_AGE_SECONDS ('max_age');
 *  - the traffic bucket (ETA_TRAFFIC_BUCKET_SECONDS) of the travel time changed ('bucket');
 *  - before they set off for a timed session (no move of more than ETA_STATIONARY_METERS from
 *    where their first answer was asked), their leave-by time is within ETA_LEAVE_BY_MARGIN_SECONDS ('leave_by').
 */
import {
  ETA_DEVIATION_SECONDS,
  ETA_LEAVE_BY_MARGIN_SECONDS,
  ETA_MAX_AGE_SECONDS,
  ETA_STATIONARY_METERS,
  ETA_TRAFFIC_BUCKET_SECONDS,
  TRAVEL_UNCHANGED_SECONDS,
  type TravelResult,
} from '@oneeta/contracts';
import type { CellRequest } from '@oneeta/maps';
import { haversineMeters, roundCoord } from '@oneeta/travel';

import type { EtaAnswer } from '../store/eta-state.js';

export type { EtaAnswer };

export type AskReason =
  'first' | 'failed' | 'route' | 'deviation' | 'max_age' | 'bucket' | 'leave_by';

export type EtaDecision =
  | { action: 'ask'; reason: AskReason }
  | {
      action: 'reckon';
      travelTimeSeconds: number;
      distanceMeters: number;
      deviationSeconds: number;
    };

/** The route an answer is for: destination (as the cache rounds it), time kind and route options. */
export function routeOf(r: CellRequest): string {
  const d = `${roundCoord(r.destination.lat)},${roundCoord(r.destination.lon)}`;
  return [d, r.time.kind, r.mode, r.routeType, r.avoidTolls ? 'notolls' : 'tolls'].join(':');
}

/** The traffic bucket of a cell's time (the departure time, or the arrival time for timed sessions). */
export function trafficBucket(r: CellRequest): string {
  const size = ETA_TRAFFIC_BUCKET_SECONDS * 1000;
  return new Date(Math.floor(r.time.at.getTime() / size) * size).toISOString();
}

/** The answer to keep for a participant whose cell was just resolved (`previous`: their last one). */
export function answerOf(
  r: CellRequest,
  cell: { ok: boolean; travelTimeSeconds: number | null; distanceMeters: number | null },
  now: Date,
  previous: EtaAnswer | null = null,
): EtaAnswer {
  const home = previous?.home ?? { lat: r.origin.lat, lon: r.origin.lon };
  return {
    home,
    setOff: (previous?.setOff ?? false) || haversineMeters(home, r.origin) > ETA_STATIONARY_METERS,
    origin: { lat: r.origin.lat, lon: r.origin.lon },
    ok: cell.ok,
    travelTimeSeconds: cell.ok ? cell.travelTimeSeconds : null,
    distanceMeters: cell.ok ? cell.distanceMeters : null,
    at: now.toISOString(),
    route: routeOf(r),
    bucket: trafficBucket(r),
  };
}

/** Ask or reckon, for one participant's cell request at `now` given their last answer. */
export function decideEta(request: CellRequest, last: EtaAnswer | null, now: Date): EtaDecision {
  if (!last) return { action: 'ask', reason: 'first' };
  if (!last.ok || last.travelTimeSeconds === null) return { action: 'ask', reason: 'failed' };
  if (last.route !== routeOf(request)) return { action: 'ask', reason: 'route' };
  const elapsed = (now.getTime() - Date.parse(last.at)) / 1000;
  if (elapsed > ETA_MAX_AGE_SECONDS) return { action: 'ask', reason: 'max_age' };
  if (last.bucket !== trafficBucket(request)) return { action: 'ask', reason: 'bucket' };

  const answered = last.travelTimeSeconds;
  const moved = haversineMeters(last.origin, request.origin) > ETA_STATIONARY_METERS;
  const setOff = last.setOff || haversineMeters(last.home, request.origin) > ETA_STATIONARY_METERS;
  if (!setOff && request.time.kind === 'arriveAt') {
    const leaveBy = request.time.at.getTime() - answered * 1000;
    if (now.getTime() >= leaveBy - ETA_LEAVE_BY_MARGIN_SECONDS * 1000)
      return { action: 'ask', reason: 'leave_by' };
  }
  const leftThen = haversineMeters(last.origin, request.destination);
  const leftNow = haversineMeters(request.origin, request.destination);
  const fraction = leftThen > 0 ? leftNow / leftThen : 0;
  const implied = answered * fraction;
  const reckoned = moved ? Math.max(0, answered - elapsed) : answered;
  const deviationSeconds = Math.abs(implied - reckoned);
  if (deviationSeconds > ETA_DEVIATION_SECONDS) return { action: 'ask', reason: 'deviation' };
  return {
    action: 'reckon',
    travelTimeSeconds: Math.round(reckoned),
    distanceMeters: Math.round((last.distanceMeters ?? 0) * (moved ? Math.min(1, fraction) : 1)),
    deviationSeconds,
  };
}

/**
 * Cells a call can take at no extra cost: `asked` cells are billed in whole transactions of
 * `perTransaction` cells, so the rest of the last transaction is free.
 */
export function freeSlots(asked: number, perTransaction: number): number {
  return asked === 0 ? 0 : (perTransaction - (asked % perTransaction)) % perTransaction;
}

const sameResult = (a: TravelResult, b: TravelResult): boolean => {
  if (
    a.ok !== b.ok ||
    a.travelTimeSeconds !== b.travelTimeSeconds ||
    a.distanceMeters !== b.distanceMeters
  )
    return false;
  if (a.arrivalTime === null || b.arrivalTime === null) return a.arrivalTime === b.arrivalTime;
  return (
    Math.abs(Date.parse(a.arrivalTime) - Date.parse(b.arrivalTime)) <=
    TRAVEL_UNCHANGED_SECONDS * 1000
  );
};

/**
 * Whether `next` says nothing new against what was last published: the same participants, each with
 * the same ok, travel time and distance, and an arrival within TRAVEL_UNCHANGED_SECONDS.
 */
export function unchanged(
  published: Record<string, TravelResult> | null,
  next: TravelResult[],
): boolean {
  if (!published || Object.keys(published).length !== next.length) return false;
  return next.every((r) => {
    const before = published[r.participantId];
    return before !== undefined && sameResult(before, r);
  });
}
