// Finding a Redis for the stack: REDIS_URL, else 127.0.0.1:6379, else a redis-server we start.
import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { spawnChild, stopChild, type Watchdog } from './children.js';
import { findFreePort } from './ports.js';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface RedisChoice {
  url: string;
  /** How it was found, for the banner. */
  source: 'REDIS_URL' | 'local' | 'started';
  /** Present when the launcher started this Redis and must stop it. */
  stop?: () => Promise<void>;
}

export interface RedisDeps {
  ping(url: string): Promise<boolean>;
  findBinary(name: string): string | undefined;
  start(binary: string, dir: string): Promise<RedisChoice>;
}

export const NO_REDIS_MESSAGE = `OneETA needs Redis, and none was found:
  - REDIS_URL is not set,
  - nothing answers PING on 127.0.0.1:6379,
  - redis-server is not on PATH (the launcher would start it with its data under DATA_DIR/redis).
Install Redis, then run pnpm start again:
  Debian/Ubuntu:  sudo apt-get install redis-server
  macOS:          brew install redis
  Docker:         docker run -d -p 6379:6379 redis:7
or point the launcher at a Redis you have:  REDIS_URL=redis://host:6379 pnpm start`;

/** The URL with its password hidden, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

export async function pingRedis(url: string, timeoutMs = 1500): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function findOnPath(name: string, pathEnv = process.env.PATH ?? ''): string | undefined {
  for (const dir of pathEnv.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Starts `redis-server` on a free port with its data (RDB, saved every 60 s if a key changed) in `dir`. */
export async function startRedisServer(
  binary: string,
  dir: string,
  prefix = 'redis | ',
  watchdog?: Watchdog,
): Promise<RedisChoice> {
  mkdirSync(dir, { recursive: true });
  const port = await findFreePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '60 1'];
  const child = spawnChild(
    'redis',
    binary,
    [...args, '--appendonly', 'no', '--loglevel', 'warning'],
    {},
    prefix,
  );
  watchdog?.track(child);
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await pingRedis(url, 500))) {
    if (child.exit !== undefined || Date.now() > deadline) {
      await stopChild(child, 1000);
      throw new Error(
        `redis-server did not start (${child.exit ?? 'no answer after 10 s'}); see its output above`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, source: 'started', stop: () => stopChild(child) };
}

export const systemRedisDeps: RedisDeps = {
  ping: pingRedis,
  findBinary: findOnPath,
  start: startRedisServer,
};

export async function resolveRedis(
  env: Record<string, string | undefined>,
  dataDir: string,
  deps: RedisDeps = systemRedisDeps,
): Promise<RedisChoice> {
  if (env.REDIS_URL) {
    if (!(await deps.ping(env.REDIS_URL))) {
      throw new Error(
        `REDIS_URL is set to ${redactUrl(env.REDIS_URL)}, but that Redis does not answer PING. Start it, or unset REDIS_URL.`,
      );
    }
    return { url: env.REDIS_URL, source: 'REDIS_URL' };
  }
  if (await deps.ping(DEFAULT_REDIS_URL)) return { url: DEFAULT_REDIS_URL, source: 'local' };
  const binary = deps.findBinary('redis-server');
  if (!binary) throw new Error(NO_REDIS_MESSAGE);
  return deps.start(binary, path.join(dataDir, 'redis'));
}

/**
 * Deletes every key a stack left in the Redis at `url` under `prefix`: `{prefix}:*` and BullMQ's
 * `{{prefix}}:bull:*`. For test and benchmark stacks; a failure is reported on stderr as `who`'s.
 */
export async function dropRedisKeys(url: string, prefix: string, who: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    for (const match of [`${prefix}:*`, `{${prefix}}*`]) {
      for await (const keys of redis.scanStream({ match, count: 500 })) {
        if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
      }
    }
  } catch (error) {
    process.stderr.write(
      `${who}: could not drop Redis keys of ${prefix}: ${(error as Error).message}\n`,
    );
  } finally {
    redis.disconnect();
  }
}
