// Issue 15 on the server: arrival from device positions, lateness and the owner's re-plan offer, the
// re-plan itself, no-shows and the end of location sharing, each published once as session.alert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  JOBS,
  QUEUES,
  sessionAlertDataSchema,
  sessionResponseSchema,
  sessionScheduleDataSchema,
  TOPICS,
  type SessionAlertData,
} from '@oneeta/contracts';
import { createQueue, streamKey } from '@oneeta/service-kit';
import { deleteKeys, uniquePrefix } from '@oneeta/service-kit/testing';
import { runLiveChecks, startLiveChecks } from '../src/consumers/live-worker.js';
import { createNotifier } from '../src/actions/notify.js';
import { participants, sessions } from '../src/store/schema.js';
import { createSessionsStore } from '../src/store/sessions-store.js';
import {
  bearer,
  createSession,
  destination,
  getSession,
  saveSession,
  sessionBody,
} from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';
import { join } from './membership.js';

let h: SessionHarness;
beforeAll(async () => {
  h = await startSession({ ROUTE_JOB_DEBOUNCE_MS: '60000', ARRIVAL_DWELL_SECONDS: '0' });
});
afterAll(() => h.close());

const DEST = destination().position;
const at = (metresNorth: number) => ({
  latitude: DEST.lat + metresNorth / 111_195,
  longitude: DEST.lon,
  accuracy: 10,
  timestamp: Date.now(),
});
const putLocation = (u: TestUser, position: object) =>
  h.app.inject({
    method: 'PUT',
    url: '/api/location',
    headers: bearer(u.token),
    payload: position,
  });
const view = async (id: string, u: TestUser) =>
  sessionResponseSchema.parse((await getSession(h, id, u.token)).json()).session;
const deps = () => ({
  db: h.database.db,
  outbox: h.delivery.outbox,
  notify: createNotifier({ outbox: h.delivery.outbox, routeJobDelayMs: 60_000 }),
  dwellMs: 0,
  wakeRelay: () => h.delivery.relay.wake(),
  log: h.app.log,
});

/** Every session.alert published for the session so far. */
async function alerts(sessionId: string): Promise<SessionAlertData[]> {
  await h.drained();
  const entries = await h.redis.xrange(streamKey(h.prefix, TOPICS.sessionAlert), '-', '+');
  return entries
    .map(([, fields]) =>
      sessionAlertDataSchema.parse((JSON.parse(fields[1]!) as { data: unknown }).data),
    )
    .filter((a) => a.sessionId === sessionId);
}

/** An owner and two members (signed in), the arrival time `minutes` ahead. */
async function group(minutes: number) {
  const owner = await h.user({ plan: 'premium', name: 'Olive Owner' });
  const s = await createSession(h, owner, {
    arriveAt: new Date(Date.now() + minutes * 60_000).toISOString(),
  });
  const a = await h.user({ name: 'Ada' });
  const b = await h.user({ name: 'Ben' });
  await join(h, owner, s.sessionId, a);
  await join(h, owner, s.sessionId, b);
  return { owner, a, b, id: s.sessionId };
}
/** New travel results for one member, counted on the session's revision as stored results are. */
async function setTravel(sessionId: string, u: TestUser, minutes: number | null) {
  await h.database.db
    .update(participants)
    .set({ travelOk: minutes !== null, travelTimeSeconds: minutes === null ? null : minutes * 60 })
    .where(and(eq(participants.sessionId, sessionId), eq(participants.userId, u.id)));
  await createSessionsStore(h.database.db).bumpRevision(sessionId);
}

describe('arrival', () => {
  it('marks a participant arrived at the destination, tells the others once, drops them from route input, and ends sharing when all are there', async () => {
    const { owner, a, b, id } = await group(60);
    expect((await putLocation(a, at(40))).statusCode).toBe(200);
    const seen = await view(id, owner);
    expect(seen.participants.find((p) => p.userId === a.id)?.arrivedAt).toEqual(expect.any(String));
    expect(seen.sharingEnded).toBe(false);
    await putLocation(a, at(60)); // still there: no second alert
    expect(await alerts(id)).toEqual([
      expect.objectContaining({
        kind: 'arrived',
        name: 'Ada',
        recipients: expect.arrayContaining([owner.id, b.id]),
      }),
    ]);
    expect((await alerts(id))[0]!.recipients).not.toContain(a.id);
    const input = await h.app.inject({
      method: 'GET',
      url: `/internal/sessions/${id}/route-input`,
      headers: { 'x-internal-token': h.config.INTERNAL_TOKEN },
    });
    expect(
      input.json().participants.map((p: { participantId: string }) => p.participantId),
    ).not.toContain(`user:${a.id}`);

    // Leaving by more than 300 m beyond the radius clears it.
    await putLocation(a, at(450));
    expect(
      (await view(id, owner)).participants.find((p) => p.userId === a.id)?.arrivedAt,
    ).toBeNull();

    for (const u of [a, b, owner]) await putLocation(u, at(10));
    const ended = await view(id, owner);
    expect(ended.sharingEnded).toBe(true);
    expect(ended.participants.every((p) => p.arrivedAt)).toBe(true);
    // Sharing ended: a new position no longer reaches this session.
    expect((await putLocation(a, at(5000))).json()).toEqual({ updated: [] });
    const row = (
      await h.database.db
        .select()
        .from(participants)
        .where(and(eq(participants.sessionId, id), eq(participants.userId, a.id)))
    )[0]!;
    expect(row.lat).toBeCloseTo(at(10).latitude, 6);
  });
});

describe('lateness and re-planning', () => {
  it('alerts the group once per 5-minute slip and offers the owner the new time; a re-plan tells everyone their new leave-by', async () => {
    const { owner, a, b, id } = await group(20);
    await setTravel(id, a, 30); // ETA 10 min after the arrival time
    await setTravel(id, b, 10);
    await runLiveChecks(deps());
    await runLiveChecks(deps()); // nothing new
    const first = await alerts(id);
    expect(first.map((x) => x.kind)).toEqual(['late', 'replan-offer']);
    expect(first[0]).toMatchObject({
      name: 'Ada',
      minutesLate: expect.any(Number),
      recipients: expect.arrayContaining([owner.id, b.id]),
    });
    expect(first[1]).toMatchObject({ recipients: [owner.id] });
    const seen = await view(id, b);
    expect(seen.participants.find((p) => p.userId === a.id)?.minutesLate).toBeGreaterThan(5);
    expect(seen.suggestedArriveAt).toBe(
      (first[1] as Extract<SessionAlertData, { kind: 'replan-offer' }>).suggestedArriveAt,
    );

    await setTravel(id, a, 34); // 4 more minutes: not yet another slip
    await runLiveChecks(deps());
    expect(await alerts(id)).toHaveLength(2);
    await setTravel(id, a, 40);
    await runLiveChecks(deps());
    expect((await alerts(id)).map((x) => x.kind)).toEqual([
      'late',
      'replan-offer',
      'late',
      'replan-offer',
    ]);

    // The owner accepts: a normal save with the suggested time.
    const suggested = (await view(id, owner)).suggestedArriveAt!;
    const res = await saveSession(
      h,
      owner.token,
      sessionBody({ sessionId: id, arriveAt: suggested }),
    );
    expect(res.statusCode).toBe(200);
    const replanned = (await alerts(id)).at(-1)!;
    expect(replanned).toMatchObject({ kind: 'replanned', arriveAt: suggested });
    expect(replanned.recipients.sort()).toEqual([a.id, b.id].sort());
    expect((replanned as Extract<SessionAlertData, { kind: 'replanned' }>).leaveBy).toContainEqual({
      userId: b.id,
      leaveBy: new Date(Date.parse(suggested) - 10 * 60_000).toISOString(),
    });
    const after = await view(id, owner);
    expect(after.suggestedArriveAt).toBeNull();
    expect(after.participants.every((p) => p.minutesLate == null)).toBe(true);
  });

  it('sends one alert when two live checks run at once', async () => {
    const { a, id } = await group(20);
    await setTravel(id, a, 45);
    await Promise.all([runLiveChecks(deps()), runLiveChecks(deps())]);
    expect((await alerts(id)).map((x) => x.kind)).toEqual(['late', 'replan-offer']);
  });
});

describe('what the notification service needs to end alerts', () => {
  /** Every session.schedule published for the session so far. */
  async function schedules(sessionId: string) {
    await h.drained();
    const entries = await h.redis.xrange(streamKey(h.prefix, TOPICS.sessionSchedule), '-', '+');
    return entries
      .map(([, fields]) =>
        sessionScheduleDataSchema.parse((JSON.parse(fields[1]!) as { data: unknown }).data),
      )
      .filter((x) => x.sessionId === sessionId);
  }
  const lateOf = async (id: string, u: TestUser) =>
    (await schedules(id)).at(-1)!.participants.find((p) => p.userId === u.id)?.lateMinutes;

  it("publishes the schedule with each participant's told lateness when a slip starts and when it ends", async () => {
    const { a, id } = await group(20);
    await setTravel(id, a, 30);
    await runLiveChecks(deps());
    expect(await lateOf(id, a)).toBeGreaterThan(5);
    const count = (await schedules(id)).length;
    await runLiveChecks(deps()); // nothing changed: no schedule
    expect(await schedules(id)).toHaveLength(count);
    await setTravel(id, a, 10); // on time again
    await runLiveChecks(deps());
    expect(await lateOf(id, a)).toBeNull();
  });

  it('tells the owner who is far behind instead of offering an arrival time more than 3 hours later', async () => {
    const { owner, a, b, id } = await group(20);
    await setTravel(id, a, 20 + 42 * 60);
    await setTravel(id, b, 30);
    await runLiveChecks(deps());
    const told = await alerts(id);
    expect(told.map((x) => x.kind)).toEqual(['late', 'late', 'far-behind']);
    expect(told[2]).toMatchObject({
      recipients: [owner.id],
      participantIds: [`user:${a.id}`],
      names: ['Ada'],
    });
  });

  it("names who is late in the offer, and says whether the owner's plan can move the time", async () => {
    const owner = await h.user({ plan: 'free', name: 'Fay Free' });
    const s = await createSession(h, owner, {
      arriveAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    });
    const a = await h.user({ name: 'Ada' });
    await join(h, owner, s.sessionId, a);
    await setTravel(s.sessionId, a, 30);
    await runLiveChecks(deps());
    expect((await alerts(s.sessionId)).find((x) => x.kind === 'replan-offer')).toMatchObject({
      names: ['Ada'],
      participantIds: [`user:${a.id}`],
      canReplan: false,
    });
  });

  it("offers the move once the owner's plan can edit, even though they upgraded after the last save", async () => {
    const owner = await h.user({ plan: 'free', name: 'Una Upgrade' });
    const s = await createSession(h, owner, {
      arriveAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    });
    const a = await h.user({ name: 'Ada' });
    await join(h, owner, s.sessionId, a);
    await h.issuer.register({ ...owner, plan: 'premium' }); // the account view, as user.changed leaves it
    await setTravel(s.sessionId, a, 30);
    await runLiveChecks({ ...deps(), accounts: h.accounts.get });
    expect((await alerts(s.sessionId)).find((x) => x.kind === 'replan-offer')).toMatchObject({
      names: ['Ada'],
      canReplan: true,
    });
  });
});

describe('no-show and the end of sharing', () => {
  it('tells the owner once who has not arrived 10 minutes after the arrival time, and ends sharing 2 hours after it', async () => {
    const { owner, a, b, id } = await group(60);
    await putLocation(a, at(10)); // Ada is there
    const move = (minutesAgo: number) =>
      h.database.db
        .update(sessions)
        .set({ arriveAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(sessions.id, id));
    await move(9);
    await runLiveChecks(deps());
    expect((await alerts(id)).filter((x) => x.kind === 'no-show')).toEqual([]);
    await move(11);
    await runLiveChecks(deps());
    await runLiveChecks(deps());
    expect((await alerts(id)).filter((x) => x.kind === 'no-show')).toEqual([
      expect.objectContaining({ recipients: [owner.id], names: ['Ben'] }),
    ]);
    expect((await putLocation(b, at(3000))).json()).toEqual({ updated: [id] });

    await move(121);
    expect((await view(id, owner)).sharingEnded).toBe(true);
    expect((await putLocation(b, at(2000))).json()).toEqual({ updated: [] });
    await runLiveChecks(deps());
    const row = (await h.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
    expect(row.sharingEndedAt).not.toBeNull();
  });
});

describe('the periodic live check', () => {
  it('runs on its own every LIVE_CHECK_INTERVAL_MS', async () => {
    const { a, id } = await group(20);
    await setTravel(id, a, 50);
    const live = startLiveChecks({ ...h.config, LIVE_CHECK_INTERVAL_MS: 500 }, deps());
    try {
      await live.ready;
      await expect
        .poll(async () => (await alerts(id)).map((x) => x.kind), { timeout: 10_000 })
        .toEqual(['late', 'replan-offer']);
    } finally {
      await live.close();
    }
  });
});

describe('the periodic live check on two replicas', () => {
  it('keeps one scheduler and runs one job per interval, however many replicas started it', async () => {
    const { a, id } = await group(20);
    await setTravel(id, a, 50);
    const INTERVAL = 200;
    const config = {
      ...h.config,
      REDIS_PREFIX: uniquePrefix('live-replicas'),
      LIVE_CHECK_INTERVAL_MS: INTERVAL,
    };
    const queue = createQueue(JOBS[QUEUES.liveCheck], {
      connection: h.redis,
      redisPrefix: config.REDIS_PREFIX,
    });
    // Two replicas start together; a third joins later (a rolling deploy).
    const replicas = [startLiveChecks(config, deps()), startLiveChecks(config, deps())];
    try {
      await Promise.all(replicas.map((r) => r.ready));
      await expect
        .poll(() => queue.getCompletedCount(), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(3);
      replicas.push(startLiveChecks(config, deps()));
      await replicas[2]!.ready;
      await expect
        .poll(() => queue.getCompletedCount(), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(8);
      expect(await queue.getJobSchedulersCount()).toBe(1);
      const jobs = await queue.getJobs(['completed']);
      // One job per tick: its id carries the tick's time, and ticks are at least an interval apart.
      const ticks = jobs
        .map((j) => Number(/^repeat:live-check:(\d+)$/.exec(j.id ?? '')?.[1]))
        .sort((x, y) => x - y);
      expect(ticks.every(Number.isFinite)).toBe(true);
      expect(
        ticks
          .slice(1)
          .map((t, i) => t - ticks[i]!)
          .every((gap) => gap >= INTERVAL),
      ).toBe(true);
      await expect
        .poll(async () => (await alerts(id)).map((x) => x.kind), { timeout: 10_000 })
        .toEqual(['late', 'replan-offer']);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
      await queue.close();
      await deleteKeys(h.redis, config.REDIS_PREFIX);
    }
  });
});
