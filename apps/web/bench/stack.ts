// The stack `pnpm bench:web` measures: `scripts/start.ts` (what `pnpm start` runs) as a child process
// with its own port, data folder and Redis prefix, plus the signed-in content the pages show.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childEnv, startChildStack } from '@oneeta/scripts/launcher/child';
import { dropRedisKeys } from '@oneeta/scripts/launcher/redis';
import { findFreePort } from '@oneeta/scripts/ports';
import { SESSION_ID_ALPHABET, SESSION_ID_LENGTH } from '@oneeta/contracts';

export interface BenchStack {
  base: string;
  stop: () => Promise<void>;
}

const START_TIMEOUT_MS = 300_000;

export async function startStack(repoRoot: string, port?: number): Promise<BenchStack> {
  const chosenPort = port ?? (await findFreePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'oneeta-bench-web-'));
  const prefix = `bench-web-${process.pid}-${Date.now().toString(36)}`;
  const cleanup = async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropRedisKeys(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix, 'bench:web');
  };
  const env = childEnv(
    {
      PORT: String(chosenPort),
      DATA_DIR: dir,
      REDIS_PREFIX: prefix,
      INTERNAL_TOKEN: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'warn',
      NO_COLOR: '1',
    },
    ['DATABASE_URL'],
  );
  const stack = await startChildStack({
    root: repoRoot,
    port: chosenPort,
    env,
    timeoutMs: START_TIMEOUT_MS,
    echo: Boolean(process.env.BENCH_STACK_LOG),
  }).catch(async (error: unknown) => {
    await cleanup();
    throw error;
  });
  return {
    base: stack.base,
    stop: async () => {
      await stack.stop();
      await cleanup();
    },
  };
}

async function call<T>(
  base: string,
  route: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(base + route, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${route} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A user with one open session (a free plan's limit), seeded through the API. */
export async function seed(base: string): Promise<{ token: string; sessionId: string }> {
  const { token } = await call<{ token: string }>(base, '/api/auth/register', {
    method: 'POST',
    body: {
      email: `bench-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Str0ng!pass',
      name: 'Bench User',
    },
  });
  const sessionId = Array.from(
    randomBytes(SESSION_ID_LENGTH),
    (b) => SESSION_ID_ALPHABET[b % SESSION_ID_ALPHABET.length],
  ).join('');
  await call(base, '/api/sessions', {
    method: 'POST',
    token,
    body: {
      sessionId,
      destination: {
        id: `bench-place-${sessionId}`,
        name: 'Pike Place Market',
        address: '85 Pike St, Seattle, WA',
        position: { lat: 47.6097, lon: -122.3422 },
      },
      tzId: 'America/Los_Angeles',
      arriveAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      travelMode: 'car',
      participants: [],
    },
  });
  return { token, sessionId };
}
