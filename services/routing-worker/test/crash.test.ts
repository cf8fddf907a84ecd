import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bullPrefix, QUEUES, routeWorkersKey, type RouteMatrixResult } from '@oneeta/contracts';
import { startFakeAzureMaps, type FakeAzureMaps } from '@oneeta/maps/testing';
import { eventually, TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import { bearer, createSession } from '@oneeta/session/testing';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPipeline, type Pipeline } from './helpers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
let p: Pipeline;
let fake: FakeAzureMaps;
const children: ChildProcess[] = [];

beforeAll(async () => {
  p = await startPipeline();
  fake = await startFakeAzureMaps();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await fake.close();
  await p.close();
});

/** The worker deployable itself (src/main.ts) as a child process, using Azure Maps (the fake). */
function workerProcess(id: string): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=@oneeta/source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        LOG_LEVEL: process.env.WORKER_LOG ?? 'silent',
        REDIS_URL: p.config.REDIS_URL,
        REDIS_PREFIX: p.session.prefix,
        INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
        SESSION_URL: p.address,
        WORKER_ID: id,
        WORKER_LOCK_MS: '1000',
        WORKER_STALLED_INTERVAL_MS: '500',
        ...fake.env('key'),
      },
      stdio: ['ignore', process.env.WORKER_LOG ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

const beating = async (id: string) =>
  (await p.session.redis.hget(routeWorkersKey(p.session.prefix), id)) !== null;
const exited = (c: ChildProcess) =>
  new Promise<number | null>((r) =>
    c.exitCode !== null ? r(c.exitCode) : c.once('exit', (code) => r(code)),
  );

describe('a worker process killed mid-job', () => {
  it('leaves its job to another worker, which computes it and bills each cell once', async () => {
    const doomed = workerProcess('doomed');
    await eventually(() => beating('doomed'), { timeoutMs: 20_000 });
    fake.delayNext(1, 5_000);
    const owner = await p.session.user({ plan: 'premium' });
    const guests = [0, 1, 2].map((i) => ({
      id: `g${i}`,
      name: `G${i}`,
      lat: 47.4 + i * 0.05,
      lon: -122.2,
    }));
    const s = await createSession(p.session, owner, { participants: guests });

    const matrixCalls = () => fake.requests.filter((r) => r.path === '/route/matrix').length;
    await eventually(() => matrixCalls() === 1, { timeoutMs: 10_000 });
    doomed.kill('SIGKILL'); // inside the provider call, before any cell is written
    expect(await exited(doomed)).toBeNull();

    const survivor = workerProcess('survivor');
    const view = async () =>
      (
        await p.session.app.inject({
          method: 'GET',
          url: `/api/sessions/${s.sessionId}`,
          headers: bearer(owner.token),
        })
      ).json().session;
    await eventually(
      async () =>
        (await view()).participants.filter(
          (x: { travelTimeSeconds: number | null }) => x.travelTimeSeconds !== null,
        ).length === 3,
      { timeoutMs: 20_000 },
    );

    expect(matrixCalls()).toBe(2);
    const usage = (await p.usage()).filter((u) => u.data.sessionId === s.sessionId);
    expect(usage.map((u) => u.data.metrics.cells)).toEqual([3]);
    const queue = new Queue(QUEUES.routeMatrix, {
      connection: p.session.redis,
      prefix: bullPrefix(p.session.prefix),
    });
    const [job] = (await queue.getJobs(['completed'])).filter(
      (j) => j.data.sessionId === s.sessionId,
    );
    await queue.close();
    expect(job!.stalledCounter).toBe(1);
    expect((job!.returnvalue as RouteMatrixResult).cells).toBe(3);

    // SIGTERM: the survivor closes its worker and exits cleanly, removing its heartbeat.
    survivor.kill('SIGTERM');
    expect(await exited(survivor)).toBe(0);
    expect(await beating('survivor')).toBe(false);
  });
});
