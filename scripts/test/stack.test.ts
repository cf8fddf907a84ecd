// The launcher's process handling, on a throwaway tree of tiny fake services.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Child } from '../launcher/children.js';
import type { RestartPolicy } from '../launcher/restart-policy.js';
import { readLauncherConfig } from '../launcher/config.js';
import { discoverDeployables } from '../launcher/deployables.js';
import { findFreePort, isPortOpen } from '../launcher/ports.js';
import { assignPorts, Stack } from '../launcher/stack.js';
import { root as repoRoot } from './helpers/launcher.js';

// A service: every path answers 200 with its env, /crash exits with 3; SIGTERM closes gracefully
// unless FAKE_IGNORE_SIGTERM is set; FAKE_EXIT_AT_START makes it exit 1 at once.
const FAKE_MAIN = `
import http from 'node:http';
import { writeFileSync } from 'node:fs';
if (process.env.FAKE_EXIT_AT_START) process.exit(1);
const server = http.createServer((req, res) => {
  if (req.url === '/crash') process.exit(3);
  res.end(JSON.stringify({ env: process.env }));
});
server.listen(Number(process.env.PORT), process.env.HOST, () => {
  if (process.env.PORT_FILE) writeFileSync(process.env.PORT_FILE, String(server.address().port));
});
process.on('SIGTERM', () => { if (!process.env.FAKE_IGNORE_SIGTERM) server.close(() => process.exit(0)); });
`;

const tree = mkdtempSync(path.join(tmpdir(), 'oneeta-stack-'));
writeFileSync(path.join(tree, 'package.json'), '{ "type": "module" }');
symlinkSync(path.join(repoRoot, 'node_modules'), path.join(tree, 'node_modules'));
for (const dir of [
  'services/auth',
  'services/session',
  'services/routing-worker',
  'apps/gateway',
]) {
  mkdirSync(path.join(tree, dir, 'src'), { recursive: true });
  writeFileSync(path.join(tree, dir, 'src/main.ts'), FAKE_MAIN);
}
const silent = { info: () => {}, error: () => {} };
let stack: Stack | undefined;

afterEach(async () => stack?.stop(500));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const FAST: RestartPolicy = {
  initialDelayMs: 50,
  maxDelayMs: 400,
  resetAfterMs: 30_000,
  maxCrashes: 3,
  windowMs: 60_000,
};

async function startStack(env: Record<string, string> = {}, restart = FAST) {
  const config = readLauncherConfig({}, [], tree);
  const assigned = await assignPorts(discoverDeployables(tree), await findFreePort());
  const options = { root: tree, config, env: { ...process.env, ...env }, log: silent, restart };
  stack = new Stack(assigned, { ...options, redisUrl: 'redis://x:1', color: false, width: 14 });
  const exits: Child[] = [];
  const recovered: string[] = [];
  const gaveUp: string[] = [];
  await stack.start({
    onCrash: (child) => exits.push(child),
    onRecovered: (child) => recovered.push(child.name),
    onGiveUp: (message) => gaveUp.push(message),
  });
  return { stack, assigned, exits, recovered, gaveUp };
}

/** GET /crash on a fake service: it exits with code 3. */
const crash = (port: number) => fetch(`http://127.0.0.1:${port}/crash`).catch(() => undefined);

describe('the stack', () => {
  it('starts auth first, then services, then workers, then the gateway, each child with every service URL', async () => {
    const { stack, assigned } = await startStack();
    const order = ['auth', 'session', 'routing-worker', 'gateway'];
    expect(stack.children.map((c) => c.name)).toEqual(order);
    const gateway = assigned.find((d) => d.role === 'gateway')!;
    const answer = (await (await fetch(`http://127.0.0.1:${gateway.port}/`)).json()) as {
      env: Record<string, string>;
    };
    const auth = assigned[0]!;
    expect(answer.env).toMatchObject({
      AUTH_URL: `http://127.0.0.1:${auth.port}`,
      SESSION_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      REDIS_URL: 'redis://x:1',
    });
    expect(answer.env.ROUTING_WORKER_URL).toBeUndefined();
    // Workers start after the services they call, so they get their bound ports, not port 0.
    const session = assigned.find((d) => d.name === 'session')!;
    const worker = assigned.find((d) => d.name === 'routing-worker')!;
    const workerEnv = (
      (await (await fetch(`http://127.0.0.1:${worker.port}/`)).json()) as {
        env: Record<string, string>;
      }
    ).env;
    expect(workerEnv.SESSION_URL).toBe(`http://127.0.0.1:${session.port}`);
  });

  it('restarts a child that crashes, on the same port, with the same environment', async () => {
    const { stack, assigned, exits, recovered, gaveUp } = await startStack();
    const session = assigned.find((d) => d.name === 'session')!;
    const before = stack.children[1]!;
    const envOf = async () =>
      (
        (await (await fetch(`http://127.0.0.1:${session.port}/`)).json()) as {
          env: Record<string, string>;
        }
      ).env;
    const envBefore = await envOf();
    await crash(session.port);
    await expect.poll(() => exits.map((c) => `${c.name} ${c.exit}`)).toEqual(['session code 3']);
    await expect.poll(() => recovered, { timeout: 20_000 }).toEqual(['session']);
    expect(stack.children[1]).not.toBe(before);
    expect(stack.children.map((c) => c.name)).toEqual([
      'auth',
      'session',
      'routing-worker',
      'gateway',
    ]);
    const envAfter = await envOf();
    expect(envAfter.PORT).toBe(String(session.port));
    expect(envAfter.AUTH_URL).toBe(envBefore.AUTH_URL);
    expect(envAfter.EXIT_WHEN_STDIN_CLOSES).toBe('1');
    expect(gaveUp).toEqual([]);
  });

  it('gives up on a child that crash-loops, naming it and its last exit', async () => {
    const { assigned, exits, recovered, gaveUp } = await startStack();
    const worker = assigned.find((d) => d.name === 'routing-worker')!;
    for (let crashes = 1; crashes <= 3; crashes++) {
      if (crashes > 1)
        await expect.poll(() => recovered.length, { timeout: 20_000 }).toBe(crashes - 1);
      await crash(worker.port);
      await expect.poll(() => exits.length).toBe(crashes);
    }
    await expect
      .poll(() => gaveUp)
      .toEqual([
        'routing-worker crashed 3 times within 60 s (last exit: code 3); stopping everything',
      ]);
    expect(recovered).toEqual(['routing-worker', 'routing-worker']);
  });

  it('stops every child, force-killing one that ignores SIGTERM after the grace period', async () => {
    const { stack, assigned, exits } = await startStack({ FAKE_IGNORE_SIGTERM: '1' });
    const started = Date.now();
    await stack.stop(500);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(stack.children.map((c) => c.exit)).toEqual(Array(4).fill('signal SIGKILL'));
    for (const d of assigned) expect(await isPortOpen(d.port)).toBe(false);
    expect(exits).toEqual([]);
  });

  it('fails to start with the name of a service that exits while starting', async () => {
    await expect(startStack({ FAKE_EXIT_AT_START: '1' })).rejects.toThrow(
      'auth exited while starting (code 1)',
    );
  });
});
