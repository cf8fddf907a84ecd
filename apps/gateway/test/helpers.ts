import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type Plan } from '@oneeta/contracts';
import { createHttpApp, createRedis, loadConfig, type App } from '@oneeta/service-kit';
import { createTestIssuer, testRedisUrl } from '@oneeta/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { buildApp, type GatewayDeps } from '../src/app.js';
import { configSchema } from '../src/config.js';
import type { MembershipCheck } from '../src/ws-checks.js';

/** What the echo upstream answers. */
export interface Echoed {
  service: string;
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface ErrorBody {
  error: string;
  code?: string;
}

export const readJson = async <T>(response: Response): Promise<T> => (await response.json()) as T;

export const urlOf = (app: FastifyInstance): string =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A real upstream service (kit app: /readyz included) that echoes what reached it. */
export async function startEcho(
  name = 'echo',
  {
    ready = true,
    bodyLimit,
    port = 0,
  }: { ready?: boolean; bodyLimit?: number; port?: number } = {},
): Promise<{ app: App; url: string }> {
  const readiness = {
    db: async () => {
      if (!ready) throw new Error('db down');
    },
  };
  const app = createHttpApp({ name, logLevel: 'silent', metrics: false, readiness, bodyLimit });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  app.all('/*', async (request) => ({
    service: name,
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: request.body ?? null,
  }));
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url: urlOf(app) };
}

/** A GET with the path sent byte for byte (fetch would resolve dot segments first). */
export function rawGet(baseUrl: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}/`,
      { path, headers: { accept: 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A URL nothing listens on (a port that was free a moment ago). */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export type Sign = (claims: {
  sub: string;
  email?: string;
  plan?: Plan;
  expiresIn?: string | number;
  emailVerified?: boolean;
  isAdmin?: boolean;
}) => Promise<string>;

/** A fresh Ed25519 key: its public JWK and a signer of auth-style access tokens. */
export async function createSigner(kid = 'gw-test'): Promise<{ jwk: JWK; sign: Sign }> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  const sign: Sign = ({ sub, email = `${sub}@example.com`, plan = 'free', expiresIn = '5m' }) =>
    new SignJWT({ email, plan })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey);
  return { jwk, sign };
}

/**
 * A tiny auth stand-in serving a test issuer's JWKS at /.well-known/jwks.json; each token it signs
 * has its account registered in the account view under `view.prefix` (the gateway reads the
 * current account, as auth's user.changed would keep it).
 */
export async function startJwks(view: {
  redis: Redis;
  prefix: string;
}): Promise<{ app: FastifyInstance; url: string; sign: Sign }> {
  const issuer = await createTestIssuer({ ...view, kid: 'gw-test' });
  const sign: Sign = async ({
    sub,
    email = `${sub}@example.com`,
    plan = 'free',
    expiresIn = '5m',
    emailVerified = true,
    isAdmin = false,
  }) => (await issuer.user({ id: sub, email, plan, emailVerified, isAdmin }, { expiresIn })).token;
  const app = Fastify();
  app.get('/.well-known/jwks.json', async () => issuer.jwks);
  app.get('/readyz', async () => ({ ok: true, checks: {} }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: urlOf(app), sign };
}

export interface Gateway {
  app: App;
  url: string;
  redis: Redis;
  close(): Promise<void>;
}

/** The gateway from env-style config (as main.ts builds it), listening on a free port. */
/** The membership answer of gateway tests without a session service: any signed-in user may follow. */
export const everySignedInUser: MembershipCheck = async () => true;

export async function startGateway(
  env: Record<string, string>,
  deps: Omit<GatewayDeps, 'config' | 'redis'> = {},
): Promise<Gateway> {
  const config = loadConfig(configSchema, {
    PORT: '0',
    LOG_LEVEL: 'silent',
    REDIS_URL: testRedisUrl(),
    WEB_DIST: '/nonexistent/web-dist',
    ...env,
  });
  const redis = createRedis(config.REDIS_URL);
  // A gateway test that brings no session service states who may follow a session itself; by
  // default any signed-in user (the real gateway refuses to start without SESSION_URL and INTERNAL_TOKEN).
  const withoutSession = !(config.SESSION_URL && config.INTERNAL_TOKEN);
  const membership = deps.membership ?? (withoutSession ? everySignedInUser : undefined);
  const app = await buildApp({ config, redis, ...deps, ...(membership ? { membership } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: urlOf(app),
    redis,
    close: async () => {
      await app.close();
      redis.disconnect();
    },
  };
}
