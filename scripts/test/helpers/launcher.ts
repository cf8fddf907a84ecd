// Runs scripts/start.ts as a child process, the way `pnpm start` does, for the smoke tests.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { childEnv, spawnChildStack, startChildStack } from '../../launcher/child.js';
import { findFreePort } from '../../launcher/ports.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningLauncher {
  proc: ChildProcess;
  port: number;
  base: string;
  dataDir: string;
  redisPrefix: string;
  output: () => string;
  /** Ports of every process the launcher started, read from its banner. */
  ports: () => Record<string, number>;
  /** SIGTERM and wait; returns the exit code. Safe to call again. */
  stop: () => Promise<number | null>;
}

export interface LaunchOptions {
  /** Default: a fresh temporary directory. */
  dataDir?: string;
  /** Default: a free port. */
  port?: number;
}

const launchEnv = (port: number, dataDir: string, redisPrefix: string) =>
  childEnv(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      REDIS_PREFIX: redisPrefix,
      LOG_LEVEL: 'warn',
      NO_COLOR: '1',
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    },
    ['DATABASE_URL', 'INTERNAL_TOKEN', 'REDIS_URL'],
  );

async function launchPlaces(name: string, options: LaunchOptions) {
  const port = options.port ?? (await findFreePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `oneeta-${name}-`));
  const redisPrefix = `smoke-${name}-${process.pid}-${Date.now()}`;
  return { port, dataDir, redisPrefix, env: launchEnv(port, dataDir, redisPrefix) };
}

/** `scripts/start.ts` as a child process with its own port, data and Redis prefix (not yet up). */
export async function spawnLauncher(name: string, options: LaunchOptions = {}) {
  const { port, dataDir, redisPrefix, env } = await launchPlaces(name, options);
  const stack = spawnChildStack({ root, port, env });
  return {
    proc: stack.proc,
    port,
    dataDir,
    redisPrefix,
    exited: stack.exited,
    output: stack.output,
  };
}

export async function startLauncher(
  name: string,
  options: LaunchOptions = {},
): Promise<RunningLauncher> {
  const { port, dataDir, redisPrefix, env } = await launchPlaces(name, options);
  const stack = await startChildStack({ root, port, env, timeoutMs: 180_000 });
  return {
    proc: stack.proc,
    port,
    base: stack.base,
    dataDir,
    redisPrefix,
    output: stack.output,
    ports: () => {
      const ports: Record<string, number> = {};
      for (const m of stack.output().matchAll(/^ {2}([a-z-]+) +http:\/\/127\.0\.0\.1:(\d+)$/gm))
        ports[m[1]!] = Number(m[2]);
      return ports;
    },
    stop: stack.stop,
  };
}

/** Deletes every Redis key a stack left under its prefix. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
      if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}

export interface ApiAnswer {
  status: number;
  body: { token?: string; user?: { email?: string }; time?: unknown; error?: string } | undefined;
}

/** GET, or POST with a JSON body when `body` is given; with a bearer token when `token` is. */
export async function api(
  url: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as ApiAnswer['body']) : undefined };
}
