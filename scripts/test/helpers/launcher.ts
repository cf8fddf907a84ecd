// Runs scripts/start.ts as a child process, the way `pnpm start` does, for the smoke tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { findFreePort, waitForHttp } from '../../launcher/ports.js';

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

/** `scripts/start.ts` as a child process with its own port, data and Redis prefix (not yet up). */
export async function spawnLauncher(name: string, options: LaunchOptions = {}) {
  const port = options.port ?? (await findFreePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `oneeta-${name}-`));
  const redisPrefix = `smoke-${name}-${process.pid}-${Date.now()}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'warn',
    NO_COLOR: '1',
  };
  for (const key of ['DATABASE_URL', 'INTERNAL_TOKEN', 'HOST', 'REDIS_URL', 'NODE_OPTIONS'])
    delete env[key];
  if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;

  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(proc, 'exit').then(([code]) => code as number | null);
  return { proc, port, dataDir, redisPrefix, exited, output: () => output };
}

export async function startLauncher(
  name: string,
  options: LaunchOptions = {},
): Promise<RunningLauncher> {
  const {
    proc,
    port,
    dataDir,
    redisPrefix,
    exited,
    output: read,
  } = await spawnLauncher(name, options);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/api/health`, {
      timeoutMs: 120_000,
      abortReason: () => (exitCode !== undefined ? `launcher exited with ${exitCode}` : undefined),
    });
    await waitFor(() => read().includes(`OneETA is running at http://localhost:${port}`), 10_000);
  } catch (error) {
    proc.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- launcher output ---\n${read()}`);
  }

  return {
    proc,
    port,
    base,
    dataDir,
    redisPrefix,
    output: read,
    ports: () => {
      const ports: Record<string, number> = {};
      for (const m of read().matchAll(/^ {2}([a-z-]+) +http:\/\/127\.0\.0\.1:(\d+)$/gm))
        ports[m[1]!] = Number(m[2]);
      return ports;
    },
    stop: async () => {
      if (exitCode === undefined) proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
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

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the launcher banner');
    await new Promise((r) => setTimeout(r, 100));
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
