/**
 * The offline travel-time estimate (strategy "estimate"): no road network, only geometry and
 * typical speeds. Pure and deterministic — the same input always gives the same output, and the
 * time of day plays no part (there is no traffic model; arriveAt/departAt do not change the answer).
 *
 *   d             = great-circle (haversine, sphere of EARTH_RADIUS_METERS) distance, km
 *   circuity(d)   = CIRCUITY_LONG + (CIRCUITY_SHORT − CIRCUITY_LONG) × e^(−d / CIRCUITY_SCALE_KM)
 *   road distance = d × circuity(d) × option factors
 *   car time      = u / CAR_URBAN_KMH + (road − u) / CAR_OPEN_ROAD_KMH,
 *                   u = CAR_URBAN_SCALE_KM × (1 − e^(−road / CAR_URBAN_SCALE_KM))  (the urban part)
 *   bicycle/walk  = road distance / mode speed
 *
 * Why these numbers (calibrated against test/calibration-pairs.ts: 68 city pairs on six continents
 * with published driving distances and times; test/calibration.test.ts bounds the error):
 * - Circuity (road / straight-line distance) falls with distance. Across town, street grids, rivers
 *   and one-way systems make roads about 1.3 × the straight line, which fits short urban trips;
 *   between cities motorways run nearly straight, and the calibration pairs have a median ratio of
 *   1.155 (10th–90th percentile 1.06–1.26), near the national averages of about 1.2 in the
 *   literature (e.g. Ballou, Rahardja & Sakai 2002, "Selected country circuity factors for road
 *   travel distance estimation", Transportation Research Part A), which also count short trips.
 *   The excess over CIRCUITY_LONG decays on a 10 km scale: 1.29 at 1 km, 1.21 at 10 km, 1.16 from
 *   40 km on. road = d × circuity(d) still grows with d (its slope is at least
 *   CIRCUITY_LONG − 0.14 × e^−2 > 1). The same curve serves walking and cycling.
 * - Car speed rises smoothly from CAR_URBAN_KMH for a short hop to CAR_OPEN_ROAD_KMH on long trips:
 *   the first kilometres are city driving at 35 km/h (lights, junctions, car parks), and the share
 *   of each further kilometre driven at the open-road speed grows as 1 − e^(−road / 13 km). A long
 *   trip thus costs its distance at 104 km/h plus a fixed ≈ 15 min for leaving and entering the two
 *   cities; the average speed is 39 km/h over 5 km, 52 km/h over 20 km, 83 km/h over 100 km and
 *   101 km/h over 1000 km. 104 km/h is a trip average on motorways (limits of 100–130 km/h,
 *   65–75 mph), not a speed limit. The marginal speed always lies between 35 and 104 km/h, so time
 *   strictly grows with distance: farther is never faster. The three car constants minimise the
 *   time error over the calibration pairs (median ≈ 8 %, 90th percentile ≈ 23 %); what remains is
 *   mostly regional: Indian, Thai and Mexican trips are slower, short Texan and Coloradan
 *   interstate hops faster.
 * - BICYCLE_KMH 15: a typical urban cycling average including stops (commuter studies report
 *   14–18 km/h). WALKING_KMH 4.8 (≈1.33 m/s): the usual adult walking speed (1.2–1.4 m/s).
 * - routeType 'shortest' (car): the route hugs the straight line a little more (distance × 0.95)
 *   but uses slower roads (speeds × 0.85), so it is shorter and slower than 'fastest'.
 * - avoidTolls (car): a small detour (distance × 1.03) and slower open-road driving (× 0.95), since
 *   tolled roads are usually the fast ones.
 * - Walking and cycling ignore routeType and avoidTolls: on foot or bike the shortest path is the
 *   fastest one and tolls do not apply.
 * With these constants the slowest car speed (0.85 × 35 = 29.75 km/h) stays above the bicycle speed,
 * so for the same trip walking > bicycle > car in time.
 */
import type { Position } from '@oneeta/contracts';
import { haversineMeters } from '@oneeta/travel';
import type { MatrixOptions } from '../port.js';

export { EARTH_RADIUS_METERS, haversineMeters } from '@oneeta/travel';

export const ESTIMATE_CONSTANTS = Object.freeze({
  CIRCUITY_SHORT: 1.3,
  CIRCUITY_LONG: 1.16,
  CIRCUITY_SCALE_KM: 10,
  CAR_URBAN_KMH: 35,
  CAR_OPEN_ROAD_KMH: 104,
  CAR_URBAN_SCALE_KM: 13,
  BICYCLE_KMH: 15,
  WALKING_KMH: 4.8,
  SHORTEST_DISTANCE_FACTOR: 0.95,
  SHORTEST_SPEED_FACTOR: 0.85,
  AVOID_TOLLS_DISTANCE_FACTOR: 1.03,
  AVOID_TOLLS_OPEN_ROAD_SPEED_FACTOR: 0.95,
});

export type EstimateOptions = Pick<MatrixOptions, 'mode' | 'routeType' | 'avoidTolls'>;

export interface TravelEstimate {
  /** Whole seconds. */
  travelTimeSeconds: number;
  /** Whole metres of (estimated) road. */
  distanceMeters: number;
}

/** Road distance / straight-line distance for a straight-line distance of `straightKm`. */
export function roadCircuity(straightKm: number): number {
  const c = ESTIMATE_CONSTANTS;
  return (
    c.CIRCUITY_LONG +
    (c.CIRCUITY_SHORT - c.CIRCUITY_LONG) * Math.exp(-straightKm / c.CIRCUITY_SCALE_KM)
  );
}

/**
 * Hours to drive `roadKm`: the urban part u = scale × (1 − e^(−road/scale)) at `urbanKmh`, the rest
 * at `openKmh`. Smooth and strictly increasing in roadKm; average speed goes from urbanKmh to openKmh.
 */
export function carHours(roadKm: number, urbanKmh: number, openKmh: number): number {
  const scale = ESTIMATE_CONSTANTS.CAR_URBAN_SCALE_KM;
  const urbanKm = scale * -Math.expm1(-roadKm / scale);
  return urbanKm / urbanKmh + (roadKm - urbanKm) / openKmh;
}

/** Estimated road distance and travel time from origin to destination. Same points → 0 s, 0 m. */
export function estimateTravel(
  origin: Position,
  destination: Position,
  options: EstimateOptions,
): TravelEstimate {
  const c = ESTIMATE_CONSTANTS;
  const straightKm = haversineMeters(origin, destination) / 1000;
  let roadKm = straightKm * roadCircuity(straightKm);
  let hours: number;
  if (options.mode === 'car') {
    let urbanKmh = c.CAR_URBAN_KMH;
    let openKmh = c.CAR_OPEN_ROAD_KMH;
    if (options.routeType === 'shortest') {
      roadKm *= c.SHORTEST_DISTANCE_FACTOR;
      urbanKmh *= c.SHORTEST_SPEED_FACTOR;
      openKmh *= c.SHORTEST_SPEED_FACTOR;
    }
    if (options.avoidTolls) {
      roadKm *= c.AVOID_TOLLS_DISTANCE_FACTOR;
      openKmh *= c.AVOID_TOLLS_OPEN_ROAD_SPEED_FACTOR;
    }
    hours = carHours(roadKm, urbanKmh, openKmh);
  } else {
    hours = roadKm / (options.mode === 'bicycle' ? c.BICYCLE_KMH : c.WALKING_KMH);
  }
  return { travelTimeSeconds: Math.round(hours * 3600), distanceMeters: Math.round(roadKm * 1000) };
}
