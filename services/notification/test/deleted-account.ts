import { randomUUID } from 'node:crypto';
import {
  JOBS,
  QUEUES,
  TOPICS,
  type NotifyJob,
  type ReminderJob,
  type UserDeletedData,
} from '@oneeta/contracts';
import { redisKey, type Database } from '@oneeta/service-kit';
import { eventually } from '@oneeta/service-kit/testing';
import { count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { USER_DELETED_GROUP } from '../src/consumers/user-deleted.js';
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
import type { NotificationHarness } from './helpers.js';

// What the user.deleted tests seed for an account and read back.

export type TestUser = Awaited<ReturnType<NotificationHarness['user']>>;

const db = (h: NotificationHarness) => h.database.db as Database;

/** How many rows of each kind the service holds for the account. */
export const rowsOf = async (h: NotificationHarness, userId: string, email: string) => {
  const d = db(h);
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
export const ledgerCounts = async (h: NotificationHarness) =>
  (
    await db(h)
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
export async function seed(h: NotificationHarness, u: TestUser) {
  const sessionId = newSessionId();
  expect((await subscribe(h, u.token, fakeSubscription())).statusCode).toBe(201);
  expect(
    (await putPreferences(h, u.token, preferencesWith('leave', { push: false, inApp: true })))
      .statusCode,
  ).toBe(200);
  expect((await mute(h, u.token, sessionId)).statusCode).toBe(200);
  const [device] = await h.subscriptions.listByUser(u.id);
  await createInboxStore(db(h)).add({
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
  await db(h)
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
  await db(h).insert(sessionSchedules).values({ sessionId, schedule, occurredAt: new Date() });
  await db(h)
    .insert(alertsSent)
    .values({ key: `alert|${randomUUID()}`, sessionId, userId: u.id });
  // The embedded e-mail outbox (the address as another service spelled it).
  await db(h).insert(emailOutbox).values({
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
  await db(h)
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
  await db(h)
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

/** The user.deleted event's data for the account. */
export const deleted = (u: TestUser): UserDeletedData => ({
  userId: u.id,
  email: u.email,
  deletedAt: new Date().toISOString(),
});

/** Waits until the user.deleted consumer has processed the event. */
export const processed = (h: NotificationHarness, eventId: string) =>
  eventually(
    async () =>
      (await h.redis.get(redisKey(h.prefix, 'processed', USER_DELETED_GROUP, eventId))) === 'done',
  );
