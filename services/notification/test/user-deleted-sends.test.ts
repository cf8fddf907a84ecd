import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOBS,
  QUEUES,
  TOPICS,
  type EventEnvelope,
  type NotifyJob,
  type SessionAlertData,
} from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { eventually } from '@oneeta/service-kit/testing';
import { sql } from 'drizzle-orm';
import { createAlertHandler } from '../src/consumers/alerts.js';
import { createEmailProcessor } from '../src/consumers/email-delivery.js';
import { RetryableDeliveryError } from '../src/actions/record-delivery.js';
import { createAuthClient } from '../src/providers/auth.js';
import { createReminderProcessor } from '../src/consumers/reminders.js';
import { createSessionClient } from '../src/providers/sessions.js';
import { unsubscribeKey } from '../src/domain/unsubscribe.js';
import { emailOutbox } from '../src/store/schema.js';
import { deleted, processed, rowsOf, seed, type TestUser } from './deleted-account.js';
import { newSessionId } from './factories.js';
import { startNotification, type NotificationHarness } from './helpers.js';

/** The user.deleted consumer: nothing is sent for the account later, and nothing while it cannot be looked up. */
describe('sending to a deleted account', () => {
  let h: NotificationHarness;
  beforeAll(async () => {
    h = await startNotification();
  });
  afterAll(async () => {
    await h.close();
  });

  const db = () => h.database.db as Database;

  it('sends nothing for the account afterwards: a queued e-mail, a push, a reminder and a session alert find it deleted', async () => {
    const [gone, live] = [await h.user(), await h.user()];
    const { device, reminder } = await seed(h, gone);
    const event = await h.bus.publish(TOPICS.userDeleted, deleted(gone));
    await processed(h, event.id);

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
    expect((await rowsOf(h, gone.id, gone.email)).inbox).toBe(0);
    expect((await rowsOf(h, live.id, live.email)).inbox).toBe(1);
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
    expect((await rowsOf(h, u.id, u.email)).emails).toBe(0);
    expect(await h.deliveries.byId(job.id!)).toBeNull();
    // The same job once the account answers is sent: the retry is what stood between.
    await expect(
      createEmailProcessor({ ...deps, accounts: h.accounts })(job, data),
    ).resolves.toMatchObject({ outcome: 'delivered' });
    expect((await rowsOf(h, u.id, u.email)).emails).toBe(1);
  });
});
