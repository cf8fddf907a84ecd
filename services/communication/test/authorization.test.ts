/**
 * Who may make each communication call, by how they stand in the session (the session service
 * says, fresh on every call). Administrator rights give nothing here: chat follows membership.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invite, type TestUser } from '@oneeta/session/testing';
import {
  postParticipants,
  postThread,
  postToken,
  sessionThread,
  sessionWith,
} from './factories.js';
import { startStack, type Stack } from './helpers.js';

let h: Stack;
let sessionId: string;
let threadId: string;
const callers: Record<string, TestUser | null> = {};

beforeAll(async () => {
  h = await startStack();
  const [owner, participant, invitee, stranger, admin] = [
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user({ isAdmin: true }),
  ];
  sessionId = await sessionWith(h, owner, [participant]);
  await invite(h.session, owner, sessionId, invitee.email);
  threadId = (await sessionThread(h, owner, sessionId)).threadId;
  Object.assign(callers, { anonymous: null, stranger, admin, invitee, participant, owner });
});
afterAll(async () => {
  await h?.close();
});

const token = (who: string) => callers[who]?.token ?? null;

describe('authorization of the communication calls', () => {
  it.each([
    ['anonymous', 401],
    ['stranger', 403],
    ['admin', 403],
    ['invitee', 403],
    ['participant', 200],
    ['owner', 200],
  ])('POST /api/communication/token for the session: %s → %i', async (who, status) => {
    const res = await postToken(h, token(who), { sessionId });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) expect(res.json().threadId).toBe(threadId);
  });

  it.each([
    ['anonymous', 401],
    ['stranger', 403],
    ['admin', 403],
    ['invitee', 403],
    ['participant', 200],
    ['owner', 200],
  ])('POST /api/communication/thread (attach): %s → %i', async (who, status) => {
    const res = await postThread(h, token(who), { sessionId, threadId });
    expect(res.statusCode, res.body).toBe(status);
  });

  it.each([
    ['anonymous', 401],
    ['stranger', 403],
    ['admin', 403],
    ['invitee', 403],
    ['participant', 200],
    ['owner', 200],
  ])('POST /api/communication/participants: %s → %i', async (who, status) => {
    const res = await postParticipants(h, token(who), { sessionId });
    expect(res.statusCode, res.body).toBe(status);
  });

  it('gives any signed-in user a token with no session (no thread), and refuses anonymous callers', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/communication/token',
      headers: { authorization: `Bearer ${token('stranger')}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().threadId).toBe('');
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/communication/token' })).statusCode,
    ).toBe(401);
  });

  const post = (url: string, who: string, payload: object) =>
    h.app.inject({
      method: 'POST',
      url: `/api/communication/${url}`,
      headers: token(who) ? { authorization: `Bearer ${token(who)}` } : {},
      payload,
    });
  const table = (ok: number) =>
    [
      ['anonymous', 401],
      ['stranger', 403],
      ['admin', 403],
      ['invitee', 403],
      ['participant', ok],
      ['owner', ok],
    ] as const;

  it.each(table(202))('POST /api/communication/audit-message: %s → %i', async (who, status) => {
    const res = await post('audit-message', who, {
      sessionId,
      clientMessageId: `auth-${who}`,
      messageLength: 4,
      event: 'chat_message_sent',
    });
    expect(res.statusCode, res.body).toBe(status);
  });

  it.each(table(202))('POST /api/communication/call-usage: %s → %i', async (who, status) => {
    const res = await post('call-usage', who, {
      sessionId,
      participantAcsId: `8:acs:auth-${who}`,
      seconds: 3,
      mode: 'video',
    });
    expect(res.statusCode, res.body).toBe(status);
  });

  it.each(table(200))('POST /api/communication/complete-call: %s → %i', async (who, status) => {
    const res = await post('complete-call', who, { sessionId, acsIds: ['8:acs:someone'] });
    expect(res.statusCode, res.body).toBe(status);
  });

  it.each([
    ['anonymous', 401],
    ['stranger', 403],
    ['admin', 403],
    ['invitee', 403],
    ['participant', 403],
    ['owner', 200],
  ])('POST /api/communication/reset (owner only): %s → %i', async (who, status) => {
    const before = (await h.store.threadOfSession(sessionId))?.id;
    const res = await post('reset', who, { sessionId });
    expect(res.statusCode, res.body).toBe(status);
    const after = (await h.store.threadOfSession(sessionId))?.id;
    if (status === 200) expect(after).not.toBe(before);
    else expect(after).toBe(before);
  });
});
