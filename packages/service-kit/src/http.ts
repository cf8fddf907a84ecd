import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import client from 'prom-client';
import { addCompression } from './compression.js';
import { queriesSent } from './query-count.js';
import { refuseUnstorableText } from './safe-input.js';
import { httpTimeoutsEnvSchema, loadConfig, trustProxyEnvSchema } from './config.js';
import {
  HttpError,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
  describeIssue,
  isUnavailableError,
  redactUrl,
  serializeError,
} from './errors.js';

export type ReadinessCheck = () => Promise<unknown>;

export interface HttpAppOptions {
  /** Service name, used in logs and metrics. */
  name: string;
  logLevel?: string;
  /** Named checks for /readyz (db, redis…); each must resolve within 3 s. */
  readiness?: Record<string, ReadinessCheck>;
  bodyLimit?: number;
  /** Set false to leave /metrics off (default on). */
  metrics?: boolean;
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  logStream?: DestinationStream;
  /** Server timeouts; each one not given comes from the HTTP_*_TIMEOUT_MS env (see config.ts). */
  timeouts?: Partial<HttpTimeouts>;
  /**
   * Whose X-Forwarded-* headers request.ip, protocol and host believe (peer addresses, CIDRs or
   * proxy-addr names; false: nobody); not given, the TRUST_PROXY env (see config.ts).
   */
  trustProxy?: string[] | false;
}

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  /** Idle socket timeout (0 = none). */
  connectionMs: number;
  /** 0 = no limit. */
  maxRequestsPerSocket: number;
}

/** The timeouts a service runs with: the given ones, else env, else the defaults of config.ts. */
export function resolveHttpTimeouts(
  given: Partial<HttpTimeouts> = {},
  env = process.env,
): HttpTimeouts {
  const fromEnv = loadConfig(httpTimeoutsEnvSchema, env);
  const requestMs = given.requestMs ?? fromEnv.HTTP_REQUEST_TIMEOUT_MS;
  const headersMs = given.headersMs ?? fromEnv.HTTP_HEADERS_TIMEOUT_MS;
  return {
    // Node refuses a headers timeout longer than the request timeout.
    headersMs: requestMs > 0 ? Math.min(headersMs, requestMs) : headersMs,
    requestMs,
    keepAliveMs: given.keepAliveMs ?? fromEnv.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionMs: given.connectionMs ?? fromEnv.HTTP_CONNECTION_TIMEOUT_MS,
    maxRequestsPerSocket: given.maxRequestsPerSocket ?? fromEnv.HTTP_MAX_REQUESTS_PER_SOCKET,
  };
}

const REQUEST_ID = 'x-request-id';
const logRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
const logError = (
  value: unknown,
): { [key: string]: unknown; type: string; message: string; stack: string } => ({
  ...serializeError(value),
});

function baseApp(options: HttpAppOptions) {
  const timeouts = resolveHttpTimeouts(options.timeouts);
  return Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      ...(options.logStream ? { stream: options.logStream } : {}),
      base: { service: options.name },
      redact: [
        'req.headers.authorization',
        'req.headers["x-internal-token"]',
        'req.headers.cookie',
      ],
      // Errors are logged by type, code, message and stack frames only: never a failed query's parameters.
      // …and requests without invite codes or token-like query values in their URL.
      serializers: { err: logError, error: logError, req: logRequest },
    },
    requestIdHeader: REQUEST_ID,
    genReqId: () => randomUUID(),
    trustProxy: options.trustProxy ?? loadConfig(trustProxyEnvSchema, process.env).TRUST_PROXY,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // On close, idle keep-alive connections are closed and in-flight requests finish (the drain
    // before it, lifecycle.ts, has told every client to stop reusing its connection).
    forceCloseConnections: 'idle',
    // Slow or stalled clients (slow-loris: headers sent a byte at a time) are cut off. Node checks
    // the headers/request deadlines every connectionsCheckingInterval (30 s by default): make it a
    // fraction of the headers timeout so a stalled connection goes close to its deadline.
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    maxRequestsPerSocket: timeouts.maxRequestsPerSocket,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
    },
    // Router refusals (a bad percent-encoding, a path segment over 100 characters) answer like
    // every other bad request: 400 with a sentence.
    frameworkErrors: (error: FastifyError, _request: unknown, reply: FastifyReply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is too long (ids are at most 100 characters)'
          : error.code === 'FST_ERR_BAD_URL'
            ? 'The URL path is not valid (bad percent-encoding)'
            : 'The request could not be routed';
      reply.status(400).send({ error: message, code: 'bad_url' });
    },
  }).withTypeProvider<ZodTypeProvider>();
}

/** A Fastify instance with the zod type provider, as every service uses it. */
export type App = ReturnType<typeof baseApp>;

const draining = new WeakSet<object>();

/**
 * The start of a graceful stop: every answer from now on closes its connection (so no client
 * sends another request on it) and /readyz answers 503 (so a balancer stops choosing this
 * process); requests are still served meanwhile.
 */
export function beginDrain(app: App): void {
  draining.add(app);
}

/** True once `beginDrain` was called: the process is stopping. */
export const isDraining = (app: App): boolean => draining.has(app);

/** The one way a service builds its HTTP app: zod types, ids, logs, errors, health, metrics. */
export function createHttpApp(options: HttpAppOptions): App {
  const app = baseApp(options);
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url ?? route.path });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  addCompression(app);
  refuseUnstorableText(app);
  // A bodiless POST sent with a JSON content type reads as no body (not a parse error).
  app.addHook('onRequest', async (request) => {
    const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
    if (length === '0' || (length === undefined && chunked === undefined))
      delete request.headers['content-type'];
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID, request.id);
    if (draining.has(app)) reply.header('connection', 'close');
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(error.code ? { error: error.message, code: error.code } : { error: error.message });
    }
    if ('validation' in error && error.validation?.length) {
      const first = error.validation[0]!;
      const path = first.instancePath.split('/').filter(Boolean);
      let message = describeIssue(path, first.message ?? 'Invalid request');
      if (path.length === 0 && /^Invalid input: expected object/.test(message)) {
        message = `Request ${error.validationContext ?? 'body'} must be a JSON object`;
      }
      return reply.status(400).send({ error: message, code: 'validation_error' });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ error: clientMessage(error), code: error.code });
    }
    if (isUnavailableError(error)) {
      // A frozen, refusing or overloaded database: say so quickly, and when to come back.
      request.log.warn({ err: error }, 'dependency unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: UNAVAILABLE_MESSAGE, code: 'unavailable' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong', code: 'internal' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: 'not_found',
    });
  });

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    if (draining.has(app)) return reply.status(503).send({ ok: false, checks: {}, draining: true });
    const checks: Record<string, { ok: boolean; error?: string }> = {};
    await Promise.all(
      Object.entries(options.readiness ?? {}).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 3000);
          checks[name] = { ok: true };
        } catch (err) {
          checks[name] = { ok: false, error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );
    const ok = Object.values(checks).every((check) => check.ok);
    return reply.status(ok ? 200 : 503).send({ ok, checks });
  });

  if (options.metrics !== false) registerMetrics(app, options.name);
  return app;
}

function clientMessage(error: FastifyError): string {
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return 'Request body is not valid JSON';
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Send the body as application/json';
  return error.message;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function registerMetrics(app: App, service: string): void {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });
  let counted = 0;
  new client.Counter({
    name: 'db_queries_total',
    help: 'Statements this process sent to its database',
    registers: [registry],
    collect() {
      const now = queriesSent();
      this.inc(now - counted);
      counted = now;
    },
  });
  app.decorate('metricsRegistry', registry);
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

/** A route as it was added (HEAD twins of GETs included). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: client.Registry;
    /** Every route added to the app, in order (the API document's test walks them). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}
