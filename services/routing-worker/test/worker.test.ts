import { randomUUID } from 'node:crypto';
import {
  bullPrefix,
  QUEUES,
  routeWorkersKey,
  routeWorkerBeatSchema,
  type RouteMatrixResult,
  type Session,
} from '@oneeta/contracts';
import { estimateTravel } from '@oneeta/maps';
import { eventually } from '@oneeta/service-kit/testing';
import { bearer, createSession, newSessionId, type TestUser } from '@oneeta/session/testing';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countingProvider, startPipeline, type Pipeline } from './helpers.js';

let p: Pipeline;
beforeAll(async () => {
  p = await startPipeline();
});
afterEach(async () => {
  await p.closeWorkers();
});
afterAll(async () => {
  await p.close();
});

const DEST = { lat: 47.6097, lon: -122.3422 };
const guests = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    id: `g${from + i}`,
    name: `Guest ${from + i}`,
    lat: 47.3 + (from + i) * 0.01,
    lon: -122.2,
  }));

const view = async (owner: TestUser, sessionId: string): Promise<Session> =>
  (
    await p.session.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}`,
      headers: bearer(owner.token),
    })
  ).json().session;

const travelled = (s: Session) => s.participants.filter((x) => x.travelTimeSeconds !== null);

const jobResults = async (sessionId: string) => {
  const queue = new Queue(QUEUES.routeMatrix, {
    connection: p.session.redis,
    prefix: bullPrefix(p.session.prefix),
  });
  const jobs = await queue.getJobs(['completed']);
  await queue.close();
  return jobs
    .filter((j) => j.data.sessionId === sessionId)
    .map((j) => j.returnvalue as RouteMatrixResult);
};

const activeJobs = async () => {
  const queue = new Queue(QUEUES.routeMatrix, {
    connection: p.session.redis,
    prefix: bullPrefix(p.session.prefix),
  });
  const jobs = await queue.getJobs(['active']);
  await queue.close();
  return jobs;
};

describe('route-matrix worker against the real session service', () => {
  it('computes every positioned participant’s travel time and the session stores it', async () => {
    const counting = countingProvider();
    p.worker(counting.provider);
    const owner = await p.session.user({ plan: 'premium' });
    const s = await createSession(p.session, owner, {
      participants: guests(3),
      destination: { id: 'd', name: 'D', address: 'A', position: DEST },
    });

    await eventually(async () => travelled(await view(owner, s.sessionId)).length === 3, {
      timeoutMs: 10_000,
    });
    const stored = await view(owner, s.sessionId);
    for (const g of stored.participants.filter((x) => x.id.startsWith('g'))) {
      const expected = estimateTravel(
        { lat: Number(g.lat!.toFixed(3)), lon: Number(g.lon!.toFixed(3)) },
        { lat: 47.61, lon: -122.342 },
        { mode: 'car', routeType: 'fastest', avoidTolls: false },
      );
      expect(g.travelTimeSeconds).toBe(Math.round(expected.travelTimeSeconds));
      expect(Date.parse(g.departureTime!)).toBe(
        Date.parse(stored.arriveAt!) - g.travelTimeSeconds! * 1000,
      );
    }
    expect(stored.travel.earliestArrival).not.toBeNull();
    const usage = (await p.usage()).filter((u) => u.data.sessionId === s.sessionId);
    expect(usage.map((u) => u.data.metrics)).toEqual([
      expect.objectContaining({
        cells: 3,
        transactions: 1,
        strategy: 'estimate',
        provider: 'offline',
      }),
    ]);
    expect(usage[0]!.data).toMatchObject({
      event: 'travel_times',
      origin: 'route-matrix',
      request: { originCount: 3 },
    });
  });

  it('answers cells already cached without calling the provider', async () => {
    const counting = countingProvider();
    const w = p.worker(counting.provider);
    const owner = await p.session.user({ plan: 'premium' });
    const body = {
      participants: guests(3, 20),
      destination: { id: 'd', name: 'D', address: 'A', position: DEST },
      arriveAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    const first = await createSession(p.session, owner, body);
    await eventually(async () => travelled(await view(owner, first.sessionId)).length === 3, {
      timeoutMs: 10_000,
    });
    expect(counting.cells()).toBe(3);

    const second = await createSession(p.session, owner, { ...body, sessionId: newSessionId() });
    await eventually(async () => travelled(await view(owner, second.sessionId)).length === 3, {
      timeoutMs: 10_000,
    });
    expect(counting.cells()).toBe(3);
    const [result] = await jobResults(second.sessionId);
    expect(result).toMatchObject({
      outcome: 'all_cached',
      cachedKeys: 3,
      cells: 0,
      providerCalls: 0,
    });
    expect(result!.cachedExpiresAt).not.toBeNull();
    expect(await w.registry.getSingleMetricAsString('routing_cells_total')).toMatch(
      /routing_cells_total\{source="cache"\} 3/,
    );
  });

  it('splits a job’s missing cells into calls of the provider’s limit', async () => {
    const counting = countingProvider(undefined, { limit: 10 });
    p.worker(counting.provider);
    const owner = await p.session.user({ plan: 'enterprise' });
    const s = await createSession(p.session, owner, {
      participants: guests(13, 40),
      destination: { id: 'd', name: 'D', address: 'A', position: DEST },
    });
    await eventually(async () => travelled(await view(owner, s.sessionId)).length === 13, {
      timeoutMs: 10_000,
    });
    expect(counting.calls.map((c) => c.origins)).toEqual([10, 3]);
    const usage = (await p.usage()).filter((u) => u.data.sessionId === s.sessionId);
    expect(usage.map((u) => [u.data.metrics.cells, u.data.metrics.transactions])).toEqual([
      [10, 3],
      [3, 1],
    ]);
  });

  it('runs one follow-up job with the newest position when an update arrives during a running job', async () => {
    const counting = countingProvider();
    p.worker(counting.provider);
    const owner = await p.session.user({ plan: 'premium' });
    await p.moveTo(owner, 47.0, -122.3);
    counting.hold();
    const s = await createSession(p.session, owner, {
      participants: [{ id: `user:${owner.id}`, lat: 47.0, lon: -122.3 }],
      destination: { id: 'd', name: 'D', address: 'A', position: DEST },
    });
    await counting.entered();
    await p.moveTo(owner, 47.5, -122.3); // while the first job is inside the provider
    await p.moveTo(owner, 47.55, -122.3);
    counting.release();

    const near = estimateTravel(
      { lat: 47.55, lon: -122.3 },
      { lat: 47.61, lon: -122.342 },
      { mode: 'car', routeType: 'fastest', avoidTolls: false },
    );
    await eventually(
      async () =>
        (await view(owner, s.sessionId)).participants[0]!.travelTimeSeconds ===
        Math.round(near.travelTimeSeconds),
      { timeoutMs: 10_000 },
    );
    const results = await jobResults(s.sessionId);
    expect(results).toHaveLength(2);
    expect(counting.calls).toHaveLength(2);
  });

  it('two workers racing on the same keys compute each cell once', async () => {
    const counting = countingProvider();
    counting.hold();
    const workers = [
      p.worker(counting.provider, { concurrency: 1 }),
      p.worker(counting.provider, { concurrency: 1 }),
    ];
    const owner = await p.session.user({ plan: 'premium' });
    const body = {
      participants: guests(3, 60),
      destination: { id: 'd', name: 'D', address: 'A', position: { lat: 40.7, lon: -74 } },
      arriveAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    };
    const [s1, s2] = [
      await createSession(p.session, owner, body),
      await createSession(p.session, owner, body),
    ];
    await counting.entered();
    // Both jobs are running: the first inside the provider, the second about to read the cache.
    await eventually(
      async () =>
        (await activeJobs()).filter(
          (j) =>
            [s1.sessionId, s2.sessionId].includes(j.data.sessionId) &&
            typeof j.progress === 'object',
        ).length === 2,
      { timeoutMs: 10_000 },
    );
    counting.release();
    for (const s of [s1, s2])
      await eventually(async () => travelled(await view(owner, s.sessionId)).length === 3, {
        timeoutMs: 10_000,
      });
    expect(counting.cells()).toBe(3);
    const results = [...(await jobResults(s1.sessionId)), ...(await jobResults(s2.sessionId))];
    expect(results.map((r) => r.cells).sort()).toEqual([0, 3]);
    // The second job took the first one's cells, whether it waited on its markers or found them written.
    const metrics = (await Promise.all(workers.map((w) => w.registry.getMetricsAsJSON()))).flatMap(
      (m) => m.find((x) => x.name === 'routing_cells_total')?.values ?? [],
    );
    const bySource = (source: string) =>
      metrics.filter((v) => v.labels.source === source).reduce((n, v) => n + v.value, 0);
    expect(bySource('provider')).toBe(3);
    expect(bySource('peer') + bySource('cache')).toBe(3);
  });

  it('announces each worker in Redis for the queue panel and removes it on close', async () => {
    const id = `beat-${randomUUID().slice(0, 6)}`;
    const w = p.worker(countingProvider().provider, { id });
    await eventually(
      async () => (await p.session.redis.hget(routeWorkersKey(p.session.prefix), id)) !== null,
    );
    const beat = routeWorkerBeatSchema.parse(
      JSON.parse((await p.session.redis.hget(routeWorkersKey(p.session.prefix), id))!),
    );
    expect(beat).toMatchObject({ workerId: id, jobsProcessing: 0, concurrency: 2 });
    await w.close();
    expect(await p.session.redis.hget(routeWorkersKey(p.session.prefix), id)).toBeNull();
  });
});
