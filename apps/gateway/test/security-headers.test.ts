import { request as httpRequest } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beginDrain } from '@oneeta/service-kit';
import { deleteKeys, uniquePrefix } from '@oneeta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../src/config.js';
import { contentSecurityPolicy } from '../src/security-headers.js';
import { startEcho, startGateway, type Gateway } from './helpers.js';

const prefix = uniquePrefix('gw-headers');
const html = { accept: 'text/html' };
let dist: string;
let session: Awaited<ReturnType<typeof startEcho>>;
/** Plain http, no map or chat provider, metrics on a port of their own. */
let gateway: Gateway;
/** https PUBLIC_URL, Azure Maps and ACS configured. */
let configured: Gateway;
/** A MapLibre style whose tiles come from two more origins. */
let styled: Gateway;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'gw-headers-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>OneETA</title>');
  session = await startEcho('session');
  const base = { REDIS_PREFIX: prefix, WEB_DIST: dist, SESSION_URL: session.url };
  [gateway, styled, configured] = await Promise.all([
    startGateway({ ...base, METRICS_PORT: '0' }),
    startGateway({
      ...base,
      MAP_STYLE_URL: 'https://styles.example/v1/streets.json?key=abc',
      MAP_TILE_ORIGINS: ' https://tiles.example/{z}/{x}/{y}.png, https://*.cdn.example ,',
    }),
    startGateway({
      ...base,
      PUBLIC_URL: 'https://oneeta.example',
      MAPS_PROVIDER: 'azure',
      AZURE_MAPS_KEY: 'maps-key',
      ACS_CONNECTION_STRING: 'endpoint=https://chat-1.communication.azure.com/;accesskey=c2VjcmV0',
    }),
  ]);
});

afterAll(async () => {
  await deleteKeys(gateway.redis, prefix);
  await Promise.all([gateway.close(), configured.close(), styled.close(), session.app.close()]);
  await rm(dist, { recursive: true, force: true });
});

const policyOf = (response: Response) =>
  Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split('; ')
      .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
  ) as Record<string, string[]>;

describe('security headers', () => {
  it('gives HTML a strict CSP with only our own sources when no provider is configured', async () => {
    const response = await fetch(`${gateway.url}/`, { headers: html });
    const host = new URL(gateway.url).host;
    expect(policyOf(response)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'", `ws://${host}`, `wss://${host}`],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': 'geolocation=(self), camera=(), microphone=(self)',
      'x-frame-options': 'DENY',
    });
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds Azure Maps and the ACS endpoint only when configured, and HSTS when PUBLIC_URL is https', async () => {
    const response = await fetch(`${configured.url}/`, { headers: html });
    const policy = policyOf(response);
    const maps = ['https://atlas.microsoft.com', 'https://*.atlas.microsoft.com'];
    expect(policy['connect-src']).toEqual([
      "'self'",
      'wss://oneeta.example',
      ...maps,
      'https://chat-1.communication.azure.com',
    ]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', ...maps]);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(response.headers.get('content-security-policy')).not.toContain('accesskey');
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('leaves Azure Maps out while the map provider is offline, even with a key set', () => {
    const policy = contentSecurityPolicy(
      { MAPS_PROVIDER: 'offline', AZURE_MAPS_KEY: 'k' },
      'a.example',
    );
    expect(policy).not.toContain('atlas');
    const entra = contentSecurityPolicy({
      MAPS_PROVIDER: 'azure',
      AZURE_MAPS_CLIENT_ID: 'client',
      AZURE_MAPS_ENDPOINT: 'https://maps.contoso.example/',
    });
    expect(entra).toContain(
      "connect-src 'self' https://atlas.microsoft.com https://*.atlas.microsoft.com https://maps.contoso.example;",
    );
  });

  it('lets the MapLibre map reach only its style and tile origins when MAP_STYLE_URL is set', async () => {
    const response = await fetch(`${styled.url}/`, { headers: html });
    const policy = policyOf(response);
    const host = new URL(styled.url).host;
    const map = ['https://styles.example', 'https://tiles.example', 'https://*.cdn.example'];
    expect(policy['connect-src']).toEqual(["'self'", `ws://${host}`, `wss://${host}`, ...map]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', ...map]);
    // MapLibre's library and worker are served from our origin: no blob: worker, no child-src.
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(policy['child-src']).toBeUndefined();
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(response.headers.get('content-security-policy')).not.toContain('key=abc');
  });

  it("defaults the tile origins to the style's own, and gives Azure Maps the map when both are configured", () => {
    const own = contentSecurityPolicy({ MAP_STYLE_URL: 'http://127.0.0.1:8081/style.json' });
    expect(own).toContain("connect-src 'self' http://127.0.0.1:8081;");
    expect(own).toContain("img-src 'self' data: blob: http://127.0.0.1:8081;");
    const azure = contentSecurityPolicy({
      MAPS_PROVIDER: 'azure',
      AZURE_MAPS_KEY: 'k',
      MAP_STYLE_URL: 'https://styles.example/style.json',
      MAP_TILE_ORIGINS: 'https://tiles.example',
    });
    expect(azure).not.toContain('styles.example');
    expect(azure).not.toContain('tiles.example');
    expect(azure).toContain('https://atlas.microsoft.com');
    const none = contentSecurityPolicy({ MAP_TILE_ORIGINS: 'https://tiles.example' });
    expect(none).not.toContain('tiles.example');
  });

  it('refuses MAP_TILE_ORIGINS that are not http(s) origins, and a style URL that is not http(s)', () => {
    const problems = (env: Record<string, string>) =>
      configSchema.safeParse(env).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(problems({ MAP_TILE_ORIGINS: 'https://tiles.example, ftp://files.example' })).toEqual([
      'MAP_TILE_ORIGINS',
    ]);
    expect(
      problems({ MAP_TILE_ORIGINS: "https://tiles.example; script-src 'unsafe-inline'" }),
    ).toEqual(['MAP_TILE_ORIGINS']);
    expect(problems({ MAP_TILE_ORIGINS: '*' })).toEqual(['MAP_TILE_ORIGINS']);
    expect(problems({ MAP_STYLE_URL: 'javascript:alert(1)' })).toEqual(['MAP_STYLE_URL']);
    expect(
      problems({ MAP_TILE_ORIGINS: 'https://*.tiles.example:8443, http://localhost:8080/' }),
    ).toEqual([]);
  });

  it('never echoes a malformed Host header into the policy', async () => {
    const { port } = gateway.app.server.address() as AddressInfo;
    const policy = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/',
          headers: { ...html, host: "x; script-src * 'unsafe-inline'" },
        },
        (res) => {
          res.resume();
          resolve(String(res.headers['content-security-policy']));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self'; ");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('marks JSON answering an authenticated request no-store, and only those', async () => {
    const signedIn = await fetch(`${gateway.url}/api/sessions`, {
      headers: { authorization: 'Bearer t' },
    });
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(signedIn.headers.get('x-content-type-options')).toBe('nosniff');
    const anonymous = await fetch(`${gateway.url}/api/sessions`);
    expect(anonymous.headers.get('cache-control')).toBeNull();
    expect(anonymous.headers.get('content-security-policy')).toBeNull();
  });
});

describe('metrics and readiness', () => {
  it('answers 404 for /metrics and /readyz on the public port', async () => {
    for (const url of [gateway.url, configured.url]) {
      for (const p of ['/metrics', '/readyz', '/readyz?x=1']) {
        const response = await fetch(`${url}${p}`);
        expect({ p, status: response.status }).toEqual({ p, status: 404 });
        expect(await response.json()).toMatchObject({ code: 'not_found' });
      }
    }
  });

  it('serves them on METRICS_PORT, bound to 127.0.0.1', async () => {
    const address = gateway.app.opsServer!.address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    expect(address.port).not.toBe((gateway.app.server.address() as AddressInfo).port);
    const ops = `http://127.0.0.1:${address.port}`;
    const ready = await fetch(`${ops}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, checks: { redis: { ok: true } } });
    const metrics = await fetch(`${ops}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_request_duration_seconds');
    expect((await fetch(`${ops}/api/health`)).status).toBe(404);
    expect(configured.app.opsServer).toBeUndefined();
  });

  // Last in the file: the gateway stays draining.
  it('answers 503 on the public /healthz once draining, 200 on the operations port', async () => {
    const ops = `http://127.0.0.1:${(gateway.app.opsServer!.address() as AddressInfo).port}`;
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    beginDrain(gateway.app);
    const stopping = await fetch(`${gateway.url}/healthz`);
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ error: 'This gateway is stopping', code: 'draining' });
    expect((await fetch(`${ops}/healthz`)).status).toBe(200);
    expect((await fetch(`${ops}/readyz`)).status).toBe(503);
    // Requests are still served while it drains.
    expect((await fetch(`${gateway.url}/api/health`)).status).toBe(200);
  });
});
