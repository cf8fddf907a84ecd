import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, registerUser, startAuth, type AuthHarness } from '@oneeta/auth/testing';
import { eventually } from '@oneeta/service-kit/testing';
import { startNotification, type NotificationHarness } from './helpers.js';
import { startSmtp } from './smtp.js';

const PUBLIC_URL = 'https://oneeta.example';

/** Auth's password-reset and failed-sign-in e-mails, sent by this service: the real auth service on a port, sharing the bus. */
describe('account e-mails', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let auth: AuthHarness;
  let h: NotificationHarness;
  beforeAll(async () => {
    smtp = await startSmtp();
    auth = await startAuth({ PUBLIC_URL, LOGIN_ALERT_FAILURES_PER_HOUR: '3' });
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

  const forgot = (email: string) =>
    auth.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
  const mailsWith = (to: string, subject: string) =>
    smtp.mailsTo(to).filter((mail) => mail.subject === subject);

  it('sends the reset link asked for, fetched from auth when sending (the job never holds it), and it resets the password', async () => {
    const { user } = await registerUser(auth, { name: 'Rita Reset' });
    expect((await forgot(user.email)).statusCode).toBe(202);
    const [mail] = await eventually(() =>
      mailsWith(user.email, 'Choose a new password for OneETA').length === 1
        ? mailsWith(user.email, 'Choose a new password for OneETA')
        : null,
    );
    expect(mail!.text).toContain('Hi Rita Reset,');
    const link = /https:\/\/oneeta\.example\/auth\/reset\?token=[\w-]+/.exec(mail!.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail!.html).toContain(`href="${link}"`);
    const token = new URL(link!).searchParams.get('token')!;

    const jobs = await h.notifyQueue.getJobs(['completed', 'active', 'waiting', 'delayed']);
    const job = jobs.find(
      (j) =>
        (j.data as { kind?: string; userId?: string }).kind === 'password-reset' &&
        (j.data as { userId?: string }).userId === user.id,
    );
    expect(job).toBeDefined();
    expect(JSON.stringify(job!.data)).not.toContain(token);

    const reset = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'N3w!password' },
    });
    expect(reset.statusCode).toBe(200);
    await eventually(async () =>
      (await h.deliveries.byUser(user.id)).some(
        (row) => row.kind === 'password-reset' && row.outcome === 'delivered',
      ),
    );
  });

  it('sends nothing for an address without an account', async () => {
    const stranger = newEmail();
    expect((await forgot(stranger)).statusCode).toBe(202);
    // A known address asked after it is sent: when its mail is out, the stranger's would have been too.
    const { user } = await registerUser(auth);
    await forgot(user.email);
    await eventually(() => mailsWith(user.email, 'Choose a new password for OneETA').length === 1);
    expect(smtp.mailsTo(stranger)).toHaveLength(0);
  });

  it('tells the owner once about many failed sign-ins', async () => {
    const { user } = await registerUser(auth);
    for (let i = 0; i < 5; i++) {
      await auth.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'Wr0ng!pass' },
        remoteAddress: `192.0.2.${i + 1}`,
      });
    }
    const [mail] = await eventually(() =>
      mailsWith(user.email, 'Failed sign-ins to your OneETA account').length > 0
        ? mailsWith(user.email, 'Failed sign-ins to your OneETA account')
        : null,
    );
    expect(mail!.text).toContain('3 failed attempts');
    expect(mail!.text).toContain(`${PUBLIC_URL}/auth`);
    await eventually(async () =>
      (await h.deliveries.byUser(user.id)).some(
        (row) => row.kind === 'login-alert' && row.outcome === 'delivered',
      ),
    );
    expect(mailsWith(user.email, 'Failed sign-ins to your OneETA account')).toHaveLength(1);
  });
});
