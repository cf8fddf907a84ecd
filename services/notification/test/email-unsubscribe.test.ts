import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_UNSUBSCRIBE_MESSAGES } from '@oneeta/contracts';
import { eventually } from '@oneeta/service-kit/testing';
import { createSession, invite, startSession, type SessionHarness } from '@oneeta/session/testing';
import { createSuppressionsStore } from '../src/store/suppressions-store.js';
import { startNotification, type NotificationHarness } from './helpers.js';
import { startSmtp } from './smtp.js';

const PUBLIC_URL = 'https://oneeta.example';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let session: SessionHarness;
let h: NotificationHarness;
beforeAll(async () => {
  smtp = await startSmtp();
  session = await startSession();
  await session.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = session.app.server.address() as AddressInfo;
  h = await startNotification(
    { SESSION_URL: `http://127.0.0.1:${port}`, PUBLIC_URL, SMTP_URL: smtp.url },
    { prefix: session.prefix },
  );
});
afterAll(async () => {
  await h.close();
  await session.close();
  await smtp.close();
});

async function inviteTo(email: string) {
  const owner = await session.user({ plan: 'standard', name: 'Olga Owner' });
  const s = await createSession(session, owner, {
    tzId: 'Europe/Vienna',
    arriveAt: '2030-12-03T18:30:00.000Z',
  });
  await invite(session, owner, s.sessionId, email, 'Ivy');
}
const mailOf = (to: string) => eventually(() => smtp.mailsTo(to)[0] ?? null);
/** A header as the mail carried it (unfolded), not as the parser read it. */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .replace(/\r?\n[ \t]+/g, '')
    .trim();
const linkIn = (mail: ParsedMail) => {
  const match = /^<(https:\/\/oneeta\.example\/api\/notifications\/unsubscribe\?t=[^>]+)>$/.exec(
    String(header(mail, 'list-unsubscribe')),
  );
  expect(match).not.toBeNull();
  return match![1]!;
};
const pathOf = (link: string) => link.slice(PUBLIC_URL.length);

describe('unsubscribing from OneETA e-mail', () => {
  it('puts List-Unsubscribe (one-click) and the same visible link in every invite e-mail', async () => {
    await inviteTo('ivy.headers@example.test');
    const mail = await mailOf('ivy.headers@example.test');
    const link = linkIn(mail);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&#38;')}"`);
  });

  it('shows what the link does on GET without unsubscribing, then one-click POST stops every later e-mail to that address', async () => {
    const to = 'Ivy.Stop@example.test';
    await inviteTo(to);
    const link = linkIn(await mailOf(to.toLowerCase()));
    const suppressions = createSuppressionsStore(h.database.db);

    const shown = await h.app.inject({ method: 'GET', url: pathOf(link) });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^text\/html/);
    expect(shown.body).toContain('ivy.stop@example.test');
    expect(shown.body).toContain('<form method="post"');
    expect(await suppressions.has(to)).toBe(false);

    const clicked = await h.app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.body).toContain('You are unsubscribed');
    expect(await suppressions.has(to)).toBe(true);

    // Another invite to the address sends nothing; one to someone else, queued after it, arrives.
    await inviteTo(to);
    await inviteTo('ivy.other@example.test');
    await mailOf('ivy.other@example.test');
    await h.drained();
    expect(smtp.mailsTo(to.toLowerCase())).toHaveLength(1);
  });

  it.each([
    ['a forged signature', (t: string) => t.replace(/\.[\w-]+$/, `.${'A'.repeat(32)}`)],
    [
      'another address with the signature of this one',
      (t: string) =>
        `${Buffer.from('mallory@example.test').toString('base64url')}${t.slice(t.indexOf('.'))}`,
    ],
    ['no token', () => ''],
    ['garbage', () => '%00\u{1F600}'],
  ])('answers %s with 400 and records nothing', async (_label, tamper) => {
    await inviteTo('ivy.tamper@example.test');
    const link = linkIn(await mailOf('ivy.tamper@example.test'));
    const token = decodeURIComponent(new URL(link).searchParams.get('t')!);
    const url = `/api/notifications/unsubscribe?t=${encodeURIComponent(tamper(token))}`;
    for (const method of ['GET', 'POST'] as const) {
      const res = await h.app.inject({
        method,
        url,
        ...(method === 'POST'
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: 'List-Unsubscribe=One-Click',
            }
          : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await createSuppressionsStore(h.database.db).has('mallory@example.test')).toBe(false);
    expect(await createSuppressionsStore(h.database.db).has('ivy.tamper@example.test')).toBe(false);
    expect(EMAIL_UNSUBSCRIBE_MESSAGES.badLink).toMatch(/not valid/);
  });
});
