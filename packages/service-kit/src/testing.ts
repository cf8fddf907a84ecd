/** Test fixtures: a fresh database per test file and unique Redis namespaces. No mocks. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Redis } from 'ioredis';
import { createEventBus } from './bus.js';
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
      await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
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
export function openTestRedisInfra(service: string) {
  const prefix = uniquePrefix(service);
  const env = {
    PORT: '0',
    LOG_LEVEL: 'silent',
    REDIS_URL: testRedisUrl(),
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
export async function openTestInfra(service: string, migrationsFolder: string) {
  const infra = openTestRedisInfra(service);
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
