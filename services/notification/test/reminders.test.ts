import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, QUEUES, TOPICS, type ReminderJob, type TravelComputedData } from '@oneeta/contracts';
import { eventually } from '@oneeta/service-kit/testing';
import {
  createSession,
  startSession,
  startTravelConsumer,
  type SessionHarness,
} from '@oneeta/session/testing';
import type { Job } from 'bullmq';
import { createReminderProcessor } from '../src/consumers/reminders.js';
import { reminderJobId } from '../src/domain/reminders.js';
import { createSessionClient } from '../src/providers/sessions.js';
import { inbox, mute, preferencesWith, putPreferences, subscribe } from './factories.js';
import { startNotification, type NotificationHarness } from './helpers.js';
import { startPushStandIn } from './push-stand-in.js';

/**
 * Time-to-leave reminders end to end: the real session service publishes session.schedule when
 * travel results land; this service schedules delayed jobs, re-reads the session when one fires,
 * and pushes to the participant's devices through the push stand-in.
 */
let pushService: Awaited<ReturnType<typeof startPushStandIn>>;
let session: SessionHarness;
let travel: ReturnType<typeof startTravelConsumer>;
let h: NotificationHarness;

beforeAll(async () => {
  pushService = await startPushStandIn();
  session = await startSession({ ROUTE_JOB_DEBOUNCE_MS: '60000', ARRIVAL_DWELL_SECONDS: '0' });
  await session.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = session.app.server.address() as AddressInfo;
  travel = startTravelConsumer({
    bus: session.bus,
    redis: session.redis,
    prefix: session.prefix,
    consumer: 'test',
    ctx: session.app.ctx,
    log: session.app.log,
  });
  await travel.ready;
  h = await startNotification(
    { SESSION_URL: `http://127.0.0.1:${port}`, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' },
    { prefix: session.prefix, ca: pushService.ca },
  );
});
afterAll(async () => {
  await h.close();
  await travel.stop();
  await session.close();
  await pushService.close();
});

/**
 * An owner with a registered device, in a session arriving in an hour; `leaveIn` ms until they must
 * leave. `before` runs as this service's user before the session exists (preferences).
 */
async function ownerWhoLeavesIn(leaveInMs: number, before?: (token: string) => Promise<void>) {
  const owner = await session.user({ plan: 'standard', name: 'Rita Reminded' });
  const here = await h.user({ id: owner.id, email: owner.email });
  const device = pushService.device();
  expect((await subscribe(h, here.token, device.subscription)).statusCode).toBe(201);
  await before?.(here.token);
  const arriveAt = new Date(Date.now() + 3600_000).toISOString();
  const s = await createSession(session, owner, {
    arriveAt,
    participants: [{ id: `user:${owner.id}`, lat: 47.6, lon: -122.3 }],
  });
  const participantId = `user:${owner.id}`;
  const leaveBy = new Date(Date.now() + leaveInMs).toISOString();
  const travelComputed = (departure: string): TravelComputedData => ({
    sessionId: s.sessionId,
    jobId: `job-${departure}`,
    computedAt: new Date().toISOString(),
    results: [
      {
        participantId,
        ok: true,
        travelTimeSeconds: 1200,
        distanceMeters: 9000,
        departureTime: departure,
        arrivalTime: arriveAt,
      },
    ],
  });
  return { owner, here, device, s, participantId, leaveBy, arriveAt, travelComputed };
}

const reminderJob = async (job: ReminderJob) => h.reminders.getJob(reminderJobId(job));

describe('time-to-leave reminders', () => {
  it("pushes 'Leave in 10 min …' at its moment, after the session's travel results set a leave-by time, and schedules 'Time to leave …'", async () => {
    // Leave in 10 min + 2 s: the first reminder is due in about 2 s.
    const { device, s, participantId, leaveBy, arriveAt, owner, here, travelComputed } =
      await ownerWhoLeavesIn(10 * 60_000 + 2000);
    await session.bus.publish(TOPICS.travelComputed, travelComputed(leaveBy));
    const base = { sessionId: s.sessionId, participantId, userId: owner.id, leaveBy, arriveAt };
    await eventually(async () => (await reminderJob({ ...base, kind: 'leave-now' })) ?? null, {
      timeoutMs: 15_000,
    });
    expect(await (await reminderJob({ ...base, kind: 'leave-now' }))!.isDelayed()).toBe(true);

    const [payload] = await eventually(
      () => (device.delivered().length === 1 ? device.delivered() : null),
      { timeoutMs: 30_000 },
    );
    expect(payload).toEqual({
      title: 'OneETA',
      // The arrival's date is named when it falls on another day than today in its zone (near midnight there).
      body: expect.stringMatching(
        /^Leave in 10 min for .+ to arrive at (\w{3}, \w{3} \d{1,2}, )?\d{1,2}:\d{2} [AP]M Los Angeles time$/,
      ),
      url: `/s/${s.sessionId}`,
      tag: `oneeta:leave-reminder:${s.sessionId}`,
    });
    expect(device.requests[0]).toMatchObject({ urgency: 'high' });
    const sent = await eventually(async () => {
      const events = (await h.sentEvents()).filter((e) => e.data.sessionId === s.sessionId);
      return events.length === 2 ? events : null;
    });
    expect(sent.map((e) => e.data).sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
      expect.objectContaining({
        userId: owner.id,
        kind: 'leave-reminder',
        channel: 'in_app',
        outcome: 'delivered',
      }),
      expect.objectContaining({
        userId: owner.id,
        kind: 'leave-reminder',
        channel: 'push',
        outcome: 'delivered',
      }),
    ]);
    // The same words in the app: one unread in-app notification, written with the push jobs.
    expect(await inbox(h, here.token)).toEqual([
      {
        id: expect.any(String),
        kind: 'leave-soon',
        sessionId: s.sessionId,
        text: (payload as { body: string }).body,
        url: `/s/${s.sessionId}`,
        suggestedArriveAt: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('drops a reminder whose leave-by moved (the new one takes its place), and sends one reminder once even when its job runs twice', async () => {
    const { device, s, participantId, leaveBy, arriveAt, owner, here, travelComputed } =
      await ownerWhoLeavesIn(30 * 60_000);
    await session.bus.publish(TOPICS.travelComputed, travelComputed(leaveBy));
    const base = { sessionId: s.sessionId, participantId, userId: owner.id, leaveBy, arriveAt };
    await eventually(async () => (await reminderJob({ ...base, kind: 'leave-soon' })) ?? null, {
      timeoutMs: 15_000,
    });

    // Traffic: they must leave 5 minutes earlier. The old reminders stay queued but are stale.
    const earlier = new Date(new Date(leaveBy).getTime() - 5 * 60_000).toISOString();
    await session.bus.publish(TOPICS.travelComputed, travelComputed(earlier));
    await eventually(
      async () => (await reminderJob({ ...base, leaveBy: earlier, kind: 'leave-soon' })) ?? null,
      { timeoutMs: 15_000 },
    );

    // Fire the old one now (as if its moment came): dropped, nothing sent.
    const entry = JOBS[QUEUES.reminders];
    const stale = await h.reminders.add(
      entry.name,
      { ...base, kind: 'leave-soon' },
      { jobId: 'run-stale' },
    );
    await eventually(async () => ((await stale.isCompleted()) ? true : null));
    expect((await h.reminders.getJob('run-stale'))!.returnvalue).toEqual({ outcome: 'stale' });

    // The current one, due now (its leave-by 10 min away), run twice as a retried job would be.
    const dueLeaveBy = new Date(Date.now() + 10 * 60_000).toISOString();
    await session.bus.publish(TOPICS.travelComputed, travelComputed(dueLeaveBy));
    const due = { ...base, leaveBy: dueLeaveBy, kind: 'leave-soon' as const };
    await eventually(() => (device.delivered().length === 1 ? true : null), { timeoutMs: 30_000 });
    const again = await h.reminders.add(entry.name, due, { jobId: 'run-again' });
    await eventually(async () => ((await again.isCompleted()) ? true : null));
    expect((await h.reminders.getJob('run-again'))!.returnvalue).toEqual({ outcome: 'duplicate' });
    await h.drained();
    expect(device.delivered()).toHaveLength(1);
    expect((await inbox(h, here.token)).map((n) => n.kind)).toEqual(['leave-soon']);
  });

  it('sends a reminder once when two replicas run its job at the same moment', async () => {
    // Leave-by 30 min away: nothing is due on its own; two workers fire the reminder together.
    const { device, s, participantId, leaveBy, arriveAt, owner, here, travelComputed } =
      await ownerWhoLeavesIn(30 * 60_000);
    await session.bus.publish(TOPICS.travelComputed, travelComputed(leaveBy));
    const due: ReminderJob = {
      sessionId: s.sessionId,
      participantId,
      userId: owner.id,
      leaveBy,
      arriveAt,
      kind: 'leave-soon',
    };
    await eventually(async () => (await reminderJob(due)) ?? null, { timeoutMs: 15_000 });
    const replica = () =>
      createReminderProcessor({
        accounts: h.accounts,
        db: h.database.db,
        outbox: h.delivery.outbox,
        wakeRelay: () => h.delivery.relay.wake(),
        sessions: createSessionClient({
          baseUrl: h.config.SESSION_URL!,
          internalToken: h.config.INTERNAL_TOKEN,
        }),
      });
    const outcomes = await Promise.all([
      replica()({ data: due } as Job),
      replica()({ data: due } as Job),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['duplicate', 'sent']);
    await eventually(() => (device.delivered().length === 1 ? true : null), { timeoutMs: 30_000 });
    await h.drained();
    expect(device.delivered()).toHaveLength(1);
    expect((await inbox(h, here.token)).map((n) => n.kind)).toEqual(['leave-soon']);
  });

  it('sends nothing once the participant is on the way or has arrived, or the session is closed', async () => {
    // Leave-by 30 min away: nothing is due on its own; the test fires each reminder itself.
    const onTheWay = await ownerWhoLeavesIn(30 * 60_000);
    await session.bus.publish(TOPICS.travelComputed, onTheWay.travelComputed(onTheWay.leaveBy));
    const enroute = await session.app.inject({
      method: 'POST',
      url: `/api/sessions/${onTheWay.s.sessionId}/participants/${encodeURIComponent(onTheWay.participantId)}/enroute`,
      headers: { authorization: `Bearer ${onTheWay.owner.token}` },
      payload: { enroute: true },
    });
    expect(enroute.statusCode).toBe(200);
    const going = await h.reminders.add(
      JOBS[QUEUES.reminders].name,
      {
        sessionId: onTheWay.s.sessionId,
        participantId: onTheWay.participantId,
        userId: onTheWay.owner.id,
        leaveBy: onTheWay.leaveBy,
        arriveAt: onTheWay.arriveAt,
        kind: 'leave-soon',
      },
      { jobId: 'run-enroute' },
    );
    await eventually(async () => ((await going.isCompleted()) ? true : null));
    expect((await h.reminders.getJob('run-enroute'))!.returnvalue).toEqual({ outcome: 'stale' });
    expect(onTheWay.device.delivered()).toEqual([]);

    const { device, s, participantId, leaveBy, arriveAt, owner, travelComputed } =
      await ownerWhoLeavesIn(30 * 60_000);
    await session.bus.publish(TOPICS.travelComputed, travelComputed(leaveBy));
    const base = {
      sessionId: s.sessionId,
      participantId,
      userId: owner.id,
      leaveBy,
      arriveAt,
      kind: 'leave-soon' as const,
    };
    const closed = await session.app.inject({
      method: 'POST',
      url: `/api/sessions/${s.sessionId}/close`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { confirm: true },
    });
    expect(closed.statusCode).toBe(200);
    const job = await h.reminders.add(JOBS[QUEUES.reminders].name, base, { jobId: 'run-closed' });
    await eventually(async () => ((await job.isCompleted()) ? true : null));
    expect((await h.reminders.getJob('run-closed'))!.returnvalue).toEqual({ outcome: 'stale' });
    await h.drained();
    expect(device.delivered()).toEqual([]);

    // Already at the destination (the session service saw the device there): no reminder.
    const there = await ownerWhoLeavesIn(30 * 60_000);
    await session.bus.publish(TOPICS.travelComputed, there.travelComputed(there.leaveBy));
    const arrived = await session.app.inject({
      method: 'PUT',
      url: '/api/location',
      headers: { authorization: `Bearer ${there.owner.token}` },
      payload: { latitude: 47.6097, longitude: -122.3422, accuracy: 10, timestamp: Date.now() },
    });
    expect(arrived.json()).toEqual({ updated: [there.s.sessionId] });
    const late = await h.reminders.add(
      JOBS[QUEUES.reminders].name,
      {
        sessionId: there.s.sessionId,
        participantId: there.participantId,
        userId: there.owner.id,
        leaveBy: there.leaveBy,
        arriveAt: there.arriveAt,
        kind: 'leave-soon',
      },
      { jobId: 'run-arrived' },
    );
    await eventually(async () => ((await late.isCompleted()) ? true : null));
    expect((await h.reminders.getJob('run-arrived'))!.returnvalue).toEqual({ outcome: 'stale' });
    expect(there.device.delivered()).toEqual([]);
  });

  it("honours the user's time-to-leave switches: push off leaves the in-app notification; both off, or the session muted, sends nothing", async () => {
    // Due now: the leave-soon reminder's moment is the moment the travel results land.
    const pushOff = await ownerWhoLeavesIn(10 * 60_000, async (token) => {
      expect(
        (await putPreferences(h, token, preferencesWith('leave', { push: false, inApp: true })))
          .statusCode,
      ).toBe(200);
    });
    await session.bus.publish(TOPICS.travelComputed, pushOff.travelComputed(pushOff.leaveBy));
    const [row] = await eventually(
      async () => {
        const rows = await inbox(h, pushOff.here.token);
        return rows.length === 1 ? rows : null;
      },
      { timeoutMs: 30_000 },
    );
    expect(row!.text).toMatch(/^Leave in 10 min for .+ to arrive at /);
    await h.drained();
    expect(pushOff.device.delivered()).toEqual([]);

    // Both switches off, or the session muted: the reminder that comes due is silenced.
    const allOff = await ownerWhoLeavesIn(10 * 60_000, async (token) => {
      expect(
        (await putPreferences(h, token, preferencesWith('leave', { push: false, inApp: false })))
          .statusCode,
      ).toBe(200);
    });
    const muted = await ownerWhoLeavesIn(10 * 60_000);
    expect((await mute(h, muted.here.token, muted.s.sessionId)).statusCode).toBe(200);
    for (const who of [allOff, muted]) {
      await session.bus.publish(TOPICS.travelComputed, who.travelComputed(who.leaveBy));
      const job = {
        sessionId: who.s.sessionId,
        participantId: who.participantId,
        userId: who.owner.id,
        leaveBy: who.leaveBy,
        arriveAt: who.arriveAt,
        kind: 'leave-soon' as const,
      };
      await eventually(
        async () => ((await (await reminderJob(job))?.isCompleted()) ? true : null),
        { timeoutMs: 30_000 },
      );
      expect((await reminderJob(job))!.returnvalue).toEqual({ outcome: 'silenced' });
    }
    await h.drained();
    for (const who of [allOff, muted]) {
      expect(await inbox(h, who.here.token)).toEqual([]);
      expect(who.device.delivered()).toEqual([]);
    }
  });
});
