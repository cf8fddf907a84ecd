// (b) With DATABASE_URL, PostgreSQL stops (immediate: connections drop) for 10 s during a burst.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../src/postgres.js';
import { startRedis, type TestRedis } from '../src/redis.js';
import { diagnose } from '../src/diagnose.js';
import { burstThrough } from '../src/scenario.js';
import { launch, stackProcesses, type Launched } from '../src/stack.js';

const OUTAGE_MS = 10_000;
const dir = mkdtempSync(path.join(tmpdir(), 'oneeta-fault-pgstack-'));
let redis: TestRedis;
let pg: TestPostgres;
let stack: Launched;

beforeAll(async () => {
  mkdirSync(path.join(dir, 'redis'));
  redis = await startRedis(path.join(dir, 'redis'));
  pg = await startPostgres();
  stack = await launch({
    dataDir: path.join(dir, 'data'),
    redisUrl: redis.url,
    databaseUrl: pg.url,
  });
});

afterAll(async () => {
  await stack?.stop();
  await redis?.stop();
  pg?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('PostgreSQL stops for 10 s during a burst (DATABASE_URL)', () => {
  it('loses no acknowledged write, delivers every route job, and /ws gets refresh-session again within 15 s', async () => {
    await burstThrough(
      'postgres-outage',
      () => stack.base,
      async (_world, faultBegan) => {
        const startedAt = Date.now();
        pg.stop();
        faultBegan(Date.now());
        await sleep(OUTAGE_MS); // the outage itself
        pg.start();
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
