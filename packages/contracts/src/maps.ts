import { z } from 'zod';

export const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type Position = z.infer<typeof positionSchema>;

/** GET /api/maps/search result (Azure Maps fuzzy-search shape). */
export const searchResultSchema = z.object({
  id: z.string(),
  poi: z.object({ name: z.string() }).optional(),
  address: z.object({ freeformAddress: z.string() }),
  position: positionSchema,
});
export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;

/** GET /api/maps/timezone answer. */
export const timezoneResponseSchema = z.object({ timeZoneId: z.string() });

/** GET /api/maps/token answer; `provider: 'offline'` tells the web app to draw its own map. */
export const mapTokenResponseSchema = z.object({
  clientId: z.string().nullable(),
  accessToken: z.string().nullable(),
  provider: z.enum(['azure', 'offline']),
});

export const TRAVEL_MODES = ['car', 'bicycle', 'walking'] as const;
export const ROUTE_TYPES = ['fastest', 'shortest'] as const;
export const routeOptionsSchema = z.object({
  travelMode: z.enum(TRAVEL_MODES),
  routeType: z.enum(ROUTE_TYPES),
  avoidTolls: z.boolean(),
});
export type RouteOptions = z.infer<typeof routeOptionsSchema>;
