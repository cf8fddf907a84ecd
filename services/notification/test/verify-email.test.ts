import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, QUEUES, type NotifyEmailJob } from '@oneeta/contracts';
import { newEmail, registerUser, startAuth, type AuthHarness } from '@oneeta/auth/testing';
import { eventually } from '@oneeta/service-kit/testing';
import { startNotification, type NotificationHarness } from './helpers.js';
import { startSmtp } from './smtp.js';

const PUBLIC_URL = 'https://oneeta.example';

/** Auth's verification e-mails, sent by this service: the real auth service on a port, sharing the bus. */
describe('verification e-mails', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let auth: AuthHarness;
  let h: NotificationHarness;
  const flaky = new Set<string>();
  beforeAll(async () => {
    // flaky-*: refused once with 451 (try later); refused-*: always 550 (mailbox unavailable).
    smtp = await startSmtp({
      refuse: (to) => {
        if (to.startsWith('refused-')) return 550;
        if (to.startsWith('flaky-') && !flaky.has(to)) return flaky.add(to) && 451;
        return null;
      },
    });
    auth = await startAuth({ PUBLIC_URL });
    await auth.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = auth.app.server.address() as AddressInfo;
    h = await startNotification(
      { AUTH_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, PUBLIC_URL },
      { prefix: auth.prefix },
    );
  });
  afterAll(async () => {
    await h.close();
    await auth.close();
    await smtp.close();
  });

  const sentFor = async (userId: string) =>
    (await h.sentEvents()).filter((e) => e.data.userId === userId);

  it('registering sends one e-mail whose link verifies the address, counted once as verify-email by e-mail', async () => {
    const { user } = await registerUser(auth, { name: 'Vera Verify' });
    const [mail] = await eventually(() =>
      smtp.mailsTo(user.email).length === 1 ? smtp.mailsTo(user.email) : null,
    );
    expect(mail!.subject).toBe('Verify your e-mail for OneETA');
    expect(mail!.text).toContain('Hi Vera Verify,');
    const link = /https:\/\/oneeta\.example\/verify-email\?token=[\w.-]+/.exec(
      mail!.text ?? '',
    )?.[0];
    expect(link).toBeDefined();
    expect(mail!.html).toContain(`href="${link}"`);

    const verified = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: new URL(link!).searchParams.get('token') },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email: user.email, emailVerified: true });

    const [event] = await eventually(async () =>
      (await sentFor(user.id)).length === 1 ? sentFor(user.id) : null,
    );
    expect(event!.data).toMatchObject({
      userId: user.id,
      sessionId: null,
      kind: 'verify-email',
      channel: 'email',
      outcome: 'delivered',
    });
    expect(await h.deliveries.byUser(user.id)).toMatchObject([
      {
        kind: 'verify-email',
        channel: 'email',
        target: user.email,
        outcome: 'delivered',
        attempts: 1,
      },
    ]);
  });

  it("sends nothing for an address that is no longer the account's when the job runs", async () => {
    const { user } = await registerUser(auth);
    await eventually(() => smtp.mailsTo(user.email).length === 1);
    const stale = newEmail();
    const entry = JOBS[QUEUES.notify];
    const data: NotifyEmailJob = {
      channel: 'email',
      kind: 'verify-email',
      userId: user.id,
      email: stale,
    };
    const job = await h.notifyQueue.add(entry.name, data, {
      jobId: `verify-email-stale-${user.id}`,
    });
    await eventually(async () => (await job.isCompleted()) || null);
    expect((await h.notifyQueue.getJob(job.id!))!.returnvalue).toEqual({ outcome: 'skipped' });
    expect(smtp.mailsTo(stale)).toHaveLength(0);
    expect(await h.deliveries.byId(job.id!)).toBeNull();
  });

  it('a mail server that answers 451 is tried again and delivers once', async () => {
    const { user } = await registerUser(auth, { email: `flaky-${newEmail()}` });
    await eventually(() => smtp.mailsTo(user.email).length === 1);
    expect(smtp.refused.filter((r) => r.to === user.email)).toEqual([
      { to: user.email, code: 451 },
    ]);
    const [row] = await eventually(async () =>
      (await h.deliveries.byUser(user.id)).length === 1 ? h.deliveries.byUser(user.id) : null,
    );
    expect(row).toMatchObject({ outcome: 'delivered', attempts: 2 });
    // notification.sent leaves through the outbox relay a moment after the outcome is recorded.
    const events = await eventually(async () =>
      (await sentFor(user.id)).length > 0 ? sentFor(user.id) : null,
    );
    expect(events.map((e) => e.data.outcome)).toEqual(['delivered']);
  });

  it('a 550 is not retried: recorded and published as failed, once', async () => {
    const { user } = await registerUser(auth, { email: `refused-${newEmail()}` });
    const [row] = await eventually(async () =>
      (await h.deliveries.byUser(user.id)).length === 1 ? h.deliveries.byUser(user.id) : null,
    );
    expect(row).toMatchObject({ channel: 'email', outcome: 'failed', attempts: 1 });
    expect(row!.error).toMatch(/550|Mailbox unavailable/);
    const [event] = await eventually(async () =>
      (await sentFor(user.id)).length === 1 ? sentFor(user.id) : null,
    );
    expect(event!.data).toMatchObject({ kind: 'verify-email', outcome: 'failed' });
    expect(smtp.refused.filter((r) => r.to === user.email)).toHaveLength(1);
  });
});
