import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@oneeta/contracts';
import { createGuards, createTokenVerifier } from '../src/auth.js';
import { HttpError } from '../src/errors.js';
import { createHttpApp, type App } from '../src/http.js';

const INTERNAL = 'internal-token-for-tests-0123456789';
let app: App;
let sign: (claims: Record<string, unknown>, expiresIn?: string) => Promise<string>;
let foreignSign: typeof sign;

async function signer() {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' };
  const fn = (claims: Record<string, unknown>, expiresIn = '5m') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey);
  return { jwk, sign: fn };
}

beforeAll(async () => {
  const ours = await signer();
  sign = ours.sign;
  foreignSign = (await signer()).sign;
  let ready = true;
  app = createHttpApp({
    name: 'kit-test',
    logLevel: 'silent',
    readiness: {
      flaky: async () => {
        if (!ready) throw new Error('db down');
      },
    },
  });
  const guards = createGuards({
    verify: createTokenVerifier({ jwks: { keys: [ours.jwk] } }),
    internalToken: INTERNAL,
  });
  app.post(
    '/echo',
    { schema: { body: z.object({ email: z.email('Enter an e-mail'), count: z.number().int() }) } },
    async (request) => request.body,
  );
  app.get('/teapot', async () => {
    throw new HttpError(418, 'Short and stout', 'teapot');
  });
  app.get('/boom', async () => {
    throw new Error('secret connection string postgres://u:p@db');
  });
  app.get('/me', { preHandler: guards.requireUser }, async (request) => request.user);
  app.get('/maybe', { preHandler: guards.optionalUser }, async (request) => ({
    user: request.user,
  }));
  app.get('/admin', { preHandler: guards.requireAdmin }, async () => ({ ok: true }));
  app.get('/internal/x', { preHandler: guards.requireInternal }, async () => ({ ok: true }));
  app.get('/toggle', async () => {
    ready = !ready;
    return { ready };
  });
  await app.ready();
});
afterAll(() => app.close());

const claims = { sub: 'u1', email: 'a@b.co', name: 'Ann', plan: 'free' };

describe('error answers', () => {
  it('answers a validation failure with 400 and a readable sentence', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: { email: 'x', count: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Enter an e-mail', code: 'validation_error' });
    const wrongType = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: { email: 'a@b.co', count: 'two' },
    });
    expect(wrongType.json().error).toBe('count: Invalid input: expected number, received string');
  });

  it('answers a missing or broken JSON body with 400', async () => {
    const none = await app.inject({ method: 'POST', url: '/echo' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Request body must be a JSON object');
    const broken = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('Request body is not valid JSON');
  });

  it('reads an empty JSON body as no body: fine for bodiless routes, a clear 400 where one is needed', async () => {
    const bodiless = await app.inject({
      method: 'GET',
      url: '/teapot',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(bodiless.statusCode).toBe(418);
    const needed = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(needed.json()).toEqual({
      error: 'Request body must be a JSON object',
      code: 'validation_error',
    });
  });

  it('answers an HttpError with its status, message and code', async () => {
    const res = await app.inject('/teapot');
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ error: 'Short and stout', code: 'teapot' });
  });

  it('answers an unexpected error with 500 without leaking internals', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong', code: 'internal' });
    expect(res.body).not.toContain('postgres');
  });

  it('answers an unknown route with 404 in the same shape', async () => {
    const res = await app.inject('/nope?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No route for GET /nope', code: 'not_found' });
  });
});

describe('request ids, health and metrics', () => {
  it('echoes an incoming x-request-id and makes one otherwise', async () => {
    const given = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await app.inject('/healthz');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness per check and 503 when one fails', async () => {
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await app.inject('/toggle');
    const down = await app.inject('/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ok: false, checks: { flaky: { ok: false, error: 'db down' } } });
    await app.inject('/toggle');
  });

  it('exposes Prometheus metrics with request durations by route', async () => {
    await app.inject('/teapot');
    const res = await app.inject('/metrics');
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/teapot"[^}]*status="418"/,
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });
});

describe('guards', () => {
  it('requireUser: 401 without a token, the user with a valid one', async () => {
    const none = await app.inject('/me');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Not authenticated', code: 'not_authenticated' });
    const ok = await app.inject({
      url: '/me',
      headers: { authorization: `Bearer ${await sign(claims)}` },
    });
    expect(ok.json()).toEqual({
      id: 'u1',
      email: 'a@b.co',
      name: 'Ann',
      plan: 'free',
      isAdmin: false,
      emailVerified: false,
    });
  });

  it('rejects expired, foreign-signed and tampered tokens', async () => {
    const expired = await sign(claims, '-1m');
    const res = await app.inject({ url: '/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_expired');
    const foreign = await foreignSign(claims);
    expect(
      (await app.inject({ url: '/me', headers: { authorization: `Bearer ${foreign}` } }))
        .statusCode,
    ).toBe(401);
    const [h, p, s] = (await sign(claims)).split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, isAdmin: true })).toString('base64url');
    const tampered = await app.inject({
      url: '/admin',
      headers: { authorization: `Bearer ${h}.${forged}.${s}` },
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().code).toBe('invalid_token');
  });

  it('treats an empty "Bearer " header as no token', async () => {
    const res = await app.inject({ url: '/me', headers: { authorization: 'Bearer ' } });
    expect(res.json()).toEqual({ error: 'Not authenticated', code: 'not_authenticated' });
    expect(
      (await app.inject({ url: '/maybe', headers: { authorization: 'Bearer' } })).json(),
    ).toEqual({ user: null });
  });

  it('optionalUser: no token is anonymous, a bad token is still 401', async () => {
    expect((await app.inject('/maybe')).json()).toEqual({ user: null });
    expect(
      (await app.inject({ url: '/maybe', headers: { authorization: 'Bearer junk' } })).statusCode,
    ).toBe(401);
  });

  it('requireAdmin: 403 for a user without the admin claim, 200 with it', async () => {
    const user = await app.inject({
      url: '/admin',
      headers: { authorization: `Bearer ${await sign(claims)}` },
    });
    expect(user.statusCode).toBe(403);
    expect(user.json().error).toBe('Access denied');
    const admin = await sign({ ...claims, isAdmin: true });
    expect(
      (await app.inject({ url: '/admin', headers: { authorization: `Bearer ${admin}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('requireInternal: only the exact internal token passes', async () => {
    expect((await app.inject('/internal/x')).statusCode).toBe(403);
    expect(
      (await app.inject({ url: '/internal/x', headers: { 'x-internal-token': 'wrong' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ url: '/internal/x', headers: { 'x-internal-token': INTERNAL } }))
        .statusCode,
    ).toBe(200);
  });
});
