import { z } from 'zod';
import { ROUTE_TYPES, TRAVEL_MODES } from './constants.js';
import { idSchema, safeText } from './text.js';

export const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type Position = z.infer<typeof positionSchema>;

/** GET /api/maps/search result (Azure Maps fuzzy-search shape). */
export const searchResultSchema = z
  .object({
    id: z.string(),
    poi: z.object({ name: z.string() }).optional(),
    address: z.object({ freeformAddress: z.string() }),
    position: positionSchema,
  })
  .meta({ id: 'SearchResult' });
/**
 * Where the results come from: 'nearby' (within `radiusMeters` of the caller's position) or
 * 'everywhere' (no position was given, or nothing matched nearby and the search fell back to the
 * whole world, nearer places still first; `radiusMeters` then says what was tried nearby).
 * `coverage` says what the provider's search knows: 'cities' (the offline gazetteer: city and town
 * names only) or 'addresses' (Azure Maps: addresses, streets, landmarks and places too).
 */
export const SEARCH_SCOPES = ['nearby', 'everywhere'] as const;
export const SEARCH_COVERAGES = ['cities', 'addresses'] as const;
export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  scope: z.enum(SEARCH_SCOPES),
  radiusMeters: z.number().nullable(),
  coverage: z.enum(SEARCH_COVERAGES),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type SearchScope = (typeof SEARCH_SCOPES)[number];
export type SearchCoverage = (typeof SEARCH_COVERAGES)[number];

/** The maps adapters a deployment can run (MAPS_PROVIDER). */
export const MAPS_PROVIDERS = ['offline', 'azure', 'osm'] as const;
export type MapsProviderName = (typeof MAPS_PROVIDERS)[number];

/**
 * Kinds of place a group can ask for when choosing where to meet. Providers with a point-of-interest
 * search (Azure Maps, Photon) map each to their own categories; the offline gazetteer knows only
 * towns and cities, so it answers every category with the towns nearest the point.
 */
export const PLACE_CATEGORIES = ['cafe', 'restaurant', 'bar', 'park', 'station', 'mall'] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];
export const placeCategorySchema = z.enum(PLACE_CATEGORIES);

/** GET /api/maps/timezone answer. */
export const timezoneResponseSchema = z.object({ timeZoneId: z.string() });

/**
 * GET /api/maps/token answer, one of two shapes told apart by `provider`:
 * - 'azure' or 'offline': `provider: 'offline'` (clientId and accessToken null) tells the web app to
 *   draw its own map. With Azure Maps, `authType` says how azure-maps-control authenticates: 'aad' (a
 *   short-lived Entra ID access token, `clientId` is the Maps account's client id) or
 *   'subscriptionKey' (the key itself, when only AZURE_MAPS_KEY is configured).
 * - 'maplibre': the web app draws a street map with MapLibre GL JS from the style JSON at `styleUrl`
 *   (the routing service's MAP_STYLE_URL), crediting `attribution` (MAP_ATTRIBUTION) besides what
 *   the style's sources credit. No credentials: the four SDK fields are null.
 */
export const sdkMapTokenSchema = z.object({
  clientId: z.string().nullable(),
  accessToken: z.string().nullable(),
  provider: z.enum(['azure', 'offline']),
  authType: z.enum(['aad', 'subscriptionKey']).nullable(),
  expiresAt: z.string().nullable(),
});
export const maplibreMapTokenSchema = z.object({
  clientId: z.null(),
  accessToken: z.null(),
  provider: z.literal('maplibre'),
  authType: z.null(),
  expiresAt: z.null(),
  // http(s) only (the routing service's MAP_STYLE_URL accepts no other); the web app checks again.
  styleUrl: z.url(),
  attribution: z.string(),
});
export const mapTokenResponseSchema = z.discriminatedUnion('provider', [
  sdkMapTokenSchema,
  maplibreMapTokenSchema,
]);
export type MapTokenResponse = z.infer<typeof mapTokenResponseSchema>;

export const routeOptionsSchema = z
  .object({
    travelMode: z.enum(TRAVEL_MODES),
    routeType: z.enum(ROUTE_TYPES),
    avoidTolls: z.boolean(),
  })
  .meta({ id: 'RouteOptions' });
export type RouteOptions = z.infer<typeof routeOptionsSchema>;

/** The `sessionId` query parameter the maps calls accept (optional; it ties usage to a session). */
const optionalSessionId = idSchema('sessionId').optional();
const coordinate = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(-max, { error: `${name} must be between -${max} and ${max}` })
    .max(max, { error: `${name} must be between -${max} and ${max}` });
const latitude = (name = 'lat') => coordinate(name, 90);
const longitude = (name = 'lon') => coordinate(name, 180);

export const SEARCH_MAX_LIMIT = 20;

/** GET /api/maps/token */
export const mapTokenQuerySchema = z.object({ sessionId: optionalSessionId });

/**
 * GET /api/maps/search: `q` must not be empty; results within `radius` metres of lat/lon come first,
 * and only when none match there does the search cover the whole world (see searchResponseSchema).
 */
export const searchQuerySchema = z
  .object({
    q: safeText('Search query', { error: 'Search query is required' })
      .trim()
      .min(1, { error: 'Search query is required' })
      .max(200, { error: 'Search query must be at most 200 characters' }),
    sessionId: optionalSessionId,
    lat: latitude().optional(),
    lon: longitude().optional(),
    radius: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
    limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(5),
  })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), {
    error: 'lat and lon go together',
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** GET /api/maps/reverse: the address or place at a position (reverse geocoding). */
export const reverseQuerySchema = z.object({
  lat: latitude(),
  lon: longitude(),
  sessionId: optionalSessionId,
});
export type ReverseQuery = z.infer<typeof reverseQuerySchema>;

/**
 * GET /api/maps/reverse answer: the place the provider names at the position, in the search result
 * shape (its `position` is the place's own, which may lie a little off the one asked about), or
 * null when it knows none there. Offline that is the nearest gazetteer town within 30 km.
 */
export const reverseResponseSchema = z.object({ place: searchResultSchema.nullable() });
export type ReverseResponse = z.infer<typeof reverseResponseSchema>;

/** GET /api/maps/timezone */
export const timezoneQuerySchema = z.object({
  lat: latitude(),
  lon: longitude(),
  sessionId: optionalSessionId,
});

/** GET /api/maps/traveltimes: one origin → destination cell, arriving at or departing at a time (default: departing now). */
export const travelTimesQuerySchema = z
  .object({
    olat: latitude('olat'),
    olon: longitude('olon'),
    dlat: latitude('dlat'),
    dlon: longitude('dlon'),
    sessionId: optionalSessionId,
    arriveAt: z.iso
      .datetime({ offset: true, error: 'arriveAt must be an ISO date-time' })
      .optional(),
    departAt: z.iso
      .datetime({ offset: true, error: 'departAt must be an ISO date-time' })
      .optional(),
    mode: z.enum(TRAVEL_MODES, { error: 'mode must be car, bicycle or walking' }).default('car'),
    routeType: z
      .enum(ROUTE_TYPES, { error: 'routeType must be fastest or shortest' })
      .default('fastest'),
    avoidTolls: z.stringbool().default(false),
  })
  .refine((q) => !(q.arriveAt && q.departAt), { error: 'Give arriveAt or departAt, not both' });
export type TravelTimesQuery = z.infer<typeof travelTimesQuerySchema>;

/** How a travel time was obtained: a provider's route engine, or the offline distance estimate. */
export const TRAVEL_STRATEGIES = ['matrix', 'directions', 'estimate', 'cache'] as const;

export const travelTimesResponseSchema = z.object({
  summary: z.object({
    earliestArrival: z.object({ arrivalTime: z.string() }),
    departureTime: z.string(),
    travelTimeSeconds: z.number(),
    distanceMeters: z.number(),
    strategy: z.enum(TRAVEL_STRATEGIES),
    cached: z.boolean(),
  }),
});
export type TravelTimesResponse = z.infer<typeof travelTimesResponseSchema>;
