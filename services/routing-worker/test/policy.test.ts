import {
  bullPrefix,
  ETA_MAX_AGE_SECONDS,
  ETA_TRAFFIC_BUCKET_SECONDS,
  QUEUES,
  type RouteMatrixResult,
  type Session,
} from '@oneeta/contracts';
import { eventually } from '@oneeta/service-kit/testing';
import { bearer, createSession, type TestUser } from '@oneeta/session/testing';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countingProvider, startPipeline, type Pipeline } from './helpers.js';

/**
 * The cost policy through the real session service and worker: a virtual clock for the worker, one
 * participant (the owner's device) moved with PUT /api/location between jobs.
 */
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

/** Each test its own meridian (so no test finds another's cells cached): a destination, and a home 10 km south of it. */
let lon = -122.3422;
let DEST = { lat: 47.6097, lon };
let HOME = { lat: 47.52, lon };
beforeEach(() => {
  lon += 0.02;
  DEST = { lat: 47.6097, lon };
  HOME = { lat: 47.52, lon };
});
/** The point `fraction` of the straight line from HOME to DEST. */
const along = (fraction: number) => ({
  lat: HOME.lat + (DEST.lat - HOME.lat) * fraction,
  lon: HOME.lon,
});

const view = async (owner: TestUser, sessionId: string): Promise<Session> =>
  (
    await p.session.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}`,
      headers: bearer(owner.token),
    })
  ).json().session;

const jobResults = async (sessionId: string) => {
  const queue = new Queue(QUEUES.routeMatrix, {
    connection: p.session.redis,
    prefix: bullPrefix(p.session.prefix),
  });
  const jobs = await queue.getJobs(['completed']);
  await queue.close();
  return jobs
    .filter((j) => j.data.sessionId === sessionId)
    .sort((a, b) => (a.finishedOn ?? 0) - (b.finishedOn ?? 0))
    .map((j) => j.returnvalue as RouteMatrixResult);
};

/** The arrival time of "leave now" sessions: the session service wants one ahead, the worker's clock is past it. */
const PASSED = () => new Date(Date.now() + 3_600_000).toISOString();

/** A virtual clock for the worker two hours ahead (past PASSED), starting `offsetS` seconds into a traffic bucket. */
function clock(offsetS = 60) {
  const size = ETA_TRAFFIC_BUCKET_SECONDS * 1000;
  let at = Math.ceil((Date.now() + 2 * 3_600_000) / size) * size + offsetS * 1000;
  return { now: () => new Date(at), advance: (seconds: number) => (at += seconds * 1000) };
}

/**
 * A session of the owner alone at HOME (its arrival time passed on the worker's clock, so cells are
 * "leave now" ones, unless `arriveAt`), its first job done; returns the travel time of that first answer.
 */
async function firstAnswer(t: ReturnType<typeof clock>, opts: { arriveAt?: string } = {}) {
  const counting = countingProvider();
  const w = p.worker(counting.provider, { now: t.now });
  const owner = await p.session.user({ plan: 'premium' });
  await p.moveTo(owner, HOME.lat, HOME.lon);
  const s = await createSession(p.session, owner, {
    participants: [{ id: `user:${owner.id}`, lat: HOME.lat, lon: HOME.lon }],
    destination: { id: 'd', name: 'D', address: 'A', position: DEST },
    arriveAt: opts.arriveAt ?? PASSED(),
  });
  await eventually(async () => (await jobResults(s.sessionId)).length === 1, { timeoutMs: 10_000 });
  // The job is done once it published; the session service stores the result a moment later.
  const answer = await eventually(
    async () => (await view(owner, s.sessionId)).participants[0]!.travelTimeSeconds,
    { timeoutMs: 10_000 },
  );
  expect(counting.cells()).toBe(1);
  /** Moves the owner after `seconds` of virtual time and waits for the job that follows. */
  const moveAfter = async (seconds: number, to: { lat: number; lon: number }) => {
    const done = (await jobResults(s.sessionId)).length;
    t.advance(seconds);
    await p.moveTo(owner, to.lat, to.lon);
    await eventually(async () => (await jobResults(s.sessionId)).length === done + 1, {
      timeoutMs: 10_000,
    });
    return (await jobResults(s.sessionId)).at(-1)!;
  };
  const decisions = async () =>
    Object.fromEntries(
      (
        (await w.registry.getMetricsAsJSON()).find((m) => m.name === 'routing_eta_decisions_total')
          ?.values ?? []
      ).map((v) => [v.labels.decision, v.value]),
    );
  return { owner, s, answer, counting, moveAfter, decisions, view: () => view(owner, s.sessionId) };
}

describe('the cost policy', () => {
  it('reckons a participant who moved as predicted: no cell asked, answer − elapsed published', async () => {
    const t = clock();
    const f = await firstAnswer(t);
    const result = await f.moveAfter(300, along(300 / f.answer));
    expect(result).toMatchObject({ outcome: 'reckoned', cells: 0, providerCalls: 0, reckoned: 1 });
    expect(f.counting.cells()).toBe(1);
    await eventually(
      async () => (await f.view()).participants[0]!.travelTimeSeconds === f.answer - 300,
      { timeoutMs: 10_000 },
    );
    expect(await p.travelEvents(f.s.sessionId)).toHaveLength(2);
    expect(await f.decisions()).toMatchObject({ first: 1, reckon: 1 });
  });

  it('asks again for a participant who deviated (stopped 500 m after setting off)', async () => {
    const t = clock();
    const f = await firstAnswer(t);
    const result = await f.moveAfter(300, along(0.05));
    expect(result).toMatchObject({ outcome: 'computed', cells: 1, reckoned: 0 });
    expect(f.counting.cells()).toBe(2);
    expect(await f.decisions()).toMatchObject({ first: 1, deviation: 1 });
  });

  it('asks again once the answer is older than the maximum age, though the participant is on track', async () => {
    const t = clock(10);
    const f = await firstAnswer(t);
    const elapsed = ETA_MAX_AGE_SECONDS + 30;
    const result = await f.moveAfter(elapsed, along(elapsed / f.answer));
    expect(result).toMatchObject({ outcome: 'computed', cells: 1 });
    expect(await f.decisions()).toMatchObject({ first: 1, max_age: 1 });
  });

  it('asks again when the traffic bucket changes', async () => {
    const t = clock(ETA_TRAFFIC_BUCKET_SECONDS - 60); // a minute before the next bucket
    const f = await firstAnswer(t);
    const result = await f.moveAfter(90, along(90 / f.answer));
    expect(result).toMatchObject({ outcome: 'computed', cells: 1 });
    expect(await f.decisions()).toMatchObject({ first: 1, bucket: 1 });
  });

  it('publishes no travel.computed when every result equals the last published one', async () => {
    const t = clock();
    const f = await firstAnswer(t, {
      arriveAt: new Date(t.now().getTime() + 6 * 3_600_000).toISOString(),
    });
    expect(await p.travelEvents(f.s.sessionId)).toHaveLength(1);
    const result = await f.moveAfter(60, { lat: HOME.lat + 0.0002, lon: HOME.lon }); // GPS jitter of 22 m while waiting
    expect(result).toMatchObject({ outcome: 'unchanged', cells: 0, providerCalls: 0, reckoned: 1 });
    expect(await p.travelEvents(f.s.sessionId)).toHaveLength(1);
    expect(f.counting.cells()).toBe(1);
  });

  it('asks the participants who need it in one provider call, filling its transaction with the oldest reckoned ones', async () => {
    const t = clock();
    const counting = countingProvider();
    p.worker(counting.provider, { now: t.now });
    const owner = await p.session.user({ plan: 'premium' });
    await p.moveTo(owner, HOME.lat, HOME.lon);
    const guests = Array.from({ length: 5 }, (_, i) => ({
      id: `g${i}`,
      name: `Guest ${i}`,
      lat: 47.5 - i * 0.01,
      lon: HOME.lon + 0.01,
    }));
    const s = await createSession(p.session, owner, {
      participants: [{ id: `user:${owner.id}`, lat: HOME.lat, lon: HOME.lon }, ...guests],
      destination: { id: 'd', name: 'D', address: 'A', position: DEST },
      arriveAt: PASSED(),
    });
    await eventually(async () => (await jobResults(s.sessionId)).length === 1, {
      timeoutMs: 10_000,
    });
    expect(counting.calls.map((c) => c.origins)).toEqual([6]);
    // The guests stand still (reckoned); the owner stops 500 m out: asked, with three guests in the same transaction.
    t.advance(300);
    await p.moveTo(owner, along(0.05).lat, along(0.05).lon);
    await eventually(async () => (await jobResults(s.sessionId)).length === 2, {
      timeoutMs: 10_000,
    });
    expect(counting.calls.map((c) => c.origins)).toEqual([6, 4]);
    expect((await jobResults(s.sessionId)).at(-1)).toMatchObject({
      outcome: 'computed',
      cells: 4,
      providerCalls: 1,
      reckoned: 2,
    });
  });
});
