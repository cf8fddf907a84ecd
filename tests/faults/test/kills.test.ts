// (c) SIGKILL the session service and the routing worker under `pnpm start` mid-burst: the
// launcher restarts them. (d) SIGKILL the launcher mid-burst: nothing of the stack outlives it,
// and the next start on the same data carries on with every acknowledged write.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../src/redis.js';
import { burstThrough } from '../src/scenario.js';
import { launch, stackProcesses, type Launched } from '../src/stack.js';
import { waitUntil } from '../src/wait.js';
import type { World } from '../src/world.js';

const ORPHAN_TIMEOUT_MS = 10_000;
const dir = mkdtempSync(path.join(tmpdir(), 'oneeta-fault-kill-'));
const dataDir = path.join(dir, 'data');
let redis: TestRedis;
let stack: Launched;
let world: World | undefined;

beforeAll(async () => {
  mkdirSync(path.join(dir, 'redis'));
  redis = await startRedis(path.join(dir, 'redis'));
  stack = await launch({ dataDir, redisUrl: redis.url });
});

afterAll(async () => {
  await stack?.stop();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('children and the launcher killed with SIGKILL', () => {
  it('(c) restarts the session service and the routing worker, losing no acknowledged write or route job', async () => {
    const killed: Record<string, number> = {};
    const numbers = await burstThrough(
      'kill-children',
      () => stack.base,
      async (_world, faultBegan) => {
        const startedAt = Date.now();
        for (const name of ['session', 'routing-worker']) {
          const pid = stack.childPid(name);
          expect(pid, `${name} pid`).toBeDefined();
          killed[name] = pid!;
          process.kill(pid!, 'SIGKILL');
        }
        faultBegan(Date.now());
        return { startedAt, endedAt: Date.now() };
      },
    );
    world = numbers.world;
    for (const [name, pid] of Object.entries(killed)) {
      await waitUntil(() => (stack.childPid(name) ?? pid) !== pid, 30_000, `${name} runs again`);
      expect(stack.output()).toContain(
        `${name} exited unexpectedly (signal SIGKILL); restarting it in`,
      );
    }
    expect(stack.proc.exitCode).toBeNull();
  });

  it('(d) leaves no process of the stack within seconds of a SIGKILLed launcher; the next start carries on', async () => {
    const port = stack.port;
    const internalToken = stack.internalToken;
    let orphansGoneMs = 0;
    await burstThrough(
      'kill-launcher',
      () => stack.base,
      async (_world, faultBegan) => {
        const startedAt = Date.now();
        expect(stackProcesses(dataDir).length).toBeGreaterThanOrEqual(6);
        stack.proc.kill('SIGKILL');
        faultBegan(Date.now());
        await stack.exited;
        await waitUntil(
          () => stackProcesses(dataDir).length === 0,
          ORPHAN_TIMEOUT_MS,
          'no process of the killed stack is left',
        ).catch(() => {
          throw new Error(
            `left behind:\n${stackProcesses(dataDir)
              .map((p) => `${p.pid} ${p.cmdline}`)
              .join('\n')}`,
          );
        });
        orphansGoneMs = Date.now() - startedAt;
        stack = await launch({ dataDir, redisUrl: redis.url, port, internalToken });
        return { startedAt, endedAt: Date.now() };
      },
      world,
    );
    console.log(
      `faults[kill-launcher]: every process of the stack gone ${(orphansGoneMs / 1000).toFixed(1)} s after the SIGKILL`,
    );
    expect(orphansGoneMs).toBeLessThanOrEqual(ORPHAN_TIMEOUT_MS);
  });

  it('leaves no process behind once the launcher is stopped', async () => {
    expect(await stack.stop()).toBe(0);
    await expect
      .poll(() => stackProcesses(dataDir).map((p) => p.cmdline), { timeout: 15_000 })
      .toEqual([]);
  });
});
