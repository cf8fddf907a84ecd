/**
 * Request shapes the fake Azure Maps accepts, as strict as the REST specs (Search 1.0, Timezone 1.0,
 * Route 1.0 here; Route 2025-01-01 in fake-route-requests.ts): wrong api-version, missing or
 * unknown fields, lat/lon swapped out of range, both arriveAt and departAt, more than 100 matrix
 * cells → 400.
 */
import { z } from 'zod';

export const latitude = z.coerce.number().min(-90).max(90);
export const longitude = z.coerce.number().min(-180).max(180);
/** GeoJSON order: [longitude, latitude]. */
export const lonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
export const dateTime = z.iso.datetime({ offset: true });
/** Every Azure Maps call may carry the key as a query parameter instead of the header. */
export const keyParam = { 'subscription-key': z.string().optional() };

export const bothTimes = (v: { arriveAt?: unknown; departAt?: unknown }, ctx: z.RefinementCtx) => {
  if (v.arriveAt !== undefined && v.departAt !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['arriveAt'],
      message: 'arriveAt cannot be used in conjunction with departAt',
    });
  }
};

export const fuzzySearchQuery = z
  .object({
    'api-version': z.literal('1.0'),
    query: z.string().trim().min(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    lat: latitude.optional(),
    lon: longitude.optional(),
    radius: z.coerce.number().int().min(1).optional(),
    typeahead: z.enum(['true', 'false']).optional(),
    language: z.string().optional(),
    ...keyParam,
  })
  .strict()
  .superRefine((q, ctx) => {
    if ((q.lat === undefined) !== (q.lon === undefined))
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lat and lon go together' });
    if (q.radius !== undefined && q.lat === undefined)
      ctx.addIssue({ code: 'custom', path: ['radius'], message: 'radius needs lat and lon' });
  });

export const timezoneQuery = z
  .object({
    'api-version': z.literal('1.0'),
    query: z.string().regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, 'query must be "lat,lon"'),
    options: z.enum(['none', 'zoneInfo', 'transitions', 'all']).optional(),
    timeStamp: dateTime.optional(),
    ...keyParam,
  })
  .strict()
  .transform((q, ctx) => {
    const [lat, lon] = q.query.split(',').map(Number) as [number, number];
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      ctx.addIssue({
        code: 'custom',
        path: ['query'],
        message: 'query must be "lat,lon" within range',
      });
      return z.NEVER;
    }
    return { lat, lon };
  });

/** Search 1.0 reverse address search: `query` is "lat,lon". */
export const reverseQuery = z
  .object({
    'api-version': z.literal('1.0'),
    query: z.string().regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, 'query must be "lat,lon"'),
    language: z.string().optional(),
    radius: z.coerce.number().int().min(1).optional(),
    ...keyParam,
  })
  .strict()
  .transform((q) => {
    const [lat, lon] = q.query.split(',').map(Number) as [number, number];
    return { lat, lon };
  });

const v1Avoid = z.enum([
  'tollRoads',
  'motorways',
  'ferries',
  'unpavedRoads',
  'carpools',
  'alreadyUsedRoads',
  'borderCrossings',
]);

/** Route Directions 1.0 (GET /route/directions/json) — the subset of parameters the fake knows. */
export const directionsV1Query = z
  .object({
    'api-version': z.literal('1.0'),
    query: z
      .string()
      .regex(
        /^-?\d+(\.\d+)?,-?\d+(\.\d+)?(:-?\d+(\.\d+)?,-?\d+(\.\d+)?)+$/,
        'query must be "lat,lon:lat,lon[:…]"',
      ),
    travelMode: z
      .enum(['car', 'truck', 'taxi', 'bus', 'van', 'motorcycle', 'bicycle', 'pedestrian'])
      .default('car'),
    routeType: z.enum(['fastest', 'shortest', 'eco', 'thrilling']).default('fastest'),
    avoid: z.union([v1Avoid, z.array(v1Avoid)]).optional(),
    departAt: z.union([dateTime, z.literal('now')]).optional(),
    arriveAt: dateTime.optional(),
    traffic: z.enum(['true', 'false']).optional(),
    computeTravelTimeFor: z.enum(['none', 'all']).optional(),
    routeRepresentation: z.enum(['polyline', 'summaryOnly', 'none']).optional(),
    ...keyParam,
  })
  .strict()
  .superRefine(bothTimes)
  .transform((q, ctx) => {
    const points = q.query
      .split(':')
      .map((pair) => pair.split(',').map(Number) as [number, number]);
    if (points.some(([lat, lon]) => Math.abs(lat) > 90 || Math.abs(lon) > 180)) {
      ctx.addIssue({
        code: 'custom',
        path: ['query'],
        message: 'query coordinates must be lat,lon within range',
      });
      return z.NEVER;
    }
    return { ...q, points: points.map(([lat, lon]) => ({ lat, lon })) };
  });

/** Entra ID client-credentials token request (form fields). */
export const tokenForm = z.object({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
});

/** `path: message` of the first issue, the way the fake words a 400. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid request';
  const where = issue.path.length ? issue.path.join('.') : '(request)';
  const keys = issue.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
  return `${where}: ${issue.message}${keys}`;
}
