import { fileURLToPath } from 'node:url';
import { baseEnvSchema } from '@oneeta/service-kit';
import { z } from 'zod';

const upstream = z.url({ protocol: /^https?$/ }).optional();

export const configSchema = baseEnvSchema.extend({
  /** The one public port: API, /ws and the web app. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Upstreams: base URL of each service. A service left unset is not routed (its paths answer 404).
  // AUTH_URL comes from the base schema with a default, so auth is always routed.
  /** services/session: /api/sessions/*, /api/location. */
  SESSION_URL: upstream,
  /** services/routing: /api/maps/*. */
  ROUTING_URL: upstream,
  /** services/communication: /api/communication/*, /chat/*. */
  COMMUNICATION_URL: upstream,
  /** services/notification: /api/push/*, /api/notifications/*. */
  NOTIFICATION_URL: upstream,
  /** services/billing: /api/billing/*, /api/enterprise/*. */
  BILLING_URL: upstream,
  /** services/admin: /api/admin/*, /api/sessions/:id/audit*, /api/sessions/:id/matrix-usage. */
  ADMIN_URL: upstream,
  /** The built web app (index.html + assets); served with an SPA fallback when the folder exists. */
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /** Requests per client IP per minute on /api/*, /chat/* and /ws (health and static files are exempt). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Proxies in front of the gateway whose X-Forwarded-For entries are trusted (0: the socket peer is the client). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Largest request body the gateway passes upstream (bytes); larger answers 413. Match the services' limit (1 MiB). */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** The public origin users reach (https://oneeta.example). https turns on HSTS; also the websocket origin in the CSP. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Port serving /metrics, /readyz and /healthz (never the public port); unset: not served. 0 picks a free port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface of METRICS_PORT; keep 127.0.0.1 unless a scraper on another host needs it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  // Read only for the Content-Security-Policy: the browser may reach Azure Maps when the map is Azure's…
  MAPS_PROVIDER: z.enum(['offline', 'azure']).default('offline'),
  AZURE_MAPS_KEY: z.string().min(1).optional(),
  AZURE_MAPS_CLIENT_ID: z.string().min(1).optional(),
  AZURE_MAPS_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** …and the chat service's ACS endpoint (only its `endpoint=` origin is read; never logged). */
  ACS_CONNECTION_STRING: z.string().min(1).optional(),
  /** /ws heartbeat: a ping this often; a socket that has not answered the previous ping is dropped. */
  WS_HEARTBEAT_MS: z.coerce.number().int().min(50).default(30_000),
  /** /ws: a subscriber's membership is re-checked when a nudge arrives, at most this often per user and session. */
  WS_MEMBERSHIP_RECHECK_MS: z.coerce.number().int().min(0).default(60_000),
  /** /ws: every subscription's token is checked again this often; a revoked token or deleted account stops following. */
  WS_TOKEN_RECHECK_MS: z.coerce.number().int().min(50).default(3_000),
  /** /ws: a socket with no subscription this long after connecting (or its last unsubscribe) is closed. */
  WS_SUBSCRIBE_TIMEOUT_MS: z.coerce.number().int().min(50).default(30_000),
  /** /ws: open sockets per client address on all replicas together (Redis); one more is closed with 1008. */
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(20),
  /** /ws: frames per second a socket may send (a token bucket holding WS_MESSAGE_BURST); more closes it with 1008. */
  WS_MESSAGES_PER_SECOND: z.coerce.number().min(0.1).default(10),
  WS_MESSAGE_BURST: z.coerce.number().int().min(1).default(40),
});
export type GatewayConfig = z.infer<typeof configSchema>;
