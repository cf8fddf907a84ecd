import { deleteKeys, uniquePrefix } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from '@oneeta/contracts';
import {
  deadUrl,
  rawGet,
  readJson,
  startEcho,
  startGateway,
  type Echoed,
  type ErrorBody,
  type Gateway,
} from './helpers.js';

const prefix = uniquePrefix('gw-proxy');
let gateway: Gateway;
let auth: Awaited<ReturnType<typeof startEcho>>;
let session: Awaited<ReturnType<typeof startEcho>>;
let admin: Awaited<ReturnType<typeof startEcho>>;
let notification: Awaited<ReturnType<typeof startEcho>>;

beforeAll(async () => {
  [auth, session, admin, notification] = await Promise.all([
    startEcho('auth'),
    startEcho('session'),
    startEcho('admin'),
    startEcho('notification', { ready: false }),
  ]);
  gateway = await startGateway({
    REDIS_PREFIX: prefix,
    AUTH_URL: auth.url,
    SESSION_URL: session.url,
    ADMIN_URL: admin.url,
    NOTIFICATION_URL: notification.url,
    BILLING_URL: await deadUrl(),
  });
});

afterAll(async () => {
  await deleteKeys(gateway.redis, prefix);
  await gateway.close();
  await Promise.all([auth, session, admin, notification].map((upstream) => upstream.app.close()));
});

const call = (path: string, init?: RequestInit) => fetch(`${gateway.url}${path}`, init);

describe('proxy', () => {
  it('forwards method, path, query, body, authorization and x-request-id, and returns the answer', async () => {
    const response = await call('/api/auth/login?next=%2Fhome&x=1', {
      method: 'POST',
      headers: {
        authorization: 'Bearer abc.def',
        'content-type': 'application/json',
        'x-request-id': 'req-123',
        'x-internal-token': 'client-must-not-pass-this',
      },
      body: JSON.stringify({ email: 'a@b.co', password: 'Secret1!' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-123');
    const echoed = await readJson<Echoed>(response);
    expect(echoed).toMatchObject({
      service: 'auth',
      method: 'POST',
      url: '/api/auth/login?next=%2Fhome&x=1',
      body: { email: 'a@b.co', password: 'Secret1!' },
    });
    expect(echoed.headers).toMatchObject({
      authorization: 'Bearer abc.def',
      'x-request-id': 'req-123',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': new URL(gateway.url).host,
    });
    expect(echoed.headers['x-internal-token']).toBeUndefined();
  });

  it('gives every proxied request an id and passes it upstream', async () => {
    const response = await call('/api/sessions');
    const id = response.headers.get('x-request-id');
    expect(id).toBeTruthy();
    expect((await readJson<Echoed>(response)).headers['x-request-id']).toBe(id);
  });

  it('streams a non-JSON body through unchanged', async () => {
    const response = await call('/api/sessions/s1/notes', {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'plain words',
    });
    expect(await response.json()).toMatchObject({
      service: 'session',
      method: 'PUT',
      body: 'plain words',
    });
  });

  it('drops client-written x-forwarded-for entries (no proxy is trusted by default)', async () => {
    const response = await call('/api/auth/me', { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect((await readJson<Echoed>(response)).headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('sends audit and matrix-usage under /api/sessions/:id to admin, the rest to session', async () => {
    const service = async (path: string) => (await readJson<Echoed>(await call(path))).service;
    expect(await service('/api/sessions/abc/audit?cursor=1')).toBe('admin');
    expect(await service('/api/sessions/abc/audit/summary')).toBe('admin');
    expect(await service('/api/sessions/abc/matrix-usage')).toBe('admin');
    expect(await service('/api/admin/notifications')).toBe('admin');
    expect(await service('/api/sessions/abc')).toBe('session');
    expect(await service('/api/sessions/abc/participants')).toBe('session');
    expect(await service('/api/location')).toBe('session');
  });

  it('answers 404 with {error} for a service that is not configured', async () => {
    for (const path of ['/api/maps/search?q=x', '/chat/threads', '/api/communication/threads']) {
      const response = await call(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: expect.any(String), code: 'not_found' });
    }
  });

  it('answers 404 for unknown /api paths', async () => {
    const response = await call('/api/nope', { method: 'POST' });
    expect(response.status).toBe(404);
    expect((await readJson<ErrorBody>(response)).error).toBe('No route for /api/nope');
  });

  it('never routes /internal/*, not even through dot segments', async () => {
    const paths = [
      '/internal/x',
      '/api/auth/../../internal/x',
      '/api/auth/%2e%2e/%2E%2E/internal/x',
      '/api/sessions/abc/..%2f..%2finternal/x',
      '/api/sessions/abc/..%5C..%5Cinternal/x',
    ];
    for (const path of paths) {
      const { status, body } = await rawGet(gateway.url, path);
      expect({ path, status }).toEqual({ path, status: 404 });
      expect(JSON.parse(body)).toEqual({ error: expect.any(String), code: 'not_found' });
    }
  });

  it('answers 502 when the upstream is down', async () => {
    const response = await call('/api/billing/checkout', { method: 'POST' });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: 'Service unavailable',
      code: 'upstream_unavailable',
    });
  });
});

describe('GET /api/health', () => {
  it('answers 200 with the time and each upstream readiness: up, not ready, down', async () => {
    const response = await call('/api/health');
    expect(response.status).toBe(200);
    const body = await readJson<HealthResponse>(response);
    expect(Date.parse(body.time)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.upstreams).toEqual({
      auth: { ok: true, status: 200 },
      session: { ok: true, status: 200 },
      admin: { ok: true, status: 200 },
      notification: { ok: false, status: 503 },
      billing: { ok: false },
    });
  });
});

describe('an upstream that is not listening yet', () => {
  it('gets the request, body and all, once it listens (a replica starting or restarting)', async () => {
    const url = await deadUrl();
    const late = await startGateway({ REDIS_PREFIX: prefix, COMMUNICATION_URL: url });
    try {
      const answer = fetch(`${late.url}/api/communication/threads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ topic: 'sent while nobody listened' }),
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      const upstream = await startEcho('communication', { port: Number(new URL(url).port) });
      try {
        const response = await answer;
        expect(response.status).toBe(200);
        expect(await readJson<Echoed>(response)).toMatchObject({
          service: 'communication',
          method: 'POST',
          body: { topic: 'sent while nobody listened' },
        });
      } finally {
        await upstream.app.close();
      }
    } finally {
      await late.close();
    }
  });
});
