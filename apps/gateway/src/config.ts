import { fileURLToPath } from 'node:url';
import { MAPS_PROVIDERS } from '@oneeta/contracts';
import { baseEnvSchema, trustProxySetting } from '@oneeta/service-kit';
import { z } from 'zod';
import { cspOrigins } from './csp-origins.js';

const upstream = z.url({ protocol: /^https?$/ }).optional();

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(8080)
    .describe('The one public port: API, /ws and the web app.'),
  // Upstreams: base URL of each service. A service left unset is not routed (its paths answer 404).
  // AUTH_URL comes from the base schema with a default, so auth is always routed.
  SESSION_URL: upstream.describe('services/session: /api/sessions/*, /api/location.'),
  ROUTING_URL: upstream.describe('services/routing: /api/maps/*.'),
  COMMUNICATION_URL: upstream.describe('services/communication: /api/communication/*, /chat/*.'),
  NOTIFICATION_URL: upstream.describe('services/notification: /api/push/*, /api/notifications/*.'),
  BILLING_URL: upstream.describe('services/billing: /api/billing/*, /api/enterprise/*.'),
  ADMIN_URL: upstream.describe(
    'services/admin: /api/admin/*, /api/sessions/:id/audit*, /api/sessions/:id/matrix-usage.',
  ),
  WEB_DIST: z
    .string()
    .default(fileURLToPath(new URL('../../web/dist', import.meta.url)))
    .describe(
      'The built web app (index.html + assets); served with an SPA fallback when the folder exists.',
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(600)
    .describe(
      'Requests per client IP per minute on /api/*, /chat/* and /ws (health and static files are exempt).',
    ),
  // The gateway faces the clients: it believes no X-Forwarded-For unless the balancer is named.
  TRUST_PROXY: trustProxySetting('none'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024)
    .describe(
      "Largest request body the gateway passes upstream (bytes); larger answers 413. Match the services' limit (1 MiB).",
    ),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'The public origin users reach (https://oneeta.example). https turns on HSTS; also the websocket origin in the CSP.',
    ),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .optional()
    .describe(
      'Port serving /metrics, /readyz and /healthz (never the public port); unset: not served. 0 picks a free port.',
    ),
  METRICS_HOST: z
    .string()
    .default('127.0.0.1')
    .describe(
      'Interface of METRICS_PORT; keep 127.0.0.1 unless a scraper on another host needs it.',
    ),
  // Read only for the Content-Security-Policy: the browser may reach Azure Maps when the map is Azure's…
  MAPS_PROVIDER: z.enum(MAPS_PROVIDERS).default('offline'),
  AZURE_MAPS_KEY: z.string().min(1).optional(),
  AZURE_MAPS_CLIENT_ID: z.string().min(1).optional(),
  AZURE_MAPS_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  MAP_STYLE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      "Read only for the Content-Security-Policy: the routing service's MapLibre style (set both alike). Its origin may be fetched by the browser map; ignored while Azure Maps draws the map.",
    ),
  MAP_TILE_ORIGINS: z
    .string()
    .optional()
    .refine((list) => cspOrigins(list) !== null, {
      error: 'MAP_TILE_ORIGINS must be comma-separated http(s) origins (https://tiles.example.com)',
    })
    .describe(
      "With MAP_STYLE_URL: comma-separated origins the style's tiles, TileJSON, sprites and glyphs come from (https://tiles.example.com, https://*.tiles.example.com), besides the style's own origin (the default).",
    ),
  ACS_CONNECTION_STRING: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Read only for the Content-Security-Policy: the chat service's ACS endpoint (only its `endpoint=` origin is read; never logged).",
    ),
  WS_HEARTBEAT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .default(30_000)
    .describe(
      '/ws heartbeat: a ping this often; a socket that has not answered the previous ping is dropped.',
    ),
  WS_MEMBERSHIP_RECHECK_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60_000)
    .describe(
      "/ws: a subscriber's membership is re-checked when a nudge arrives, at most this often per user and session.",
    ),
  WS_TOKEN_RECHECK_MS: z.coerce
    .number()
    .int()
    .min(50)
    .default(3_000)
    .describe(
      "/ws: every subscription's token is checked again this often; a revoked token or deleted account stops following.",
    ),
  WS_SUBSCRIBE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .default(30_000)
    .describe(
      '/ws: a socket with no subscription this long after connecting (or its last unsubscribe) is closed.',
    ),
  WS_MAX_CONNECTIONS_PER_IP: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      '/ws: open sockets per client address on all replicas together (Redis); one more is closed with 1008.',
    ),
  WS_MESSAGES_PER_SECOND: z.coerce
    .number()
    .min(0.1)
    .default(10)
    .describe(
      '/ws: frames per second a socket may send (a token bucket holding WS_MESSAGE_BURST); more closes it with 1008.',
    ),
  WS_MESSAGE_BURST: z.coerce
    .number()
    .int()
    .min(1)
    .default(40)
    .describe('/ws: frames a socket may send at once before WS_MESSAGES_PER_SECOND applies.'),
});
export type GatewayConfig = z.infer<typeof configSchema>;
