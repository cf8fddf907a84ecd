/**
 * Route 2025-01-01 request shapes the fake accepts (RouteMatrixRequest and DirectionsRequest in
 * the REST spec), strict like fake-requests.ts.
 */
import { z } from 'zod';
import { bothTimes, dateTime, keyParam, lonLat } from './fake-requests.js';

export const routeVersionQuery = z
  .object({ 'api-version': z.literal('2025-01-01'), ...keyParam })
  .strict();

const multiPointFeature = z
  .object({
    type: z.literal('Feature'),
    geometry: z
      .object({ type: z.literal('MultiPoint'), coordinates: z.array(lonLat).min(1) })
      .strict(),
    properties: z.object({ pointType: z.enum(['origins', 'destinations']) }).strict(),
  })
  .strict();

/** Synchronous Route Matrix 2025-01-01 (RouteMatrixRequest). */
export const matrixRequest = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(multiPointFeature).length(2),
    departAt: z.union([dateTime, z.literal('any'), z.literal('now')]).optional(),
    arriveAt: z.union([dateTime, z.literal('any')]).optional(),
    travelMode: z.enum(['driving', 'truck', 'walking']).default('driving'),
    optimizeRoute: z
      .literal('fastest', { error: 'the sync matrix only supports optimizeRoute "fastest"' })
      .optional(),
    traffic: z.enum(['historical', 'live']).optional(),
    avoid: z.array(z.enum(['tollRoads', 'unpavedRoads'])).optional(),
    vehicleSpec: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .superRefine(bothTimes)
  .superRefine((body, ctx) => {
    const origins = body.features.find((f) => f.properties.pointType === 'origins');
    const destinations = body.features.find((f) => f.properties.pointType === 'destinations');
    if (!origins || !destinations) {
      ctx.addIssue({
        code: 'custom',
        path: ['features'],
        message: 'one origins and one destinations MultiPoint are required',
      });
      return;
    }
    const cells = origins.geometry.coordinates.length * destinations.geometry.coordinates.length;
    if (cells > 100)
      ctx.addIssue({
        code: 'custom',
        path: ['features'],
        message: `matrix of ${cells} cells exceeds the synchronous limit of 100`,
      });
    if (body.avoid && body.travelMode === 'walking')
      ctx.addIssue({
        code: 'custom',
        path: ['avoid'],
        message: 'avoid is only supported for driving and truck',
      });
  });

const pointFeature = z
  .object({
    type: z.literal('Feature'),
    geometry: z.object({ type: z.literal('Point'), coordinates: lonLat }).strict(),
    properties: z
      .object({
        pointIndex: z.number().int().min(0).optional(),
        pointType: z.enum(['waypoint', 'viaWaypoint']).default('waypoint'),
      })
      .strict(),
  })
  .strict();

/** Route Directions 2025-01-01 (DirectionsRequest). */
export const directionsRequest = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(pointFeature).min(2).max(150),
    travelMode: z.enum(['driving', 'truck', 'walking']).default('driving'),
    departAt: dateTime.optional(),
    arriveAt: dateTime.optional(),
    optimizeRoute: z
      .enum([
        'shortest',
        'fastestWithoutTraffic',
        'fastestAvoidClosureWithoutTraffic',
        'fastestWithTraffic',
      ])
      .default('fastestWithoutTraffic'),
    optimizeWaypointOrder: z.boolean().optional(),
    avoid: z
      .array(
        z.enum([
          'limitedAccessHighways',
          'tollRoads',
          'ferries',
          'tunnels',
          'borderCrossings',
          'lowEmissionZones',
          'unpavedRoads',
        ]),
      )
      .optional(),
    routeOutputOptions: z
      .array(z.enum(['routeSummary', 'regionTravelSummary', 'routePath', 'itinerary']))
      .optional(),
    maxRouteCount: z.number().int().min(1).max(3).optional(),
    heading: z.number().int().min(0).max(359).optional(),
    vehicleSpec: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .superRefine(bothTimes)
  .superRefine((body, ctx) => {
    const ends = [body.features[0], body.features[body.features.length - 1]];
    if (ends.some((f) => f?.properties.pointType !== 'waypoint'))
      ctx.addIssue({
        code: 'custom',
        path: ['features'],
        message: 'the first and last points must be waypoints',
      });
    if (body.optimizeRoute === 'fastestWithTraffic' && body.travelMode === 'walking')
      ctx.addIssue({
        code: 'custom',
        path: ['optimizeRoute'],
        message: 'fastestWithTraffic is only supported for driving and truck',
      });
    if (body.optimizeRoute === 'fastestAvoidClosureWithoutTraffic' && body.travelMode !== 'driving')
      ctx.addIssue({
        code: 'custom',
        path: ['optimizeRoute'],
        message: 'fastestAvoidClosureWithoutTraffic is only supported for driving',
      });
    if (body.avoid && body.travelMode === 'walking')
      ctx.addIssue({
        code: 'custom',
        path: ['avoid'],
        message: 'avoid is only supported for driving and truck',
      });
  });
