import type { MapsProviderName } from '@oneeta/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '@oneeta/service-kit';
import { cspOrigin, cspOrigins } from './csp-origins.js';
import { docsPolicyFor, isDocsPath } from './docs.js';

/** What the header policy reads from the gateway's config. */
export interface HeaderPolicyConfig {
  /** The public origin (https → HSTS, and the websocket origin in connect-src). */
  PUBLIC_URL?: string | undefined;
  MAPS_PROVIDER?: MapsProviderName | undefined;
  AZURE_MAPS_KEY?: string | undefined;
  AZURE_MAPS_CLIENT_ID?: string | undefined;
  AZURE_MAPS_ENDPOINT?: string | undefined;
  /** The MapLibre style the routing service hands the browser map, and where its tiles come from. */
  MAP_STYLE_URL?: string | undefined;
  MAP_TILE_ORIGINS?: string | undefined;
  ACS_CONNECTION_STRING?: string | undefined;
}

/** Sent with every answer. */
export const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Location sharing needs geolocation; chat calls (later) the microphone; both for our origin only.
  'permissions-policy': 'geolocation=(self), camera=(), microphone=(self)',
  'x-frame-options': 'DENY',
} as const;

export const HSTS = 'max-age=31536000; includeSubDomains';

const AZURE_MAPS = ['https://atlas.microsoft.com', 'https://*.atlas.microsoft.com'];
/** A Host header we are willing to echo into the policy: a name or IP, an optional port. */
const SAFE_HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The browser map talks to Azure Maps only with MAPS_PROVIDER=azure and its key or client id. */
export function azureMapsSources(config: HeaderPolicyConfig): string[] {
  if (config.MAPS_PROVIDER !== 'azure' || !(config.AZURE_MAPS_KEY || config.AZURE_MAPS_CLIENT_ID)) {
    return [];
  }
  const endpoint = config.AZURE_MAPS_ENDPOINT ? originOf(config.AZURE_MAPS_ENDPOINT) : null;
  return endpoint && !AZURE_MAPS.includes(endpoint) && !endpoint.endsWith('.atlas.microsoft.com')
    ? [...AZURE_MAPS, endpoint]
    : AZURE_MAPS;
}

/**
 * The browser map draws a MapLibre style (MAP_STYLE_URL) unless Azure Maps has it: the style's
 * origin and MAP_TILE_ORIGINS (its tiles, TileJSON, sprites, glyphs), nothing more. MapLibre's
 * library and its worker are ours (bundled, served from our origin).
 */
export function mapLibreSources(config: HeaderPolicyConfig): string[] {
  if (!config.MAP_STYLE_URL || azureMapsSources(config).length > 0) return [];
  const style = cspOrigin(config.MAP_STYLE_URL);
  const tiles = cspOrigins(config.MAP_TILE_ORIGINS) ?? [];
  return [...new Set([...(style ? [style] : []), ...tiles])];
}

/** The chat SDK's endpoint (`endpoint=https://….communication.azure.com/;accesskey=…`), origin only. */
export function chatSources(config: HeaderPolicyConfig): string[] {
  const match = /(?:^|;)\s*endpoint=([^;]+)/i.exec(config.ACS_CONNECTION_STRING ?? '');
  const origin = match ? originOf(match[1]!.trim()) : null;
  return origin?.startsWith('https://') ? [origin] : [];
}

/** Our own websocket origin(s): from PUBLIC_URL, else from a well-formed Host header. */
function websocketSources(config: HeaderPolicyConfig, host: string | undefined): string[] {
  if (config.PUBLIC_URL) {
    const url = new URL(config.PUBLIC_URL);
    return [`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
  }
  return host && SAFE_HOST.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
}

/**
 * The Content-Security-Policy of the web app's HTML. The built app has no inline style (React sets
 * `style` through the CSSOM, which CSP does not govern) and no inline script but the ones a page
 * is allowed by hash (`inlineScripts`: the early requests of s.html and sessions.html, apps/web/early-scripts.ts); the
 * Azure Maps SDK and MapLibre are bundled, so scripts and styles are ours only.
 */
export function contentSecurityPolicy(
  config: HeaderPolicyConfig,
  host?: string,
  inlineScripts: readonly string[] = [],
): string {
  const azure = azureMapsSources(config);
  const maps = [...azure, ...mapLibreSources(config)];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScripts],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', 'blob:', ...maps],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...websocketSources(config, host), ...maps, ...chatSources(config)],
    // Azure Maps runs its tile work in blob: workers; MapLibre's worker and the service worker are ours.
    ['worker-src', "'self'", ...(azure.length > 0 ? ['blob:'] : [])],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** The inline scripts (their 'sha256-…' sources) of the page answering a request, set by web.ts. */
const pageInlineScripts = new WeakMap<FastifyRequest, readonly string[]>();

/** Lets the HTML answering `request` run these inline scripts (from its own file, by hash). */
export function allowInlineScripts(request: FastifyRequest, hashes: readonly string[]): void {
  pageInlineScripts.set(request, hashes);
}

/**
 * Security headers on every answer of the gateway (its own and the proxied ones): the common set,
 * HSTS when PUBLIC_URL is https, the CSP on HTML, and `Cache-Control: no-store` on JSON answering
 * a request that carried Authorization.
 */
export function registerSecurityHeaders(app: App, config: HeaderPolicyConfig): void {
  const hsts = config.PUBLIC_URL?.startsWith('https://') ?? false;
  const docsPolicy = docsPolicyFor(app);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(COMMON_HEADERS);
    if (hsts) reply.header('strict-transport-security', HSTS);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      // The API reference page (docs.ts) has its own, looser policy; the web app keeps this one.
      const path = request.url.split('?', 1)[0]!;
      reply.header(
        'content-security-policy',
        isDocsPath(path)
          ? await docsPolicy(payload)
          : contentSecurityPolicy(config, request.headers.host, pageInlineScripts.get(request)),
      );
    }
    if (request.headers.authorization && type.includes('json'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
