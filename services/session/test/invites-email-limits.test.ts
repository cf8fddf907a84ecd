import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInviteResponseSchema,
  INVITE_EMAIL_LIMITS,
  NAME_NO_LINKS_MESSAGE,
  SESSION_MESSAGES,
  TOPICS,
} from '@oneeta/contracts';
import { streamKey } from '@oneeta/service-kit';
import { bearer, createSession } from './factories.js';
import { startSession, type SessionHarness, type TestUser } from './helpers.js';
import { accept, rowsOf } from './membership.js';

/**
 * Invite e-mails (invite.created, which the notification service turns into an e-mail) go out only
 * from verified accounts, within per-sender and per-recipient daily limits that a cancel does not
 * give back; the invite itself, its link and its code work either way.
 */
let h: SessionHarness;
beforeAll(async () => {
  h = await startSession();
});
afterAll(() => h.close());

const post = (owner: TestUser, sessionId: string, email: string, name = 'Friend') =>
  h.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/invites`,
    headers: bearer(owner.token),
    payload: { name, email },
  });
const made = async (owner: TestUser, sessionId: string, email: string) => {
  const res = await post(owner, sessionId, email);
  expect(res.statusCode).toBe(201);
  return createInviteResponseSchema.parse(res.json());
};
const cancel = async (owner: TestUser, sessionId: string, inviteId: string) =>
  expect(
    (
      await h.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${sessionId}/invites/${inviteId}`,
        headers: bearer(owner.token),
      })
    ).statusCode,
  ).toBe(200);
/** invite.created events addressed to `email` (each becomes one e-mail). */
const emailsTo = async (email: string) => {
  await h.drained();
  const events = await h.redis.xrange(streamKey(h.prefix, TOPICS.inviteCreated), '-', '+');
  return events
    .map(([, fields]) => JSON.parse(fields[1]!).data as { email: string })
    .filter((d) => d.email === email).length;
};
const sessionOf = async (owner: TestUser) => (await createSession(h, owner)).sessionId;

describe('who sends invite e-mails', () => {
  it('an unverified account makes the invite (its code works) but no e-mail goes out, and it is told why', async () => {
    const owner = await h.user({ plan: 'premium', emailVerified: false });
    const id = await sessionOf(owner);
    const answer = await made(owner, id, 'unverified-target@example.test');
    expect(answer).toMatchObject({
      emailSent: false,
      emailNotice: SESSION_MESSAGES.inviteEmailUnverified,
    });
    expect(await emailsTo('unverified-target@example.test')).toBe(0);
    const joiner = await h.user({ plan: 'standard' });
    expect((await accept(h, joiner, id, answer.invite.code!)).statusCode).toBe(200);
  });

  it('a verified account sends the e-mail', async () => {
    const owner = await h.user({ plan: 'premium' });
    const answer = await made(owner, await sessionOf(owner), 'verified-target@example.test');
    expect(answer.emailSent).toBe(true);
    expect(answer.emailNotice).toBeUndefined();
    expect(await emailsTo('verified-target@example.test')).toBe(1);
  });
});

describe('daily limits on invite e-mails', () => {
  it('per recipient, across cancel and re-invite and across senders', async () => {
    const target = 'often-invited@example.test';
    const owner = await h.user({ plan: 'premium' });
    const id = await sessionOf(owner);
    for (let i = 0; i < INVITE_EMAIL_LIMITS.perRecipientPerDay; i++) {
      const answer = await made(owner, id, target);
      expect(answer.emailSent).toBe(true);
      await cancel(owner, id, answer.invite.id);
    }
    const over = await made(owner, id, target);
    expect(over).toMatchObject({
      emailSent: false,
      emailNotice: SESSION_MESSAGES.inviteEmailRecipientLimit,
    });
    const other = await h.user({ plan: 'premium' });
    expect((await made(other, await sessionOf(other), target)).emailSent).toBe(false);
    expect(await emailsTo(target)).toBe(INVITE_EMAIL_LIMITS.perRecipientPerDay);
    // The invite made over the limit still works by its code.
    expect(
      (await accept(h, await h.user({ plan: 'standard' }), id, over.invite.code!)).statusCode,
    ).toBe(200);
  });

  it('per sender, across sessions and cancels', async () => {
    const owner = await h.user({ plan: 'enterprise' });
    const id = await sessionOf(owner);
    for (let i = 0; i < INVITE_EMAIL_LIMITS.perSenderPerDay; i++) {
      const sessionId = i % 2 ? id : await sessionOf(owner);
      const answer = await made(owner, sessionId, `bulk-${i}@example.test`);
      expect(answer.emailSent).toBe(true);
      await cancel(owner, sessionId, answer.invite.id);
    }
    const over = await made(owner, id, 'one-more@example.test');
    expect(over).toMatchObject({
      emailSent: false,
      emailNotice: SESSION_MESSAGES.inviteEmailSenderLimit,
    });
    expect(await emailsTo('one-more@example.test')).toBe(0);
  });

  it('holds when invites to one address arrive at once', async () => {
    const target = 'parallel-target@example.test';
    const owner = await h.user({ plan: 'enterprise' });
    const id = await sessionOf(owner);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(owner, id, target)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(answers.filter((a) => a.json().emailSent === true)).toHaveLength(
      INVITE_EMAIL_LIMITS.perRecipientPerDay,
    );
    expect(await emailsTo(target)).toBe(INVITE_EMAIL_LIMITS.perRecipientPerDay);
  });
});

describe('invite names', () => {
  it.each([
    'Security Team: account locked, reset at https://evil.example/reset',
    'Visit www.evil-site',
    'reset at evil.com',
    'support@oneeta.example',
    'go to 10.0.0.1',
  ])('refuses %j with 400 and makes nothing', async (name) => {
    const owner = await h.user({ plan: 'premium' });
    const id = await sessionOf(owner);
    const before = (await rowsOf(h, id)).length;
    const res = await post(owner, id, 'named@example.test', name);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(NAME_NO_LINKS_MESSAGE);
    expect((await rowsOf(h, id)).length).toBe(before);
  });

  it('accepts ordinary names with dots and an ampersand', async () => {
    const owner = await h.user({ plan: 'premium' });
    const id = await sessionOf(owner);
    for (const name of ["Dr. Jane O'Neil", 'J.R. & Ana'])
      expect((await post(owner, id, `n${name.length}@example.test`, name)).statusCode).toBe(201);
  });
});
