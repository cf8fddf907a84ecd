import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  JOBS,
  QUEUES,
  TOPICS,
  type RouteMatrixJob,
  type SessionNudge,
  type TravelComputedData,
} from '@oneeta/contracts';
import { createSessionSubscriber, streamKey, type SessionSubscriber } from '@oneeta/service-kit';
import { eventually, publishUnchecked, testRedisUrl } from '@oneeta/service-kit/testing';
import { participants, sessions } from '../src/store/schema.js';
import { bearer, createSession } from './factories.js';
import {
  startSession,
  startTravelConsumerOn,
  type SessionHarness,
  type TestUser,
} from './helpers.js';

let h: SessionHarness;
let consumer: { stop(): Promise<void>; ready: Promise<void> };
let subscriber: SessionSubscriber;
const nudges: SessionNudge[] = [];

beforeAll(async () => {
  h = await startSession({ ROUTE_JOB_DEBOUNCE_MS: '60000' });
  consumer = await startTravelConsumerOn(h, 'test-1');
  subscriber = createSessionSubscriber(testRedisUrl(), h.prefix, (_id, message) =>
    nudges.push(message),
  );
});
afterAll(async () => {
  await subscriber.close();
  await consumer.stop();
  await h.close();
});

const jobsOf = async (sessionId: string) => {
  await h.drained();
  return (await h.routeQueue.getJobs(['delayed', 'waiting'])).filter(
    (j) => (j.data as RouteMatrixJob).sessionId === sessionId,
  );
};
const rowsOf = (sessionId: string) =>
  h.database.db
    .select()
    .from(participants)
    .where(eq(participants.sessionId, sessionId))
    .orderBy(participants.position);
const sessionRow = async (id: string) =>
  (await h.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
const result = (participantId: string, travelTimeSeconds: number | null, ok = true) => ({
  participantId,
  ok,
  travelTimeSeconds,
  distanceMeters: travelTimeSeconds === null ? null : travelTimeSeconds * 12.5,
  departureTime: null,
  arrivalTime: null,
});

/** A session of a premium owner with two positioned guests. */
async function groupSession(owner?: TestUser) {
  const u = owner ?? (await h.user({ plan: 'premium' }));
  return createSession(h, u, {
    participants: [
      { id: `user:${u.id}`, lat: 47.6, lon: -122.3 },
      { id: 'g1', name: 'One', lat: 47.5, lon: -122.2 },
      { id: 'g2', name: 'Two', lat: 47.4, lon: -122.1 },
    ],
  });
}

describe('route-matrix jobs', () => {
  it('adds one compute job with the session id, reason and request time when a session is saved', async () => {
    const before = Date.now();
    const s = await groupSession();
    const jobs = await jobsOf(s.sessionId);
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job!.name).toBe(JOBS[QUEUES.routeMatrix].name);
    expect(job!.queueName).toBe('route-matrix');
    expect(job!.data).toEqual({
      sessionId: s.sessionId,
      reason: 'save',
      requestedAt: expect.any(String),
    });
    expect(Date.parse((job!.data as RouteMatrixJob).requestedAt)).toBeGreaterThanOrEqual(
      before - 5,
    );
    expect(job!.opts).toMatchObject({
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      delay: 60000,
      priority: 2,
    });
    expect(await h.routeQueue.getDeduplicationJobId(`session:${s.sessionId}`)).toBe(job!.id);
  });

  it('gives enterprise sessions a higher priority than premium, and free-owned sessions the lowest', async () => {
    const priorityOf = async (sessionId: string) => (await jobsOf(sessionId))[0]!.opts.priority;
    const enterprise = await groupSession(await h.user({ plan: 'enterprise' }));
    const premium = await groupSession(await h.user({ plan: 'premium' }));
    expect([await priorityOf(enterprise.sessionId), await priorityOf(premium.sessionId)]).toEqual([
      1, 2,
    ]);

    // A session whose owner went back to free: the next change queues at the lowest priority.
    const owner = await h.user({ plan: 'premium' });
    const downgraded = await groupSession(owner);
    await h.database.db
      .update(sessions)
      .set({ ownerPlan: 'free' })
      .where(eq(sessions.id, downgraded.sessionId));
    await h.routeQueue.remove((await jobsOf(downgraded.sessionId))[0]!.id!);
    const location = { latitude: 47.1, longitude: -122, accuracy: 5, timestamp: Date.now() };
    await h.app.inject({
      method: 'PUT',
      url: '/api/location',
      headers: bearer(owner.token),
      payload: location,
    });
    expect(await priorityOf(downgraded.sessionId)).toBe(4);
  });

  it('joins a burst of changes into the one job the first change scheduled', async () => {
    const owner = await h.user({ plan: 'premium' });
    const a = await groupSession(owner);
    const b = await groupSession(owner);
    for (let i = 0; i < 5; i++) {
      const res = await h.app.inject({
        method: 'PUT',
        url: '/api/location',
        headers: bearer(owner.token),
        payload: { latitude: 47 + i / 100, longitude: -122, accuracy: 5, timestamp: Date.now() },
      });
      expect(res.json().updated).toHaveLength(2);
    }
    for (const s of [a, b]) {
      const jobs = await jobsOf(s.sessionId);
      expect(jobs.map((j) => (j.data as RouteMatrixJob).reason)).toEqual(['save']);
    }
    expect(await h.routeQueue.getDelayedCount()).toBeGreaterThanOrEqual(2);
  });
});

describe('travel.computed', () => {
  it('stores each result and the earliest arrival, then nudges subscribers with refresh-session', async () => {
    const owner = await h.user({ plan: 'premium' });
    const s = await groupSession(owner);
    await subscriber.subscribe(s.sessionId);
    const computedAt = '2030-06-01T17:00:00.000Z';
    const data: TravelComputedData = {
      sessionId: s.sessionId,
      jobId: 'job-1',
      computedAt,
      results: [
        {
          ...result(`user:${owner.id}`, 600),
          departureTime: '2030-06-01T17:50:00.000Z',
          arrivalTime: '2030-06-01T18:00:00.000Z',
        },
        result('g1', 1800.4),
        result('g2', null, false),
        result('nobody', 99_999),
      ],
    };
    await h.bus.publish(TOPICS.travelComputed, data);

    await eventually(async () => (await sessionRow(s.sessionId)).earliestArrival !== null);
    expect((await sessionRow(s.sessionId)).earliestArrival?.toISOString()).toBe(
      '2030-06-01T17:30:00.000Z',
    );
    const rows = await rowsOf(s.sessionId);
    expect(rows.map((r) => [r.id, r.travelTimeSeconds, r.distanceMeters, r.travelOk])).toEqual([
      [`user:${owner.id}`, 600, 7500, true],
      ['g1', 1800, 22505, true],
      ['g2', null, null, false],
    ]);
    expect(rows[0]).toMatchObject({
      departureTime: new Date('2030-06-01T17:50:00Z'),
      arrivalTime: new Date('2030-06-01T18:00:00Z'),
    });
    // No departure from the worker: leave-by = the session's arrival time − travel time.
    expect(rows[1]!.departureTime?.getTime()).toBe(Date.parse(s.arriveAt!) - 1800 * 1000);

    await eventually(() =>
      nudges.some((n) => n.sessionId === s.sessionId && n.type === 'refresh-session'),
    );
    const view = await h.app.inject({
      method: 'GET',
      url: `/api/sessions/${s.sessionId}`,
      headers: bearer(owner.token),
    });
    expect(view.json().session.travel).toMatchObject({
      earliestArrival: '2030-06-01T17:30:00.000Z',
      count: 3,
    });
    expect(Date.parse(view.json().session.updatedAt)).toBeGreaterThan(Date.parse(s.updatedAt));
    await h.drained();
    const changed = await h.redis.xrange(streamKey(h.prefix, TOPICS.sessionChanged), '-', '+');
    expect(
      changed
        .map(([, f]) => JSON.parse(f[1]!).data)
        .filter((d) => d.sessionId === s.sessionId)
        .map((d) => d.reason),
    ).toContain('travel');
  });

  it('handles an event id once: a redelivered copy changes nothing', async () => {
    const s = await groupSession();
    const id = randomUUID();
    const data = {
      sessionId: s.sessionId,
      jobId: 'j',
      computedAt: '2030-06-01T17:00:00.000Z',
      results: [result('g1', 300)],
    };
    await h.bus.publish(TOPICS.travelComputed, data, { id });
    await eventually(async () => (await sessionRow(s.sessionId)).earliestArrival !== null);
    await h.database.db
      .update(participants)
      .set({ travelTimeSeconds: 1 })
      .where(eq(participants.sessionId, s.sessionId));
    await h.bus.publish(TOPICS.travelComputed, data, { id });
    const marker = await groupSession();
    await h.bus.publish(TOPICS.travelComputed, { ...data, sessionId: marker.sessionId });
    await eventually(async () => (await sessionRow(marker.sessionId)).earliestArrival !== null);
    expect((await rowsOf(s.sessionId)).find((r) => r.id === 'g1')?.travelTimeSeconds).toBe(1);
  });

  it('ignores results older than those already stored (a late event never overwrites newer ones)', async () => {
    const s = await groupSession();
    const newer = {
      sessionId: s.sessionId,
      jobId: 'j2',
      computedAt: '2030-06-01T17:10:00.000Z',
      results: [result('g1', 600)],
    };
    await h.bus.publish(TOPICS.travelComputed, newer);
    await eventually(async () => (await sessionRow(s.sessionId)).travelComputedAt !== null);
    await h.bus.publish(TOPICS.travelComputed, {
      ...newer,
      jobId: 'j1',
      computedAt: '2030-06-01T17:00:00.000Z',
      results: [result('g1', 60)],
    });
    const marker = await groupSession();
    await h.bus.publish(TOPICS.travelComputed, { ...newer, sessionId: marker.sessionId });
    await eventually(async () => (await sessionRow(marker.sessionId)).travelComputedAt !== null);
    expect((await rowsOf(s.sessionId)).find((r) => r.id === 'g1')?.travelTimeSeconds).toBe(600);
    expect((await sessionRow(s.sessionId)).travelComputedAt?.toISOString()).toBe(
      '2030-06-01T17:10:00.000Z',
    );
  });

  it('skips a malformed payload and an unknown session, and keeps consuming', async () => {
    await publishUnchecked(h.bus, TOPICS.travelComputed, { sessionId: 42, results: 'no' });
    await h.bus.publish(TOPICS.travelComputed, {
      sessionId: 'zzzzzzz',
      jobId: 'j',
      computedAt: '2030-06-01T17:00:00Z',
      results: [],
    });
    const s = await groupSession();
    await h.bus.publish(TOPICS.travelComputed, {
      sessionId: s.sessionId,
      jobId: 'j',
      computedAt: '2030-06-01T17:00:00.000Z',
      results: [result('g2', 60)],
    });
    await eventually(
      async () =>
        (await sessionRow(s.sessionId)).earliestArrival?.toISOString() ===
        '2030-06-01T17:01:00.000Z',
    );
  });
});
