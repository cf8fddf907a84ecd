// The stack to fuzz: the launcher's own Stack (what `pnpm start` runs: auth, services, workers,
// gateway) started in this process with its own port, data folder and Redis prefix; or, with
// FUZZ_BASE_URL, a stack someone already runs.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLauncherConfig } from '@oneeta/scripts/launcher/config';
import { discoverDeployables } from '@oneeta/scripts/launcher/deployables';
import type { Logger } from '@oneeta/scripts/launcher/output';
import { dropRedisKeys, resolveRedis } from '@oneeta/scripts/launcher/redis';
import { assignPorts, Stack } from '@oneeta/scripts/launcher/stack';
import { findFreePort } from '@oneeta/scripts/ports';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The fuzzer's administrator: ADMIN_EMAIL of the stack it starts. */
export const FUZZ_ADMIN_EMAIL = 'fuzz-admin@example.com';

export interface StackInfo {
  /** The gateway, e.g. http://127.0.0.1:40123. */
  base: string;
  /** The auth service (its /internal routes: a user's plan), when known. */
  authUrl?: string;
  /** The notification service (its /internal e-mail outbox: verification links), when known. */
  notificationUrl?: string;
  internalToken?: string;
  /** Every service's own address by name (their /internal routes), when known. */
  services?: Record<string, string>;
  /** The stack's ADMIN_EMAIL, when known: the fixtures register and verify it. */
  adminEmail?: string;
  stop: () => Promise<void>;
}

/**
 * FUZZ_BASE_URL (the gateway) points the suite at a running stack; FUZZ_AUTH_URL,
 * FUZZ_NOTIFICATION_URL, FUZZ_INTERNAL_TOKEN and FUZZ_ADMIN_EMAIL (its ADMIN_EMAIL) let it verify
 * an administrator there.
 */
export async function stackToFuzz(): Promise<StackInfo> {
  const {
    FUZZ_BASE_URL,
    FUZZ_AUTH_URL,
    FUZZ_NOTIFICATION_URL,
    FUZZ_INTERNAL_TOKEN,
    FUZZ_ADMIN_EMAIL: admin,
  } = process.env;
  if (FUZZ_BASE_URL) {
    return {
      base: FUZZ_BASE_URL.replace(/\/$/, ''),
      authUrl: FUZZ_AUTH_URL,
      notificationUrl: FUZZ_NOTIFICATION_URL,
      internalToken: FUZZ_INTERNAL_TOKEN,
      services: Object.fromEntries(
        Object.entries({ auth: FUZZ_AUTH_URL, notification: FUZZ_NOTIFICATION_URL }).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      ),
      adminEmail: admin,
      stop: async () => {},
    };
  }
  return startStack();
}

/** FUZZ_PORT, FUZZ_DATA_DIR and FUZZ_REDIS_PREFIX override the free port, temp folder and prefix. */
async function startStack(): Promise<StackInfo> {
  const port = Number(process.env.FUZZ_PORT ?? (await findFreePort()));
  const ownDir = !process.env.FUZZ_DATA_DIR;
  const dataDir = process.env.FUZZ_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'oneeta-fuzz-'));
  mkdirSync(dataDir, { recursive: true });
  const redisPrefix =
    process.env.FUZZ_REDIS_PREFIX ?? `fuzz-${process.pid}-${Date.now().toString(36)}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    REDIS_PREFIX: redisPrefix,
    INTERNAL_TOKEN: randomBytes(24).toString('hex'),
    ADMIN_EMAIL: FUZZ_ADMIN_EMAIL,
    LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'error',
    LOG_FORMAT: 'json',
    NO_COLOR: '1',
    NODE_ENV: 'development',
    // Thousands of requests from 127.0.0.1 in a couple of minutes: lift the per-IP limits.
    AUTH_MAX_PER_IP_PER_MINUTE: '1000000',
    // Wrong current passwords by the hundred from one address: no sign-in waits, no alert e-mails.
    LOGIN_MAX_FAILURES_PER_EMAIL: '1000000',
    LOGIN_ALERT_FAILURES_PER_HOUR: '1000000',
    PASSWORD_RESET_MAX_PER_HOUR: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    SEARCH_MAX_PER_IP_PER_MINUTE: '1000000',
    TRAVEL_TIMES_MAX_PER_IP_PER_MINUTE: '1000000',
    TIMEZONE_MAX_PER_IP_PER_MINUTE: '1000000',
    MAP_TOKEN_MAX_PER_IP_PER_MINUTE: '1000000',
    LEAD_MAX_PER_IP_PER_HOUR: '1000000',
    // The API is what is fuzzed: no web app to build or serve.
    WEB_DIST: path.join(dataDir, 'no-web-app'),
  };
  for (const key of [
    'DATABASE_URL',
    'HOST',
    'REDIS_URL',
    'NODE_OPTIONS',
    'VITEST',
    'VITEST_MODE',
    'VITEST_POOL_ID',
    'VITEST_WORKER_ID',
    // Billing fuzzes on its local test-mode provider, never a Stripe account.
    'STRIPE_SECRET_KEY',
  ])
    delete env[key];
  if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;

  const lines: string[] = [];
  const log: Logger = { info: (m) => lines.push(m), error: (m) => lines.push(`ERROR ${m}`) };
  const config = readLauncherConfig(env, [], repoRoot);
  const deployables = discoverDeployables(repoRoot);
  const redis = await resolveRedis(env, dataDir);
  const assigned = await assignPorts(deployables, config.port);
  const width = Math.max(...deployables.map((d) => d.name.length));
  const stack = new Stack(assigned, {
    root: repoRoot,
    config,
    env,
    redisUrl: redis.url,
    log,
    color: false,
    width,
  });
  let gaveUp: string | undefined;
  const cleanup = async () => {
    await stack.stop();
    await redis.stop?.();
    await dropRedisKeys(redis.url, redisPrefix, 'fuzz');
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await stack.start({ onGiveUp: (message) => (gaveUp = message) });
  } catch (error) {
    await cleanup();
    throw new Error(`the stack did not start: ${(error as Error).message}\n${lines.join('\n')}`, {
      cause: error,
    });
  }
  // Found by name: every service but auth has the role 'service'.
  const url = (name: string) => {
    const found = assigned.find((d) => d.name === name);
    return found?.port ? `http://127.0.0.1:${found.port}` : undefined;
  };
  const services = Object.fromEntries(
    assigned
      .filter((d) => d.role === 'auth' || d.role === 'service')
      .flatMap((d) => (d.port ? [[d.name, `http://127.0.0.1:${d.port}`]] : [])),
  );
  return {
    base: `http://127.0.0.1:${port}`,
    authUrl: url('auth'),
    notificationUrl: url('notification'),
    internalToken: config.internalToken,
    services,
    adminEmail: FUZZ_ADMIN_EMAIL,
    stop: async () => {
      await cleanup();
      if (gaveUp) throw new Error(`the stack gave up while fuzzed: ${gaveUp}`);
    },
  };
}
