import {
  bullPrefix,
  QUEUES,
  routeWorkersKey,
  type RouteMatrixResult,
  type RouteWorkerBeat,
} from '@oneeta/contracts';
import { createRedis } from '@oneeta/service-kit';
import { eventually, openTestRedisInfra, TEST_INTERNAL_TOKEN } from '@oneeta/service-kit/testing';
import { Queue, Worker, type Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueSnapshot, workerView } from '../src/queue/snapshot.js';
import { startRouting } from './helpers.js';

let infra: ReturnType<typeof openTestRedisInfra>;
let queue: Queue;
beforeAll(() => {
  infra = openTestRedisInfra('routing-queue');
  queue = new Queue(QUEUES.routeMatrix, {
    connection: infra.redis,
    prefix: bullPrefix(infra.prefix),
  });
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await infra.close();
});

const job = (sessionId: string, opts: Record<string, unknown> = {}) =>
  queue.add(
    'compute',
    { sessionId, reason: 'location', requestedAt: new Date().toISOString() },
    { deduplication: { id: `session:${sessionId}`, keepLastIfActive: true }, ...opts },
  );

const beat = (over: Partial<RouteWorkerBeat>): RouteWorkerBeat => ({
  workerId: 'w',
  jobsProcessing: 0,
  concurrency: 4,
  startedAt: new Date().toISOString(),
  lastSeen: new Date().toISOString(),
  ...over,
});

describe('queue snapshot', () => {
  it('shows queued, running, finished jobs, workers and deduplication keys', async () => {
    const result: RouteMatrixResult = {
      outcome: 'computed',
      participantIds: ['a', 'b'],
      cachedKeys: 1,
      cells: 1,
      providerCalls: 1,
      cachedExpiresAt: '2030-01-01T00:00:00.000Z',
    };
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const connection = createRedis(infra.env.REDIS_URL, { role: 'worker' });
    const worker = new Worker(
      QUEUES.routeMatrix,
      async (j: Job) => {
        if (j.data.sessionId === 'fails') throw new Error('provider down');
        if (j.data.sessionId === 'running') {
          await j.updateProgress({ participantIds: ['p1'] });
          await held;
        }
        return result;
      },
      { connection, prefix: bullPrefix(infra.prefix), concurrency: 4 },
    );
    await job('done');
    await job('fails');
    await eventually(
      async () =>
        (await queue.getJobCounts('completed', 'failed')).failed === 1 &&
        (await queue.getCompletedCount()) === 1,
    );
    await job('running');
    await eventually(async () => (await queue.getActiveCount()) === 1);
    await worker.pause(true);
    await job('later', { delay: 60_000, priority: 2 });
    const now = new Date();
    await infra.redis.hset(
      routeWorkersKey(infra.prefix),
      'w1',
      JSON.stringify(beat({ workerId: 'w1', jobsProcessing: 1 })),
    );
    await infra.redis.hset(
      routeWorkersKey(infra.prefix),
      'w0',
      JSON.stringify(
        beat({ workerId: 'w0', lastSeen: new Date(now.getTime() - 60_000).toISOString() }),
      ),
    );

    const snap = await queueSnapshot({ queue, redis: infra.redis, redisPrefix: infra.prefix, now });
    expect(snap).toMatchObject({ queuedCount: 1, processingCount: 1, stalled: [] });
    expect(snap.processing.map((j) => [j.sessionId, j.status, j.participantIds])).toEqual([
      ['running', 'active', ['p1']],
    ]);
    const bySession = Object.fromEntries(snap.recentJobs.map((j) => [j.sessionId, j]));
    expect(bySession.done).toMatchObject({
      status: 'completed',
      cells: 1,
      cachedKeys: 1,
      participantIds: ['a', 'b'],
      reason: { code: 'computed', cachedExpiresAt: '2030-01-01T00:00:00.000Z' },
    });
    expect(bySession.fails).toMatchObject({
      status: 'failed',
      failedReason: 'provider down',
      reason: { code: 'location' },
    });
    expect(bySession.later).toMatchObject({ status: 'delayed', priority: 2 });
    expect(snap.oldestQueuedAt).toBe(bySession.later!.createdAt);
    expect(snap.workers).toEqual([
      { workerId: 'w0', status: 'stale', jobsProcessing: 0, lastSeen: expect.any(String) },
      { workerId: 'w1', status: 'busy', jobsProcessing: 1, lastSeen: expect.any(String) },
    ]);
    const keys = Object.fromEntries(snap.enqueueKeys.map((k) => [k.key, k]));
    expect(keys['session:running']).toMatchObject({
      jobId: bySession.running!.jobId,
      expiresAt: null,
    });
    expect(keys['session:later']).toMatchObject({ jobId: bySession.later!.jobId });
    expect(keys['session:done']).toBeUndefined();

    release();
    await worker.close();
    connection.disconnect();
  });

  it('shows an active job whose lock lapsed as stalled', async () => {
    const q = await queue.getJobs(['active']);
    expect(q).toHaveLength(0);
    await job('orphan');
    // Simulate a worker that took the job and died: move it to active without a lock.
    const connection = createRedis(infra.env.REDIS_URL, { role: 'worker' });
    const worker = new Worker(QUEUES.routeMatrix, null, {
      connection,
      prefix: bullPrefix(infra.prefix),
      lockDuration: 200,
    });
    const taken = await worker.getNextJob('token-1');
    expect(taken?.data.sessionId).toBe('orphan');
    await infra.redis.del(`${bullPrefix(infra.prefix)}:${QUEUES.routeMatrix}:${taken!.id}:lock`);
    const snap = await queueSnapshot({ queue, redis: infra.redis, redisPrefix: infra.prefix });
    expect(snap.stalled.map((j) => j.sessionId)).toEqual(['orphan']);
    await worker.close(true);
    connection.disconnect();
  });

  it('ignores a malformed heartbeat', () => {
    expect(workerView('{not json', new Date())).toBeNull();
    expect(workerView(JSON.stringify({ workerId: 'x' }), new Date())).toBeNull();
  });
});

describe('GET /api/admin/queue and /api/admin/recent-enqueue', () => {
  it('answers the snapshot and the deduplication keys to the administrator and refuses everyone else', async () => {
    const h = await startRouting();
    try {
      await h.routeQueue.add(
        'compute',
        { sessionId: 'abc', reason: 'save', requestedAt: new Date().toISOString() },
        { delay: 60_000, deduplication: { id: 'route:abc' } },
      );
      const as = async (token?: string, url = '/api/admin/queue?limit=50') =>
        h.app.inject({
          method: 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      for (const url of ['/api/admin/queue?limit=50', '/api/admin/recent-enqueue']) {
        expect((await as(undefined, url)).statusCode).toBe(401);
        expect((await as(await h.token(), url)).statusCode).toBe(403);
        expect(
          (
            await h.app.inject({
              method: 'GET',
              url,
              headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
            })
          ).statusCode,
        ).toBe(401);
      }
      const admin = await h.adminToken();
      const res = await as(admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        queuedCount: 1,
        processingCount: 0,
        recentJobs: [{ sessionId: 'abc', status: 'delayed' }],
      });
      expect((await as(admin, '/api/admin/queue?limit=0')).statusCode).toBe(400);
      const keys = await as(admin, '/api/admin/recent-enqueue');
      expect(keys.statusCode).toBe(200);
      expect(keys.json<{ items: { key: string }[] }>().items.map((i) => i.key)).toEqual([
        expect.stringContaining('route:abc'),
      ]);
    } finally {
      await h.routeQueue.obliterate({ force: true });
      await h.close();
    }
  });
});
