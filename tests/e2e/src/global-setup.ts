// Starts one stack for the whole run and hands its addresses to every test file through `inject`.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { artifactsDir } from './paths.js';
import { startStack, type RunningStack, type StackInfo } from './stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  rmSync(artifactsDir, { recursive: true, force: true }); // artifacts/ holds the last run only
  const started = Date.now();
  const stack = await startStack();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(`e2e: stack up at ${stack.base} in ${seconds} s (auth ${stack.authUrl})\n`);
  await expectWebApp(stack);
  project.provide('stack', {
    base: stack.base,
    authUrl: stack.authUrl,
    internalToken: stack.internalToken,
    redisPrefix: stack.redisPrefix,
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
