/**
 * The offline travel-time estimate (strategy "estimate"): no road network, only geometry and
 * typical speeds. Pure and deterministic — the same input always gives the same output, and the
 * time of day plays no part (there is no traffic model; arriveAt/departAt do not change the answer).
 *
 *   road distance = great-circle (haversine, sphere of EARTH_RADIUS_METERS) distance × ROAD_CIRCUITY × option factors
 *   travel time   = road distance / mode speed
 *
 * Why these numbers:
 * - ROAD_CIRCUITY 1.3: the ratio of network distance to straight-line distance. Values reported in
 *   the literature for road travel mostly fall between about 1.2 and 1.4 (e.g. Ballou, Rahardja &
 *   Sakai 2002, "Selected country circuity factors for road travel distance estimation",
 *   Transportation Research Part A; Boscoe, Henry & Zdeb 2012, "A nationwide comparison of driving
 *   distance versus straight-line distance to hospitals", The Professional Geographer). 1.3 sits in
 *   the middle; the same factor is used for walking and cycling, whose networks are denser but still
 *   detour about as much.
 * - Car speed is two-part so short urban hops are not as fast as motorway trips: the first
 *   CAR_URBAN_KM of road are driven at CAR_URBAN_KMH (city streets, lights, parking-lot exits), the
 *   rest at CAR_OPEN_ROAD_KMH (a trip-average on arterials and motorways, not a speed limit). Time is
 *   piecewise linear and increasing in distance, so farther is never faster.
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
  ROAD_CIRCUITY: 1.3,
  CAR_URBAN_KM: 10,
  CAR_URBAN_KMH: 35,
  CAR_OPEN_ROAD_KMH: 85,
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

const metersPerSecond = (kmh: number): number => kmh / 3.6;

/** Estimated road distance and travel time from origin to destination. Same points → 0 s, 0 m. */
export function estimateTravel(
  origin: Position,
  destination: Position,
  options: EstimateOptions,
): TravelEstimate {
  const c = ESTIMATE_CONSTANTS;
  const straight = haversineMeters(origin, destination);
  let road = straight * c.ROAD_CIRCUITY;
  let seconds: number;
  if (options.mode === 'car') {
    let urbanKmh = c.CAR_URBAN_KMH;
    let openKmh = c.CAR_OPEN_ROAD_KMH;
    if (options.routeType === 'shortest') {
      road *= c.SHORTEST_DISTANCE_FACTOR;
      urbanKmh *= c.SHORTEST_SPEED_FACTOR;
      openKmh *= c.SHORTEST_SPEED_FACTOR;
    }
    if (options.avoidTolls) {
      road *= c.AVOID_TOLLS_DISTANCE_FACTOR;
      openKmh *= c.AVOID_TOLLS_OPEN_ROAD_SPEED_FACTOR;
    }
    const urbanMeters = Math.min(road, c.CAR_URBAN_KM * 1000);
    const openMeters = road - urbanMeters;
    seconds = urbanMeters / metersPerSecond(urbanKmh) + openMeters / metersPerSecond(openKmh);
  } else {
    const kmh = options.mode === 'bicycle' ? c.BICYCLE_KMH : c.WALKING_KMH;
    seconds = road / metersPerSecond(kmh);
  }
  return { travelTimeSeconds: Math.round(seconds), distanceMeters: Math.round(road) };
}
