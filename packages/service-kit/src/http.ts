import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import client from 'prom-client';
import { HttpError, describeIssue } from './errors.js';

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
}

const REQUEST_ID = 'x-request-id';

function baseApp(options: HttpAppOptions) {
  return Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      base: { service: options.name },
      redact: ['req.headers.authorization', 'req.headers["x-internal-token"]', 'req.headers.cookie'],
    },
    requestIdHeader: REQUEST_ID,
    genReqId: () => randomUUID(),
    trustProxy: true,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    forceCloseConnections: true,
  }).withTypeProvider<ZodTypeProvider>();
}

/** A Fastify instance with the zod type provider, as every service uses it. */
export type App = ReturnType<typeof baseApp>;

/** The one way a service builds its HTTP app: zod types, ids, logs, errors, health, metrics. */
export function createHttpApp(options: HttpAppOptions): App {
  const app = baseApp(options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  // A bodiless POST sent with a JSON content type reads as no body (not a parse error).
  app.addHook('onRequest', async (request) => {
    const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
    if (length === '0' || (length === undefined && chunked === undefined)) delete request.headers['content-type'];
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID, request.id);
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
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong', code: 'internal' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' });
  });

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
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
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
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
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  app.decorate('metricsRegistry', registry);
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: client.Registry;
  }
}
