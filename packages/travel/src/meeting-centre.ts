/**
 * Where to search for a place to meet: the point that minimises the group's longest trip, each
 * trip reckoned as straight-line distance ÷ the typical speed of that person's travel mode (a
 * weighted minimax centre). With everyone by car it is the centre of the smallest circle around
 * them (not the centroid: one far-off person pulls it only as far as fairness needs); a walker or
 * cyclist pulls it toward themselves in proportion to how much slower they are (a walker and a
 * driver 10 km apart meet about 0.9 km from the walker, where both need about 11 minutes).
 *
 * Why this choice: the ranking (`rankPlaces`) orders places by when everyone can be there, i.e. by
 * the longest trip, so the search should look where the longest trip is shortest. Straight lines
 * and one speed per mode are crude, but the matrix that follows uses real travel times; the centre
 * only decides where to look. Road circuity is left out: it scales every trip alike.
 *
 * How: positions are projected onto a local plane (equirectangular around the group's mean
 * latitude, longitudes unwrapped across the antimeridian), where the objective
 * max_i |x − p_i| / v_i is convex; its minimiser lies in the convex hull of the positions, so a
 * nested ternary search over the bounding box (outer: x, inner: y, each to a few metres) finds it.
 * Adequate for a group within a region (a few hundred km); farther apart the plane distorts.
 */
import type { Position, RouteOptions } from '@oneeta/contracts';

/** Typical door-to-door speeds by travel mode (km/h): the offline estimate's bicycle and walking speeds, an urban car average. */
export const TYPICAL_SPEED_KMH: Readonly<Record<RouteOptions['travelMode'], number>> = {
  car: 50,
  bicycle: 15,
  walking: 4.8,
};

export interface CentrePerson {
  position: Position;
  mode: RouteOptions['travelMode'];
}

const KM_PER_DEG_LAT = 111.32;
/** Each search stops once its interval is below this (km). */
const TOLERANCE_KM = 0.002;

/** The weighted minimax centre of the group (see the module comment); null for nobody. */
export function meetingCentre(people: readonly CentrePerson[]): Position | null {
  const [first] = people;
  if (!first) return null;
  const lon0 = first.position.lon;
  const unwrap = (lon: number) => lon0 + ((((lon - lon0 + 540) % 360) + 360) % 360) - 180;
  const lat0 = people.reduce((s, p) => s + p.position.lat, 0) / people.length;
  const kmPerDegLon = KM_PER_DEG_LAT * Math.max(Math.cos((lat0 * Math.PI) / 180), 0.01);
  const points = people.map((p) => ({
    x: unwrap(p.position.lon) * kmPerDegLon,
    y: p.position.lat * KM_PER_DEG_LAT,
    speed: TYPICAL_SPEED_KMH[p.mode],
  }));
  const longest = (x: number, y: number) =>
    points.reduce((worst, p) => Math.max(worst, Math.hypot(x - p.x, y - p.y) / p.speed), 0);

  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const bestY = (x: number) => ternary(Math.min(...ys), Math.max(...ys), (y) => longest(x, y)).at;
  const x = ternary(Math.min(...xs), Math.max(...xs), (x) => longest(x, bestY(x))).at;
  const y = bestY(x);
  const lon = x / kmPerDegLon;
  return {
    lat: round6(y / KM_PER_DEG_LAT),
    lon: round6(((((lon + 180) % 360) + 360) % 360) - 180),
  };
}

/** Minimum of a convex function on [lo, hi]. */
function ternary(lo: number, hi: number, f: (v: number) => number): { at: number } {
  while (hi - lo > TOLERANCE_KM) {
    const a = lo + (hi - lo) / 3;
    const b = hi - (hi - lo) / 3;
    if (f(a) <= f(b)) hi = b;
    else lo = a;
  }
  return { at: (lo + hi) / 2 };
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
