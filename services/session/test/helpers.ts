import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type Plan } from '@oneeta/contracts';
import { createTokenVerifier, loadConfig } from '@oneeta/service-kit';
import { openTestInfra, TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { createRouteQueue } from '../src/context.js';

export const MIGRATIONS = fileURLToPath(new URL('../src/store/migrations', import.meta.url));
export const INTERNAL_TOKEN = TEST_INTERNAL_TOKEN;

export interface TestUser {
  id: string;
  email: string;
  name: string | null;
  plan: Plan;
  isAdmin: boolean;
  token: string;
}

/**
 * The session app over a fresh database and a unique Redis namespace, trusting tokens from a
 * key made here (the auth service's own tests prove its tokens verify the same way over JWKS).
 */
export async function startSession(env: Record<string, string> = {}) {
  const infra = await openTestInfra('session', MIGRATIONS);
  const { prefix, database, redis, bus } = infra;
  const config = loadConfig(configSchema, { ...infra.env, ROUTE_JOB_DEBOUNCE_MS: '200', ...env });
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'EdDSA' };
  const routeQueue = createRouteQueue(redis, prefix);
  const app = await buildApp({
    config,
    db: database.db,
    redis,
    bus,
    routeQueue,
    pingDb: database.ping,
    verifier: createTokenVerifier({ jwks: { keys: [jwk] } }),
  });
  await app.ready();

  /** A signed-in user with a valid token (nothing is stored: the session service owns no users). */
  const user = async (opts: { plan?: Plan; isAdmin?: boolean; name?: string | null; email?: string } = {}): Promise<TestUser> => {
    const id = randomUUID();
    const u = {
      id,
      email: opts.email ?? `u-${id.slice(0, 8)}@example.test`,
      name: opts.name === undefined ? `User ${id.slice(0, 4)}` : opts.name,
      plan: opts.plan ?? 'free',
      isAdmin: opts.isAdmin ?? false,
    };
    const token = await new SignJWT({ email: u.email, name: u.name, plan: u.plan, isAdmin: u.isAdmin })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(id)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    return { ...u, token };
  };

  return {
    app,
    config,
    redis,
    bus,
    prefix,
    routeQueue,
    database,
    user,
    close: async () => {
      await app.close();
      await routeQueue.obliterate({ force: true }).catch(() => {});
      await routeQueue.close();
      await infra.close();
    },
  };
}

export type SessionHarness = Awaited<ReturnType<typeof startSession>>;
