/**
 * A local stand-in for Azure Maps (and the Entra ID token endpoint) that speaks the wire formats
 * the `azure` adapter uses. See startFakeAzureMaps.
 */
import type { Position } from '@oneeta/contracts';
import Fastify, { type FastifyReply } from 'fastify';
import type { z } from 'zod';
import * as answers from './fake-answers.js';
import { authProblem, registerTokenEndpoint, TOKEN_PATH } from './fake-auth.js';
import * as shapes from './fake-requests.js';
import * as routeShapes from './fake-route-requests.js';

export interface FakeAzureMapsOptions {
  /** Accepted `subscription-key` (default 'fake-azure-maps-key'). */
  key?: string;
  /** Maps account client id expected in `x-ms-client-id` with bearer tokens (default 'fake-maps-client-id'). */
  clientId?: string;
  /** Entra ID app credentials the token endpoint accepts (defaults 'fake-tenant', 'fake-app-id', 'fake-app-secret'). */
  tenantId?: string;
  appId?: string;
  appSecret?: string;
  /** `expires_in` of issued tokens (default 3599). */
  tokenLifetimeSeconds?: number;
  /** Origins with no route: matrix cells answer NO_ROUTE_FOUND, directions answer 400. */
  unroutable?: Position[];
  /** 'pascal' (documented `TimeZones[].Id`, default) or 'camel' (`timeZones[].id`). */
  timezoneCasing?: 'pascal' | 'camel';
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. '/route/matrix'. */
  path: string;
  query: Record<string, string | string[]>;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Parsed JSON / form body; undefined for GET. */
  body: unknown;
}

export interface FakeAzureMaps {
  /** Base URL: use as both AZURE_MAPS_ENDPOINT and AZURE_AUTHORITY_URL. */
  url: string;
  key: string;
  clientId: string;
  tenantId: string;
  appId: string;
  appSecret: string;
  /** Every request received, in order (Maps and token endpoint alike). */
  requests: RecordedRequest[];
  /** The next `count` Maps API requests answer `status` (with Retry-After when given). */
  failNext(count: number, status: number, options?: { retryAfterSeconds?: number }): void;
  /** The next `count` Maps API requests answer only after `ms` milliseconds. */
  delayNext(count: number, ms: number): void;
  /** Env for @oneeta/maps pointing at this fake, with the key or with Entra ID app credentials. */
  env(auth?: 'key' | 'entra'): Record<string, string>;
  /** Forgets recorded requests, pending failures and delays, and issued tokens. */
  reset(): void;
  close(): Promise<void>;
}

const azureError = (code: string, message: string) => ({ error: { code, message } });

/**
 * Starts the fake on 127.0.0.1 on a free port. It validates requests strictly (api-version,
 * required and unknown fields, coordinate order and range, ≤ 100 matrix cells, auth) and answers
 * Azure-style errors (`{error:{code,message}}`, 400/401); travel times come from the offline model.
 */
export async function startFakeAzureMaps(
  options: FakeAzureMapsOptions = {},
): Promise<FakeAzureMaps> {
  const config = {
    key: options.key ?? 'fake-azure-maps-key',
    clientId: options.clientId ?? 'fake-maps-client-id',
    tenantId: options.tenantId ?? 'fake-tenant',
    appId: options.appId ?? 'fake-app-id',
    appSecret: options.appSecret ?? 'fake-app-secret',
  };
  const lifetime = options.tokenLifetimeSeconds ?? 3599;
  const rules: answers.RouteRules = { unroutable: options.unroutable ?? [] };
  const requests: RecordedRequest[] = [];
  const tokens = new Map<string, number>();
  let failures: Array<{ status: number; retryAfterSeconds?: number }> = [];
  let delays: number[] = [];

  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/geo+json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(
        Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }),
        undefined,
      );
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    return reply
      .code(status)
      .send(azureError(status === 400 ? 'BadRequest' : 'InternalServerError', error.message));
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send(azureError('NotFound', `No fake for ${req.method} ${req.url}`)),
  );

  const reject = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).header('x-ms-error-code', code).send(azureError(code, message));

  app.addHook('preHandler', async (req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    requests.push({
      method: req.method,
      path,
      query: { ...(req.query as Record<string, string | string[]>) },
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.join(', ') : String(v),
        ]),
      ),
      body: req.body,
    });
    if (TOKEN_PATH.test(path)) return;
    const delay = delays.shift();
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const failure = failures.shift();
    if (failure) {
      if (failure.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(failure.retryAfterSeconds));
      const code =
        failure.status === 429
          ? 'TooManyRequests'
          : failure.status >= 500
            ? 'InternalServerError'
            : 'Error';
      return reject(reply, failure.status, code, `Fake failure (status ${failure.status}).`);
    }
    const problem = authProblem(req, config, tokens);
    if (problem) return reject(reply, 401, 'Unauthorized', problem);
  });

  /** Parses with `schema` or answers 400; returns undefined when it answered. */
  function parse<S extends z.ZodType>(
    schema: S,
    input: unknown,
    reply: FastifyReply,
  ): z.infer<S> | undefined {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    void reject(reply, 400, 'BadRequest', shapes.firstIssue(result.error));
    return undefined;
  }

  registerTokenEndpoint(app, config, tokens, lifetime);

  app.get('/search/fuzzy/json', async (req, reply) => {
    const q = parse(shapes.fuzzySearchQuery, req.query, reply);
    return q ? answers.fuzzySearchAnswer(q) : reply;
  });

  app.get('/search/poi/category/json', async (req, reply) => {
    const q = parse(shapes.fuzzySearchQuery, req.query, reply);
    return q ? answers.poiCategoryAnswer(q) : reply;
  });

  app.get('/search/address/reverse/json', async (req, reply) => {
    const position = parse(shapes.reverseQuery, req.query, reply);
    return position ? answers.reverseAnswer(position) : reply;
  });

  app.get('/timezone/byCoordinates/json', async (req, reply) => {
    const position = parse(shapes.timezoneQuery, req.query, reply);
    return position ? answers.timezoneAnswer(position, options.timezoneCasing ?? 'pascal') : reply;
  });

  app.post('/route/matrix', async (req, reply) => {
    if (!parse(routeShapes.routeVersionQuery, req.query, reply)) return reply;
    const body = parse(routeShapes.matrixRequest, req.body, reply);
    return body ? answers.matrixAnswer(body, rules) : reply;
  });

  app.post('/route/directions', async (req, reply) => {
    if (!parse(routeShapes.routeVersionQuery, req.query, reply)) return reply;
    const body = parse(routeShapes.directionsRequest, req.body, reply);
    if (!body) return reply;
    return (
      answers.directionsAnswer(body, rules) ??
      reject(reply, 400, answers.noRouteError.code, answers.noRouteError.message)
    );
  });

  app.get('/route/directions/json', async (req, reply) => {
    const q = parse(shapes.directionsV1Query, req.query, reply);
    if (!q) return reply;
    return (
      answers.directionsV1Answer(q, rules) ??
      reject(reply, 400, answers.noRouteError.code, answers.noRouteError.message)
    );
  });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    ...config,
    requests,
    failNext(count, status, opts = {}) {
      for (let i = 0; i < count; i++)
        failures.push({ status, retryAfterSeconds: opts.retryAfterSeconds });
    },
    delayNext(count, ms) {
      for (let i = 0; i < count; i++) delays.push(ms);
    },
    env(auth = 'key') {
      const common = {
        MAPS_PROVIDER: 'azure',
        AZURE_MAPS_ENDPOINT: address,
        AZURE_AUTHORITY_URL: address,
        AZURE_MAPS_CLIENT_ID: config.clientId,
      };
      if (auth === 'key') return { ...common, AZURE_MAPS_KEY: config.key };
      return {
        ...common,
        AZURE_MAPS_TENANT_ID: config.tenantId,
        AZURE_MAPS_APP_ID: config.appId,
        AZURE_MAPS_APP_SECRET: config.appSecret,
      };
    },
    reset() {
      requests.length = 0;
      failures = [];
      delays = [];
      tokens.clear();
    },
    close: () => app.close(),
  };
}
