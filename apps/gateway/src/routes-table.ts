/**
 * The gateway's routing table, pure: config in, an ordered list of path patterns out.
 * A pattern matches a path whose segments start with the pattern's segments, where `:name` stands
 * for any one segment; no rewriting, the upstream sees the path as the client sent it. The first
 * match wins, so specific patterns (admin's views under /api/sessions/:id) come before prefixes.
 */
export type ServiceName =
  'auth' | 'session' | 'routing' | 'communication' | 'notification' | 'billing' | 'admin';

export interface Route {
  prefix: string;
  service: ServiceName;
  /** Base URL of the service; null when it is not configured here (its paths answer 404). */
  upstream: string | null;
}

export type Upstreams = Partial<Record<ServiceName, string | undefined>>;

/** Ordered: first match wins. */
export const ROUTE_RULES: readonly { prefix: string; service: ServiceName }[] = [
  { prefix: '/api/sessions/:id/audit', service: 'admin' },
  { prefix: '/api/sessions/:id/matrix-usage', service: 'admin' },
  // Admin calls answered by the service that owns the data, ahead of /api/admin (the ledger).
  { prefix: '/api/admin/sessions/:id/reopen', service: 'session' },
  { prefix: '/api/admin/sessions/counts', service: 'session' },
  { prefix: '/api/admin/users', service: 'auth' },
  { prefix: '/api/admin/queue', service: 'routing' },
  { prefix: '/api/admin/recent-enqueue', service: 'routing' },
  { prefix: '/api/admin/email-outbox', service: 'notification' },
  { prefix: '/api/auth', service: 'auth' },
  { prefix: '/api/sessions', service: 'session' },
  { prefix: '/api/location', service: 'session' },
  { prefix: '/api/maps', service: 'routing' },
  { prefix: '/api/communication', service: 'communication' },
  { prefix: '/chat', service: 'communication' },
  { prefix: '/api/push', service: 'notification' },
  { prefix: '/api/notifications', service: 'notification' },
  { prefix: '/api/billing', service: 'billing' },
  { prefix: '/api/enterprise', service: 'billing' },
  { prefix: '/api/admin', service: 'admin' },
];

export interface UpstreamConfig {
  AUTH_URL: string;
  SESSION_URL?: string | undefined;
  ROUTING_URL?: string | undefined;
  COMMUNICATION_URL?: string | undefined;
  NOTIFICATION_URL?: string | undefined;
  BILLING_URL?: string | undefined;
  ADMIN_URL?: string | undefined;
}

export function upstreamsOf(config: UpstreamConfig): Upstreams {
  return {
    auth: config.AUTH_URL,
    session: config.SESSION_URL,
    routing: config.ROUTING_URL,
    communication: config.COMMUNICATION_URL,
    notification: config.NOTIFICATION_URL,
    billing: config.BILLING_URL,
    admin: config.ADMIN_URL,
  };
}

export function routesTable(config: UpstreamConfig): Route[] {
  const upstreams = upstreamsOf(config);
  return ROUTE_RULES.map((rule) => ({ ...rule, upstream: upstreams[rule.service] ?? null }));
}

/** The configured services and their base URLs. */
export function configuredServices(routes: readonly Route[]): Map<ServiceName, string> {
  const services = new Map<ServiceName, string>();
  for (const route of routes) if (route.upstream) services.set(route.service, route.upstream);
  return services;
}

/** The first segment of every pattern ('/api', '/chat'): the gateway mounts its proxy there. */
export function mountPoints(routes: readonly Route[]): string[] {
  return [...new Set(routes.map((route) => `/${segments(route.prefix)[0] ?? ''}`))];
}

/**
 * The route serving `url` (path and optional query), or null: no pattern matches, the owning
 * service is not configured, the path is under /internal, or it holds a dot segment.
 */
export function matchRoute(routes: readonly Route[], url: string): Route | null {
  const path = url.split('?', 1)[0] ?? '';
  if (!path.startsWith('/')) return null;
  const parts = segments(path);
  if (parts[0] === 'internal' || parts.some(isDotSegment)) return null;
  const route = routes.find((candidate) => matches(segments(candidate.prefix), parts));
  return route?.upstream ? route : null;
}

function matches(pattern: string[], parts: string[]): boolean {
  if (parts.length < pattern.length) return false;
  return pattern.every((want, index) => {
    const part = parts[index]!;
    return want.startsWith(':') ? part.length > 0 : part === want;
  });
}

function segments(path: string): string[] {
  const parts = path.split('/').slice(1);
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  return parts;
}

/** '.', '..', or a segment hiding one behind an encoded slash or backslash ('..%2F', '%5C..'). */
function isDotSegment(part: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(part);
  } catch {
    return true;
  }
  return /(^|[\\/])\.\.?([\\/]|$)/.test(decoded);
}
