/**
 * The usage calls of document 2 §7 (audit-message, complete-call), the owner's Reset
 * Chat, and privacy: a closed session's messages are deleted.
 */
import { describe, expect, it } from 'vitest';
import { COMMUNICATION_MESSAGES, type WsChatEvent } from '@oneeta/contracts';
import { communicationUserIdOf } from '../src/domain/identity.js';
import { chatToken, postToken, sessionThread, sessionWith } from './factories.js';
import { bearer, useStackWithFrames } from './helpers.js';

const s = useStackWithFrames();
const { chat } = s;

const call = (url: string, token: string | null, payload: unknown) =>
  s.h.app.inject({
    method: 'POST',
    url: `/api/communication/${url}`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
const textsOf = async (threadId: string, token: string): Promise<string[]> => {
  const res = await chat('GET', `${encodeURIComponent(threadId)}/messages`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value as { type: string; content?: { message?: string } }[])
    .filter((m) => m.type === 'text')
    .map((m) => m.content?.message ?? '');
};

describe('audit-message', () => {
  it('refuses bad input with 400 {error}', async () => {
    const owner = await s.h.user();
    const sessionId = await sessionWith(s.h, owner);
    for (const payload of [
      {},
      { sessionId, clientMessageId: 'c', messageLength: 3, event: 'other' },
      { sessionId, clientMessageId: 'c', messageLength: -1, event: 'chat_message_sent' },
      [1, 2],
    ]) {
      const res = await call('audit-message', owner.token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });
});

describe('complete-call', () => {
  it("answers 'Missing sessionId' and 'No participants selected'", async () => {
    const owner = await s.h.user();
    const sessionId = await sessionWith(s.h, owner);
    expect((await call('complete-call', owner.token, { acsIds: ['8:acs:x'] })).json()).toEqual({
      error: COMMUNICATION_MESSAGES.missingSessionId,
      code: 'missing_session_id',
    });
    const none = await call('complete-call', owner.token, { sessionId, acsIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(COMMUNICATION_MESSAGES.noParticipantsSelected);
    expect((await call('complete-call', owner.token, { sessionId })).json().error).toBe(
      COMMUNICATION_MESSAGES.noParticipantsSelected,
    );
    // An id that cannot be a session is no session (a 4xx), not an unavailable membership check (503).
    const bad = await call('complete-call', owner.token, { sessionId: '%ll', acsIds: ['8:acs:x'] });
    expect(bad.statusCode, bad.body).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode, bad.body).toBeLessThan(500);
  });

  it("names the selected ids that are in the session's chat", async () => {
    const [owner, ana] = [await s.h.user(), await s.h.user()];
    const sessionId = await sessionWith(s.h, owner, [ana]);
    await sessionThread(s.h, owner, sessionId);
    const anaId = communicationUserIdOf(ana.id);
    const res = await call('complete-call', owner.token, {
      sessionId,
      acsIds: [anaId, '8:acs:stranger'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, completed: [anaId] });
  });
});

describe('Reset Chat', () => {
  it("gives the session a new empty thread, deletes the old one and switches every widget to it over the session's channel", async () => {
    const [owner, ana] = [await s.h.user({ name: 'Olga' }), await s.h.user({ name: 'Ana' })];
    const sessionId = await sessionWith(s.h, owner, [ana]);
    await s.subscriber.subscribe(sessionId);
    const { threadId: oldThread } = await sessionThread(s.h, owner, sessionId);
    const { token } = await chatToken(s.h, ana, sessionId);
    expect(
      (await chat('POST', `${encodeURIComponent(oldThread)}/messages`, token, { content: 'hi' }))
        .statusCode,
    ).toBe(201);

    const res = await call('reset', owner.token, { sessionId });
    expect(res.statusCode, res.body).toBe(200);
    const { threadId, previousThreadId } = res.json() as {
      threadId: string;
      previousThreadId: string;
    };
    expect(previousThreadId).toBe(oldThread);
    expect(threadId).not.toBe(oldThread);

    await expect
      .poll(() =>
        s.frames
          .filter(
            (f): f is WsChatEvent =>
              f.type === 'chat-event' && f.sessionId === sessionId && f.threadId === oldThread,
          )
          .map((f) => f.event.type),
      )
      .toEqual(expect.arrayContaining(['chatThreadDeleted', 'chatThreadSwitched']));
    const switched = s.frames.find(
      (f) =>
        f.type === 'chat-event' &&
        f.event.type === 'chatThreadSwitched' &&
        f.sessionId === sessionId,
    ) as WsChatEvent;
    expect(switched.event).toMatchObject({ newThreadId: threadId });

    // Everyone is in the new, empty thread; the token call now names it; the old thread is gone.
    expect((await postToken(s.h, ana.token, { sessionId })).json().threadId).toBe(threadId);
    expect(await textsOf(threadId, token)).toEqual([]);
    expect((await chat('GET', `${encodeURIComponent(oldThread)}/messages`, token)).statusCode).toBe(
      404,
    );
    expect(await s.h.store.messageCount(oldThread)).toBe(0);
    expect(
      (await chat('POST', `${encodeURIComponent(threadId)}/messages`, token, { content: 'again' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses anyone but the owner and bad input, changing nothing', async () => {
    const [owner, ana] = [await s.h.user(), await s.h.user()];
    const sessionId = await sessionWith(s.h, owner, [ana]);
    const { threadId } = await sessionThread(s.h, owner, sessionId);
    const refused = await call('reset', ana.token, { sessionId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(COMMUNICATION_MESSAGES.resetOwnerOnly);
    expect((await call('reset', owner.token, {})).statusCode).toBe(400);
    expect((await call('reset', owner.token, { sessionId: 5 })).statusCode).toBe(400);
    expect((await s.h.store.threadOfSession(sessionId))?.id).toBe(threadId);
  });
});

describe('privacy', () => {
  it("deletes a session thread's messages when the session closes; reopened, the thread is empty and writable", async () => {
    const [owner, ana, admin] = [
      await s.h.user(),
      await s.h.user(),
      await s.h.user({ isAdmin: true }),
    ];
    const sessionId = await sessionWith(s.h, owner, [ana]);
    const { threadId } = await sessionThread(s.h, owner, sessionId);
    const { token } = await chatToken(s.h, ana, sessionId);
    const thread = encodeURIComponent(threadId);
    expect(
      (await chat('POST', `${thread}/messages`, token, { content: 'secret' })).statusCode,
    ).toBe(201);

    const closed = await s.h.session.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/close`,
      headers: bearer(owner.token),
      payload: { confirm: true },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await expect.poll(() => s.h.store.messageCount(threadId), { timeout: 10_000 }).toBe(0);
    expect((await chat('POST', `${thread}/messages`, token, { content: 'x' })).statusCode).toBe(
      403,
    );

    const reopened = await s.h.session.app.inject({
      method: 'POST',
      url: `/api/admin/sessions/${sessionId}/reopen`,
      headers: bearer(admin.token),
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    await expect
      .poll(async () => (await s.h.store.thread(threadId))?.closedOn ?? null, { timeout: 10_000 })
      .toBeNull();
    expect(await textsOf(threadId, token)).toEqual([]);
    expect((await chat('POST', `${thread}/messages`, token, { content: 'back' })).statusCode).toBe(
      201,
    );
  });
});
