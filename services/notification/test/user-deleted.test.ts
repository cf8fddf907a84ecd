import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOBS,
  QUEUES,
  TOPICS,
  type EventEnvelope,
  type NotifyJob,
  type ReminderJob,
  type SessionAlertData,
  type UserDeletedData,
} from '@oneeta/contracts';
import { redisKey, type Database } from '@oneeta/service-kit';
import { deadLettered, eventually, publishUnchecked } from '@oneeta/service-kit/testing';
import { count, eq, sql } from 'drizzle-orm';
import { createAlertHandler } from '../src/consumers/alerts.js';
import { createEmailProcessor } from '../src/consumers/email-delivery.js';
import { RetryableDeliveryError } from '../src/actions/record-delivery.js';
import { createAuthClient } from '../src/providers/auth.js';
import { createReminderProcessor } from '../src/consumers/reminders.js';
import { USER_DELETED_GROUP } from '../src/consumers/user-deleted.js';
import { createSessionClient } from '../src/providers/sessions.js';
import { unsubscribeKey } from '../src/domain/unsubscribe.js';
import { ERASED } from '../src/store/erase-user.js';
import { createInboxStore } from '../src/store/inbox-store.js';
import {
  alertsSent,
  deliveries,
  emailOutbox,
  inAppNotifications,
  notificationPreferences,
  outbox,
  pushSubscriptions,
  remindersSent,
  sessionMutes,
  sessionSchedules,
} from '../src/store/schema.js';
import {
  fakeSubscription,
  mute,
  newSessionId,
  preferencesWith,
  putPreferences,
  subscribe,
} from './factories.js';
import { startNotification, type NotificationHarness } from './helpers.js';

type TestUser = Awaited<ReturnType<NotificationHarness['user']>>;

/** The user.deleted consumer: nothing of the account stays, the ledger still adds up, nothing is sent for it later. */
describe('a deleted account', () => {
  let h: NotificationHarness;
  beforeAll(async () => {
    h = await startNotification();
  });
  afterAll(async () => {
    await h.close();
  });

  const db = () => h.database.db as Database;
  const rowsOf = async (userId: string, email: string) => {
    const d = db();
    const by = async (
      table:
        | typeof pushSubscriptions
        | typeof notificationPreferences
        | typeof sessionMutes
        | typeof inAppNotifications
        | typeof remindersSent
        | typeof alertsSent,
    ) => (await d.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
    return {
      devices: await by(pushSubscriptions),
      preferences: await by(notificationPreferences),
      mutes: await by(sessionMutes),
      inbox: await by(inAppNotifications),
      reminders: await by(remindersSent),
      alerts: await by(alertsSent),
      emails: (
        await d
          .select({ n: count() })
          .from(emailOutbox)
          .where(sql`lower(${emailOutbox.to}) = ${email.toLowerCase()}`)
      )[0]!.n,
      ledger: (
        await d
          .select({ n: count() })
          .from(deliveries)
          .where(
            sql`${deliveries.userId} = ${userId} or lower(${deliveries.target}) = ${email.toLowerCase()}`,
          )
      )[0]!.n,
      schedules: (
        await d
          .select({ n: count() })
          .from(sessionSchedules)
          .where(sql`${sessionSchedules.schedule}::text like ${`%${userId}%`}`)
      )[0]!.n,
      outbox: (
        await d
          .select({ n: count() })
          .from(outbox)
          .where(
            sql`${outbox.message}::text like ${`%${userId}%`} or lower(${outbox.message}::text) like ${`%${email.toLowerCase()}%`}`,
          )
      )[0]!.n,
    };
  };
  /** The ledger's figures: rows by kind, channel and outcome. */
  const ledgerCounts = async () =>
    (
      await db()
        .select({
          kind: deliveries.kind,
          channel: deliveries.channel,
          outcome: deliveries.outcome,
          n: count(),
        })
        .from(deliveries)
        .groupBy(deliveries.kind, deliveries.channel, deliveries.outcome)
    )
      .map((r) => `${r.kind}/${r.channel}/${r.outcome}=${r.n}`)
      .sort();

  const ledgerRow = (
    userId: string,
    target: string,
    channel: 'push' | 'email' | 'in_app',
    kind = 'session-alert',
  ) => ({
    id: `t-${randomUUID()}`,
    userId,
    sessionId: null,
    kind,
    channel,
    target,
    outcome: 'delivered' as const,
    statusCode: null,
    attempts: 1,
    error: null,
  });

  /** Everything the service can hold for a user, a queued e-mail, push and reminder among it. */
  async function seed(u: TestUser) {
    const sessionId = newSessionId();
    expect((await subscribe(h, u.token, fakeSubscription())).statusCode).toBe(201);
    expect(
      (await putPreferences(h, u.token, preferencesWith('leave', { push: false, inApp: true })))
        .statusCode,
    ).toBe(200);
    expect((await mute(h, u.token, sessionId)).statusCode).toBe(200);
    const [device] = await h.subscriptions.listByUser(u.id);
    await createInboxStore(db()).add({
      id: `inb-${randomUUID()}`,
      sourceKey: `test|${randomUUID()}`,
      userId: u.id,
      sessionId,
      kind: 'arrived',
      text: 'Ann arrived',
      url: `/s/${sessionId}`,
      suggestedArriveAt: null,
      createdAt: new Date(),
    });
    await db()
      .insert(remindersSent)
      .values({ key: `rem|${randomUUID()}`, sessionId, userId: u.id });
    const participant = (userId: string) => ({
      participantId: `user:${userId}`,
      userId,
      status: 'active' as const,
      enroute: false,
      leaveBy: null,
      lateMinutes: null,
    });
    const schedule = {
      sessionId,
      isClosed: false,
      destinationName: 'Pike Place Market',
      arriveAt: null,
      tzId: 'UTC',
      participants: [participant(u.id), participant('someone-else')],
    };
    await db().insert(sessionSchedules).values({ sessionId, schedule, occurredAt: new Date() });
    await db()
      .insert(alertsSent)
      .values({ key: `alert|${randomUUID()}`, sessionId, userId: u.id });
    // The embedded e-mail outbox (the address as another service spelled it).
    await db().insert(emailOutbox).values({
      id: randomUUID(),
      to: u.email.toUpperCase(),
      subject: 'You are invited',
      text: 'x',
      html: 'x',
    });
    // The ledger: their own pushes and e-mails, and an invite someone sent to their address.
    await h.deliveries.record(ledgerRow(u.id, device!.id, 'push'));
    await h.deliveries.record(ledgerRow(u.id, 'inbox', 'in_app'));
    await h.deliveries.record(ledgerRow(u.id, u.email, 'email', 'verify-email'));
    await h.deliveries.record(ledgerRow(`inviter-${randomUUID()}`, u.email, 'email', 'invite'));
    // A job and an event not relayed yet (held back), for them.
    const later = new Date(Date.now() + 3600_000);
    const pushJob: NotifyJob = {
      userId: u.id,
      subscriptionId: device!.id,
      sessionId,
      kind: 'session-alert',
      payload: { title: 'OneETA', body: 'x', url: '/', tag: 't' },
    };
    const entry = JOBS[QUEUES.notify];
    await db()
      .insert(outbox)
      .values({
        id: `j-${randomUUID()}`,
        aggregate: 'delivery:x',
        message: { kind: 'job', queue: entry.queue, name: entry.name, data: pushJob, opts: {} },
        availableAt: later,
      });
    const sent = {
      deliveryId: 'd',
      userId: u.id,
      sessionId: null,
      kind: 'session-alert',
      channel: 'push',
      outcome: 'delivered',
      at: new Date().toISOString(),
    };
    const envelope = {
      id: `e-${randomUUID()}`,
      type: TOPICS.notificationSent,
      source: 'notification',
      occurredAt: new Date().toISOString(),
      data: sent,
    };
    await db()
      .insert(outbox)
      .values({
        id: envelope.id,
        aggregate: 'delivery:d',
        message: { kind: 'event', envelope },
        availableAt: later,
      });
    // Jobs already in the queues, due later: an e-mail to them, a push, a reminder.
    const mailId = `login-alert-${randomUUID()}`;
    await h.notifyQueue.add(
      entry.name,
      {
        channel: 'email',
        kind: 'login-alert',
        userId: u.id,
        email: u.email,
        failures: 5,
        since: new Date().toISOString(),
      } satisfies NotifyJob,
      { jobId: mailId, delay: 3600_000 },
    );
    const pushId = `push-${randomUUID()}`;
    await h.notifyQueue.add(entry.name, pushJob, { jobId: pushId, delay: 3600_000 });
    const reminder: ReminderJob = {
      sessionId,
      participantId: `user:${u.id}`,
      userId: u.id,
      kind: 'leave-soon',
      leaveBy: later.toISOString(),
      arriveAt: later.toISOString(),
    };
    const reminderId = `rem-${randomUUID()}`;
    await h.reminders.add(JOBS[QUEUES.reminders].name, reminder, {
      jobId: reminderId,
      delay: 3600_000,
    });
    return { sessionId, device: device!, jobs: [mailId, pushId], reminderId, reminder };
  }

  const deleted = (u: TestUser): UserDeletedData => ({
    userId: u.id,
    email: u.email,
    deletedAt: new Date().toISOString(),
  });
  const processed = (eventId: string) =>
    eventually(
      async () =>
        (await h.redis.get(redisKey(h.prefix, 'processed', USER_DELETED_GROUP, eventId))) ===
        'done',
    );

  it('erases everything of the account, keeps the ledger figures anonymised, and removes its queued jobs', async () => {
    const [gone, kept] = [await h.user(), await h.user()];
    const seeded = await seed(gone);
    const other = await seed(kept);
    const before = await rowsOf(gone.id, gone.email);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    const figures = await ledgerCounts();

    const event = await h.bus.publish(TOPICS.userDeleted, deleted(gone));
    await processed(event.id);

    expect(await rowsOf(gone.id, gone.email)).toEqual({
      devices: 0,
      preferences: 0,
      mutes: 0,
      inbox: 0,
      reminders: 0,
      alerts: 0,
      emails: 0,
      ledger: 0,
      schedules: 0,
      outbox: 0,
    });
    expect(await ledgerCounts()).toEqual(figures);
    const anonymous = await db().select().from(deliveries).where(eq(deliveries.userId, ERASED));
    expect(anonymous.length).toBeGreaterThanOrEqual(3);
    expect(anonymous.every((r) => r.target === ERASED)).toBe(true);
    // The event held back still counts, without the account's id.
    const events = await db()
      .select()
      .from(outbox)
      .where(
        sql`${outbox.message}->>'kind' = 'event' and ${outbox.message}->'envelope'->'data'->>'userId' = ${ERASED}`,
      );
    expect(events.length).toBeGreaterThanOrEqual(1);
    const [left] = await db()
      .select()
      .from(sessionSchedules)
      .where(eq(sessionSchedules.sessionId, seeded.sessionId));
    expect(left!.schedule.participants.map((p) => p.userId)).toEqual(['someone-else']);
    for (const id of seeded.jobs) expect(await h.notifyQueue.getJob(id)).toBeUndefined();
    expect(await h.reminders.getJob(seeded.reminderId)).toBeUndefined();

    // The other account keeps all of it.
    expect(Object.values(await rowsOf(kept.id, kept.email)).every((n) => n > 0)).toBe(true);
    for (const id of other.jobs) expect(await h.notifyQueue.getJob(id)).toBeDefined();
    expect(await h.reminders.getJob(other.reminderId)).toBeDefined();
  });

  it('sends nothing for the account afterwards: a queued e-mail, a push, a reminder and a session alert find it deleted', async () => {
    const [gone, live] = [await h.user(), await h.user()];
    const { device, reminder } = await seed(gone);
    const event = await h.bus.publish(TOPICS.userDeleted, deleted(gone));
    await processed(event.id);

    // Jobs that were already on their way (running, or relayed after the erasure) run now.
    const entry = JOBS[QUEUES.notify];
    const alert = (u: TestUser): NotifyJob => ({
      channel: 'email',
      kind: 'login-alert',
      userId: u.id,
      email: u.email,
      failures: 5,
      since: new Date().toISOString(),
    });
    const [mailGone, mailLive, pushGone] = [
      `m-${randomUUID()}`,
      `m-${randomUUID()}`,
      `p-${randomUUID()}`,
    ];
    await h.notifyQueue.add(entry.name, alert(gone), { jobId: mailGone });
    await h.notifyQueue.add(entry.name, alert(live), { jobId: mailLive });
    await h.notifyQueue.add(
      entry.name,
      {
        userId: gone.id,
        subscriptionId: device.id,
        sessionId: null,
        kind: 'test',
        payload: { title: 'OneETA', body: 'x', url: '/', tag: 't' },
      } satisfies NotifyJob,
      { jobId: pushGone },
    );
    const outcome = (id: string) =>
      eventually(
        async () =>
          ((await h.notifyQueue.getJob(id))?.returnvalue as { outcome: string } | undefined) ??
          null,
      );
    expect(await outcome(mailLive)).toMatchObject({ outcome: 'delivered' });
    expect(await outcome(mailGone)).toEqual({ outcome: 'skipped' });
    expect(await outcome(pushGone)).toEqual({ outcome: 'skipped' });
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.to}) = ${gone.email.toLowerCase()}`);
    expect(mails).toHaveLength(0);
    expect(await h.deliveries.byId(mailGone)).toBeNull();

    const remind = createReminderProcessor({
      accounts: h.accounts,
      db: db(),
      outbox: h.delivery.outbox,
      sessions: createSessionClient({ baseUrl: 'http://127.0.0.1:9', internalToken: undefined }),
    });
    expect(await remind({ data: reminder } as Job)).toEqual({ outcome: 'gone' });

    // A session alert naming them with someone else reaches only the other one.
    const sessionId = newSessionId();
    const sessionAlert: SessionAlertData = {
      sessionId,
      destinationName: 'Pike Place Market',
      tzId: 'UTC',
      arriveAt: new Date().toISOString(),
      kind: 'arrived',
      recipients: [gone.id, live.id],
      participantId: 'user:y',
      name: 'Bo',
      arrivedAt: new Date().toISOString(),
    };
    const handle = createAlertHandler({
      accounts: h.accounts,
      db: db(),
      outbox: h.delivery.outbox,
      log: h.app.log,
    });
    const results = await handle({
      id: `ev-${randomUUID()}`,
      type: TOPICS.sessionAlert,
      source: 'test',
      occurredAt: new Date().toISOString(),
      data: sessionAlert,
    } satisfies EventEnvelope<unknown>);
    expect(results.map((r) => [r.userId, r.outcome])).toEqual([
      [gone.id, 'gone'],
      [live.id, 'sent'],
    ]);
    expect((await rowsOf(gone.id, gone.email)).inbox).toBe(0);
    expect((await rowsOf(live.id, live.email)).inbox).toBe(1);
  });

  it('is harmless when the event comes again (the same event, or a second one for the account)', async () => {
    const u = await h.user();
    await seed(u);
    const data = deleted(u);
    const first = await h.bus.publish(TOPICS.userDeleted, data);
    await processed(first.id);
    const figures = await ledgerCounts();
    const after = await rowsOf(u.id, u.email);

    const again = await h.bus.publish(TOPICS.userDeleted, data, { id: first.id });
    const second = await h.bus.publish(TOPICS.userDeleted, {
      ...data,
      deletedAt: new Date().toISOString(),
    });
    await processed(second.id);
    expect(again.id).toBe(first.id);
    expect(await ledgerCounts()).toEqual(figures);
    expect(await rowsOf(u.id, u.email)).toEqual(after);
    // A bad payload changes nothing and does not stop the consumer.
    const bad = await publishUnchecked(h.bus, TOPICS.userDeleted, { userId: 42 });
    await deadLettered(h.redis, h.prefix, TOPICS.userDeleted, bad.id);
    expect(await ledgerCounts()).toEqual(figures);
  });

  it('retries a job whose account cannot be looked up, and sends nothing meanwhile', async () => {
    const u = await h.user();
    const deps = {
      db: db(),
      outbox: h.delivery.outbox,
      email: h.email,
      sessions: createSessionClient({ baseUrl: 'http://127.0.0.1:9', internalToken: undefined }),
      auth: createAuthClient({ baseUrl: 'http://127.0.0.1:9', internalToken: undefined }),
      accounts: async () => {
        throw new Error('accounts unavailable');
      },
      publicUrl: 'https://oneeta.example',
      unsubscribeKey: unsubscribeKey(h.vapid.privateKey),
      log: h.app.log,
    };
    const process = createEmailProcessor(deps);
    const job = { id: `m-${randomUUID()}`, attemptsMade: 0, opts: { attempts: 5 } } as Job;
    const data: NotifyJob = {
      channel: 'email',
      kind: 'login-alert',
      userId: u.id,
      email: u.email,
      failures: 5,
      since: new Date().toISOString(),
    };
    await expect(process(job, data)).rejects.toBeInstanceOf(RetryableDeliveryError);
    expect((await rowsOf(u.id, u.email)).emails).toBe(0);
    expect(await h.deliveries.byId(job.id!)).toBeNull();
    // The same job once the account answers is sent: the retry is what stood between.
    await expect(
      createEmailProcessor({ ...deps, accounts: h.accounts })(job, data),
    ).resolves.toMatchObject({ outcome: 'delivered' });
    expect((await rowsOf(u.id, u.email)).emails).toBe(1);
  });
});
