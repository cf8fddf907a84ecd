import { mapsEnvSchema, refineMapsEnv } from '@oneeta/maps';
import { accountEnvSchema, baseEnvSchema } from '@oneeta/service-kit';
import { z } from 'zod';

const perMinute = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const configSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4003),
    // The maps provider (offline by default, Azure Maps when configured): see packages/maps/src/config.ts.
    ...mapsEnvSchema.shape,
    MAP_STYLE_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(
        "A MapLibre/Mapbox GL style JSON URL (self-hosted vector tiles, PMTiles through a style, or a hosted style): the web app draws its street map with MapLibre GL JS from it. Unset: the built-in offline map. Azure Maps (MAPS_PROVIDER=azure) keeps the browser map when configured. The gateway's MAP_STYLE_URL must match (its Content-Security-Policy).",
      ),
    MAP_ATTRIBUTION: z
      .string()
      .trim()
      .min(1)
      .default('© OpenStreetMap contributors')
      .describe(
        "Credit the MapLibre map always shows, besides what the style's own sources credit.",
      ),
    TRAVEL_CACHE_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(900)
      .describe(
        'Lifetime of a computed travel-time cell in the cache the route-matrix worker shares, in seconds.',
      ),
    SEARCH_MAX_PER_IP_PER_MINUTE: perMinute(60).describe(
      'GET /api/maps/search and GET /api/maps/reverse calls (counted together) per client IP per minute.',
    ),
    TRAVEL_TIMES_MAX_PER_IP_PER_MINUTE: perMinute(60).describe(
      'GET /api/maps/traveltimes calls per client IP per minute.',
    ),
    TIMEZONE_MAX_PER_IP_PER_MINUTE: perMinute(60).describe(
      'GET /api/maps/timezone calls per client IP per minute.',
    ),
    MAP_TOKEN_MAX_PER_IP_PER_MINUTE: perMinute(30).describe(
      'GET /api/maps/token calls per client IP per minute.',
    ),
    ...accountEnvSchema.shape,
  })
  // MAPS_PROVIDER=azure without usable credentials fails at boot with a readable message.
  .superRefine(refineMapsEnv);
export type Config = z.infer<typeof configSchema>;
