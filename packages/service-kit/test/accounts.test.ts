import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TOPICS } from '@oneeta/contracts';
import {
  accountKey,
  consumerNameOf,
  createAccountDirectory,
  openAccountDirectory,
  storeAccount,
  type AccountDirectory,
} from '../src/accounts.js';
import { createGuards, createTokenVerifier } from '../src/auth.js';
import { createHttpApp, type App } from '../src/http.js';
import {
  createTestIssuer,
  eventually,
  openTestRedisInfra,
  publishUserChanged,
  TEST_INTERNAL_TOKEN,
  type TestIssuer,
  publishUnchecked,
} from '../src/testing.js';

/** A URL nothing listens on: auth is down. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

let infra: ReturnType<typeof openTestRedisInfra>;
let issuer: TestIssuer;
let accounts: AccountDirectory;
let app: App;

beforeAll(async () => {
  infra = openTestRedisInfra('kit-accounts');
  issuer = await createTestIssuer({ redis: infra.redis, prefix: infra.prefix });
  accounts = createAccountDirectory({
    redis: infra.redis,
    prefix: infra.prefix,
    authUrl: await deadUrl(),
    internalToken: TEST_INTERNAL_TOKEN,
    timeoutMs: 1000,
    events: { bus: infra.bus, service: 'kit-test', consumer: 'c1' },
  });
  await accounts.ready;
  const guards = createGuards({
    verify: createTokenVerifier({ jwks: issuer.jwks }),
    accounts: accounts.get,
  });
  app = createHttpApp({ name: 'kit-accounts', logLevel: 'silent', metrics: false });
  app.get('/me', { preHandler: guards.requireUser }, async (request) => request.user);
  app.get('/admin', { preHandler: guards.requireAdmin }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await accounts.close();
  await infra.close();
});

const me = (token: string) =>
  app.inject({ url: '/me', headers: { authorization: `Bearer ${token}` } });

describe('tokens', () => {
  it('refuses a correctly signed token without exp with 401', async () => {
    const user = await issuer.user();
    const token = await issuer.signClaims(
      { email: user.email, name: user.name, plan: user.plan, isAdmin: false },
      { sub: user.id, expiresIn: null },
    );
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: MESSAGES.notAuthenticated });
  });

  it('refuses a correctly signed token without sub with 401', async () => {
    const res = await me(await issuer.signClaims({ email: 'x@example.test', plan: 'free' }));
    expect(res.statusCode).toBe(401);
  });
});

describe('revoked tokens', () => {
  const tokenFor = (
    account: { id: string; email: string },
    claims: { tv?: number; sid?: string },
  ) => issuer.signClaims({ email: account.email, plan: 'free', ...claims }, { sub: account.id });

  it('refuses, once user.changed raises the token version, a token signed before it (401), and takes one signed after', async () => {
    const { token: _token, ...account } = await issuer.user();
    const before = await tokenFor(account, { tv: 0, sid: 'a' });
    const legacy = await tokenFor(account, {});
    expect((await me(before)).statusCode).toBe(200);
    await publishUserChanged(infra.bus, account, ['tokens'], { version: 1, revokedSessions: [] });
    await eventually(async () => (await me(before)).statusCode === 401);
    expect((await me(before)).json()).toMatchObject({
      error: MESSAGES.sessionExpired,
      code: 'token_revoked',
    });
    expect((await me(legacy)).statusCode).toBe(401);
    const after = await tokenFor(account, { tv: 1, sid: 'b' });
    expect((await me(after)).statusCode).toBe(200);
    // The view's entry carries the state, so a service reading it cold refuses the same token.
    expect(await accounts.get(account.id)).toMatchObject({
      tokens: { version: 1, revokedSessions: [] },
    });
  });

  it("refuses a signed-out sign-in's tokens and no other's", async () => {
    const { token: _token, ...account } = await issuer.user();
    const [out, still] = await Promise.all([
      tokenFor(account, { tv: 2, sid: 'signed-out' }),
      tokenFor(account, { tv: 2, sid: 'other' }),
    ]);
    await storeAccount(
      infra.redis,
      infra.prefix,
      { ...account, tokens: { version: 2, revokedSessions: ['signed-out'] } },
      new Date().toISOString(),
    );
    const refused = await me(out);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'token_revoked' });
    const kept = await me(still);
    expect(kept.statusCode).toBe(200);
    // request.user is the account, without its token state.
    expect(kept.json()).toEqual({
      id: account.id,
      email: account.email,
      emailVerified: true,
      name: account.name,
      plan: 'free',
      isAdmin: false,
    });
  });
});

describe('deleted accounts', () => {
  it('refuses the tokens of an account user.deleted named, and an older user.changed does not bring it back', async () => {
    const { token, ...account } = await issuer.user();
    expect((await me(token)).statusCode).toBe(200);
    const deletedAt = new Date(Date.now() + 1000).toISOString();
    await infra.bus.publish(TOPICS.userDeleted, {
      userId: account.id,
      email: account.email,
      deletedAt,
    });
    await eventually(async () => (await me(token)).statusCode === 401);
    expect((await me(token)).json()).toMatchObject({ code: 'account_not_found' });
    await accounts.apply({
      ...{
        userId: account.id,
        email: account.email,
        name: null,
        plan: 'premium',
        isAdmin: false,
        emailVerified: true,
      },
      updatedAt: new Date().toISOString(),
      changed: ['plan'],
    });
    expect(await accounts.get(account.id)).toBeNull();
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('the account directory', () => {
  it("sets request.user from the current account, not the token's claims", async () => {
    const user = await issuer.user({ plan: 'premium', name: 'Old Name' });
    await issuer.register({ ...user, plan: 'free', name: 'New Name', emailVerified: false });
    const res = await me(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: user.email,
      emailVerified: false,
      name: 'New Name',
      plan: 'free',
      isAdmin: false,
    });
  });

  it('follows user.changed: a downgrade and a revoked admin reach the old token', async () => {
    const { token, ...account } = await issuer.user({ plan: 'premium', isAdmin: true });
    expect(
      (await app.inject({ url: '/admin', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
    await publishUserChanged(infra.bus, { ...account, plan: 'free', isAdmin: false }, [
      'plan',
      'isAdmin',
    ]);
    await eventually(async () => (await me(token)).json<{ plan: string }>().plan === 'free');
    const admin = await app.inject({
      url: '/admin',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(admin.statusCode).toBe(403);
  });

  it('keeps the newest version whatever order the writes arrive in', async () => {
    const { token: _token, ...account } = await issuer.user();
    const newer = new Date(Date.now() + 60_000).toISOString();
    const older = new Date(Date.now() + 30_000).toISOString();
    expect(
      await storeAccount(infra.redis, infra.prefix, { ...account, plan: 'premium' }, newer),
    ).toBe(true);
    expect(
      await storeAccount(infra.redis, infra.prefix, { ...account, plan: 'standard' }, older),
    ).toBe(false);
    expect(await accounts.get(account.id)).toMatchObject({ plan: 'premium' });
  });

  it('gives entries a TTL as a safety net', async () => {
    const user = await issuer.user();
    await accounts.apply({
      userId: user.id,
      email: user.email,
      name: user.name,
      plan: 'standard',
      isAdmin: false,
      emailVerified: true,
      updatedAt: new Date(Date.now() + 120_000).toISOString(),
      changed: ['plan'],
    });
    const ttl = await infra.redis.ttl(accountKey(infra.prefix, user.id));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
  });

  it("answers 503 when the account is not in the view and auth cannot be reached, never the token's claims", async () => {
    const user = await issuer.user({ plan: 'premium' });
    await infra.redis.del(accountKey(infra.prefix, user.id));
    const res = await me(user.token);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 'accounts_unavailable' });
  });
});

describe("a service's directory (openAccountDirectory)", () => {
  it('logs a user.changed it cannot apply through the logger it was given once the app exists', async () => {
    const directory = openAccountDirectory(
      'kit-open',
      {
        AUTH_URL: await deadUrl(),
        INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
        REDIS_PREFIX: infra.prefix,
        ACCOUNT_VIEW_TTL_SECONDS: 60,
      },
      { redis: infra.redis, bus: infra.bus, consumer: consumerNameOf({}) },
    );
    try {
      await directory.ready;
      const warnings: { obj: object; msg: string }[] = [];
      directory.logTo({ warn: (obj, msg) => warnings.push({ obj, msg }) });
      await publishUnchecked(infra.bus, TOPICS.userChanged, { userId: 'u-1', plan: 'not-a-plan' });
      await eventually(() => warnings.length > 0);
      expect(warnings[0]!.msg).toBe('user.changed not applied to the account view');
      expect(String((warnings[0]!.obj as { err: Error }).err.message)).toMatch(
        /bad user\.changed payload/,
      );
    } finally {
      await directory.close();
    }
  });

  it('names the replica CONSUMER_NAME when set, else by host and process', () => {
    expect(consumerNameOf({ CONSUMER_NAME: 'replica-a' })).toBe('replica-a');
    expect(consumerNameOf({})).toMatch(new RegExp(`-${process.pid}$`));
  });
});
