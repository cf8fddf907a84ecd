import SwaggerParser from '@apidevtools/swagger-parser';
import { startAdmin, type AdminHarness } from '@oneeta/admin/testing';
import { startAuth, type AuthHarness } from '@oneeta/auth/testing';
import { startBilling, type BillingHarness } from '@oneeta/billing/testing';
import { startRouting, type RoutingHarness } from '@oneeta/routing/testing';
import { ACCESS_LEVELS, type App } from '@oneeta/service-kit';
import { deleteKeys, TEST_INTERNAL_TOKEN, uniquePrefix } from '@oneeta/service-kit/testing';
import { startSession, type SessionHarness } from '@oneeta/session/testing';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routedTo } from '../src/openapi.js';
import { routesTable, type ServiceName } from '../src/routes-table.js';
import { readJson, startGateway, urlOf, type Gateway } from './helpers.js';

/**
 * The merged API document against the real services (auth, session, routing, admin, billing on their own ports,
 * over throwaway databases): every public route a service registers and the gateway forwards is
 * in GET /api/openapi.json, nothing internal is, and the document is valid OpenAPI 3.1.
 */
type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject & { 'x-oneeta-access'?: string };

const prefix = uniquePrefix('gw-openapi');
let auth: AuthHarness;
let session: SessionHarness;
let routing: RoutingHarness;
let admin: AdminHarness;
let billing: BillingHarness;
let gateway: Gateway;
let env: Record<string, string>;
let document: Document;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** '/api/sessions/:id' → '/api/sessions/{id}' */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operations = (doc: Document) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({
      path,
      method,
      op: item![method] as Operation,
    })),
  );

beforeAll(async () => {
  [auth, session, routing, admin] = await Promise.all([
    startAuth(),
    startSession(),
    startRouting(),
    startAdmin(),
  ]);
  await Promise.all(
    [auth, session, routing, admin].map((h) => h.app.listen({ port: 0, host: '127.0.0.1' })),
  );
  billing = await startBilling({ auth: { harness: auth, url: urlOf(auth.app) } });
  await billing.app.listen({ port: 0, host: '127.0.0.1' });
  env = {
    REDIS_PREFIX: prefix,
    AUTH_URL: urlOf(auth.app),
    SESSION_URL: urlOf(session.app),
    ROUTING_URL: urlOf(routing.app),
    ADMIN_URL: urlOf(admin.app),
    BILLING_URL: urlOf(billing.app),
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
  };
  gateway = await startGateway(env);
  const response = await fetch(`${gateway.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  document = await readJson<Document>(response);
}, 60_000);

afterAll(async () => {
  await deleteKeys(gateway.redis, prefix);
  await gateway.close();
  await billing.close();
  await Promise.all([auth.close(), session.close(), routing.close(), admin.close()]);
});

/** The public routes of an app: those the routing table sends to it, HEAD twins left out. */
function publicRoutes(app: App, service: ServiceName) {
  const routes = routesTable({
    AUTH_URL: env.AUTH_URL!,
    SESSION_URL: env.SESSION_URL,
    ROUTING_URL: env.ROUTING_URL,
    ADMIN_URL: env.ADMIN_URL,
    BILLING_URL: env.BILLING_URL,
  });
  return app.registeredRoutes
    .filter((route) => route.method !== 'HEAD')
    .map((route) => ({ method: route.method.toLowerCase(), path: openapiPath(route.url) }))
    .filter((route) => routedTo(routes, route.path) === service);
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document naming the API, its server and every upstream as read', async () => {
    await SwaggerParser.validate(structuredClone(document) as never);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({
      title: 'OneETA API',
      'x-oneeta-upstreams': {
        auth: 'ok',
        session: 'ok',
        routing: 'ok',
        admin: 'ok',
        billing: 'ok',
      },
    });
    expect(document.servers).toEqual([{ url: '/' }]);
  });

  it('documents every public route of every service the gateway forwards (a missing one fails here)', () => {
    const expected = [
      ...publicRoutes(auth.app, 'auth'),
      ...publicRoutes(session.app, 'session'),
      ...publicRoutes(routing.app, 'routing'),
      ...publicRoutes(admin.app, 'admin'),
      ...publicRoutes(billing.app, 'billing'),
      // The gateway's own API (its docs page and this document are not operations).
      ...gateway.app.registeredRoutes
        .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.includes('*'))
        .filter((r) => !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
        .map((r) => ({ method: r.method.toLowerCase(), path: openapiPath(r.url) })),
    ];
    // Not vacuous: auth, session, maps and the gateway's health all contribute.
    expect(expected.length).toBeGreaterThanOrEqual(35);
    const missing = expected.filter(
      ({ method, path }) => !document.paths?.[path]?.[method as 'get'],
    );
    expect(missing).toEqual([]);
    // …and nothing else: every documented operation is a route that exists.
    expect(
      operations(document)
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    ).toEqual(expected.map(({ method, path }) => `${method} ${path}`).sort());
  });

  it('never shows internal routes, operations ports or anything the gateway does not route', () => {
    const paths = Object.keys(document.paths ?? {});
    expect(
      paths.filter((path) => /^\/(internal|metrics|readyz|healthz|\.well-known)/.test(path)),
    ).toEqual([]);
    const routes = routesTable({
      AUTH_URL: env.AUTH_URL!,
      SESSION_URL: env.SESSION_URL,
      ROUTING_URL: env.ROUTING_URL,
      ADMIN_URL: env.ADMIN_URL,
      BILLING_URL: env.BILLING_URL,
    });
    expect(
      paths.filter((path) => path !== '/api/health' && routedTo(routes, path) === null),
    ).toEqual([]);
    // The services do have internal routes: they are left out, not absent.
    expect(session.app.registeredRoutes.some((route) => route.url.startsWith('/internal/'))).toBe(
      true,
    );
  });

  it('gives every operation a unique operationId, tags, its access and the bearer scheme when sign-in is needed', () => {
    const all = operations(document);
    const ids = all.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(all.length);
    for (const { path, method, op } of all) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.tags?.length, where).toBeGreaterThan(0);
      expect(ACCESS_LEVELS, where).toContain(op['x-oneeta-access']);
      if (op['x-oneeta-access'] === 'public') expect(op.security ?? [{}], where).toContainEqual({});
      else expect(op.security, where).toEqual([{ bearer: [] }]);
      expect(op.responses?.['503'], where).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      });
    }
    const access = (path: string, method: string) =>
      (document.paths![path]![method as 'get'] as Operation)['x-oneeta-access'];
    expect(access('/api/auth/login', 'post')).toBe('public');
    expect(access('/api/auth/me', 'get')).toBe('user');
    expect(access('/api/sessions/{id}/close', 'post')).toBe('owner');
    expect(access('/api/sessions/{id}/participants', 'put')).toBe('member');
    expect(access('/api/admin/sessions/{id}/reopen', 'post')).toBe('admin');
    expect(access('/api/admin/users', 'get')).toBe('admin');
    expect(access('/api/admin/queue', 'get')).toBe('admin');
    expect(access('/api/admin/azure-usage', 'get')).toBe('admin');
    expect(access('/api/sessions/{id}/audit', 'get')).toBe('owner');
    expect(access('/api/billing/create-checkout-session', 'post')).toBe('user');
    expect(access('/api/billing/webhook', 'post')).toBe('public');
    expect(access('/api/enterprise/lead', 'post')).toBe('public');
    expect(document.components?.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });

  it('describes requests precisely: required body fields, path parameters, query limits, named schemas', () => {
    const login = document.paths!['/api/auth/login']!.post!;
    const body = (login.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']!
      .schema!;
    expect(body).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['email', 'password']),
    });
    const getSession = document.paths!['/api/sessions/{id}']!.get!;
    expect(getSession.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    );
    const mine = document.paths!['/api/sessions/mine']!.get!;
    expect(mine.parameters).toContainEqual(
      expect.objectContaining({
        in: 'query',
        name: 'limit',
        schema: expect.objectContaining({ maximum: expect.any(Number) }),
      }),
    );
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['Error', 'Session']),
    );
  });

  it('leaves out the paths of a service the gateway does not route to', async () => {
    const authOnly = await startGateway({
      REDIS_PREFIX: prefix,
      AUTH_URL: env.AUTH_URL!,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    });
    try {
      const doc = await readJson<Document>(await fetch(`${authOnly.url}/api/openapi.json`));
      const paths = Object.keys(doc.paths ?? {});
      expect(paths).toContain('/api/auth/login');
      expect(
        paths.filter((path) => path.startsWith('/api/sessions') || path.startsWith('/api/maps')),
      ).toEqual([]);
    } finally {
      await authOnly.close();
    }
  });
});
