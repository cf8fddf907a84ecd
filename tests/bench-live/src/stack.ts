// The whole product for the bench: `scripts/start.ts` as a child (the launcher the browser tests
// use), on its own port, data folder, private redis-server and, for PostgreSQL, a private database.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, startChildStack } from '@oneeta/scripts/launcher/child';
import { dropRedisKeys, findOnPath, startRedisServer } from '@oneeta/scripts/launcher/redis';
import { findFreePort } from '@oneeta/scripts/ports';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type DbEngine = 'postgres' | 'pglite';

export interface BenchStack {
  /** The gateway, e.g. http://127.0.0.1:40123. */
  base: string;
  wsUrl: string;
  /** Every process's own /metrics URL by name (the gateway's on its operations port). */
  metricsUrls: Record<string, string>;
  /** Every process's own URL by name, from the launcher's banner. */
  urls: Record<string, string>;
  notificationUrl: string;
  redisUrl: string;
  internalToken: string;
  output: () => string;
  stop: () => Promise<void>;
}

export interface StackOptions {
  db: DbEngine;
  /** ROUTE_COALESCE_MS for the session service (the product's default when undefined). */
  coalesceMs?: number;
  echo?: boolean;
}

const START_TIMEOUT_MS = 300_000;

/** Stacks still up: stopped (with their database and Redis) on SIGINT/SIGTERM too. */
const running = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`bench:live: ${signal}, stopping the stack\n`);
    void Promise.allSettled([...running].map((stop) => stop())).then(() => process.exit(130));
  });
}

function psql(url: string, sql: string): void {
  execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 60_000,
  });
}

/** A private database next to TEST_DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test). */
function createDatabase(): { url: string; drop: () => void } {
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_live_${randomBytes(5).toString('hex')}`;
  psql(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => {
      try {
        psql(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } catch (error) {
        process.stderr.write(
          `bench:live: could not drop database ${name}: ${(error as Error).message}\n`,
        );
      }
    },
  };
}

/** Each process's URL from the launcher's banner (`  session        http://127.0.0.1:40123`). */
function bannerUrls(output: string): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const m of output.matchAll(/^ {2}([\w-]+) +(http:\/\/127\.0\.0\.1:\d+)$/gm))
    urls[m[1]!] = m[2]!;
  return urls;
}

export async function startBenchStack(options: StackOptions): Promise<BenchStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oneeta-bench-live-'));
  const binary = findOnPath('redis-server');
  if (!binary)
    throw new Error(
      'bench:live needs redis-server on PATH (a private one: its INFO counts only this stack)',
    );
  const redis = await startRedisServer(binary, path.join(dataDir, 'redis'), 'bench redis | ');
  const database = options.db === 'postgres' ? createDatabase() : undefined;
  const port = await findFreePort();
  const metricsPort = await findFreePort();
  const redisPrefix = `bench-live-${process.pid}`;
  const internalToken = randomBytes(24).toString('hex');
  const cleanup = async () => {
    await dropRedisKeys(redis.url, redisPrefix, 'bench:live');
    await redis.stop?.();
    database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const lift = '100000000';
  const env = childEnv(
    {
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redisPrefix,
      INTERNAL_TOKEN: internalToken,
      LOG_LEVEL: 'warn',
      NO_COLOR: '1',
      NODE_ENV: 'development',
      ...(database ? { DATABASE_URL: database.url } : {}),
      // Every simulated user and page is on 127.0.0.1: lift the per-IP limits.
      AUTH_MAX_PER_IP_PER_MINUTE: lift,
      RATE_LIMIT_PER_MINUTE: lift,
      SEARCH_MAX_PER_IP_PER_MINUTE: lift,
      TIMEZONE_MAX_PER_IP_PER_MINUTE: lift,
      TRAVEL_TIMES_MAX_PER_IP_PER_MINUTE: lift,
      LEAD_MAX_PER_IP_PER_HOUR: lift,
      WS_MAX_CONNECTIONS_PER_IP: lift,
      ...(options.coalesceMs !== undefined
        ? { ROUTE_COALESCE_MS: String(options.coalesceMs) }
        : {}),
    },
    [
      'DATABASE_URL',
      'REDIS_URL',
      'SMTP_URL',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'STRIPE_SECRET_KEY',
      'METRICS_PORT',
    ],
  );
  let stack: Awaited<ReturnType<typeof startChildStack>>;
  try {
    stack = await startChildStack({
      root: repoRoot,
      port,
      env,
      timeoutMs: START_TIMEOUT_MS,
      echo: Boolean(process.env.BENCH_STACK_LOG || options.echo),
      ready: (output) => bannerUrls(output).notification !== undefined,
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  const urls = bannerUrls(stack.output());
  const metricsUrls: Record<string, string> = {};
  for (const [name, url] of Object.entries(urls)) {
    metricsUrls[name] =
      name === 'gateway' ? `http://127.0.0.1:${metricsPort}/metrics` : `${url}/metrics`;
  }
  const stop = async () => {
    running.delete(stop);
    await stack.stop();
    await cleanup();
  };
  running.add(stop);
  return {
    base: stack.base,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    metricsUrls,
    urls,
    notificationUrl: urls.notification!,
    redisUrl: redis.url,
    internalToken,
    output: stack.output,
    stop,
  };
}
