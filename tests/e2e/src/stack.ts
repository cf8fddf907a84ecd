// The whole product for the browser tests: `scripts/start.ts` (what `pnpm start` runs) as a child
// process on a free port, with its own data folder, Redis prefix and internal token.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pushStandInCertificate } from '@oneeta/notification/testing';
import { childEnv, startChildStack, type ChildStack } from '@oneeta/scripts/launcher/child';
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

/**
 * Starts a stack; `extraEnv` on top of the tests' settings (a test that needs its own stack, such
 * as the MapLibre map's with MAP_STYLE_URL).
 */
export async function startStack(extraEnv: Record<string, string> = {}): Promise<RunningStack> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oneeta-e2e-'));
  const redisPrefix = `e2e-${process.pid}-${Date.now().toString(36)}`;
  const internalToken = randomBytes(24).toString('hex');
  const env = childEnv(
    {
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
      // A move's new ETA after 1 s rather than the 10 s coalescing window.
      ROUTE_COALESCE_MS: '1000',
      // Push goes only to endpoints the tests register: the push-service stand-in on 127.0.0.1
      // (services/notification/test/push-stand-in.ts), whose self-signed certificate the
      // notification service's web-push must trust. E-mail stays in the embedded outbox.
      NODE_EXTRA_CA_CERTS: pushStandInCertificate,
      // The stand-in is on 127.0.0.1: the test-only switch that lets pushes go to a private address.
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
      ...extraEnv,
    },
    [
      'DATABASE_URL',
      'REDIS_URL',
      'SMTP_URL',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      // The browser tests buy through the local test-mode checkout, never a Stripe account.
      'STRIPE_SECRET_KEY',
      // The tests draw the offline map, unless one sets a style of its own (maplibre-map.test.ts).
      'MAP_STYLE_URL',
      'MAP_TILE_ORIGINS',
      'MAP_ATTRIBUTION',
    ],
  );
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropRedisKeys(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix, 'e2e');
  };
  let stack: ChildStack;
  try {
    // The banner lists every port: the notification service's is read from it.
    stack = await startChildStack({
      root: repoRoot,
      port,
      env,
      timeoutMs: START_TIMEOUT_MS,
      echo: Boolean(process.env.E2E_STACK_LOG),
      ready: (output) => serviceUrl(output, 'notification') !== undefined,
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  const health = await fetch(`${stack.base}/api/health`);
  if (!health.ok) {
    await stack.stop();
    await cleanup();
    throw new Error(
      `/api/health answered ${health.status}\n--- launcher output ---\n${stack.output()}`,
    );
  }
  const { base, output } = stack;

  return {
    base,
    authUrl: serviceUrl(output(), 'auth')!,
    notificationUrl: serviceUrl(output(), 'notification')!,
    internalToken,
    redisPrefix,
    adminEmail: E2E_ADMIN_EMAIL,
    output,
    stop: async () => {
      const code = await stack.stop();
      await cleanup();
      return code;
    },
  };
}

/** A service's own URL from the launcher's banner (`  auth          http://127.0.0.1:40123`). */
function serviceUrl(output: string, name: string): string | undefined {
  return new RegExp(`^ {2}${name} +(http://127\\.0\\.0\\.1:\\d+)$`, 'm').exec(output)?.[1];
}
