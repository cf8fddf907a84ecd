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
  /** services/notification: /api/push/*. */
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
  /** /ws heartbeat: a ping this often; a socket that has not answered the previous ping is dropped. */
  WS_HEARTBEAT_MS: z.coerce.number().int().min(50).default(30_000),
});
export type GatewayConfig = z.infer<typeof configSchema>;
