// (a) Redis goes away for 10 s and comes back (same port, same data) during a burst of location writes.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../src/redis.js';
import { diagnose } from '../src/diagnose.js';
import { burstThrough } from '../src/scenario.js';
import { launch, stackProcesses, type Launched } from '../src/stack.js';

const OUTAGE_MS = 10_000;
const dir = mkdtempSync(path.join(tmpdir(), 'oneeta-fault-redis-'));
let redis: TestRedis;
let stack: Launched;

beforeAll(async () => {
  mkdirSync(path.join(dir, 'redis'));
  redis = await startRedis(path.join(dir, 'redis'));
  stack = await launch({ dataDir: path.join(dir, 'data'), redisUrl: redis.url });
});

afterAll(async () => {
  await stack?.stop();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('Redis restarts during a burst', () => {
  it('loses no acknowledged write, delivers every route job, and /ws gets refresh-session again within 15 s', async () => {
    await burstThrough(
      'redis-restart',
      () => stack.base,
      async (_world, faultBegan) => {
        const startedAt = Date.now();
        await redis.stop();
        faultBegan(Date.now());
        await sleep(OUTAGE_MS); // the outage itself
        await redis.start();
        return { startedAt, endedAt: Date.now() };
      },
      undefined,
      () => diagnose(stack, redis.url),
    );
  });

  it('leaves no process behind once the launcher is stopped', async () => {
    expect(await stack.stop()).toBe(0);
    await expect
      .poll(() => stackProcesses(stack.dataDir).map((p) => p.cmdline), { timeout: 15_000 })
      .toEqual([]);
  });
});
