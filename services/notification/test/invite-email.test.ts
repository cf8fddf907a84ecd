import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS } from '@oneeta/contracts';
import { redisKey, streamKey } from '@oneeta/service-kit';
import { eventually } from '@oneeta/service-kit/testing';
import { createSession, invite, startSession, type SessionHarness } from '@oneeta/session/testing';
import { INVITES_GROUP } from '../src/consumers/email-requests.js';
import { bearer, startNotification, type NotificationHarness } from './helpers.js';
import { startSmtp } from './smtp.js';

const PUBLIC_URL = 'https://oneeta.example';

/** The real session service on a port, sharing its bus (Redis prefix) with the notification service. */
async function startPair(env: Record<string, string>) {
  const session = await startSession();
  await session.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = session.app.server.address() as AddressInfo;
  const notification = await startNotification(
    { SESSION_URL: `http://127.0.0.1:${port}`, PUBLIC_URL, ...env },
    { prefix: session.prefix },
  );
  return { session, notification };
}

async function inviteSomeone(session: SessionHarness, email: string) {
  const owner = await session.user({ plan: 'standard', name: 'Olga Owner' });
  const s = await createSession(session, owner, {
    tzId: 'Europe/Vienna',
    arriveAt: '2030-12-03T18:30:00.000Z',
  });
  const inv = await invite(session, owner, s.sessionId, email, 'Ivy');
  return { owner, s, inv, link: `${PUBLIC_URL}/session/${s.sessionId}/invite/${inv.code}` };
}

describe('invite e-mails over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let session: SessionHarness;
  let h: NotificationHarness;
  beforeAll(async () => {
    smtp = await startSmtp();
    ({ session, notification: h } = await startPair({
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'OneETA <invites@oneeta.test>',
    }));
  });
  afterAll(async () => {
    await h.close();
    await session.close();
    await smtp.close();
  });

  const mailsTo = (to: string) => smtp.mailsTo(to);

  it("tells the app, without sign-in, that e-mail goes out through a mail server ('smtp'), and has no outbox", async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/notifications/channels' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'smtp' });
    const outbox = await h.app.inject({
      method: 'GET',
      url: '/api/admin/email-outbox',
      headers: bearer((await h.user({ isAdmin: true })).token),
    });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.json().error).toBe(
      'This install sends e-mail through its mail server (SMTP_URL): there is no outbox',
    );
  });

  it('sends the invitee one e-mail with the inviter, the destination, the arrival in its zone and the invite link', async () => {
    const { owner, s, link } = await inviteSomeone(session, 'ivy.smtp@example.test');
    const [mail] = await eventually(() =>
      mailsTo('ivy.smtp@example.test').length === 1 ? mailsTo('ivy.smtp@example.test') : null,
    );
    expect(mail!.from?.value[0]).toMatchObject({ name: 'OneETA', address: 'invites@oneeta.test' });
    expect(mail!.subject).toBe('Olga Owner invited you on OneETA');
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain(`Destination: ${s.destination!.name}`);
    expect(mail!.text).toContain('Arrival: Tuesday, December 3, 2030 at 7:30 PM Vienna time');
    expect(mail!.html).toContain(`href="${link}"`);

    const [event] = await eventually(async () => {
      const events = (await h.sentEvents()).filter((e) => e.data.sessionId === s.sessionId);
      return events.length === 1 ? events : null;
    });
    expect(event!.data).toMatchObject({
      userId: owner.id,
      kind: 'invite',
      channel: 'email',
      outcome: 'delivered',
    });
  });

  it('sends nothing twice for a duplicate invite.created, even once the Redis idempotency key is gone', async () => {
    const { s } = await inviteSomeone(session, 'ivy.dup@example.test');
    await eventually(() => mailsTo('ivy.dup@example.test').length === 1);
    const entries = await h.redis.xrange(streamKey(h.prefix, TOPICS.inviteCreated), '-', '+');
    const original = entries.find(([, f]) => f.some((v) => v.includes(s.sessionId)))!;
    const eventId = (JSON.parse(original[1][original[1].indexOf('event') + 1]!) as { id: string })
      .id;
    await h.redis.del(redisKey(h.prefix, 'processed', INVITES_GROUP, eventId));
    await h.redis.xadd(streamKey(h.prefix, TOPICS.inviteCreated), '*', ...original[1]);
    // A later invite is handled after the duplicate (one consumer reads the stream in order).
    await inviteSomeone(session, 'ivy.after@example.test');
    await eventually(() => mailsTo('ivy.after@example.test').length === 1);
    expect(mailsTo('ivy.dup@example.test')).toHaveLength(1);
  });
});

describe('invite e-mails without SMTP', () => {
  let session: SessionHarness;
  let h: NotificationHarness;
  beforeAll(async () => {
    ({ session, notification: h } = await startPair({}));
  });
  afterAll(async () => {
    await h.close();
    await session.close();
  });

  it('keeps the e-mail in the embedded outbox, which the internal route lists for the administrator', async () => {
    const { link } = await inviteSomeone(session, 'Ivy.Outbox@example.test');
    const read = async () =>
      (
        await h.app.inject({
          method: 'GET',
          url: '/internal/email-outbox?to=ivy.outbox@example.test',
          headers: { 'x-internal-token': h.config.INTERNAL_TOKEN! },
        })
      ).json() as {
        messages: { to: string; subject: string; text: string }[];
      };
    const { messages } = await eventually(async () =>
      (await read()).messages.length === 1 ? read() : null,
    );
    expect(messages[0]).toMatchObject({
      to: 'ivy.outbox@example.test',
      subject: 'Olga Owner invited you on OneETA',
    });
    expect(messages[0]!.text).toContain(link);
    expect((await h.app.inject({ method: 'GET', url: '/internal/email-outbox' })).statusCode).toBe(
      403,
    );
    // The administrator reads the same outbox through the API; nobody else does.
    const asAdmin = await h.app.inject({
      method: 'GET',
      url: '/api/admin/email-outbox?to=ivy.outbox@example.test',
      headers: bearer((await h.user({ isAdmin: true })).token),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual({ messages });
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: '/api/admin/email-outbox',
          headers: bearer((await h.user()).token),
        })
      ).statusCode,
    ).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/email-outbox' })).statusCode).toBe(
      401,
    );
  });

  it("tells the app that e-mail is only kept ('outbox'), so it asks people to share links by hand", async () => {
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/notifications/channels' })).json(),
    ).toEqual({ email: 'outbox' });
  });
});
