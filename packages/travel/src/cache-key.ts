/**
 * Travel-time cache keys (doc 2 §9 "Travel-time cache key"; ARCHITECTURE §3 step 3).
 *
 * Key format, version 1 (change the version when the format changes, so old cells are ignored):
 *
 *   v1:{oLat},{oLon}>{dLat},{dLon}:{kind}:{bucket}:{mode}:{routeType}:{tolls}
 *
 *   oLat … dLon  origin and destination rounded half away from zero to 3 decimals, always written
 *                with 3 decimals ('47.610', '-122.330'; never '-0.000')
 *   kind         'arrive' (the time is an arrival time) or 'depart' (a departure time)
 *   bucket       the time bucket in UTC, to the minute: 'YYYY-MM-DDTHH:mmZ'
 *   mode         'car' | 'bicycle' | 'walking' (default 'car')
 *   routeType    'fastest' | 'shortest' (default 'fastest')
 *   tolls        'tolls' when tolls are allowed (avoidTolls false, the default), 'notolls' otherwise
 *
 * Example: v1:47.610,-122.330>47.620,-122.349:arrive:2026-11-21T22:35Z:car:fastest:tolls
 *
 * Two requests that round to the same coordinates and fall in the same time bucket with the same
 * options get the same key, so they share one cached cell.
 */
import type { Position, RouteOptions } from '@oneeta/contracts';
import { roundHalfAwayFromZero } from './round.js';

export const CACHE_KEY_VERSION = 'v1';
/** Coordinates are rounded to this many decimals (about 110 m of latitude). */
export const CACHE_COORD_DECIMALS = 3;
/** Times within this distance of now (either side, inclusive) use the fine bucket. */
export const NEAR_TIME_WINDOW_MS = 30 * 60_000;
export const NEAR_TIME_BUCKET_MS = 60_000;
export const FAR_TIME_BUCKET_MS = 5 * 60_000;

export type TravelMode = RouteOptions['travelMode'];
export type RouteType = RouteOptions['routeType'];
export type TimeKind = 'arriveAt' | 'departAt';

/** A coordinate rounded to 3 decimals, half away from zero (47.6125 → 47.613, -122.3325 → -122.333). */
export function roundCoord(x: number): number {
  return roundHalfAwayFromZero(x, CACHE_COORD_DECIMALS);
}

/**
 * The time bucket of `at`: floored to the minute when |at − now| ≤ 30 minutes, otherwise floored
 * to 5 minutes. Buckets are aligned on the UTC epoch, which every real zone offset (a multiple of
 * 15 minutes) shares.
 */
export function timeBucket(at: Date, now: Date): Date {
  const atMs = validTime(at, 'at');
  const nowMs = validTime(now, 'now');
  const size =
    Math.abs(atMs - nowMs) <= NEAR_TIME_WINDOW_MS ? NEAR_TIME_BUCKET_MS : FAR_TIME_BUCKET_MS;
  return new Date(Math.floor(atMs / size) * size);
}

export interface TravelCacheKeyInput {
  origin: Position;
  destination: Position;
  at: Date;
  kind: TimeKind;
  now: Date;
  mode?: TravelMode;
  routeType?: RouteType;
  avoidTolls?: boolean;
}

/** The cache key of one origin → destination cell; see the format at the top of this file. */
export function travelCacheKey({
  origin,
  destination,
  at,
  kind,
  now,
  mode = 'car',
  routeType = 'fastest',
  avoidTolls = false,
}: TravelCacheKeyInput): string {
  const bucket = timeBucket(at, now).toISOString().slice(0, 16);
  return [
    CACHE_KEY_VERSION,
    `${formatPosition(origin)}>${formatPosition(destination)}`,
    kind === 'arriveAt' ? 'arrive' : 'depart',
    `${bucket}Z`,
    mode,
    routeType,
    avoidTolls ? 'notolls' : 'tolls',
  ].join(':');
}

function formatPosition({ lat, lon }: Position): string {
  return `${roundCoord(lat).toFixed(CACHE_COORD_DECIMALS)},${roundCoord(lon).toFixed(CACHE_COORD_DECIMALS)}`;
}

function validTime(d: Date, name: string): number {
  const ms = d.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`${name} is an invalid date`);
  return ms;
}
