// The whole product for the browser tests: `scripts/start.ts` (what `pnpm start` runs) as a child
// process on a free port, with its own data folder, Redis prefix and internal token.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { pushStandInCertificate } from '@oneeta/notification/testing';
import { dropRedisKeys } from '@oneeta/scripts/launcher/redis';
import { findFreePort } from '@oneeta/scripts/ports';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What the tests need to reach a running stack (serialisable: handed from globalSetup to tests). */
export interface StackInfo {
  /** The gateway, e.g. http://127.0.0.1:40123 (the web app and /api). */
  base: string;
  /** The auth service itself, for its /internal routes (never routed by the gateway). */
  authUrl: string;
  /** The notification service itself, for its embedded e-mail outbox (GET /internal/email-outbox). */
  notificationUrl: string;
  internalToken: string;
  redisPrefix: string;
  /** The stack's ADMIN_EMAIL: whoever registers and verifies it is the administrator (issue 17). */
  adminEmail: string;
}

/** The administrator of every stack the tests start (its ADMIN_EMAIL). */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';

export interface RunningStack extends StackInfo {
  output: () => string;
  /** SIGTERM, wait for the launcher to stop every child, then drop the data folder and Redis keys. */
  stop: () => Promise<number | null>;
}

const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 300_000);

export async function startStack(): Promise<RunningStack> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oneeta-e2e-'));
  const redisPrefix = `e2e-${process.pid}-${Date.now().toString(36)}`;
  const internalToken = randomBytes(24).toString('hex');
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    REDIS_PREFIX: redisPrefix,
    INTERNAL_TOKEN: internalToken,
    ADMIN_EMAIL: E2E_ADMIN_EMAIL,
    LOG_LEVEL: 'warn',
    NO_COLOR: '1',
    NODE_ENV: 'development',
    // Every test registers and signs in its own users from 127.0.0.1: lift the per-IP limits.
    AUTH_MAX_PER_IP_PER_MINUTE: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    SEARCH_MAX_PER_IP_PER_MINUTE: '100000',
    TIMEZONE_MAX_PER_IP_PER_MINUTE: '100000',
    TRAVEL_TIMES_MAX_PER_IP_PER_MINUTE: '100000',
    LEAD_MAX_PER_IP_PER_HOUR: '100000',
    // Issue 15's live check every second and a 5 s arrival dwell, so lateness and arrivals show
    // within a test's patience (defaults: 30 s and 60 s).
    LIVE_CHECK_INTERVAL_MS: '1000',
    ARRIVAL_DWELL_SECONDS: '5',
    // Push goes only to endpoints the tests register: the push-service stand-in on 127.0.0.1
    // (services/notification/test/push-stand-in.ts), whose self-signed certificate the
    // notification service's web-push must trust. E-mail stays in the embedded outbox.
    NODE_EXTRA_CA_CERTS: pushStandInCertificate,
  };
  for (const key of [
    'DATABASE_URL',
    'HOST',
    'REDIS_URL',
    'NODE_OPTIONS',
    'VITEST',
    'VITEST_MODE',
    'SMTP_URL',
    'VAPID_PUBLIC_KEY',
    'VAPID_PRIVATE_KEY',
    // The browser tests buy through the local test-mode checkout, never a Stripe account.
    'STRIPE_SECRET_KEY',
  ])
    delete env[key];
  if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;

  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.E2E_STACK_LOG) process.stderr.write(chunk);
  };
  proc.stdout.on('data', append);
  proc.stderr.on('data', append);
  const exited = once(proc, 'exit').then(([code]) => code as number | null);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const base = `http://127.0.0.1:${port}`;
  const banner = `OneETA is running at http://localhost:${port}`;
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropRedisKeys(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix, 'e2e');
  };
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    // The banner follows /api/health and lists every port, so it is the one signal to wait for.
    while (!output.includes(banner) || !serviceUrl(output, 'notification')) {
      if (exitCode !== undefined)
        throw new Error(`the launcher exited with ${exitCode} while starting`);
      if (Date.now() > deadline)
        throw new Error(`the stack was not up after ${START_TIMEOUT_MS / 1000} s`);
      await sleep(200);
    }
    const health = await fetch(`${base}/api/health`);
    if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
  } catch (error) {
    proc.kill('SIGKILL');
    await exited;
    await cleanup();
    throw new Error(`${(error as Error).message}\n--- launcher output ---\n${output}`, {
      cause: error,
    });
  }

  return {
    base,
    authUrl: serviceUrl(output, 'auth')!,
    notificationUrl: serviceUrl(output, 'notification')!,
    internalToken,
    redisPrefix,
    adminEmail: E2E_ADMIN_EMAIL,
    output: () => output,
    stop: async () => {
      if (exitCode === undefined) proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      await cleanup();
      return code;
    },
  };
}

/** A service's own URL from the launcher's banner (`  auth          http://127.0.0.1:40123`). */
function serviceUrl(output: string, name: string): string | undefined {
  return new RegExp(`^ {2}${name} +(http://127\\.0\\.0\\.1:\\d+)$`, 'm').exec(output)?.[1];
}
