/**
 * Azure Maps wire formats: request bodies/queries the adapter sends and schemas of the answers it
 * reads. Checked against the REST specs (Azure/azure-rest-api-specs, specification/maps/data-plane:
 * Search 1.0, Timezone 1.0, Route 2025-01-01 `route.json`, Route 1.0 `route.json`).
 */
import type { Position } from '@oneeta/contracts';
import { z } from 'zod';
import { coordinate } from '../coordinate.js';
import type { MatrixOptions, MatrixTime } from '../port.js';

export const SEARCH_API_VERSION = '1.0';
export const TIMEZONE_API_VERSION = '1.0';
export const ROUTE_API_VERSION = '2025-01-01';
/** Route Directions 1.0: the only Azure Maps route API that still has travelMode=bicycle. */
export const ROUTE_V1_API_VERSION = '1.0';

export { coordinate };

const lonLat = (p: Position): [number, number] => [p.lon, p.lat];

/** `arriveAt` or `departAt` as RFC 3339 UTC, whichever the options carry. */
export function timeFields(time: MatrixTime): { arriveAt: string } | { departAt: string } {
  return time.arriveAt
    ? { arriveAt: time.arriveAt.toISOString() }
    : { departAt: (time.departAt as Date).toISOString() };
}

/** Route 2025-01-01 travelMode; bicycle has none there (enum: driving, truck, walking). */
export const routeTravelMode = (mode: 'car' | 'walking'): 'driving' | 'walking' =>
  mode === 'car' ? 'driving' : 'walking';

/** `avoid` is only honoured for driving/truck; walkers never meet toll roads. */
const avoidTolls = (options: MatrixOptions) =>
  options.avoidTolls && options.mode === 'car' ? { avoid: ['tollRoads'] } : {};

/**
 * POST /route/matrix?api-version=2025-01-01 (synchronous). The sync matrix accepts only
 * optimizeRoute 'fastest' ('shortest' exists only on matrix:async), so 'shortest' never comes here.
 */
export function matrixBody(
  origins: Position[],
  destination: Position,
  options: MatrixOptions & { mode: 'car' | 'walking' },
) {
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'MultiPoint', coordinates: origins.map(lonLat) },
        properties: { pointType: 'origins' },
      },
      {
        type: 'Feature',
        geometry: { type: 'MultiPoint', coordinates: [lonLat(destination)] },
        properties: { pointType: 'destinations' },
      },
    ],
    ...timeFields(options),
    travelMode: routeTravelMode(options.mode),
    optimizeRoute: 'fastest',
    ...avoidTolls(options),
  };
}

/** POST /route/directions?api-version=2025-01-01 for one origin → destination, summary only. */
export function directionsBody(
  origin: Position,
  destination: Position,
  options: MatrixOptions & { mode: 'car' | 'walking' },
) {
  const waypoint = (p: Position, pointIndex: number) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: lonLat(p) },
    properties: { pointIndex, pointType: 'waypoint' },
  });
  const fastest = options.mode === 'car' ? 'fastestWithTraffic' : 'fastestWithoutTraffic';
  return {
    type: 'FeatureCollection',
    features: [waypoint(origin, 0), waypoint(destination, 1)],
    ...timeFields(options),
    travelMode: routeTravelMode(options.mode),
    optimizeRoute: options.routeType === 'shortest' ? 'shortest' : fastest,
    routeOutputOptions: ['routeSummary'],
    ...avoidTolls(options),
  };
}

/** GET /route/directions/json?api-version=1.0 query for a bicycle route (avoid does not apply). */
export function bicycleDirectionsQuery(
  origin: Position,
  destination: Position,
  options: MatrixOptions,
) {
  return {
    'api-version': ROUTE_V1_API_VERSION,
    query: [origin, destination].map((p) => `${coordinate(p.lat)},${coordinate(p.lon)}`).join(':'),
    travelMode: 'bicycle',
    routeType: options.routeType,
    ...timeFields(options),
  };
}

const errorDetail = z
  .object({ code: z.string().optional(), message: z.string().optional() })
  .optional();

export const fuzzySearchAnswer = z.object({
  results: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      poi: z.object({ name: z.string() }).optional(),
      address: z.object({ freeformAddress: z.string().optional() }).optional(),
      position: z.object({ lat: z.number(), lon: z.number() }),
    }),
  ),
});

/** Reverse address search: `addresses[].position` is a "lat,lon" string. */
export const reverseAnswer = z.object({
  addresses: z.array(
    z.object({
      address: z.object({ freeformAddress: z.string().optional() }).optional(),
      position: z.string().regex(/^-?[\d.]+,-?[\d.]+$/),
    }),
  ),
});

/** Search 1.0 POI category queries for each product category (the category search's `query`). */
export const AZURE_POI_CATEGORIES = Object.freeze({
  cafe: 'cafe',
  restaurant: 'restaurant',
  bar: 'bar',
  park: 'park',
  station: 'railway station',
  mall: 'shopping center',
});

/** Timezone by coordinates: documented as `TimeZones[].Id`; camel-cased variants are read too. */
export const timezoneAnswer = z.object({
  TimeZones: z.array(z.object({ Id: z.string() })).optional(),
  timeZones: z.array(z.object({ id: z.string() })).optional(),
});

export const matrixAnswer = z.object({
  properties: z.object({
    matrix: z.array(
      z.object({
        originIndex: z.number().int(),
        destinationIndex: z.number().int(),
        statusCode: z.number().int().optional(),
        distanceInMeters: z.number().optional(),
        durationInSeconds: z.number().optional(),
        durationTrafficInSeconds: z.number().optional(),
        error: errorDetail,
      }),
    ),
  }),
});

export const directionsAnswer = z.object({
  features: z.array(
    z.object({
      properties: z
        .object({
          type: z.string().optional(),
          distanceInMeters: z.number().optional(),
          durationInSeconds: z.number().optional(),
          durationTrafficInSeconds: z.number().optional(),
        })
        .nullish(),
    }),
  ),
});

export const bicycleDirectionsAnswer = z.object({
  routes: z.array(
    z.object({
      summary: z.object({ lengthInMeters: z.number(), travelTimeInSeconds: z.number() }),
    }),
  ),
});
