/** Test fixtures: a fresh database per test file and unique Redis namespaces. No mocks. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import {
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  TOPICS,
  type Plan,
  type UserChangedData,
} from '@oneeta/contracts';
import { storeAccount, type Account } from './accounts.js';
import { createEventBus, deadLetterKey, type EventBus } from './bus.js';
import type { EventCatalog } from './catalog.js';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './db.js';
import { createRedis } from './redis.js';

export const testRedisUrl = (): string => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The Postgres server tests use when they need one; CI exports TEST_DATABASE_URL. */
export const testPostgresUrl = (): string =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const uniquePrefix = (label = 'test'): string => `${label}-${randomUUID()}`;

export type TestEngine = 'pglite' | 'postgres';

/** The engine service tests run on: Postgres when TEST_DATABASE_URL is set, else PGlite. */
export const defaultTestEngine = (): TestEngine =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and drops the throwaway database. */
  destroy(): Promise<void>;
}

/**
 * PGlite: a new in-memory instance. Postgres: a new database on the test server, dropped by
 * destroy(), so every test file starts from empty tables with migrations applied.
 */
export async function createTestDatabase(
  options: Omit<DatabaseOptions, 'url' | 'dataDir'>,
  engine: TestEngine = defaultTestEngine(),
): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const handle = await openDatabase(options);
    return { ...handle, destroy: handle.close };
  }
  const serverUrl = testPostgresUrl();
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ ...options, url: url.toString(), poolSize: 4 });
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await withClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Deletes every key under a prefix (SCAN, never KEYS). */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}

/** Polls until `check` returns a truthy value, failing after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 5000, intervalMs = 25 } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const TEST_INTERNAL_TOKEN = 'internal-test-token-0123456789abcdef';

/**
 * Test infrastructure of a service without tables: a Redis client and event bus under a unique
 * prefix, and the env every service config needs (merge the service's own on top). `close()` stops
 * the bus and deletes every key under the prefix (BullMQ's `{prefix}` too).
 */
export function openTestRedisInfra(
  service: string,
  opts: { prefix?: string; redisUrl?: string } = {},
) {
  // A given prefix lets two services' harnesses share one bus (e.g. auth's user.changed reaching session).
  const prefix = opts.prefix ?? uniquePrefix(service);
  const env = {
    PORT: '0',
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_MS: '50',
    REDIS_URL: opts.redisUrl ?? testRedisUrl(),
    REDIS_PREFIX: prefix,
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
  };
  const redis = createRedis(env.REDIS_URL);
  const bus = createEventBus({ redis, prefix, source: service });
  return {
    prefix,
    env,
    redis,
    bus,
    close: async () => {
      await bus.close();
      await deleteKeys(redis, prefix);
      await deleteKeys(redis, `{${prefix}}`);
      redis.disconnect();
    },
  };
}

/** {@link openTestRedisInfra} plus a fresh database with the service's migrations; `close()` drops it too. */
export async function openTestInfra(
  service: string,
  migrationsFolder: string,
  opts: { prefix?: string; redisUrl?: string } = {},
) {
  const infra = openTestRedisInfra(service, opts);
  const database = await createTestDatabase({ schema: service, migrationsFolder });
  return {
    ...infra,
    database,
    close: async () => {
      await infra.close();
      await database.destroy();
    },
  };
}

export interface TestAccountInput {
  id?: string;
  email?: string;
  emailVerified?: boolean;
  name?: string | null;
  plan?: Plan;
  isAdmin?: boolean;
}

export interface TestIssuer {
  /** The public key set (give it to createTokenVerifier, or serve it as a JWKS). */
  jwks: { keys: JWK[] };
  /**
   * An account registered in the account view (as auth's user.changed would put it there) and a
   * token carrying its claims. Defaults: a random id, `u-<id>@example.test` verified, free plan.
   */
  user(
    input?: TestAccountInput,
    opts?: { expiresIn?: string | number },
  ): Promise<Account & { token: string }>;
  /** A signed token with exactly these claims (no account registered): for tokens the kit must refuse. */
  signClaims(
    claims: Record<string, unknown>,
    opts?: { expiresIn?: string | number | null; sub?: string },
  ): Promise<string>;
  /** Puts (or overwrites) an account in the view now, as a user.changed would. */
  register(account: Account): Promise<void>;
}

/**
 * The one issuer of test tokens: an Ed25519 key made here, and accounts registered in the Redis
 * account view under `prefix`, so a service's guards (which read the current account, not the
 * token) know the test user without an auth server.
 */
export async function createTestIssuer(opts: {
  redis: Redis;
  prefix: string;
  kid?: string;
}): Promise<TestIssuer> {
  const kid = opts.kid ?? 'test';
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  const signClaims: TestIssuer['signClaims'] = (claims, signOpts = {}) => {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt();
    const sub = signOpts.sub ?? (typeof claims.sub === 'string' ? claims.sub : undefined);
    if (sub) jwt.setSubject(sub);
    if (signOpts.expiresIn !== null) jwt.setExpirationTime(signOpts.expiresIn ?? '10m');
    return jwt.sign(privateKey);
  };
  const register = async (account: Account) => {
    await storeAccount(opts.redis, opts.prefix, account, new Date().toISOString(), 3600);
  };
  return {
    jwks: { keys: [jwk] },
    signClaims,
    register,
    async user(input = {}, userOpts = {}) {
      const id = input.id ?? randomUUID();
      const account: Account = {
        id,
        email: input.email ?? `u-${id.slice(0, 8)}@example.test`,
        emailVerified: input.emailVerified ?? true,
        name: input.name === undefined ? `User ${id.slice(0, 4)}` : input.name,
        plan: input.plan ?? 'free',
        isAdmin: input.isAdmin ?? false,
      };
      await register(account);
      const { id: sub, ...claims } = account;
      const token = await signClaims(claims, { sub, expiresIn: userOpts.expiresIn ?? '10m' });
      return { ...account, token };
    },
  };
}

/**
 * Publishes user.changed for an account as auth does after a change (updatedAt: now), so a test
 * can downgrade a plan, revoke admin rights or change an e-mail while an old token stays valid, or
 * revoke tokens (`tokens`: the account's token version and signed-out sign-ins).
 */
export async function publishUserChanged(
  bus: Pick<EventBus, 'publish'>,
  account: Account,
  changed: UserChangedData['changed'],
  tokens?: UserChangedData['tokens'],
): Promise<void> {
  const data: UserChangedData = {
    userId: account.id,
    email: account.email,
    name: account.name,
    plan: account.plan,
    isAdmin: account.isAdmin,
    emailVerified: account.emailVerified,
    updatedAt: new Date().toISOString(),
    ...(tokens ? { tokens } : {}),
    changed,
  };
  await bus.publish(TOPICS.userChanged, data);
}

/**
 * Publishes data its topic's schema may refuse, as an old or broken producer would: for tests that
 * a malformed event is dead-lettered and never reaches a handler (the typed `bus.publish` refuses it).
 */
export function publishUnchecked(
  bus: Pick<EventBus, 'publish'>,
  topic: string,
  data: unknown,
  opts?: { id?: string },
) {
  return (bus as unknown as Pick<EventBus<EventCatalog>, 'publish'>).publish(topic, data, opts);
}

/** Waits until the event with this id is on its topic's dead-letter stream (and returns its fields). */
export async function deadLettered(
  redis: Redis,
  prefix: string,
  topic: string,
  eventId: string,
): Promise<Record<string, string>> {
  return eventually(async () => {
    const entries = (await redis.xrange(deadLetterKey(prefix, topic), '-', '+')) as [
      string,
      string[],
    ][];
    for (const [, fields] of entries) {
      const f = Object.fromEntries(
        fields.flatMap((v, i, all) => (i % 2 === 0 ? [[v, all[i + 1] ?? '']] : [])),
      );
      if ((JSON.parse(f.event ?? '{}') as { id?: string }).id === eventId) return f;
    }
    return undefined;
  });
}

/**
 * A throwaway redis-server on a free port, for tests that take Redis away and bring it back
 * (`stop()` then `start()` reuses the port). Needs `redis-server` on PATH.
 */
export async function startRedisServer() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await eventually(
      async () => {
        const probe = new Redis(url, {
          lazyConnect: true,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
        });
        probe.on('error', () => {});
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } finally {
          probe.disconnect();
        }
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url, port, start, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
