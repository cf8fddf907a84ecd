import type { AddressInfo } from 'node:net';
import type { Job } from 'bullmq';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sessionScheduleDataSchema,
  TOPICS,
  type InAppNotification,
  type ReminderJob,
} from '@oneeta/contracts';
import { streamKey } from '@oneeta/service-kit';
import { eventually } from '@oneeta/service-kit/testing';
import {
  bearer,
  createNotifier,
  createSession,
  join,
  runLiveChecks,
  saveSession,
  sessionBody,
  startSession,
  type SessionHarness,
  type TestUser,
} from '@oneeta/session/testing';
import { formatWholeMinutes } from '@oneeta/travel';
import { createPushProcessor } from '../src/consumers/push-delivery.js';
import { createReminderProcessor } from '../src/consumers/reminders.js';
import { createSessionClient } from '../src/providers/sessions.js';
import { fakeSubscription, inbox, subscribe } from './factories.js';
import { startNotification, type NotificationHarness } from './helpers.js';

/**
 * Alerts end when their condition ends, end to end: the real session service decides the facts
 * (live checks, re-plans, removals, closing) and publishes session.alert and session.schedule; this
 * service delivers the alerts and ends them, and GET /api/notifications/inbox stops listing them.
 */
let session: SessionHarness;
let h: NotificationHarness;
let sessionUrl: string;

beforeAll(async () => {
  session = await startSession({ ROUTE_JOB_DEBOUNCE_MS: '60000', ARRIVAL_DWELL_SECONDS: '0' });
  await session.app.listen({ port: 0, host: '127.0.0.1' });
  sessionUrl = `http://127.0.0.1:${(session.app.server.address() as AddressInfo).port}`;
  h = await startNotification({ SESSION_URL: sessionUrl }, { prefix: session.prefix });
});
afterAll(async () => {
  await h.close();
  await session.close();
});

type Member = TestUser & { here: string };
const member = async (name: string, plan?: 'premium'): Promise<Member> => {
  const u = await session.user({ name, ...(plan ? { plan } : {}) });
  // The same account in this service's token issuer (one account view: the same name and plan).
  return { ...u, here: (await h.user({ id: u.id, email: u.email, name, plan: u.plan })).token };
};

/** An owner (premium), Ada and Ben, signed in and joined; the arrival time `minutes` ahead. */
async function group(minutes = 20) {
  const owner = await member('Olive', 'premium');
  const s = await createSession(session, owner, {
    arriveAt: new Date(Date.now() + minutes * 60_000).toISOString(),
  });
  const [a, b] = [await member('Ada'), await member('Ben')];
  await join(session, owner, s.sessionId, a);
  await join(session, owner, s.sessionId, b);
  return { owner, a, b, id: s.sessionId, arriveAt: s.arriveAt! };
}

/** Sets a member's travel time (and the leave-by it implies) as a travel result would. */
const setTravel = (id: string, u: TestUser, minutes: number, arriveAt: string) =>
  session.database.db.execute(
    sql`update session.participants set travel_ok = true, travel_time_seconds = ${minutes * 60}, departure_time = ${new Date(Date.parse(arriveAt) - minutes * 60_000).toISOString()}::timestamptz, arrival_time = ${arriveAt}::timestamptz where session_id = ${id} and user_id = ${u.id}`,
  );
const deps = () => ({
  db: session.database.db,
  outbox: session.delivery.outbox,
  notify: createNotifier({ outbox: session.delivery.outbox, routeJobDelayMs: 60_000 }),
  dwellMs: 0,
  wakeRelay: () => session.delivery.relay.wake(),
  log: session.app.log,
});
const liveCheck = async () => {
  await runLiveChecks(deps());
  await session.drained();
};
const DEST = { lat: 47.6097, lon: -122.3422 };
const arrive = (u: TestUser) =>
  session.app.inject({
    method: 'PUT',
    url: '/api/location',
    headers: bearer(u.token),
    payload: { latitude: DEST.lat, longitude: DEST.lon, accuracy: 10, timestamp: Date.now() },
  });

/** The member's listed notifications of the session once `done` holds for them. */
async function inboxWhen(u: Member, id: string, done: (rows: InAppNotification[]) => boolean) {
  return eventually(
    async () => {
      const rows = (await inbox(h, u.here)).filter((r) => r.sessionId === id);
      return done(rows) ? rows : null;
    },
    { timeoutMs: 15_000 },
  );
}
const kinds = (rows: InAppNotification[]) => rows.map((r) => r.kind);
const has = (kind: InAppNotification['kind']) => (rows: InAppNotification[]) =>
  rows.some((r) => r.kind === kind);

describe('alerts end when their condition ends', () => {
  it('ends the late alert (and the offer) once the person arrived', async () => {
    const { owner, a, b, id, arriveAt } = await group();
    await setTravel(id, a, 30, arriveAt);
    await liveCheck();
    expect(kinds(await inboxWhen(owner, id, (r) => r.length === 2))).toEqual([
      'late',
      'replan-offer',
    ]);
    expect((await inboxWhen(b, id, has('late')))[0]!.text).toBe('Ada is running 10 min late');

    expect((await arrive(a)).statusCode).toBe(200);
    const onlyArrived = (r: InAppNotification[]) => kinds(r).join() === 'arrived';
    expect((await inboxWhen(owner, id, onlyArrived))[0]!.text).toBe('Ada arrived');
    expect((await inboxWhen(b, id, onlyArrived))[0]!.text).toBe('Ada arrived');
  });

  it('ends the late alert, the old offer and the old reminder on a re-plan; the re-plan and reminders carry the new times', async () => {
    const { owner, a, b, id, arriveAt } = await group();
    await setTravel(id, a, 30, arriveAt);
    await setTravel(id, b, 10, arriveAt); // Ben leaves 10 min from now: his 'Leave in 10 min' is due
    await liveCheck(); // its schedule has Ben's leave-by: the reminder scheduler sends 'Leave in 10 min …' now
    const rows = await inboxWhen(b, id, (r) => r.length === 2);
    expect(kinds(rows).sort()).toEqual(['late', 'leave-soon']);
    const schedule = await createSessionClient({
      baseUrl: sessionUrl,
      internalToken: session.config.INTERNAL_TOKEN,
    }).schedule(id);
    const leaveBy = schedule!.participants.find((p) => p.userId === b.id)!.leaveBy!;
    const job: ReminderJob = {
      sessionId: id,
      participantId: `user:${b.id}`,
      userId: b.id,
      kind: 'leave-soon',
      leaveBy,
      arriveAt,
    };
    const remind = createReminderProcessor({
      accounts: h.accounts,
      db: h.database.db,
      outbox: h.delivery.outbox,
      sessions: createSessionClient({
        baseUrl: sessionUrl,
        internalToken: session.config.INTERNAL_TOKEN,
      }),
    });
    const offer = (await inboxWhen(owner, id, has('replan-offer'))).find(
      (r) => r.kind === 'replan-offer',
    )!;

    const res = await saveSession(
      session,
      owner.token,
      sessionBody({ sessionId: id, arriveAt: offer.suggestedArriveAt! }),
    );
    expect(res.statusCode).toBe(200);
    await session.drained();
    expect(await inboxWhen(owner, id, (r) => r.length === 0)).toEqual([]);
    const [replanned, ...rest] = await inboxWhen(
      b,
      id,
      (r) => r.length === 1 && r[0]!.kind === 'replanned',
    );
    expect(rest).toEqual([]);
    expect(replanned!.text).toMatch(/^New arrival .+: leave by .+$/);
    const [ada] = await inboxWhen(a, id, (r) => r.length === 1);
    expect(ada!.kind).toBe('replanned');
    // Only a reminder for the new arrival time and leave-by is ever sent: the old one is stale now,
    // and until travel is recomputed for the new time the schedule states no leave-by for Ben.
    expect(await remind({ data: job } as Job)).toEqual({ outcome: 'stale' });
    const schedules = await session.redis.xrange(
      streamKey(session.prefix, TOPICS.sessionSchedule),
      '-',
      '+',
    );
    const last = schedules
      .map(([, f]) =>
        sessionScheduleDataSchema.parse((JSON.parse(f[1]!) as { data: unknown }).data),
      )
      .filter((x) => x.sessionId === id)
      .at(-1)!;
    expect(last.arriveAt).toBe(new Date(offer.suggestedArriveAt!).toISOString());
    expect(last.participants.find((p) => p.userId === b.id)?.leaveBy).toBeNull();
  });

  it('ends everything about a removed or departed person, and the removed person’s own notifications of the session', async () => {
    const { owner, a, b, id, arriveAt } = await group();
    await setTravel(id, a, 30, arriveAt);
    await liveCheck();
    await arrive(b); // Ben arrived: Olive and Ada are told
    await inboxWhen(owner, id, (r) => kinds(r).join() === 'late,replan-offer,arrived');
    expect(kinds(await inboxWhen(a, id, (r) => r.length === 1))).toEqual(['arrived']);

    const removed = await session.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${id}/participants/${encodeURIComponent(`user:${a.id}`)}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(kinds(await inboxWhen(owner, id, (r) => r.length === 1))).toEqual(['arrived']);
    expect(await inboxWhen(a, id, (r) => r.length === 0)).toEqual([]);

    const left = await session.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/participants/${encodeURIComponent(`user:${b.id}`)}/leave`,
      headers: bearer(b.token),
    });
    expect(left.statusCode).toBe(200);
    expect(await inboxWhen(owner, id, (r) => r.length === 0)).toEqual([]);
  });

  it('ends every notification of a closed session', async () => {
    const { owner, a, b, id, arriveAt } = await group();
    await setTravel(id, a, 30, arriveAt);
    await liveCheck();
    await inboxWhen(owner, id, (r) => r.length === 2);
    const [late] = await inboxWhen(b, id, (r) => r.length === 1);
    const closed = await session.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/close`,
      headers: bearer(owner.token),
      payload: { confirm: true },
    });
    expect(closed.statusCode).toBe(200);
    expect(await inboxWhen(owner, id, (r) => r.length === 0)).toEqual([]);
    expect(await inboxWhen(b, id, (r) => r.length === 0)).toEqual([]);

    // A push of that alert still queued (a retry, a backlog) is not sent stale.
    const device = fakeSubscription();
    expect((await subscribe(h, b.here, device)).statusCode).toBe(201);
    const [sub] = await h.subscriptions.listByUser(b.id);
    const sent: string[] = [];
    const push = createPushProcessor({
      accounts: h.accounts,
      db: h.database.db,
      outbox: h.delivery.outbox,
      ttlSeconds: 60,
      log: h.app.log,
      sender: { send: async (_t, payload) => (sent.push(payload), { statusCode: 201 }) },
    });
    const job = { id: `push-${id}`, attemptsMade: 0, opts: { attempts: 1 } } as Job;
    const data = {
      userId: b.id,
      subscriptionId: sub!.id,
      sessionId: id,
      kind: 'session-alert' as const,
      payload: {
        title: 'OneETA',
        body: late!.text,
        url: late!.url,
        tag: `oneeta:session-alert:${id}`,
      },
    };
    expect(await push(job, data)).toEqual({ outcome: 'skipped' });
    expect(sent).toEqual([]);
  });

  it("tells someone who already arrived the new arrival time only: 'New arrival {time}'", async () => {
    const { owner, a, id } = await group();
    expect((await arrive(a)).statusCode).toBe(200);
    await session.drained();
    const later = new Date(
      Date.parse((await inboxWhen(owner, id, has('arrived')))[0]!.createdAt) + 3600_000,
    );
    later.setSeconds(0, 0);
    expect(
      (
        await saveSession(
          session,
          owner.token,
          sessionBody({ sessionId: id, arriveAt: later.toISOString() }),
        )
      ).statusCode,
    ).toBe(200);
    const [replanned] = await inboxWhen(a, id, has('replanned'));
    expect(replanned!.text).toMatch(/^New arrival .*\d{1,2}:\d{2} [AP]M/);
    expect(replanned!.text).not.toContain('leave by');
  });

  it("offers no 'Move arrival to …?' more than 3 hours later: the owner is told who is far behind", async () => {
    const { owner, a, b, id, arriveAt } = await group();
    await setTravel(id, a, 20 + 42 * 60, arriveAt); // switched to walking for a moment
    await setTravel(id, b, 30, arriveAt); // Ben is 10 min late: not far behind
    await liveCheck();
    const rows = await inboxWhen(owner, id, (r) => r.length === 3);
    expect(kinds(rows)).toEqual(['late', 'late', 'far-behind']);
    expect(rows[2]).toMatchObject({
      text: 'Far behind: Ada. Remove them or message them',
      names: ['Ada'],
      participantIds: [`user:${a.id}`],
      suggestedArriveAt: null,
    });
    expect(rows.some((r) => r.text.startsWith('Move arrival'))).toBe(false);
  });

  it('says how late with the shared duration formatter, never in thousands of minutes', async () => {
    const { b, a, id, arriveAt } = await group();
    await setTravel(id, a, 20 + 2521, arriveAt);
    await liveCheck();
    const [late] = await inboxWhen(b, id, has('late'));
    expect([2520, 2521, 2522].map((m) => `Ada is running ${formatWholeMinutes(m)} late`)).toContain(
      late!.text,
    );
    expect(late!.text).not.toMatch(/\d{3,} min/);
  });
});
