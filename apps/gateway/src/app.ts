import rateLimit from '@fastify/rate-limit';
import { format, MESSAGES } from '@oneeta/contracts';
import {
  createHttpApp,
  createSessionSubscriber,
  HttpError,
  pingRedis,
  registerOpenApi,
  type AccountLookup,
  type App,
  type TokenVerifier,
} from '@oneeta/service-kit';
import type { Redis } from 'ioredis';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { GatewayConfig } from './config.js';
import { registerDocs } from './docs.js';
import { registerHealth } from './health.js';
import { createApiDocument, registerOpenApiDocument, type ApiDocument } from './openapi.js';
import { registerOpsPort } from './ops-server.js';
import { registerProxy } from './proxy.js';
import { configuredServices, routesTable } from './routes-table.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerWeb } from './web.js';
import { membershipFromConfig, revisionFromConfig } from './session-membership.js';
import { wsVerifier } from './ws-accounts.js';
import { createSharedConnections } from './ws-connections.js';
import { WsHub, type MembershipCheck } from './ws-hub.js';
import { registerWsRoute } from './ws-route.js';

export interface GatewayDeps {
  config: GatewayConfig;
  /** Rate-limit counters and readiness; the caller owns it (closes it). */
  redis: Redis;
  /**
   * Who may follow a session over /ws (default: the session service's membership answer; without
   * SESSION_URL and INTERNAL_TOKEN buildApp throws: the gateway does not start).
   */
  membership?: MembershipCheck;
  /** Access-token check for /ws (default: the auth service's JWKS at AUTH_URL). */
  verifier?: TokenVerifier;
  /** The /ws caller's current account (default: the account view, auth asked on a miss): see ws-accounts.ts. */
  accounts?: AccountLookup;
}

/** Only proxied API calls and the websocket upgrade count against the per-IP limit. */
const LIMITED = /^\/(api|chat|ws)(\/|\?|$)/;
const EXEMPT = /^\/api\/health(\?|$)/;

export async function buildApp(deps: GatewayDeps): Promise<App> {
  const { config, redis } = deps;
  const app = createHttpApp({
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    readiness: { redis: () => pingRedis(redis) },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // request.ip is the client: X-Forwarded-For is read only through the trusted peers (TRUST_PROXY).
    trustProxy: config.TRUST_PROXY,
  });
  registerOpsPort(app, { port: config.METRICS_PORT, host: config.METRICS_HOST });
  registerSecurityHeaders(app, config);

  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    redis,
    nameSpace: `${config.REDIS_PREFIX}:rl:gw:`,
    skipOnError: true,
    keyGenerator: (request) => request.ip,
    allowList: (request) => !LIMITED.test(request.url) || EXEMPT.test(request.url),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        format(MESSAGES.tooManyRequests, { n: Math.max(1, Math.ceil(context.ttl / 1000)) }),
        'rate_limited',
      ),
  });

  const routes = routesTable(config);
  const services = configuredServices(routes);
  await registerOpenApi(app, { name: 'gateway' });
  registerHealth(app, services);
  const apiDocument = createApiDocument({
    routes,
    internalToken: config.INTERNAL_TOKEN,
    own: () => app.swagger() as OpenAPIV3_1.Document,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
  });
  app.decorate('apiDocument', apiDocument);
  registerOpenApiDocument(app, apiDocument);
  await registerDocs(app);
  await registerProxy(app, { routes, bodyLimit: config.BODY_LIMIT_BYTES });

  const hub = new WsHub({
    verify: wsVerifier(deps),
    membership: deps.membership ?? membershipFromConfig(config),
    revision: revisionFromConfig(config),
    createSubscriber: (onMessage) =>
      createSessionSubscriber(config.REDIS_URL, config.REDIS_PREFIX, onMessage),
    heartbeatMs: config.WS_HEARTBEAT_MS,
    membershipRecheckMs: config.WS_MEMBERSHIP_RECHECK_MS,
    tokenRecheckMs: config.WS_TOKEN_RECHECK_MS,
    subscribeTimeoutMs: config.WS_SUBSCRIBE_TIMEOUT_MS,
    maxConnectionsPerIp: config.WS_MAX_CONNECTIONS_PER_IP,
    // The same cap counted across replicas; a dead replica's sockets lapse after three heartbeats.
    sharedConnections: createSharedConnections(redis, config.REDIS_PREFIX, {
      max: config.WS_MAX_CONNECTIONS_PER_IP,
      ttlMs: Math.max(3 * config.WS_HEARTBEAT_MS, 5_000),
    }),
    messagesPerSecond: config.WS_MESSAGES_PER_SECOND,
    messageBurst: config.WS_MESSAGE_BURST,
    log: app.log,
  });
  app.decorate('wsHub', hub);
  app.addHook('onClose', () => hub.close());
  await registerWsRoute(app, hub);

  const web = await registerWeb(app, config.WEB_DIST);
  app.addHook('onReady', async () => {
    app.log.info(
      { upstreams: Object.fromEntries(services), web: web ? config.WEB_DIST : null },
      'gateway routes',
    );
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    wsHub: WsHub;
    /** The merged document of GET /api/openapi.json. */
    apiDocument: ApiDocument;
  }
}
