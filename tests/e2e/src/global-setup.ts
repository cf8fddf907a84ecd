// Starts one stack for the whole run and hands its addresses to every test file through `inject`.
import { rmSync } from 'node:fs';
import { chromiumProblem } from '@oneeta/scripts/launcher/chromium';
import type { TestProject } from 'vitest/node';
import { artifactsDir } from './paths.js';
import { E2E_ADMIN_EMAIL, startStack, type RunningStack, type StackInfo } from './stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const noChromium = chromiumProblem();
  if (noChromium) throw new Error(noChromium); // before minutes of starting a stack
  rmSync(artifactsDir, { recursive: true, force: true }); // artifacts/ holds the last run only
  const running = runningStack();
  if (running) {
    // A stack someone already started (E2E_STACK_*), for quick reruns while writing tests.
    process.stderr.write(`e2e: using the running stack at ${running.base}\n`);
    project.provide('stack', running);
    return async () => {};
  }
  const started = Date.now();
  const stack = await startStack();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(`e2e: stack up at ${stack.base} in ${seconds} s (auth ${stack.authUrl})\n`);
  await expectWebApp(stack);
  project.provide('stack', {
    base: stack.base,
    authUrl: stack.authUrl,
    notificationUrl: stack.notificationUrl,
    internalToken: stack.internalToken,
    redisPrefix: stack.redisPrefix,
    adminEmail: stack.adminEmail,
  });
  return async () => {
    const code = await stack.stop();
    if (code !== 0)
      process.stderr.write(
        `e2e: the launcher exited with ${code}\n${stack.output().slice(-4000)}\n`,
      );
  };
}

/** The first page load must be the web app (apps/web/dist, built by the launcher when stale). */
async function expectWebApp(stack: RunningStack): Promise<void> {
  const res = await fetch(`${stack.base}/`, { headers: { accept: 'text/html' } });
  const body = await res.text();
  if (res.ok && body.includes('id="root"')) return;
  await stack.stop();
  throw new Error(
    `The gateway does not serve the web app at / (HTTP ${res.status}: ${body.slice(0, 200)}). ` +
      'apps/web must be built into apps/web/dist; `pnpm start` builds it when it is missing or stale.',
  );
}

/**
 * E2E_STACK_BASE (the gateway), E2E_STACK_AUTH_URL, E2E_STACK_NOTIFICATION_URL, E2E_STACK_INTERNAL_TOKEN and
 * E2E_STACK_REDIS_PREFIX point the tests at a stack that is already running (started with the same
 * INTERNAL_TOKEN, AUTH_MAX_PER_IP_PER_MINUTE and RATE_LIMIT_PER_MINUTE as `startStack` sets, and
 * ADMIN_EMAIL=E2E_STACK_ADMIN_EMAIL, by default the e-mail `startStack` uses).
 */
function runningStack(): StackInfo | undefined {
  const {
    E2E_STACK_BASE,
    E2E_STACK_AUTH_URL,
    E2E_STACK_NOTIFICATION_URL,
    E2E_STACK_INTERNAL_TOKEN,
    E2E_STACK_REDIS_PREFIX,
    E2E_STACK_ADMIN_EMAIL,
  } = process.env;
  if (!E2E_STACK_BASE) return undefined;
  if (!E2E_STACK_AUTH_URL || !E2E_STACK_NOTIFICATION_URL || !E2E_STACK_INTERNAL_TOKEN)
    throw new Error(
      'E2E_STACK_BASE needs E2E_STACK_AUTH_URL, E2E_STACK_NOTIFICATION_URL and E2E_STACK_INTERNAL_TOKEN too',
    );
  return {
    base: E2E_STACK_BASE,
    authUrl: E2E_STACK_AUTH_URL,
    notificationUrl: E2E_STACK_NOTIFICATION_URL,
    internalToken: E2E_STACK_INTERNAL_TOKEN,
    redisPrefix: E2E_STACK_REDIS_PREFIX ?? '',
    adminEmail: E2E_STACK_ADMIN_EMAIL ?? E2E_ADMIN_EMAIL,
  };
}
